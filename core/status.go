package core

// Status is what the rules say about a position by itself, without its
// history (repetitions and the move clocks belong to a game).
type Status uint8

// The statuses.
const (
	Ongoing Status = iota
	Checkmate
	Stalemate
	InsufficientMaterial
	// VariantWin: the side to move has won by its variant's own rule (its
	// king on the hill or its third check given, its king alone on the
	// eighth rank in Racing Kings, the horde all taken, in Antichess
	// every piece lost or no move left, or in Atomic the other king
	// exploded).
	VariantWin
	// VariantLoss: the side to move has lost by its variant's own rule.
	VariantLoss
	// VariantDraw: the game is drawn by its variant's own rule (both kings
	// on the eighth rank in Racing Kings).
	VariantDraw
)

// String returns the status in words.
func (s Status) String() string {
	switch s {
	case Checkmate:
		return "checkmate"
	case Stalemate:
		return "stalemate"
	case InsufficientMaterial:
		return "insufficient material"
	case VariantWin:
		return "variant win"
	case VariantLoss:
		return "variant loss"
	case VariantDraw:
		return "variant draw"
	}
	return "ongoing"
}

// Status returns Checkmate or Stalemate when the side to move has no legal
// move, InsufficientMaterial when neither side can ever mate, and Ongoing
// otherwise. In a variant, an ending by the variant's own rules comes
// first, as VariantWin, VariantLoss or VariantDraw for the side to move.
func (p *Position) Status() Status {
	if p.variant != Standard {
		if s := p.variantStatus(); s != Ongoing {
			return s
		}
	}
	if !p.HasLegalMoves() {
		if p.InCheck() {
			return Checkmate
		}
		return Stalemate
	}
	if p.IsInsufficientMaterial() {
		return InsufficientMaterial
	}
	return Ongoing
}

// IsCheckmate reports whether the side to move is checkmated.
func (p *Position) IsCheckmate() bool { return p.InCheck() && !p.HasLegalMoves() }

// IsStalemate reports whether the side to move has no legal move and is not
// in check.
func (p *Position) IsStalemate() bool { return !p.InCheck() && !p.HasLegalMoves() }

// IsInsufficientMaterial reports whether no sequence of legal moves can end
// in checkmate because of the material alone: king against king, king and
// one minor piece against king, or kings and any number of bishops that all
// stand on squares of one colour.
//
// In a variant it follows the variant's rules: in Three-check, kings alone
// on both sides; in Atomic, lichess's rules of which material can explode
// the other king (a bare king, or a single minor piece or rook against a
// bare king, cannot); in Crazyhouse, where no material leaves the game,
// kings and at most one knight or bishop on the board and in the pockets
// together, none of them promoted; never in King of the Hill and Racing
// Kings, where a bare king still wins by walking; in Antichess, when
// only bishops are left that can never meet, or a knight each that the
// side to move cannot bring together; never in Horde, where the king can
// always take the horde. Outside standard chess it is
// HasInsufficientMaterial for both sides (chessops's
// isInsufficientMaterial).
func (p *Position) IsInsufficientMaterial() bool {
	if p.variant != Standard {
		switch p.variant {
		case Crazyhouse:
			return p.crazyhouseInsufficient()
		case ThreeCheck:
			return p.byType[0] == p.byType[King]
		}
		return p.HasInsufficientMaterial(White) && p.HasInsufficientMaterial(Black)
	}
	if p.byType[Pawn]|p.byType[Rook]|p.byType[Queen] != 0 {
		return false
	}
	minors := p.byType[Knight] | p.byType[Bishop]
	if !minors.More() {
		return true // K v K, or a single minor piece
	}
	if p.byType[Knight] != 0 {
		return false
	}
	b := p.byType[Bishop]
	return b&DarkSquares == 0 || b&^DarkSquares == 0
}
