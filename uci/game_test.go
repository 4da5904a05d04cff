package uci_test

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/uci"
)

// maxPlies caps a test game. Games against Stockfish end well before it
// (by mate, mostly); the cap only keeps a broken run bounded, and a game
// that reaches it fails the test.
const maxPlies = 400

// gameResult is how a test game ended, as core sees it.
type gameResult struct {
	plies  int
	reason string // "checkmate", "stalemate", "insufficient material", "fifty-move rule", "threefold repetition"
	winner string // "white", "black" or "" for a draw
}

// endOf returns why the game is over in pos, given how often each
// position occurred, or "" while it goes on.
func endOf(pos *core.Position, seen map[uint64]int) string {
	if s := pos.Status(); s != core.Ongoing {
		return s.String()
	}
	if pos.HalfmoveClock() >= 100 {
		return "fifty-move rule"
	}
	if seen[pos.Hash()] >= 3 {
		return "threefold repetition"
	}
	return ""
}

// playGame plays a game from the start position: white plays random legal
// moves (seeded), the engine answers through Play with limits. Every reply
// is checked against gambit's own copy of the game, and the engine's kept
// position must match it after every move.
func playGame(t *testing.T, e *uci.Engine, seed uint64, limits uci.Limits) gameResult {
	t.Helper()
	ctx := testCtx(t, 60*time.Second)
	require.NoError(t, e.NewGame(ctx))
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	pos := core.StartPosition()
	seen := map[uint64]int{pos.Hash(): 1}
	plies := 0
	play := func(m core.Move) string {
		pos.MakeMove(m)
		plies++
		seen[pos.Hash()]++
		return endOf(&pos, seen)
	}
	result := func(reason string) gameResult {
		r := gameResult{plies: plies, reason: reason}
		if reason == "checkmate" {
			r.winner = pos.SideToMove().Other().String()
		}
		return r
	}
	for plies < maxPlies {
		var ml core.MoveList
		pos.LegalMoves(&ml)
		ours := ml.At(rng.IntN(ml.Len()))
		text := pos.UCI(ours)
		before := pos
		if end := play(ours); end != "" {
			if !pos.HasLegalMoves() {
				// Play must see the end too and not ask the engine.
				bm, err := e.Play(ctx, text, limits)
				require.NoError(t, err)
				require.Equal(t, core.NoMove, bm.Move, "engine asked to move in a finished game")
			}
			return result(end)
		}
		bm, err := e.Play(ctx, text, limits)
		require.NoError(t, err, "after %s in %s", text, before.FEN())
		// The reply must be legal by gambit's own reading of its text.
		reply, err := pos.ParseUCI(bm.UCI)
		require.NoError(t, err)
		require.Equal(t, reply, bm.Move)
		end := play(reply)
		kept := e.CurrentPosition()
		require.Equal(t, pos.FEN(), kept.FEN(), "kept position out of sync")
		if end != "" {
			return result(end)
		}
	}
	t.Fatalf("game not over after %d plies", maxPlies)
	return gameResult{}
}
