package core

import (
	"errors"
	"path/filepath"
	"testing"
)

// Fuzz targets for the two parsers of core. Their seed corpora (the
// published perft suites' positions and hand-picked awkward strings) run in
// plain `go test`; `go test -fuzz FuzzParseFEN ./core` explores further.

// fenSeeds are awkward FENs: each field wrong in turn, Chess960 and X-FEN
// castling (inner rooks included), en passant that is legal, pseudo-legal
// or impossible, and the limits of the counters. The invariant test starts
// games from those that parse.
var fenSeeds = []string{
	StartFEN,
	"BQQQQN1k/Q4QNN/Q5QQ/Q3Q3/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1", // 257 moves: rejected, too much material
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - 0 1",
	"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
	"1r4k1/8/8/8/8/8/8/1R4KR w HB - 0 1",
	"7k/8/8/8/8/8/8/qRK5 w B - 0 1",
	"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
	"rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1",
	"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
	"4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1",
	"8/8/8/K2pP2r/8/8/8/7k w - d6 0 2",  // en passant exposes the king
	"4k3/8/8/3pP3/8/8/8/4K3 w - e6 0 2", // no pawn passed e6
	"4k3/8/8/8/8/8/8/4K3 w - a9 0 1",
	"4k3/8/8/8/8/8/8/4K3 w - - 4294967296 1",
	"4k3/8/8/8/8/8/8/4K3 w - - -1 1",
	"4k3/8/8/8/8/8/8/4K3 w - - 0 0",
	"4k3/8/8/8/8/8/8/4K3 b - - 99 1000",
	"4k3/8/8/8/8/8/8/4K3 x - - 0 1",
	"4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1",
	"4k3/8/8/8/8/8/8/4K3 w KK - 0 1",
	"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1 extra",
	"4k3/8/8/8/8/8/8/4K3",
	"4k3/8/8/8/8/8/8/4K3 w",
	"4kk2/8/8/8/8/8/8/4K3 w - - 0 1",
	"8/8/8/8/8/8/8/4K3 w - - 0 1",
	"4k3/8/8/8/8/8/8/4K2P w - - 0 1",
	"4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1",
	"4k3/8/8/8/8/8/8/4K3/ w - - 0 1",
	"4k3/8/8/8/8/8/8/9 w - - 0 1",
	"4k3/8/8/8/8/8/8/44K w - - 0 1",
	"4k3/8/8/8/8/8/8/4K30 w - - 0 1",
	"4k3/8/8/8/8/8/8/4K3x w - - 0 1",
	"3k4/8/8/8/8/8/8/R2K3R w QK - 0 1",
	"r1k1r3/8/8/8/8/8/8/R1K1R3 w EAea - 0 1",
	"r1k1r3/8/8/8/8/8/8/R1K1R3 w CA - 0 1",
	"1r2k1rr/8/8/8/8/8/8/1R2K1RR w Gg - 0 1", // inner rooks: X-FEN needs their files
	"r1r1k3/8/8/8/8/8/8/R1R1K3 w Cc - 0 1",
	"4k3/8/8/8/8/8/8/RR2K1RR w BG - 0 1",
	"",
	"   ",
	"\x00\xff",
}

// fuzzSeedFENs returns fenSeeds and the positions of the published perft
// suites.
func fuzzSeedFENs(t testing.TB) []string {
	t.Helper()
	fens := append([]string(nil), fenSeeds...)
	for _, name := range []string{"standard.epd", "chess960.epd", "tricky.perft"} {
		fens = append(fens, suiteFENs(t, filepath.Join("..", "testdata", "perft", name))...)
	}
	return fens
}

// FuzzParseFEN: ParseFEN never panics, fails only with a *FENError that
// matches ErrInvalidFEN, and whatever it accepts writes a FEN that reads
// back to the same FEN and position, whose moves all make and unmake
// cleanly.
func FuzzParseFEN(f *testing.F) {
	for _, fen := range fuzzSeedFENs(f) {
		f.Add(fen)
	}
	f.Fuzz(func(t *testing.T, in string) {
		p, err := ParseFEN(in)
		if err != nil {
			var fe *FENError
			if !errors.As(err, &fe) || !errors.Is(err, ErrInvalidFEN) {
				t.Fatalf("ParseFEN(%q) error %v (%T) is not a *FENError matching ErrInvalidFEN", in, err, err)
			}
			return
		}
		if h := p.computeHash(); p.hash != h {
			t.Fatalf("ParseFEN(%q): hash %#x, from scratch %#x", in, p.hash, h)
		}
		fen := p.FEN()
		q, err := ParseFEN(fen)
		if err != nil {
			t.Fatalf("ParseFEN(%q) writes %q, which does not read back: %v", in, fen, err)
		}
		if got := q.FEN(); got != fen {
			t.Fatalf("ParseFEN(%q) writes %q, which reads back as %q", in, fen, got)
		}
		if p.board != q.board || p.side() != q.side() || p.castling() != q.castling() || p.castleRook != q.castleRook ||
			p.halfmove() != q.halfmove() || p.fullmove != q.fullmove || p.EnPassant() != q.EnPassant() {
			t.Fatalf("ParseFEN(%q) and ParseFEN(%q) give different positions", in, fen)
		}
		var ml MoveList
		p.LegalMoves(&ml)
		for _, m := range ml.Moves() {
			before := p
			u := p.MakeMove(m)
			if h := p.computeHash(); p.hash != h {
				t.Fatalf("%s after %s: incremental hash %#x, from scratch %#x", in, m, p.hash, h)
			}
			if msg := boardConsistency(&p); msg != "" {
				t.Fatalf("%s after %s: %s", in, m, msg)
			}
			// The next position must generate without panicking too.
			var next MoveList
			p.LegalMoves(&next)
			_ = p.FEN()
			p.UnmakeMove(m, u)
			if uncached(p) != uncached(before) {
				t.Fatalf("%s: make and unmake %s does not restore the position", in, m)
			}
		}
		_ = p.Status()
	})
}

// uciFuzzFENs are the positions FuzzParseUCI reads moves in: the start,
// Kiwipete (castling both ways, en passant nearby), a Chess960 position
// whose castling king form is a king move, promotions with and without
// capture, and a legal en passant.
var uciFuzzFENs = []string{
	StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"1r4k1/8/8/8/8/8/8/1R4KR w HB - 0 1",
	"rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1",
	"n1n4k/1P6/8/8/8/8/6p1/K6N b - - 0 1",
	"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
}

// FuzzParseUCI: ParseUCI never panics, fails only with a *MoveError
// matching ErrMoveSyntax or ErrIllegalMove, and every move it returns is
// legal.
func FuzzParseUCI(f *testing.F) {
	for i, s := range []string{
		"e2e4", "e7e8q", "e7e8", "e1g1", "e1h1", "e1c1", "e1a1", "g1h1", "g1b1", "b7a8n", "b7b8Q", "g2g1r",
		"e5d6", "0000", "e2e4 ", "e2", "e2e4qq", "i2i4", "e2e9", "a1a1", "h8h8q", "e2e4x", "", "\x00\x00\x00\x00",
	} {
		f.Add(uint8(i), s)
	}
	positions := make([]Position, len(uciFuzzFENs))
	for i, fen := range uciFuzzFENs {
		p, err := ParseFEN(fen)
		if err != nil {
			f.Fatalf("%s: %v", fen, err)
		}
		positions[i] = p
	}
	f.Fuzz(func(t *testing.T, which uint8, s string) {
		p := positions[int(which)%len(positions)]
		before := p
		m, err := p.ParseUCI(s)
		if p != before {
			t.Fatalf("ParseUCI(%q) changed the position %s", s, before.FEN())
		}
		if err != nil {
			var me *MoveError
			if !errors.As(err, &me) || !(errors.Is(err, ErrMoveSyntax) || errors.Is(err, ErrIllegalMove)) {
				t.Fatalf("ParseUCI(%q) in %s: error %v (%T) is not a *MoveError of a known kind", s, p.FEN(), err, err)
			}
			return
		}
		var ml MoveList
		p.LegalMoves(&ml)
		if !ml.Contains(m) {
			t.Fatalf("ParseUCI(%q) in %s returns %s (%#x), which is not a legal move", s, p.FEN(), m, uint32(m))
		}
	})
}

// FuzzParseSquare: ParseSquare never panics, reads exactly the 64 names
// String writes, and fails with a *SquareError matching ErrInvalidSquare
// that names the input.
func FuzzParseSquare(f *testing.F) {
	for _, s := range []string{"a1", "h8", "e4", "i1", "a9", "a0", "A1", "e44", "e", "", "-", "\xffe4"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sq, err := ParseSquare(s)
		if err != nil {
			var se *SquareError
			if !errors.As(err, &se) || !errors.Is(err, ErrInvalidSquare) || se.Name != s {
				t.Fatalf("ParseSquare(%q): error %v (%T) is not a *SquareError naming the input", s, err, err)
			}
			if sq != NoSquare {
				t.Fatalf("ParseSquare(%q) failed but returned %v", s, sq)
			}
			return
		}
		if sq >= NoSquare || sq.String() != s {
			t.Fatalf("ParseSquare(%q) = %d, which String writes %q", s, sq, sq.String())
		}
	})
}
