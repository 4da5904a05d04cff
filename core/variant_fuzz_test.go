package core

import (
	"errors"
	"testing"
)

// variantFENSeeds are FENs in the variants' forms, good and bad, for
// FuzzVariantFEN: each seed is tried under every variant.
var variantFENSeeds = []string{
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +0+0",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0+3 0 1",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 9+3 0 1",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - + 0 1",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1 +1+1",
	"rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1",
	"rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w KQkq - 0 1",
	"rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP b kq - 0 1",
	"4k3/8/8/8/8/8/8/P7 w - - 0 1",
	"4k3/8/8/8/3p4/8/8/4P3 w - - 0 1",
	"4k3/8/8/8/pP6/8/8/8 b - b3 0 1",
	"8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
	"8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w KQkq - 0 1",
	"4K3/6k1/8/8/8/8/8/8 b - - 0 1",
	"8/8/8/8/8/k6R/8/K7 w - - 0 1",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
	"8/P7/8/8/8/8/8/k6K w - - 0 1",
	"kkkkkkkk/8/8/8/8/8/8/KKKKKKKK w - - 0 1",
	"8/8/8/8/8/8/8/7K b - - 0 1",
	"QQQQQQQQ/QQQQQQQQ/8/8/8/8/8/k7 w - - 0 1",
	"PPPPPPPP/8/8/8/8/8/8/4k3 w - - 0 1",
	"4k3/8/8/8/8/4K3/8/8 w - - 0 1",
	"3k4/8/8/3K4/8/8/8/8 b - - 0 1",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qn] w KQkq - 0 1",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/Qn w KQkq - 0 1",
	"2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1",
	"4k3/1Q~6/8/8/4b3/8/Kpp5/8/ b - - 0 1",
	"r3k2r/1N~6/8/8/8/8/6q~1/R3K2R[Pp] w KQkq - 0 1",
	"7k/7p/4NN2/8/8/8/8/K7[P] w - - 0 1",
	"2k5/8/8/8/8/8/8/4K~3[Q] w - - 0 1",
	"2k5/8/8/8/8/8/8/4K3[Q w - - 0 1",
	"bqnb1rkr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/BQNB1RKR[] w HFhf - 0 3",
	"QQQQQQQQ/QQ~QQQQQQ/8/8/8/8/8/k6K[] w - - 0 1",
	"",
	"+",
	"8/8/8/8/8/8/8/8 w - - 0 1",
	"8/8/8/8/8/8/3kq3/4K3 w - - 0 1",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1",
	"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
	"4k3/2n1b3/8/3pP3/8/8/8/4K3 w - d6 0 1",
	"3r4/8/8/8/8/8/5k2/R3K2R w KQ - 0 1",
	"4k3/3KR3/8/8/8/8/8/8 w - - 0 1",
	"8/8/8/8/8/8/2k5/rR4KR w KQ - 0 1",
}

// FuzzVariantFEN reads FENs under every variant: bad input is an error of
// the documented kinds, never a panic; a position read back from its own
// FEN is the same position; its moves generate, count, make and unmake.
//
//	go test -fuzz FuzzVariantFEN ./core
func FuzzVariantFEN(f *testing.F) {
	for v := range variantCount {
		for _, s := range variantFENSeeds {
			f.Add(uint8(v), s)
		}
	}
	f.Add(uint8(200), StartFEN)
	f.Fuzz(func(t *testing.T, vb uint8, fen string) {
		v := Variant(vb)
		p, err := ParseVariantFEN(v, fen)
		if err != nil {
			var fe *FENError
			if !errors.As(err, &fe) && !errors.Is(err, ErrUnsupportedVariant) && !errors.Is(err, ErrUnknownVariant) {
				t.Fatalf("%v %q: error of no documented kind: %v", v, fen, err)
			}
			return
		}
		if p.Variant() != v {
			t.Fatalf("%v %q: read as %v", v, fen, p.Variant())
		}
		out := p.FEN()
		q, err := ParseVariantFEN(v, out)
		if err != nil {
			t.Fatalf("%v %q: cannot read its own FEN %q: %v", v, fen, out, err)
		}
		if q.FEN() != out || q.Hash() != p.Hash() {
			t.Fatalf("%v %q: FEN %q reads back as %q (hash %x, %x)", v, fen, out, q.FEN(), p.Hash(), q.Hash())
		}
		var ml MoveList
		p.LegalMoves(&ml)
		if n := p.CountLegalMoves(); n != ml.Len() {
			t.Fatalf("%v %s: counts %d moves, writes %d", v, out, n, ml.Len())
		}
		_ = p.Status()
		for _, m := range ml.Moves() {
			if !p.IsLegal(m) {
				t.Fatalf("%v %s: generated move %v is not legal by IsLegal", v, out, m)
			}
			after := p.CountLegalMovesAfter(m)
			u := p.MakeMove(m)
			if n := p.CountLegalMoves(); n != after {
				t.Fatalf("%v %s: after %v counts %d moves, CountLegalMovesAfter %d", v, out, m, n, after)
			}
			p.UnmakeMove(m, u)
			if p.FEN() != out || p.Hash() != q.Hash() {
				t.Fatalf("%v %s: %v made and unmade gives %s", v, out, m, p.FEN())
			}
		}
	})
}
