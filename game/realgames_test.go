package game_test

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/game"
)

// pgnDir holds the real games, shared with the other packages.
const pgnDir = "../testdata/pgn"

// TestRealGames replays every game of testdata/pgn. The files' writers
// (Lichess, ChessBase, chess.js, cutechess) marked mates with '#' and gave
// each game its result, independently of this package, so:
//   - no move of a real game is refused as coming after the end of the
//     game, but for a game scored a draw that the players went on with
//     after a dead position (no false checkmate, stalemate, fivefold or
//     seventy-five-move rule);
//   - a game whose last move carries '#' is checkmate here, with the result
//     its Result tag gives, and a game checkmate here ends with '#';
//   - a game that ends in stalemate or a dead position here was scored a
//     draw.
func TestRealGames(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(pgnDir, "*.pgn"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	mates, draws, afterEnd := 0, 0, 0
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			for i, pg := range readPGN(t, path) {
				g := game.New()
				if fen, ok := pg.Tags["FEN"]; ok {
					var opts []game.Option
					if v := strings.ToLower(pg.Tags["Variant"]); strings.Contains(v, "960") || strings.Contains(v, "fischer") {
						opts = append(opts, game.Chess960())
					}
					g, err = game.FromFEN(fen, opts...)
					require.NoError(t, err)
				}
				nulls := false
				for ply, tok := range pg.Moves {
					if tok == "Z0" || tok == "--" {
						nulls = true // a null move: not a game the model can hold
						break
					}
					err := g.MoveSAN(tok)
					if errors.Is(err, game.ErrGameOver) && g.Status() != game.Checkmate {
						// Players sometimes go on after a dead position
						// (FIDE 5.2.2 ends the game there): fine, as long
						// as the game was scored a draw.
						assert.Equal(t, "1/2-1/2", pg.Tags["Result"], "game %d ended by %v at ply %d", i+1, g.Status(), ply+1)
						afterEnd++
						break
					}
					require.NoError(t, err, "%s game %d ply %d", path, i+1, ply+1)
				}
				if nulls || len(pg.Moves) == 0 {
					continue
				}
				last := pg.Moves[len(pg.Moves)-1]
				result := pg.Tags["Result"]
				if strings.Contains(last, "#") {
					assert.Equal(t, game.Checkmate, g.Status(), "game %d ends with %s", i+1, last)
					assert.Equal(t, result, g.Outcome().Result.String(), "game %d", i+1)
					mates++
				}
				switch g.Status() {
				case game.Checkmate:
					assert.Contains(t, last, "#", "game %d is mate here", i+1)
				case game.Stalemate, game.InsufficientMaterial, game.FivefoldRepetition, game.SeventyFiveMoveRule:
					assert.Equal(t, "1/2-1/2", result, "game %d ends in %v here", i+1, g.Status())
					draws++
				}
			}
		})
	}
	t.Logf("%d checkmates and %d draws by the rules confirmed; %d drawn games went on after the end", mates, draws, afterEnd)
	assert.Greater(t, mates, 50)
}
