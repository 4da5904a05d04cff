package core

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// forEachGamePosition calls f on every position of the random games that
// the invariants test plays (standard, Chess960 and the suites' positions)
// and returns how many there were.
func forEachGamePosition(t *testing.T, seed uint64, f func(p *Position, path []string)) int {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 2))
	n := 0
	var ml MoveList
	for _, start := range invariantStarts(t, r) {
		p, err := ParseFEN(start.fen)
		require.NoError(t, err, start.fen)
		var path []string
		for range r.IntN(start.maxPlies + 1) {
			f(&p, path)
			n++
			p.LegalMoves(&ml)
			if ml.Len() == 0 {
				break
			}
			m := ml.At(r.IntN(ml.Len()))
			path = append(path, p.UCI(m))
			p.MakeMove(m)
		}
	}
	return n
}

// sorted returns the list's moves, sorted, in a new slice.
func sorted(ml *MoveList) []Move {
	s := slices.Clone(ml.Moves())
	slices.Sort(s)
	return s
}

// TestMoveKindsPartitionLegalMoves checks that CaptureMoves and QuietMoves
// share no move and together are LegalMoves, and that QuiescenceMoves is
// CaptureMoves less the under-promotions, in every position of the random
// games, in check and out of it.
func TestMoveKindsPartitionLegalMoves(t *testing.T) {
	var all, caps, quiets, qs MoveList
	inCheck, underPromotions, quietCastles := 0, 0, 0
	n := forEachGamePosition(t, invariantSeed, func(p *Position, path []string) {
		p.LegalMoves(&all)
		p.CaptureMoves(&caps)
		p.QuietMoves(&quiets)
		p.QuiescenceMoves(&qs)
		ctx := where(p, path)
		for _, m := range caps.Moves() {
			require.True(t, m.IsCapture() || m.IsPromotion(), "CaptureMoves holds %s: %s", p.UCI(m), ctx)
		}
		for _, m := range quiets.Moves() {
			require.False(t, m.IsCapture() || m.IsPromotion(), "QuietMoves holds %s: %s", p.UCI(m), ctx)
			if m.IsCastle() {
				quietCastles++
			}
		}
		union := append(sorted(&caps), quiets.Moves()...)
		slices.Sort(union)
		require.Equal(t, sorted(&all), union, "CaptureMoves + QuietMoves != LegalMoves: %s", ctx)

		want := []Move{}
		for _, m := range caps.Moves() {
			if m.Promotion() == NoPieceType || m.Promotion() == Queen {
				want = append(want, m)
			} else {
				underPromotions++
			}
		}
		slices.Sort(want)
		require.Equal(t, want, sorted(&qs), "QuiescenceMoves: %s", ctx)
		if p.InCheck() {
			inCheck++
		}
	})
	t.Logf("%d positions, %d in check, %d under-promotions, %d castlings among the quiet moves", n, inCheck, underPromotions, quietCastles)
	require.Greater(t, inCheck, 500, "positions in check covered")
	require.Positive(t, underPromotions, "under-promotions covered")
	require.Positive(t, quietCastles, "castling covered")
}

// TestCheckersCache checks that the cached checkers are right whoever
// computes them first (Checkers, a generator, or a counting generator), and
// that make and unmake of every move, and the null move, keep them right.
func TestCheckersCache(t *testing.T) {
	var ml MoveList
	n := forEachGamePosition(t, invariantSeed+1, func(p *Position, path []string) {
		want := p.computeCheckers()
		ctx := where(p, path)
		for i, fill := range []func(*Position){
			func(q *Position) { q.Checkers() },
			func(q *Position) { q.LegalMoves(&ml) },
			func(q *Position) { q.CaptureMoves(&ml) },
			func(q *Position) { q.QuietMoves(&ml) },
			func(q *Position) { q.CountLegalMoves() },
		} {
			q := *p
			q.checkers = unknownCheckers
			fill(&q)
			require.Equal(t, want, q.checkers, "cache filled by way %d: %s", i, ctx)
			require.Equal(t, want != 0, q.InCheck(), ctx)
		}
		p.LegalMoves(&ml)
		for _, m := range ml.Moves() {
			before := *p
			u := p.MakeMove(m)
			require.Equal(t, p.computeCheckers(), p.Checkers(), "after %s: %s", p.UCI(m), ctx)
			p.UnmakeMove(m, u)
			require.Equal(t, uncached(before), uncached(*p), "make and unmake %s: %s", before.UCI(m), ctx)
		}
		if want == 0 {
			before := *p
			u := p.MakeNullMove()
			require.Equal(t, p.computeCheckers(), p.Checkers(), "after a null move: %s", ctx)
			p.UnmakeNullMove(u)
			require.Equal(t, uncached(before), uncached(*p), "null move: %s", ctx)
		}
	})
	require.Greater(t, n, 20000)
}

// TestPinned compares Pinned with its definition: a piece of the side to
// move is pinned when removing it from the board attacks the king by a
// slider that did not attack it before.
func TestPinned(t *testing.T) {
	pinned := 0
	forEachGamePosition(t, invariantSeed+2, func(p *Position, path []string) {
		us := p.SideToMove()
		ksq := p.KingSquare(us)
		var want Bitboard
		for b := p.ByColor(us) &^ p.Pieces(us, King); b != 0; {
			sq := b.PopFirst()
			occ := p.Occupied() &^ sq.Bitboard()
			sliders := p.ByColor(us.Other()) & (RookAttacks(ksq, occ)&(p.ByType(Rook)|p.ByType(Queen)) |
				BishopAttacks(ksq, occ)&(p.ByType(Bishop)|p.ByType(Queen)))
			if sliders&^p.AttackersTo(ksq, p.Occupied()) != 0 {
				want |= sq.Bitboard()
			}
		}
		require.Equal(t, want, p.Pinned(), where(p, path))
		pinned += want.Count()
	})
	require.Positive(t, pinned)
}

// TestAttackersTo compares AttackersTo with the attacks of every piece on
// the board.
func TestAttackersTo(t *testing.T) {
	forEachGamePosition(t, invariantSeed+3, func(p *Position, path []string) {
		occ := p.Occupied()
		for sq := A1; sq <= H8; sq++ {
			var want Bitboard
			for b := occ; b != 0; {
				from := b.PopFirst()
				if pieceAttacks(p.PieceAt(from), from, occ).Has(sq) {
					want |= from.Bitboard()
				}
			}
			require.Equal(t, want, p.AttackersTo(sq, occ), "%v: %s", sq, where(p, path))
		}
	})
}

// uncached returns p with the cached checkers forgotten, for comparing
// positions whose caches may differ (UnmakeMove does not restore it).
func uncached(p Position) Position {
	p.checkers = unknownCheckers
	return p
}

// pieceAttacks returns the squares piece pc on sq attacks given occ, by
// the piece's own attack function: the tests' independent reading of who
// attacks what.
func pieceAttacks(pc Piece, sq Square, occ Bitboard) Bitboard {
	switch pc.Type() {
	case Pawn:
		return PawnAttacks(pc.Color(), sq)
	case Knight:
		return KnightAttacks(sq)
	case Bishop:
		return BishopAttacks(sq, occ)
	case Rook:
		return RookAttacks(sq, occ)
	case Queen:
		return QueenAttacks(sq, occ)
	case King:
		return KingAttacks(sq)
	}
	return 0
}
