package san_test

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/fentest"
	"github.com/gambit-chess/gambit/san"
)

// TestRoundTrip walks random playouts from the perft suites' standard and
// Chess960 positions and checks every legal move of every position on the
// way: Parse and ParseStrict read Format's SAN back to the move, Parse reads
// the long, figurine, UCI and king-takes-rook forms and the SAN without its
// check sign, the suffix, 'x' and "=" agree with the move, and the
// disambiguation is minimal: dropping any of it makes the SAN ambiguous.
func TestRoundTrip(t *testing.T) {
	starts := append(fentest.EPD(t, "../testdata/perft/standard.epd"), fentest.EPD(t, "../testdata/perft/chess960.epd")...)
	rng := rand.New(rand.NewPCG(1, 2))
	positions, moves := 0, 0
	for positions < 5000 {
		p := starts[rng.IntN(len(starts))]
		for range 150 {
			var ml core.MoveList
			p.LegalMoves(&ml)
			if ml.Len() == 0 {
				break
			}
			for _, m := range ml.Moves() {
				checkRoundTrip(t, &p, m)
			}
			positions++
			moves += ml.Len()
			p.MakeMove(ml.At(rng.IntN(ml.Len())))
		}
	}
	t.Logf("%d positions, %d moves", positions, moves)
}

// checkRoundTrip checks one legal move m of p; see TestRoundTrip.
func checkRoundTrip(t *testing.T, p *core.Position, m core.Move) {
	t.Helper()
	text := san.Format(p, m)
	// back parses s and requires the move m.
	back := func(parse func(*core.Position, string) (core.Move, error), s string) {
		t.Helper()
		got, err := parse(p, s)
		if err != nil || got != m {
			require.NoError(t, err, "%q (%s) in %s", s, text, p.FEN())
			require.Equal(t, m, got, "%q (%s) in %s", s, text, p.FEN())
		}
	}
	back(san.ParseStrict, text)
	back(san.Parse, text)
	back(san.Parse, strings.TrimRight(text, "+#"))
	back(san.Parse, san.FormatStyle(p, m, san.Long))
	back(san.Parse, san.FormatStyle(p, m, san.Figurine))
	back(san.Parse, san.FormatStyle(p, m, san.Long|san.Figurine))
	back(san.Parse, p.UCI(m))
	back(san.Parse, m.String())

	// The suffix, from the position after the move.
	after := *p
	after.MakeMove(m)
	wantSuffix := ""
	switch {
	case after.IsCheckmate():
		wantSuffix = "#"
	case after.InCheck():
		wantSuffix = "+"
	}
	body := strings.TrimRight(text, "+#")
	if text[len(body):] != wantSuffix || strings.Contains(body, "x") != (m.IsCapture() && !m.IsCastle()) ||
		strings.Contains(body, "=") != m.IsPromotion() {
		require.Failf(t, "suffix, capture or promotion sign", "%s for %v in %s", text, m, p.FEN())
	}

	// Minimal disambiguation: a piece move's SAN is letter, disambiguation,
	// 'x' and square; every shorter disambiguation must be ambiguous.
	if m.Piece() == core.Pawn || m.IsCastle() {
		return
	}
	rest := body[len(body)-2:]
	d := body[1 : len(body)-2]
	if strings.HasSuffix(d, "x") {
		d, rest = d[:len(d)-1], "x"+rest
	}
	var shorter []string
	switch len(d) {
	case 0:
		return
	case 1:
		shorter = []string{body[:1] + rest}
	case 2:
		shorter = []string{body[:1] + d[:1] + rest, body[:1] + d[1:] + rest}
	default:
		require.Failf(t, "disambiguation", "%s in %s", text, p.FEN())
	}
	for _, s := range shorter {
		_, err := san.Parse(p, s)
		if !errors.Is(err, san.ErrAmbiguous) {
			require.Failf(t, "disambiguation not minimal", "%s in %s: %q gives %v", text, p.FEN(), s, err)
		}
	}
}
