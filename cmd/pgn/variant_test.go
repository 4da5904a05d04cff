package main

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/internal/variantoracle"
	"github.com/gambit-chess/gambit/internal/varianttest"
)

// TestVariantFiles runs pgn validate and pgn json on the variant files of
// testdata/variants (chessops's PGN of random games, from seed 1; see
// pgn's TestVariantPGNFiles): every game is good, and its mainline in
// SAN, its final position and its result are chessops's. pgn book leaves
// the variant games out.
func TestVariantFiles(t *testing.T) {
	ops := variantoracle.ChessOpsForTest(t)
	for _, v := range varianttest.Played() {
		t.Run(v.String(), func(t *testing.T) {
			path := filepath.Join("..", "..", "testdata", "variants", v.String()+".pgn")
			status, stdout, stderr := runCmd(t, nil, "validate", path)
			require.Equal(t, exitOK, status, "%s%s", stdout, stderr)

			status, stdout, stderr = runCmd(t, nil, "json", path)
			require.Equal(t, exitOK, status, stderr)
			got := parseJSONLines(t, stdout)
			want, err := ops.SANGames(context.Background(), v.String(), 1, 120, 4)
			require.NoError(t, err)
			require.Len(t, got, len(want))
			for i, g := range got {
				what := fmt.Sprintf("%s game %d", path, i+1)
				assert.Empty(t, g.Errors, what)
				assert.Equal(t, want[i].Start, g.StartFEN, what)
				var sans []string
				for _, m := range want[i].Moves {
					sans = append(sans, m.SAN)
				}
				assert.Equal(t, sans, g.SAN, what)
				final := want[i].Start
				if n := len(want[i].Moves); n > 0 {
					final = want[i].Moves[n-1].FEN
				}
				assert.Equal(t, final, varianttest.ChessOpsFEN(g.FinalFEN), what)
				assert.Equal(t, want[i].Result, g.Result, what)
			}

			book := filepath.Join(t.TempDir(), "variant.bin")
			status, stdout, stderr = runCmd(t, nil, "book", "-o", book, "-min-games", "1", path)
			require.Equal(t, exitOK, status, stderr)
			assert.Contains(t, stdout+stderr, fmt.Sprintf("(0 broken and %d Chess960 or variant left out)", len(want)))
		})
	}
}
