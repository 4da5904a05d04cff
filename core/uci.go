package core

import (
	"errors"
	"fmt"
)

// Errors a move parser returns, matched with errors.Is.
var (
	// ErrMoveSyntax means the text is not a move in the expected notation.
	ErrMoveSyntax = errors.New("invalid move syntax")
	// ErrIllegalMove means the text names a move that is not legal here.
	ErrIllegalMove = errors.New("illegal move")
)

// MoveError reports a move that could not be read in a position.
type MoveError struct {
	Move string // the input
	FEN  string // the position
	Err  error  // ErrMoveSyntax or ErrIllegalMove
}

func (e *MoveError) Error() string {
	return fmt.Sprintf("core: %v %q in %s", e.Err, e.Move, e.FEN)
}

// Unwrap returns the kind of failure.
func (e *MoveError) Unwrap() error { return e.Err }

// ParseUCI reads a move in UCI coordinate notation ("e2e4", "e7e8q") and
// returns the legal move it names. Castling may be written as the king's
// move ("e1g1") or as king takes rook ("e1h1"), in standard chess and
// Chess960 alike; where a king move and a castling share the king form (a
// Chess960 king next to its destination), the king move wins and castling
// needs the king-takes-rook form. A Crazyhouse drop is the piece's letter,
// '@' and the square ("N@f3", "P@e4"). A missing promotion letter is an
// error.
func (p *Position) ParseUCI(s string) (Move, error) {
	fail := func(err error) (Move, error) {
		return NoMove, &MoveError{Move: s, FEN: p.FEN(), Err: err}
	}
	if pt, to, ok := parseDrop(s); ok {
		if m := p.LegalDrop(pt, to); m != NoMove {
			return m, nil
		}
		return fail(ErrIllegalMove)
	}
	if len(s) < 4 || len(s) > 5 {
		return fail(ErrMoveSyntax)
	}
	from, err1 := ParseSquare(s[0:2])
	to, err2 := ParseSquare(s[2:4])
	promo := NoPieceType
	if len(s) == 5 {
		switch s[4] {
		case 'q', 'Q':
			promo = Queen
		case 'r', 'R':
			promo = Rook
		case 'b', 'B':
			promo = Bishop
		case 'n', 'N':
			promo = Knight
		case 'k', 'K':
			if p.variant != Antichess {
				return fail(ErrMoveSyntax)
			}
			promo = King // Antichess promotes to a king too
		default:
			return fail(ErrMoveSyntax)
		}
	}
	if err1 != nil || err2 != nil {
		return fail(ErrMoveSyntax)
	}
	if m := p.LegalMove(from, to, promo); m != NoMove {
		return m, nil
	}
	// The king's form of castling: the king lands on to.
	if promo == NoPieceType && from != to && p.board[from].Type() == King {
		for i := 2 * int(p.side()&1); i < 2*int(p.side()&1)+2; i++ {
			if kTo, _ := castleTargets(i); kTo == to && p.castling()&(1<<i) != 0 {
				// LegalMove, not castleMove: in a variant it returns the
				// move with the variant's flag, as LegalMoves writes it.
				if m := p.LegalMove(from, p.castleRook[i], NoPieceType); m.IsCastle() {
					return m, nil
				}
			}
		}
	}
	return fail(ErrIllegalMove)
}

// CastleKingSquare returns where the king lands when castling move m is
// played in p (g1, c1, g8 or c8). For castling, m.To() is the rook's square,
// so m.To() > m.From() means the short (h-side) castling.
func (p *Position) CastleKingSquare(m Move) Square {
	k, _ := castleTargets(castleIndex(m, p.side()))
	return k
}

// UCI returns m in UCI notation. Castling is written as the king's move
// ("e1g1"), or as king takes rook ("e1h1") when the position is Chess960,
// which is what UCI engines expect with UCI_Chess960 set.
func (p *Position) UCI(m Move) string { return m.UCI(p.chess960) }

// UCI returns m in UCI notation for a game that is Chess960 or not, for a
// writer that knows the game but not the position: castling as the king's
// move ("e1g1"), or as king takes rook ("e1h1") with chess960 set, as
// UCI_Chess960 asks; "0000" for NoMove. Position.UCI is m.UCI of the
// position's Chess960 flag.
func (m Move) UCI(chess960 bool) string {
	if m.IsCastle() {
		if chess960 {
			return m.From().String() + m.To().String()
		}
		return m.From().String() + m.Dest().String()
	}
	return m.String()
}
