package san_test

import (
	"errors"
	"testing"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/san"
)

// FuzzParse feeds Parse and ParseStrict any text in any position core
// accepts, standard or else Crazyhouse (the start position when the FEN is
// neither), drops included. They must never
// panic; a move they return must be legal and written back by Format to
// text that reads the same move; a failure must be a *MoveError of one of
// the three kinds.
func FuzzParse(f *testing.F) {
	fens := []string{core.StartFEN, fenCapture, fenEnPassant, fenPromotion, fenCastling, fenKnights,
		fenPinned, fen960Long, fen960Short, fen960Black, fenCheckmate,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"}
	inputs := []string{"Nf3", "Nbd2", "exd6e.p.", "e8=Q+", "exd8=N#", "O-O", "0-0-0", "Kxa1", "e1g1",
		"e7e8q", "Ng1-f3", "♘f3", "e8=♕", "e8(Q)", "Nf3!?", "--", "", "Qc3d4", "\xe2\x99", "e.p.", "O-O-O-O"}
	for i, s := range inputs {
		f.Add(fens[i%len(fens)], s)
	}
	for _, tc := range formatCases {
		f.Add(tc.fen, tc.want)
	}
	for i, s := range []string{"N@f3", "@e4", "P@e4", "n@f3", "♘@f3+", "K@e4", "@", "N@", "@e9", "Q@c1#", "b@b4", "e4e4"} {
		f.Add([]string{"2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1", "7k/7p/4NN2/8/8/8/8/K7[P] w - - 0 1",
			"4k3/1Q~6/8/8/4b3/8/Kpp5/8/ b - - 0 1"}[i%3], s)
	}
	f.Fuzz(func(t *testing.T, fen, s string) {
		p, err := core.ParseFEN(fen)
		if err != nil {
			if p, err = core.ParseVariantFEN(core.Crazyhouse, fen); err != nil {
				p = core.StartPosition()
			}
		}
		fuzzParseIn(t, p, s)
	})
}

// FuzzParseVariant is FuzzParse in the positions of the variants core
// plays: variant picks one (standard chess for a value core does not
// play), fen the position (the variant's start when it is not one).
func FuzzParseVariant(f *testing.F) {
	seeds := []struct {
		v       core.Variant
		fen, in string
	}{
		{core.Antichess, "8/4P3/8/8/8/8/8/k7 w - - 0 1", "e8=K"},
		{core.Antichess, "8/4P3/8/8/8/8/8/k7 w - - 0 1", "e7e8k"},
		{core.Antichess, core.VariantStartFEN(core.Antichess), "e3"},
		{core.Horde, core.VariantStartFEN(core.Horde), "a3"},
		{core.Horde, core.VariantStartFEN(core.Horde), "f5+"},
		{core.ThreeCheck, "rnbqkbnr/ppp2ppp/8/3pp3/4P3/5Q2/PPPP1PPP/RNB1KBNR w KQkq - 1+3 0 3", "Qxf7#"},
		{core.KingOfTheHill, "8/8/8/8/8/2K5/8/7k w - - 0 1", "Kd4#"},
		{core.RacingKings, core.VariantStartFEN(core.RacingKings), "Kh3"},
	}
	for _, sd := range seeds {
		f.Add(uint8(sd.v), sd.fen, sd.in)
	}
	f.Fuzz(func(t *testing.T, variant uint8, fen, s string) {
		v := core.Variant(variant)
		p, err := core.ParseVariantFEN(v, fen)
		if err != nil {
			if p, err = core.VariantStartPosition(v); err != nil {
				p = core.StartPosition()
			}
		}
		fuzzParseIn(t, p, s)
	})
}

// fuzzParseIn is the body of the Parse fuzz targets: s read in p.
func fuzzParseIn(t *testing.T, p core.Position, s string) {
	t.Helper()
	before := p.FEN()
	m, err := san.Parse(&p, s)
	if err != nil {
		checkParseError(t, err, m)
	} else {
		var ml core.MoveList
		p.LegalMoves(&ml)
		if !ml.Contains(m) {
			t.Fatalf("Parse(%q) returned %v, not a legal move of %s", s, m, before)
		}
		text := san.Format(&p, m)
		if back, err := san.ParseStrict(&p, text); err != nil || back != m {
			t.Fatalf("Parse(%q) = %v, written %q, read back %v, %v in %s", s, m, text, back, err, before)
		}
	}
	strict, err := san.ParseStrict(&p, s)
	if err != nil {
		checkParseError(t, err, strict)
	} else if strict != m || san.Format(&p, strict) != s {
		t.Fatalf("ParseStrict(%q) = %v where Parse gives %v in %s", s, strict, m, before)
	}
	if p.FEN() != before {
		t.Fatalf("parsing %q changed the position %s to %s", s, before, p.FEN())
	}
}

func checkParseError(t *testing.T, err error, m core.Move) {
	t.Helper()
	var me *san.MoveError
	if !errors.As(err, &me) {
		t.Fatalf("error %v is not a *MoveError", err)
	}
	if !errors.Is(err, san.ErrSyntax) && !errors.Is(err, san.ErrIllegal) && !errors.Is(err, san.ErrAmbiguous) {
		t.Fatalf("error %v is of no known kind", err)
	}
	if m != core.NoMove {
		t.Fatalf("error %v with move %v", err, m)
	}
}
