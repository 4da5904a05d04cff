package pgn_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/variantoracle"
	"github.com/gambit-chess/gambit/internal/varianttest"
	"github.com/gambit-chess/gambit/pgn"
)

// The files of testdata/variants hold variantFileGames random games of up
// to variantFilePlies plies each, from seed 1.
const (
	variantFileGames = 4
	variantFilePlies = 120
	// envWriteVariantPGN set to 1 makes TestVariantPGNFiles write the
	// files from chessops instead of comparing them.
	envWriteVariantPGN = "GAMBIT_WRITE_VARIANT_PGN"
)

// TestVariantPGNMatchesChessops reads back the PGN chessops's makePgn
// writes (with the Variant and FEN tags lichess's setStartingPosition
// sets) of random games of every variant core plays, and holds every
// position of the mainline to chessops's FEN; then gambit's Writer writes
// each game and its Reader reads it back the same.
func TestVariantPGNMatchesChessops(t *testing.T) {
	varianttest.Games{Seed: 100, Plies: 300, N: 30}.Run(t, func(t *testing.T, v core.Variant, games []variantoracle.Game) {
		moves := 0
		for n, og := range games {
			g := readOracleGame(t, v, og, fmt.Sprintf("%v game %d", v, n+1))
			moves += len(og.Moves)

			var buf bytes.Buffer
			require.NoError(t, pgn.NewWriter(&buf).Write(g))
			assert.Contains(t, buf.String(), `[Variant "`+pgn.VariantName(v)+`"]`)
			back := readAll(t, &buf)
			require.Len(t, back, 1)
			require.NoError(t, back[0].err, "gambit's PGN of %v game %d:\n%s", v, n+1, buf.String())
			requireSameGame(t, g, back[0].game, "written and read back")
		}
		t.Logf("%v: %d games, %d positions as chessops's", v, len(games), moves)
	})
}

// readOracleGame reads the PGN of a chessops game og of variant v and
// checks it against og: the start, the FEN after every mainline move, the
// result.
func readOracleGame(t *testing.T, v core.Variant, og variantoracle.Game, what string) *pgn.Game {
	t.Helper()
	g, err := pgn.NewReader(strings.NewReader(og.PGN)).Next()
	require.NoError(t, err, "%s:\n%s", what, og.PGN)
	require.Equal(t, v, g.Start.Variant(), what)
	require.Equal(t, og.Start, g.Start.FEN(), what)
	line := g.Mainline()
	require.Len(t, line, len(og.Moves), what)
	p := g.Start
	for i, n := range line {
		p.MakeMove(n.Move)
		require.Equal(t, og.Moves[i].FEN, varianttest.ChessOpsFEN(p.FEN()), "%s, ply %d %s", what, i+1, og.Moves[i].SAN)
	}
	require.Equal(t, og.Result, g.Result, what)
	return g
}

// TestVariantPGNFiles reads testdata/variants/VARIANT.pgn, chessops's PGN
// of random games of each variant, and holds it to chessops: the file is
// what chessops writes today, and every position gambit reads is
// chessops's. With GAMBIT_WRITE_VARIANT_PGN=1 it writes the files.
func TestVariantPGNFiles(t *testing.T) {
	ops := variantoracle.ChessOpsForTest(t)
	for _, v := range varianttest.Played() {
		t.Run(v.String(), func(t *testing.T) {
			games, err := ops.SANGames(context.Background(), v.String(), 1, variantFilePlies, variantFileGames)
			require.NoError(t, err)
			var want strings.Builder
			for i, og := range games {
				if i > 0 {
					want.WriteString("\n")
				}
				want.WriteString(og.PGN)
			}
			path := filepath.Join("..", "testdata", "variants", v.String()+".pgn")
			if os.Getenv(envWriteVariantPGN) == "1" {
				require.NoError(t, os.WriteFile(path, []byte(want.String()), 0o644))
			}
			data, err := os.ReadFile(path)
			require.NoError(t, err, "write it with %s=1 go test ./pgn -run TestVariantPGNFiles", envWriteVariantPGN)
			require.Equal(t, want.String(), string(data), "%s is not what chessops writes", path)
			read := readAll(t, bytes.NewReader(data))
			require.Len(t, read, len(games))
			for i, r := range read {
				require.NoError(t, r.err)
				g := readOracleGame(t, v, games[i], fmt.Sprintf("%s game %d", path, i+1))
				requireSameGame(t, g, r.game, path)
			}
		})
	}
}

// TestVariantTag reads the Variant tag's names, lichess's and others', and
// refuses a name gambit does not know at the tag's line, going on with the
// next game.
func TestVariantTag(t *testing.T) {
	for _, tc := range []struct {
		tag  string
		want core.Variant
	}{
		{"Three-check", core.ThreeCheck}, {"3check", core.ThreeCheck}, {"King of the Hill", core.KingOfTheHill},
		{"koth", core.KingOfTheHill}, {"Racing Kings", core.RacingKings}, {"racing", core.RacingKings},
		{"Antichess", core.Antichess}, {"anti", core.Antichess}, {"Horde", core.Horde},
		{"Standard", core.Standard}, {"From Position", core.Standard}, {"Chess960", core.Standard},
	} {
		g, err := pgn.NewReader(strings.NewReader("[Variant \"" + tc.tag + "\"]\n\n*\n")).Next()
		require.NoError(t, err, tc.tag)
		assert.Equal(t, tc.want, g.Start.Variant(), tc.tag)
		assert.Equal(t, tc.tag == "Chess960", g.Start.Chess960(), tc.tag)
		if tc.want != core.Standard {
			assert.Equal(t, core.VariantStartFEN(tc.want), g.Start.FEN(), "%s without FEN starts from the variant's start", tc.tag)
		}
	}

	const input = "[Event \"a\"]\n[FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]\n[Variant \"Bughouse\"]\n\n1. Kb1 *\n\n" +
		"[Event \"b\"]\n[Variant \"Horde\"]\n\n1. e5 d6 *\n"
	read := readAll(t, strings.NewReader(input))
	require.Len(t, read, 2)
	var perr *pgn.Error
	require.ErrorAs(t, read[0].err, &perr)
	assert.ErrorIs(t, read[0].err, pgn.ErrStart)
	assert.Equal(t, 3, perr.Line, "the Variant tag's line")
	assert.Contains(t, perr.Error(), "Bughouse")
	require.NoError(t, read[1].err, "the next game")
	assert.Equal(t, core.Horde, read[1].game.Start.Variant())
	assert.Equal(t, []string{"e5", "d6"}, mainlineSAN(read[1].game))
}

// TestWriteVariant writes the Variant tag lichess writes, and FEN and SetUp
// only for a start that is not the variant's own.
func TestWriteVariant(t *testing.T) {
	g := pgn.NewGame()
	var err error
	g.Start, err = core.VariantStartPosition(core.KingOfTheHill)
	require.NoError(t, err)
	var buf bytes.Buffer
	require.NoError(t, pgn.NewWriter(&buf).Write(g))
	assert.Contains(t, buf.String(), "[Variant \"King of the Hill\"]\n")
	assert.NotContains(t, buf.String(), "[FEN")
	assert.NotContains(t, buf.String(), "[SetUp")

	const fen = "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPP1 w kq - 0 1"
	g.Start, err = core.ParseVariantFEN(core.Horde, fen)
	require.NoError(t, err)
	buf.Reset()
	require.NoError(t, pgn.NewWriter(&buf).Write(g))
	assert.Contains(t, buf.String(), "[Variant \"Horde\"]\n[SetUp \"1\"]\n[FEN \""+fen+"\"]\n")
	back := readAll(t, &buf)
	require.Len(t, back, 1)
	require.NoError(t, back[0].err)
	assert.Equal(t, core.Horde, back[0].game.Start.Variant())
	assert.Equal(t, fen, back[0].game.Start.FEN())
}
