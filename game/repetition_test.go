package game_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/game"
)

// fenKey returns the part of a FEN that makes a position the same for
// repetitions: pieces, side to move, castling rights and en passant. core
// writes the en passant square only when the capture is legal, so this is
// FIDE's "same possible moves" without any hashing.
func fenKey(fen string) string {
	return strings.Join(strings.Fields(fen)[:4], " ")
}

// TestRepetitionsAgainstFEN plays random games from positions rich in
// repetitions and en passant corners (pinned and unpinned capturers) and
// checks, after every move and every undo, that the game's repetition
// count equals a count of equal FEN keys over the whole history.
func TestRepetitionsAgainstFEN(t *testing.T) {
	starts := []string{
		core.StartFEN,
		"4k3/3p4/8/K3P2r/8/8/8/8 b - - 0 1",                           // d5 leaves exd6 pinned along the rank
		"4k3/8/8/8/5p2/8/4P3/4K3 w - - 0 1",                           // e4 allows fxe3
		"4k3/2p1p3/8/3P4/8/8/8/1K1R4 b - - 0 1",                       // c5 or e5, dxc6/dxe6 legal
		"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",                        // castling rights lost and kept
		"4k3/8/3b4/2p1p3/3P4/8/4K3/8 b - - 0 1",                       // quiet shuffling
		"1k6/1b6/8/2pP4/8/8/8/5K2 b - - 0 1",                          // c5: dxc6 is legal; more pawns pinned by the bishop after Kf1 moves
		"8/8/8/K7/1p6/8/2P5/6qk w - - 0 1",                            // c4: bxc3 allowed
		"7k/8/8/8/1p6/8/2P5/K5q1 w - - 0 1",                           // c4 with a queen on the rank
		"4k3/8/8/2KPp2r/8/8/8/8 w - e6 0 1",                           // en passant in the FEN, pinned
		"4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1",                           // en passant in the FEN, legal
		"rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2", // f5 or d5 style openings
	}
	rng := rand.New(rand.NewPCG(1, 2))
	games, checked, repeats, phantoms := 0, 0, 0, 0
	for round := range 40 {
		for _, fen := range starts {
			g, err := game.FromFEN(fen)
			require.NoError(t, err)
			seen := map[string]int{fenKey(g.FEN()): 1}
			// The Zobrist hash each FEN key had first: a repetition with
			// another hash is one core's hash alone would have missed.
			hashes := map[string]uint64{}
			p := g.Position()
			hashes[fenKey(g.FEN())] = p.Hash()
			history := []string{fenKey(g.FEN())}
			for ply := 0; ply < 160 && !g.IsOver(); ply++ {
				moves := g.LegalMoves()
				m := moves[rng.IntN(len(moves))]
				// Nearly always king moves, so that positions come back with
				// their pawns (and en passant corners) unchanged.
				// Double pushes are played when they come, to make en
				// passant positions.
				if kings := pick(moves, isKingMove); len(kings) > 0 && rng.IntN(20) < 19 {
					m = kings[rng.IntN(len(kings))]
				}
				if pushes := pick(moves, core.Move.IsDoublePush); len(pushes) > 0 && rng.IntN(2) == 0 {
					m = pushes[rng.IntN(len(pushes))]
				}
				require.NoError(t, g.MakeMove(m))
				k := fenKey(g.FEN())
				seen[k]++
				history = append(history, k)
				want := seen[k]
				if g.Status() == game.FivefoldRepetition || want < 5 {
					require.Equal(t, want, g.Repetitions(), "game %d from %s, ply %d: %s", round, fen, ply+1, g.FEN())
				} else {
					require.Failf(t, "fivefold missed", "%s occurred %d times", k, want)
				}
				p := g.Position()
				if h, ok := hashes[k]; !ok {
					hashes[k] = p.Hash()
				} else if h != p.Hash() {
					phantoms++
				}
				if want > 1 {
					repeats++
				}
				checked++
				// Undo now and then, and check the count on the way back.
				if rng.IntN(10) == 0 {
					require.NoError(t, g.Undo())
					seen[k]--
					history = history[:len(history)-1]
					require.Equal(t, seen[history[len(history)-1]], g.Repetitions())
				}
			}
			games++
		}
	}
	require.Greater(t, repeats, 300, "the random games must repeat positions")
	require.Positive(t, phantoms, "the games must repeat positions with an illegal en passant file hashed")
	t.Logf("%d games, %d positions checked, %d repetitions, %d of them with a phantom en passant file", games, checked, repeats, phantoms)
}

func isKingMove(m core.Move) bool { return m.Piece() == core.King && !m.IsCastle() }

// pick returns the moves that satisfy f.
func pick(moves []core.Move, f func(core.Move) bool) []core.Move {
	var out []core.Move
	for _, m := range moves {
		if f(m) {
			out = append(out, m)
		}
	}
	return out
}
