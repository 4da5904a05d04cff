package game_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/game"
	"github.com/gambit-chess/gambit/internal/variantoracle"
	"github.com/gambit-chess/gambit/internal/varianttest"
)

// variantGames are the random games of TestVariantGamesMatchChessops: 40
// a variant, of up to 400 plies.
var variantGames = varianttest.Games{Seed: 200, Plies: 400, N: 40}

// TestVariantGamesMatchChessops plays random games of every variant core
// plays, made by chessops (lichess's rules), through Game: every move by
// its SAN, the FEN after it chessops's, and the game over exactly when
// chessops's game is, with chessops's result. gambit's own move-count and
// repetition rules (seventy-five moves, fivefold), which chessops does not
// have, may end a game first: it is then compared up to there. Each game
// is also saved and restored, in binary, JSON and PGN.
func TestVariantGamesMatchChessops(t *testing.T) {
	variantGames.Run(t, func(t *testing.T, v core.Variant, games []variantoracle.Game) {
		ends := map[string]int{}
		for n, og := range games {
			what := fmt.Sprintf("%v game %d", v, n+1)
			g := playOracleGame(t, v, og, what)
			o := g.Outcome()
			ends[o.Status.String()+" "+o.Reason]++
			requireVariantRestores(t, g, what)
		}
		t.Logf("%v: %d games ended: %v", v, len(games), ends)
		if reason := variantReasons[v]; reason != "" {
			assert.Positive(t, ends["variant end "+reason], "games that end by %v's rule", v)
		}
	})
}

// variantReasons holds a reason a random game of each variant often ends
// with.
var variantReasons = map[core.Variant]string{
	core.ThreeCheck:    "third check",
	core.KingOfTheHill: "king on the hill",
	core.RacingKings:   "king on the eighth rank",
	core.Antichess:     "every piece lost",
	core.Horde:         "", // the horde is seldom all taken at random: see TestVariantEndings
	core.Atomic:        "king exploded",
}

// playOracleGame plays og through a Game of variant v and checks each
// position and the end against chessops.
func playOracleGame(t *testing.T, v core.Variant, og variantoracle.Game, what string) *game.Game {
	t.Helper()
	g, err := game.NewVariant(v)
	require.NoError(t, err)
	require.Equal(t, og.Start, g.FEN(), what)
	for i, mv := range og.Moves {
		switch g.Status() {
		case game.SeventyFiveMoveRule, game.FivefoldRepetition:
			return g // a rule chessops does not have
		}
		require.NoError(t, g.MoveSAN(mv.SAN), "%s ply %d", what, i+1)
		require.Equal(t, mv.FEN, g.FEN(), "%s ply %d %s", what, i+1, mv.SAN)
	}
	switch g.Status() {
	case game.SeventyFiveMoveRule, game.FivefoldRepetition:
		return g
	}
	if og.Result == "*" {
		require.False(t, g.IsOver(), "%s: chessops's game goes on, gambit's is %v", what, g.Outcome())
	} else {
		require.True(t, g.IsOver(), "%s: chessops's game is over (%s), gambit's goes on", what, og.Result)
		require.Equal(t, og.Result, g.Outcome().Result.String(), "%s: %v", what, g.Outcome())
	}
	return g
}

// requireVariantRestores saves g in binary, JSON and PGN and holds what
// comes back to g.
func requireVariantRestores(t *testing.T, g *game.Game, what string) {
	t.Helper()
	data, err := g.MarshalBinary()
	require.NoError(t, err, what)
	var b game.Game
	require.NoError(t, b.UnmarshalBinary(data), what)
	requireSameGame(t, g, &b)

	data, err = json.Marshal(g)
	require.NoError(t, err, what)
	var j game.Game
	require.NoError(t, json.Unmarshal(data, &j), "%s: %s", what, data)
	requireSameGame(t, g, &j)

	p, err := game.FromPGN(bytes.NewReader([]byte(g.PGN())))
	require.NoError(t, err, "%s:\n%s", what, g.PGN())
	require.Equal(t, g.Variant(), p.Variant(), what)
	require.Equal(t, g.FEN(), p.FEN(), what)
	require.Equal(t, g.Moves(), p.Moves(), what)
	require.Equal(t, g.Outcome().Result, p.Outcome().Result, what)
}

// TestVariantEndings plays each variant's endings from positions made for
// them: the result, the status and the reason, and draws by the material
// as lichess rules them.
func TestVariantEndings(t *testing.T) {
	for _, tc := range []struct {
		name    string
		v       core.Variant
		fen     string
		moves   []string
		status  game.Status
		result  game.Result
		reason  string
		ongoing bool // the game goes on after the moves
	}{
		{name: "king on the hill", v: core.KingOfTheHill, fen: "8/8/8/8/8/2K5/8/7k w - - 0 1",
			moves: []string{"Kd4"}, status: game.VariantEnd, result: game.WhiteWon, reason: "king on the hill"},
		{name: "black king on the hill", v: core.KingOfTheHill, fen: "7K/8/8/8/8/4k3/8/8 b - - 0 1",
			moves: []string{"Ke4"}, status: game.VariantEnd, result: game.BlackWon, reason: "king on the hill"},
		{name: "third check", v: core.ThreeCheck, fen: "rnbqkbnr/ppp2ppp/8/3pp3/4P3/5Q2/PPPP1PPP/RNB1KBNR w KQkq - 1+3 0 3",
			moves: []string{"Qxf7+"}, status: game.VariantEnd, result: game.WhiteWon, reason: "third check"},
		{name: "three-check bare kings", v: core.ThreeCheck, fen: "8/8/8/4k3/8/8/8/4K3 w - - 3+3 0 1",
			status: game.InsufficientMaterial, result: game.Drawn},
		{name: "racing kings, black cannot follow", v: core.RacingKings, fen: "8/6K1/8/8/8/8/k7/8 w - - 0 1",
			moves: []string{"Kg8"}, status: game.VariantEnd, result: game.WhiteWon, reason: "king on the eighth rank"},
		{name: "racing kings, black may follow", v: core.RacingKings, fen: "8/1k4K1/8/8/8/8/8/8 w - - 0 1",
			moves: []string{"Kg8"}, ongoing: true},
		{name: "racing kings, black follows", v: core.RacingKings, fen: "8/1k4K1/8/8/8/8/8/8 w - - 0 1",
			moves: []string{"Kg8", "Kb8"}, status: game.VariantEnd, result: game.Drawn, reason: "both kings on the eighth rank"},
		{name: "racing kings, black first", v: core.RacingKings, fen: "8/1k6/8/8/8/8/6K1/8 b - - 0 1",
			moves: []string{"Kb8"}, status: game.VariantEnd, result: game.BlackWon, reason: "king on the eighth rank"},
		{name: "horde taken", v: core.Horde, fen: "8/8/8/8/8/4k3/3P4/8 b - - 0 1",
			moves: []string{"Kxd2"}, status: game.VariantEnd, result: game.BlackWon, reason: "every piece taken"},
		{name: "horde stalemated", v: core.Horde, fen: "7k/8/8/p7/P7/8/8/8 w - - 0 1",
			status: game.Stalemate, result: game.Drawn},
		{name: "antichess, every piece lost", v: core.Antichess, fen: "8/8/8/8/8/8/1p6/B7 w - - 0 1",
			moves: []string{"Bxb2"}, status: game.VariantEnd, result: game.BlackWon, reason: "every piece lost"},
		{name: "antichess, no legal move", v: core.Antichess, fen: "8/8/8/8/8/p7/P7/8 w - - 0 1",
			status: game.VariantEnd, result: game.WhiteWon, reason: "no legal move"},
		{name: "antichess, bishops on two colours", v: core.Antichess, fen: "2b5/8/8/8/8/8/8/B7 w - - 0 1",
			status: game.InsufficientMaterial, result: game.Drawn},
		{name: "antichess, bishops on one colour", v: core.Antichess, fen: "1b6/8/8/8/8/8/8/B7 w - - 0 1",
			ongoing: true},
		{name: "antichess, king promotion", v: core.Antichess, fen: "8/4P3/8/8/8/8/8/k7 w - - 0 1",
			moves: []string{"e8=K"}, ongoing: true},
		{name: "king of the hill, bare kings go on", v: core.KingOfTheHill, fen: "8/8/8/8/8/8/8/K6k w - - 0 1",
			ongoing: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := game.FromVariantFEN(tc.v, tc.fen)
			require.NoError(t, err)
			for _, m := range tc.moves {
				require.NoError(t, g.MoveSAN(m))
			}
			o := g.Outcome()
			if tc.ongoing {
				assert.False(t, g.IsOver(), "%v", o)
				return
			}
			assert.Equal(t, tc.status, o.Status)
			assert.Equal(t, tc.result, o.Result)
			assert.Equal(t, tc.reason, o.Reason)
			assert.ErrorIs(t, g.MoveIndex(0, 1), game.ErrGameOver, "no move after the end")
			requireVariantRestores(t, g, tc.name)
		})
	}
}

// TestVariantStart starts a game of each variant core plays: its start
// position, and the variant kept by StartPosition, Clone and the saved
// forms; a variant core does not play yet is an error.
func TestVariantStart(t *testing.T) {
	for _, v := range varianttest.Played() {
		g, err := game.NewVariant(v)
		require.NoError(t, err)
		assert.Equal(t, v, g.Variant())
		assert.Equal(t, core.VariantStartFEN(v), g.StartFEN())
		start := g.StartPosition()
		assert.Equal(t, v, start.Variant())
		assert.Equal(t, v, g.Clone().Variant())
		from, err := game.FromPosition(start)
		require.NoError(t, err)
		assert.Equal(t, v, from.Variant())
		requireVariantRestores(t, g, v.String())
	}
	_, err := game.NewVariant(core.Variant(200))
	assert.ErrorIs(t, err, core.ErrUnknownVariant)
	_, err = game.FromVariantFEN(core.Horde, "8/8/8/8/8/8/8/8 w - - 0 1")
	assert.ErrorIs(t, err, core.ErrInvalidFEN)
	_, err = game.FromPosition(core.Position{})
	assert.Error(t, err, "the zero Position is no position")
}
