package nnue_test

import (
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/fentest"
	"github.com/gambit-chess/gambit/pgn"
)

// gamePositions returns n positions of the real games of testdata/pgn
// (TWIC and Lichess, half each): every step-th position of each game's
// mainline, first games first.
func gamePositions(t testing.TB, n, step int) []core.Position {
	t.Helper()
	var ps []core.Position
	files := []string{"../testdata/pgn/twic1599_1000k.pgn", "../testdata/pgn/lichess_db_1000k.pgn"}
	for fi, file := range files {
		want := n / 2
		if fi == 1 {
			want = n - len(ps)
		}
		f, err := os.Open(file)
		require.NoError(t, err)
		r := pgn.NewReader(f)
		var g pgn.Mainline
		got, k := 0, 0
		for got < want {
			err := r.NextMainline(&g)
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				continue
			}
			p := g.Start
			for _, m := range g.Moves {
				if m == core.NoMove {
					break
				}
				p.MakeMove(m)
				if k++; k%step == 0 && got < want {
					ps = append(ps, p)
					got++
				}
			}
		}
		f.Close()
		require.Equal(t, want, got, "%s has too few positions", file)
	}
	return ps
}

// chess960Starts returns the start positions of testdata's Chess960 perft
// suite.
func chess960Starts(t testing.TB) []core.Position {
	t.Helper()
	return fentest.EPD(t, "../testdata/perft/chess960.epd")
}

// randomGamePositions returns n positions reached by random legal moves,
// from the start position (even i) or a Chess960 position (odd i), after a
// random number of plies up to 300, or where the game ended.
func randomGamePositions(t testing.TB, n int, seed uint64) []core.Position {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	starts := chess960Starts(t)
	var ps []core.Position
	var ml core.MoveList
	for i := range n {
		p := core.StartPosition()
		if i%2 == 1 {
			p = starts[rng.IntN(len(starts))]
		}
		plies := rng.IntN(300)
		for range plies {
			p.LegalMoves(&ml)
			if ml.Len() == 0 {
				break
			}
			p.MakeMove(ml.At(rng.IntN(ml.Len())))
		}
		ps = append(ps, p)
	}
	return ps
}

// placedPositions returns positions of each piece count from 2 to 32
// (perCount of each): the pieces put on random squares, drawn from what a
// side can have (a king, at most 8 pawns off the first and last ranks,
// and of each other kind at most its start count plus promotions), the
// side to move at random, kept when the side not to move is not in check.
func placedPositions(t testing.TB, perCount int, seed uint64) []core.Position {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 2))
	var ps []core.Position
	kinds := []core.PieceType{core.Pawn, core.Knight, core.Bishop, core.Rook, core.Queen}
	for count := 2; count <= 32; count++ {
		for made := 0; made < perCount; {
			var board [64]core.Piece
			var per [2][7]int
			place := func(pc core.Piece) bool {
				for range 100 {
					sq := rng.IntN(64)
					if board[sq] != core.NoPiece {
						continue
					}
					if pc.Type() == core.Pawn && (sq < 8 || sq >= 56) {
						continue
					}
					board[sq] = pc
					return true
				}
				return false
			}
			place(core.NewPiece(core.White, core.King))
			place(core.NewPiece(core.Black, core.King))
			ok := true
			for i := 2; i < count && ok; i++ {
				c := core.Color(i % 2)
				if per[c][0] >= 15 {
					c = c.Other()
				}
				kind := kinds[rng.IntN(len(kinds))]
				if kind == core.Pawn && per[c][core.Pawn] >= 8 {
					kind = core.Knight
				}
				per[c][0]++
				per[c][kind]++
				ok = place(core.NewPiece(c, kind))
			}
			if !ok {
				continue
			}
			side := " w - - 0 1"
			if rng.IntN(2) == 1 {
				side = " b - - 0 1"
			}
			p, err := core.ParseFEN(core.PlacementFEN(&board) + side)
			if err != nil || p.InCheck() {
				continue // a side in check, or too many promotions
			}
			ps = append(ps, p)
			made++
		}
	}
	return ps
}
