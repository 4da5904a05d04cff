package match_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
	"github.com/gambit-chess/gambit/game"
	"github.com/gambit-chess/gambit/internal/enginetest"
	"github.com/gambit-chess/gambit/internal/variantoracle"
	"github.com/gambit-chess/gambit/match"
	"github.com/gambit-chess/gambit/pgn"
)

// variantEPD writes the positions of variant v after each line of UCI
// moves from its start to an EPD file and returns its path and the FENs.
func variantEPD(t *testing.T, v core.Variant, lines ...string) (string, []string) {
	t.Helper()
	var fens []string
	for _, l := range lines {
		pos, err := core.VariantStartPosition(v)
		require.NoError(t, err)
		for _, s := range strings.Fields(l) {
			m, err := pos.ParseUCI(s)
			require.NoError(t, err)
			pos.MakeMove(m)
		}
		fens = append(fens, pos.FEN())
	}
	path := filepath.Join(t.TempDir(), "openings.epd")
	require.NoError(t, os.WriteFile(path, []byte(strings.Join(fens, "\n")+"\n"), 0o644))
	return path, fens
}

// rulesEndings are the statuses by which the rules alone end a game in
// the match runner (which plays with game.AutoDraw).
var rulesEndings = []game.Status{
	game.Checkmate, game.Stalemate, game.InsufficientMaterial, game.SeventyFiveMoveRule,
	game.FivefoldRepetition, game.FiftyMoveRule, game.ThreefoldRepetition, game.VariantEnd,
}

// TestVariantMatches plays short matches of Fairy-Stockfish against
// itself, at a fixed depth, in Three-check and Antichess, over UCI and
// over XBoard, from the variant's start and from an EPD file of variant
// positions. The PGN reads back game by game with its Variant tag; each
// game replays in package game to the runner's final position, and a
// game the runner ended by the rules is over there with the same result
// (and none is over earlier: a move after the end would not replay). An
// engine left in standard chess would soon play a move Antichess forbids
// (no forced capture) and lose by it.
func TestVariantMatches(t *testing.T) {
	endings := map[string]int{}
	for _, tc := range []struct {
		proto    string
		v        core.Variant
		openings []string // UCI lines from the variant's start; none: the start
	}{
		{proto: "uci", v: core.ThreeCheck, openings: []string{"e2e4 d7d5 f1b5", "d2d4 e7e5"}},
		{proto: "uci", v: core.Antichess},
		{proto: "xboard", v: core.ThreeCheck},
		{proto: "xboard", v: core.Antichess, openings: []string{"e2e3 b7b5", "g1f3"}},
	} {
		t.Run(tc.proto+"/"+tc.v.String(), func(t *testing.T) {
			fsf := match.EngineConfig{Cmd: variantoracle.FairyStockfishPath, Proto: tc.proto, TC: match.TimeControl{Depth: 3}}
			a, b := fsf, fsf
			a.Name, b.Name = "fsf-a", "fsf-b"
			var out bytes.Buffer
			cfg := match.Config{
				Engines: []match.EngineConfig{a, b},
				Rounds:  1, Games: 2, Repeat: true,
				Variant:  tc.v,
				MaxMoves: 150,
				PGN:      &out,
			}
			var fens []string
			if len(tc.openings) > 0 {
				cfg.Openings.File, fens = variantEPD(t, tc.v, tc.openings...)
			} else {
				fens = []string{core.VariantStartFEN(tc.v)}
			}
			res, err := match.Run(context.Background(), cfg)
			require.NoError(t, err)
			require.Len(t, res.Games, 2)
			games := readPGN(t, out.Bytes())
			require.Len(t, games, 2)
			for i, pg := range games {
				rec := res.Games[i]
				assert.Equal(t, pgn.VariantName(tc.v), pg.Tags.Get("Variant"))
				assert.Equal(t, tc.v, pg.Start.Variant())
				assert.Contains(t, fens, pg.Start.FEN(), "the game starts from an opening")
				g, err := game.FromPGNGame(pg, game.AutoDraw())
				require.NoError(t, err, "game %d replays:\n%s", i+1, out.String())
				require.Len(t, g.Moves(), len(rec.Moves))
				assert.Equal(t, rec.FinalFEN, g.FEN())
				assert.Equal(t, rec.Result, g.Outcome().Result.String())
				switch rec.Termination {
				case match.TermNormal:
					require.True(t, g.IsOver(), "game %d: %s", i+1, rec.Reason)
					assert.Contains(t, rulesEndings, g.Status(), "game %d: %s", i+1, rec.Reason)
				case match.TermAdjudication:
					assert.Contains(t, rec.Reason, "maximum moves")
				default:
					t.Errorf("game %d ended by %s: %s", i+1, rec.Termination, rec.Reason)
				}
				endings[g.Outcome().String()]++
				t.Logf("game %d: %d plies, %s, %s", i+1, len(rec.Moves), rec.Result, rec.Reason)
			}
		})
	}
	t.Logf("endings: %v", endings)
	variantEnds := 0
	for o, n := range endings {
		if strings.Contains(o, game.VariantEnd.String()) {
			variantEnds += n
		}
	}
	assert.Positive(t, variantEnds, "games the variants' own rules ended")
	noChildren(t)
}

// TestVariantMatchRefusals: an engine that does not play the variant is
// refused before any game, with the reason (Debian's Fairy-Stockfish has
// no Atomic; Stockfish has no UCI_Variant), and openings that cannot be
// the variant's are refused as the run starts.
func TestVariantMatchRefusals(t *testing.T) {
	depth := match.TimeControl{Depth: 1}
	for _, tc := range []struct {
		v    core.Variant
		cmd  string
		want string
	}{
		{core.Atomic, variantoracle.FairyStockfishPath, "does not play atomic"},
		{core.KingOfTheHill, enginetest.StockfishPath(t), "does not play kingofthehill"},
	} {
		cfg := match.Config{
			Engines: []match.EngineConfig{{Cmd: tc.cmd, Proto: "uci", TC: depth}, {Cmd: tc.cmd, Proto: "uci", TC: depth}},
			Rounds:  1, Variant: tc.v,
		}
		res, err := match.Run(context.Background(), cfg)
		require.Error(t, err, "%v", tc.v)
		assert.ErrorIs(t, err, engine.ErrUnsupported)
		assert.Contains(t, err.Error(), tc.want)
		assert.Empty(t, res.Games)
	}

	dir := t.TempDir()
	standardPGN := filepath.Join(dir, "standard.pgn")
	require.NoError(t, os.WriteFile(standardPGN, []byte("[Event \"x\"]\n\n1. e4 e5 *\n"), 0o644))
	for _, tc := range []struct {
		openings match.Openings
		v        core.Variant
		want     string
	}{
		{match.Openings{File: standardPGN}, core.ThreeCheck, "game 1 is of chess, the match of 3check"},
		{match.Openings{File: filepath.Join(dir, "book.bin")}, core.Horde, "a Polyglot book is of standard chess"},
		{match.Openings{}, core.Variant(200), "unknown variant"},
	} {
		cfg := match.Config{
			Engines: []match.EngineConfig{{Cmd: "/bin/true", TC: depth}, {Cmd: "/bin/true", TC: depth}},
			Rounds:  1, Variant: tc.v, Openings: tc.openings,
		}
		_, err := match.Run(context.Background(), cfg)
		require.Error(t, err, "%v %+v", tc.v, tc.openings)
		assert.Contains(t, err.Error(), tc.want)
	}
	noChildren(t)
}
