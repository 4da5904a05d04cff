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
	}
	return "ongoing"
}

// Status returns Checkmate or Stalemate when the side to move has no legal
// move, InsufficientMaterial when neither side can ever mate, and Ongoing
// otherwise.
func (p *Position) Status() Status {
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
func (p *Position) IsInsufficientMaterial() bool {
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
