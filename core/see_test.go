package core

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// seeRef is the reference for SEE: a plain minimax over every capture
// sequence on one square, any attacker of either side in any order, with
// stand pat, under SEE's model. It shares no code with SEE beyond the
// attack tables: it finds the attackers by asking each piece what it
// attacks from its own square, not by looking from the target square.
type seeRef struct {
	p     *Position
	s     Square
	nodes int
}

// seeRefValue returns the model's value of m for the side making it, and
// the number of positions the minimax visited.
func seeRefValue(p *Position, m Move) (int, int) {
	if m.IsCastle() {
		return 0, 0
	}
	from, to := m.From(), m.To()
	mover := p.PieceAt(from)
	gain, onSq := 0, SEEValue(mover.Type())
	occ := p.Occupied() &^ from.Bitboard()
	if victim := p.PieceAt(to); victim != NoPiece {
		gain = SEEValue(victim.Type())
	} else if mover.Type() == Pawn && from.File() != to.File() {
		gain = SEEValue(Pawn) // en passant
		occ &^= NewSquare(to.File(), from.Rank()).Bitboard()
	}
	if promo := m.Promotion(); promo != NoPieceType {
		gain += SEEValue(promo) - SEEValue(Pawn)
		onSq = SEEValue(promo)
	}
	r := &seeRef{p: p, s: to}
	v := gain - r.value(occ|to.Bitboard(), mover.Color().Other(), onSq)
	return v, r.nodes
}

// attacks reports whether the piece on sq attacks r.s given occ.
func (r *seeRef) attacks(sq Square, occ Bitboard) bool {
	return pieceAttacks(r.p.PieceAt(sq), sq, occ).Has(r.s)
}

// attackers returns side's pieces that attack r.s given occ. The board
// array still holds every piece on its square; occ says which are left.
func (r *seeRef) attackers(occ Bitboard, side Color) Bitboard {
	var att Bitboard
	for b := r.p.ByColor(side) & occ &^ r.s.Bitboard(); b != 0; {
		if sq := b.PopFirst(); r.attacks(sq, occ) {
			att |= sq.Bitboard()
		}
	}
	return att
}

// value is the minimax value for side, to capture next on r.s where a
// piece worth onSq stands: the best of stopping (0) and every capture.
func (r *seeRef) value(occ Bitboard, side Color, onSq int) int {
	r.nodes++
	best := 0
	for b := r.attackers(occ, side); b != 0; {
		sq := b.PopFirst()
		pt := r.p.PieceAt(sq).Type()
		o := occ &^ sq.Bitboard()
		if pt == King && r.attackers(o, side.Other()) != 0 {
			continue
		}
		gain, next := onSq, SEEValue(pt)
		if pt == Pawn && (r.s.Rank() == 0 || r.s.Rank() == 7) {
			gain, next = onSq+SEEValue(Queen)-SEEValue(Pawn), SEEValue(Queen)
		}
		best = max(best, gain-r.value(o, side.Other(), next))
	}
	return best
}

// seeLVAOnly is the swap loop alone, least valuable attacker first in every
// exchange: what SEE would be without its plain-exchange test. It shows
// that the cases the test checks do tell the two apart.
func seeLVAOnly(p *Position, m Move) int {
	if m.IsCastle() {
		return 0
	}
	s, gain, onSq, occ := p.seeStart(m)
	att := p.attackersTo(s, occ) & occ
	gains := []int{gain}
	side := p.side() ^ 1
	for {
		mine := att & p.byColor[side]
		if mine == 0 {
			break
		}
		pt, sq := p.seeLeastValuable(mine)
		if pt == King && att&p.byColor[side^1] != 0 {
			break
		}
		g, next := onSq, SEEValue(pt)
		if pt == Pawn && (s.Rank() == 0 || s.Rank() == 7) {
			g, next = onSq+SEEValue(Queen)-SEEValue(Pawn), SEEValue(Queen)
		}
		gains = append(gains, g)
		onSq = next
		occ ^= sq.Bitboard()
		att = p.seeUncover(s, occ, att, pt)
		side ^= 1
	}
	r := 0
	for d := len(gains) - 1; d > 0; d-- {
		r = max(0, gains[d]-r)
	}
	return gains[0] - r
}

// seeStats counts what a comparison covered.
type seeStats struct {
	positions, captures, promotions, enPassant, quiets int
	searched                                           int // exchanges SEE solved by search, not by the swap loop
	lvaDiffers                                         int // exchanges where least-valuable-first is not optimal
	refNodes                                           int
}

// seeThresholds are the thresholds, around SEE's value v, at which
// SEEGreaterEqual is compared with SEE.
func seeThresholds(v int) []int {
	return []int{v - 1, v, v + 1, v - 100, v + 100, v - 801, v + 799, 0, -1, 1, -2 * seeKing, 2 * seeKing}
}

// checkSEE compares SEE and SEEGreaterEqual with the reference on move m.
func checkSEE(t *testing.T, p *Position, m Move, st *seeStats, ctx func() string) {
	want, nodes := seeRefValue(p, m)
	st.refNodes += nodes
	got := p.SEE(m)
	if got != want {
		t.Fatalf("SEE(%s) = %d, all-orders minimax %d, in %s", p.UCI(m), got, want, ctx())
	}
	for _, th := range seeThresholds(want) {
		if ge := p.SEEGreaterEqual(m, th); ge != (want >= th) {
			t.Fatalf("SEEGreaterEqual(%s, %d) = %v, SEE %d, in %s", p.UCI(m), th, ge, want, ctx())
		}
	}
	if !m.IsCastle() {
		s, _, _, occ := p.seeStart(m)
		if !p.seePlain(s, occ, p.attackersTo(s, occ)&occ) {
			st.searched++
		}
	}
	if seeLVAOnly(p, m) != want {
		st.lvaDiffers++
	}
}

// checkSEEPosition checks every capture and promotion of p, and every
// quiet move with probability quietRate.
func checkSEEPosition(t *testing.T, p *Position, r *rand.Rand, quietRate float64, st *seeStats, ctx func() string) {
	var ml MoveList
	p.LegalMoves(&ml)
	st.positions++
	for _, m := range ml.Moves() {
		switch {
		case m.IsCapture() || m.IsPromotion():
			st.captures += b2i(m.IsCapture())
			st.promotions += b2i(m.IsPromotion())
			st.enPassant += b2i(m.IsEnPassant())
		case r.Float64() < quietRate:
			st.quiets++
		default:
			continue
		}
		checkSEE(t, p, m, st, ctx)
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestSEEAgainstAllOrders compares SEE and SEEGreaterEqual with the
// all-orders minimax on every capture and promotion, and a quarter of the
// quiet moves, of the positions along random games from the standard
// start, random Chess960 starts and the perft suites' positions, played
// twice over with different moves.
func TestSEEAgainstAllOrders(t *testing.T) {
	r := rand.New(rand.NewPCG(invariantSeed, 7))
	var st seeStats
	var ml MoveList
	for range 2 {
		for _, start := range invariantStarts(t, r) {
			p, err := ParseFEN(start.fen)
			require.NoError(t, err, start.fen)
			var path []string
			ctx := func() string { return where(&p, path) }
			// The whole game, not a random length: the aim is positions.
			for range start.maxPlies {
				checkSEEPosition(t, &p, r, 0.25, &st, ctx)
				p.LegalMoves(&ml)
				if ml.Len() == 0 {
					break
				}
				m := ml.At(r.IntN(ml.Len()))
				path = append(path, p.UCI(m))
				p.MakeMove(m)
			}
		}
	}
	t.Logf("%d positions: %d captures (%d en passant), %d promotions, %d quiet moves compared; "+
		"%d solved by search; least-valuable-first alone wrong on %d; %d reference nodes",
		st.positions, st.captures, st.enPassant, st.promotions, st.quiets, st.searched, st.lvaDiffers, st.refNodes)
	require.GreaterOrEqual(t, st.positions, 50000)
	require.Positive(t, st.lvaDiffers, "the games include exchanges where least-valuable-first fails")
	require.Positive(t, st.enPassant)
	require.Positive(t, st.promotions)
}

// TestSEEOnCrowdedPositions compares SEE with the all-orders minimax on
// random crowded positions, where exchanges with many attackers, x-rays of
// both colours and promotions are common, unlike in games.
func TestSEEOnCrowdedPositions(t *testing.T) {
	r := rand.New(rand.NewPCG(invariantSeed, 8))
	var st seeStats
	for st.positions < 20000 {
		fen := randomCrowdedFEN(r)
		p, err := ParseFEN(fen)
		if err != nil {
			continue // the side not to move is in check, say
		}
		checkSEEPosition(t, &p, r, 0.25, &st, func() string { return fen })
	}
	t.Logf("%d positions: %d captures (%d en passant), %d promotions, %d quiet moves compared; "+
		"%d solved by search; least-valuable-first alone wrong on %d",
		st.positions, st.captures, st.enPassant, st.promotions, st.quiets, st.searched, st.lvaDiffers)
	require.Positive(t, st.lvaDiffers, "the positions include exchanges where least-valuable-first fails")
}

// randomCrowdedFEN returns a random position: two kings and 12 to 27 other
// pieces, pawns off the first and last ranks. It may be illegal.
func randomCrowdedFEN(r *rand.Rand) string {
	var board [64]byte
	place := func(c byte, pawn bool) {
		for {
			sq := r.IntN(64)
			if board[sq] == 0 && (!pawn || sq >= 8 && sq < 56) {
				board[sq] = c
				return
			}
		}
	}
	place('K', false)
	place('k', false)
	for range 12 + r.IntN(16) {
		c := "PPPPNNBBRRQpppppnnbbrrq"[r.IntN(23)]
		place(c, c == 'P' || c == 'p')
	}
	var sb strings.Builder
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for file := range 8 {
			c := board[rank*8+file]
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteByte(c)
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if rank > 0 {
			sb.WriteByte('/')
		}
	}
	side := " w"
	if r.IntN(2) == 1 {
		side = " b"
	}
	return sb.String() + side + " - - 0 1"
}

// TestSEECases checks hand-made exchanges whose values are worked out in
// the comments.
func TestSEECases(t *testing.T) {
	cases := []struct {
		name, fen, move string
		want            int
	}{
		// N takes an undefended pawn: +100.
		{"undefended pawn", "4k3/8/8/4p3/8/5N2/8/4K3 w - - 0 1", "f3e5", 100},
		// NxP +100, dxe5 -300.
		{"simple trade loses the knight", "4k3/8/3p4/4p3/8/5N2/8/4K3 w - - 0 1", "f3e5", -200},
		// PxN +300, fxe5 -100.
		{"defended piece, pawn takes", "4k3/8/5p2/4n3/3P4/8/8/4K3 w - - 0 1", "d4e5", 200},
		// RxN +300, RxR -500, RxR +500: Black does not recapture.
		{"x-ray rook battery", "4r1k1/8/8/4n3/8/8/4R3/4R1K1 w - - 0 1", "e2e5", 300},
		// RxN +300, Re7xe5 -500; the rook on e8 stays behind.
		{"battery of the defender", "4r1k1/4r3/8/4n3/8/8/8/4R1K1 w - - 0 1", "e1e5", -200},
		// BxN +300, dxe5 -300, Qxe5 +100 (the queen behind the bishop):
		// Black's recapture wins 300-100.
		{"queen behind bishop", "4k3/8/3p4/4n3/8/8/1B6/Q3K3 w - - 0 1", "b2e5", 100},
		// exd6 e.p. +100, undefended.
		{"en passant", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", 100},
		// exd6 e.p. +100, cxd6 -100.
		{"en passant recaptured", "4k3/2p5/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", 0},
		// exd6 e.p. +100; the d5 pawn's removal lets the rook on d1 defend
		// d6, so Nxd6 would lose the knight for a pawn.
		{"en passant uncovers a rook", "4n1k1/8/8/3pP3/8/8/8/3RK3 w - d6 0 1", "e5d6", 100},
		// bxa8=Q +500+800, Nxa8 -900.
		{"promotion capture", "r3k3/1P6/1n6/8/8/8/8/4K3 w - - 0 1", "b7a8q", 400},
		// bxa8=N +500+200, Nxa8 -300.
		{"underpromotion capture", "r3k3/1P6/1n6/8/8/8/8/4K3 w - - 0 1", "b7a8n", 400},
		// b8=Q +800; the push uncovers the rook on b2: Rxb8 -900.
		{"promotion push uncovers a rook", "4k3/1P6/8/8/8/8/1r6/4K3 w - - 0 1", "b7b8q", -100},
		// RxN +300, BxR -500, bxc8=Q +300+800: Black does not recapture;
		// without the promotion it would (500-300 > 0), for 100.
		{"recapture would promote", "2n1k3/1P1b4/8/8/8/8/8/2R1K3 w - - 0 1", "c1c8", 300},
		// RxP +100, Kxd5 -500: nothing else of White's attacks d5.
		{"king recapture allowed", "8/8/4k3/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", -400},
		// RxP +100; the bishop on a2 guards d5, so the king may not take.
		{"king recapture not allowed", "8/8/4k3/3p4/8/8/B7/3RK3 w - - 0 1", "d1d5", 100},
		// RxP +100; the rook on d1 x-rays through d2 once it is empty.
		{"king recapture not allowed by an x-ray", "8/8/4k3/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 100},
		// KxR +500: a legal king capture is never answered.
		{"king capture", "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", "e1d2", 500},
		// Qd5, cxd5 -900.
		{"quiet move hangs the queen", "4k3/8/2p5/8/8/8/8/3QK3 w - - 0 1", "d1d5", -900},
		// Qd4: nothing attacks d4.
		{"quiet move, safe", "4k3/8/2p5/8/8/8/8/3QK3 w - - 0 1", "d1d4", 0},
		{"castling", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", 0},
		// RxB +300, then White's best is Nxe5 +500, not d4xe5, which lets
		// in the bishop on c3 and the queen behind it (dxe5 +500, Bxe5
		// -100, Nxe5 +300, Qxe5 -300: White nets 400 only).
		{"least valuable first is wrong", "4r1k1/8/8/4B3/3P4/2b2N2/1q6/7K b - - 0 1", "e8e5", -200},
		// The same square taken by the pawn first: PxR +500, Bxe5 -100,
		// Nxe5 +300, Qxe5 -300; White may stop after Bxe5.
		{"pawn takes, uncovering the bishop", "4k3/8/8/4r3/3P4/2b2N2/1q6/7K w - - 0 1", "d4e5", 400},
		{"knight takes, the bishop stays shut", "4k3/8/8/4r3/3P4/2b2N2/1q6/7K w - - 0 1", "f3e5", 500},
		// f1=Q +800. White's queens tie as least valuable attackers, but
		// only Qg2xf1 uncovers the bishop on h3: Qg2xf1 +900, Qxf1 -900,
		// Bxf1 +900, and Rxf1 would lose the rook to Qb1xf1, so White
		// nets 900. Qb1xf1 first nets only 500 (Qxf1, Qg2xf1, Rxf1, Bxf1).
		{"equal queens, one uncovers a bishop", "K6k/8/5r2/5q2/8/7B/5pQ1/1Q6 b - - 0 1", "f2f1q", -100},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := ParseFEN(c.fen)
			require.NoError(t, err)
			m, err := p.ParseUCI(c.move)
			require.NoError(t, err)
			ref, _ := seeRefValue(&p, m)
			require.Equal(t, c.want, ref, "reference")
			require.Equal(t, c.want, p.SEE(m), "SEE")
			for _, th := range seeThresholds(c.want) {
				require.Equal(t, c.want >= th, p.SEEGreaterEqual(m, th), "SEEGreaterEqual at %d", th)
			}
		})
	}
}

// TestSEEValue checks the published values.
func TestSEEValue(t *testing.T) {
	want := map[PieceType]int{NoPieceType: 0, Pawn: 100, Knight: 300, Bishop: 300, Rook: 500, Queen: 900, King: 20000}
	for pt, v := range want {
		require.Equal(t, v, SEEValue(pt), pt.String())
	}
}

// TestSEEAllocs checks that neither function allocates.
func TestSEEAllocs(t *testing.T) {
	p, err := ParseFEN("4r1k1/8/8/4B3/3P4/2b2N2/1q6/7K b - - 0 1")
	require.NoError(t, err)
	var ml MoveList
	p.LegalMoves(&ml)
	allocs := testing.AllocsPerRun(100, func() {
		for _, m := range ml.Moves() {
			_ = p.SEE(m)
			_ = p.SEEGreaterEqual(m, 0)
		}
	})
	require.Zero(t, allocs)
}

// The rook on e2 takes a knight defended by the rook on e8, with the rook
// on e1 behind it: Black cannot recapture without losing the rook.
func ExamplePosition_SEE() {
	p, err := ParseFEN("4r1k1/8/8/4n3/8/8/4R3/4R1K1 w - - 0 1")
	if err != nil {
		panic(err)
	}
	m, err := p.ParseUCI("e2e5")
	if err != nil {
		panic(err)
	}
	fmt.Println(p.SEE(m), p.SEEGreaterEqual(m, 300), p.SEEGreaterEqual(m, 301))
	// Output: 300 true false
}
