package core

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseVariantFEN reads a position of variant v in FEN, with the variant's
// own forms: for ThreeCheck, the checks as lichess writes them, the checks
// each side still has to give after the en-passant field ("3+3"), or the
// checks given as a seventh field ("+2+0"), with three to give for both
// when neither is there; for Crazyhouse, the pockets in brackets after the
// board ("RNBQKBNR[Qn]", as Position.FEN writes them) or as a ninth rank
// ("RNBQKBNR/Qn"), both empty when neither is there, and a '~' after each
// promoted piece ("Q~"). ParseVariantFEN(Standard, fen) is ParseFEN(fen).
//
// Each variant's board rules replace standard chess's: Antichess allows
// any number of kings and no castling (the castling field is ignored, as
// lichess ignores it); Horde has one king, and pawns of the side without
// it may stand on its first rank; Racing Kings has no pawns, no castling
// and neither king in check; in Atomic the side to move may have lost its
// king (the game is over) and the other side's king is in check only when
// it does not touch the king of the side to move; Crazyhouse bounds the
// material of the board and both pockets together by one game's (16 pawns
// and what they promote to beyond the starting pieces) instead of each
// side's.
//
// A variant position may have more moves than standard chess's 218, and
// more than 255, which the generator's writers count in one byte: a
// Crazyhouse side's drops (459 moves in
// "3Q1QBk/Q5Rn/2Q4Q/4Q3/1Q4Q1/3Q4/Q4Q2/K1Q4Q[PNBRQpnbrq] w"), or a
// horde of queens (275 in "QQQQQQBk/Q5RB/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/QQQQQQQB w").
// Such a position is accepted, and its moves are generated whole, those
// past 255 by slower paths. A position in which either side could make
// more than a MoveList holds (MaxMoves-1 moves) is refused with an error
// that gives the count, but none is known: the most moves a search found
// (simulated annealing over boards within these material rules) are the
// two above, and 220 in Antichess, whose material is bounded like
// chess's. (chessops bounds no variant's material, so it accepts boards
// with more pieces than promotions give, which these rules refuse.)
//
// Errors are *FENError values, matching ErrInvalidFEN, as
// ParseFEN's (Field "pockets" for a bad pocket); for a value that is no
// variant, the error matches ErrUnknownVariant instead.
func ParseVariantFEN(v Variant, fen string) (Position, error) {
	if v >= variantCount {
		return Position{}, fmt.Errorf("core: parse FEN: %w: %d", ErrUnknownVariant, uint8(v))
	}
	return parseFEN(v, fen)
}

// splitChecks takes Three-check's checks field out of a FEN's fields:
// remaining checks ("3+3") after the en-passant field, or checks given
// ("+2+0") after the move counters, in either place as lichess reads them.
// It returns the other fields, the checks each colour has given, and what
// is wrong, or "".
func splitChecks(fields []string) (rest []string, given [2]uint8, msg string) {
	i := -1
	switch {
	case len(fields) >= 5 && strings.Contains(fields[4], "+"):
		i = 4
	case len(fields) == 7 && strings.Contains(fields[6], "+"):
		i = 6
	}
	if i < 0 {
		return fields, given, ""
	}
	field := fields[i]
	remaining := true
	if strings.HasPrefix(field, "+") {
		field, remaining = field[1:], false
	}
	a, b, ok := strings.Cut(field, "+")
	w, err1 := strconv.Atoi(a)
	bl, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || w < 0 || w > 3 || bl < 0 || bl > 3 || strings.HasPrefix(a, "+") || strings.HasPrefix(b, "+") {
		return nil, given, fmt.Sprintf("want checks as \"3+3\" (to give) or \"+0+0\" (given), each 0 to 3, have %q", fields[i])
	}
	given = [2]uint8{uint8(w), uint8(bl)}
	if remaining {
		given = [2]uint8{uint8(3 - w), uint8(3 - bl)}
	}
	rest = make([]string, 0, len(fields)-1)
	rest = append(rest, fields[:i]...)
	return append(rest, fields[i+1:]...), given, ""
}

// checkVariantBoard checks the kings and pawns of a variant's board, in
// place of standard chess's rules; it returns what is wrong, or "".
func (p *Position) checkVariantBoard(v Variant) string {
	switch v {
	case Antichess:
		if p.byType[0] == 0 {
			return "the board is empty"
		}
	case Atomic:
		// A king may be gone: checkVariantChecks wants the one of the
		// side not to move.
		for c := White; c <= Black; c++ {
			if n := p.Pieces(c, King).Count(); n > 1 {
				return fmt.Sprintf("%v has %d kings, want 1", c, n)
			}
		}
	case Horde:
		if n := p.byType[King].Count(); n != 1 {
			return fmt.Sprintf("%d kings, want 1 (for the side that is not the horde)", n)
		}
		for c := White; c <= Black; c++ {
			// The side without a king may have pawns on its first rank.
			back := Rank1 | Rank8
			if p.Pieces(c, King) == 0 {
				back = Rank8
				if c == Black {
					back = Rank1
				}
			}
			if b := p.Pieces(c, Pawn) & back; b != 0 {
				return fmt.Sprintf("pawn on %v (last rank)", b.First())
			}
		}
		return ""
	default:
		for c := White; c <= Black; c++ {
			if n := p.Pieces(c, King).Count(); n != 1 {
				return fmt.Sprintf("%v has %d kings, want 1", c, n)
			}
		}
	}
	if v == RacingKings && p.byType[Pawn] != 0 {
		return fmt.Sprintf("pawn on %v: Racing Kings has no pawns", p.byType[Pawn].First())
	}
	if b := p.byType[Pawn] & (Rank1 | Rank8); b != 0 {
		return fmt.Sprintf("pawn on %v (first or last rank)", b.First())
	}
	return ""
}

// checkVariantChecks checks that the side not to move is not in check, by
// the variant's rules (Racing Kings: neither side; Antichess has no check;
// in Atomic, that side must have its king, and kings that touch are not in
// check); it returns what is wrong, or "".
func (p *Position) checkVariantChecks(v Variant) string {
	switch them := p.side() ^ 1; v {
	case Antichess:
		return ""
	case Atomic:
		if p.Pieces(them, King) == 0 {
			return fmt.Sprintf("%v has no king but it is %v to move", them, p.side())
		}
		if p.atomicCheckers(them) != 0 {
			return fmt.Sprintf("%v is in check but it is %v to move", them, p.side())
		}
		return ""
	}
	for c := White; c <= Black; c++ {
		if c == p.side() && v != RacingKings {
			continue
		}
		k := p.Pieces(c, King)
		if k != 0 && p.attackersTo(k.First(), p.byType[0])&p.byColor[c^1] != 0 {
			if v == RacingKings {
				return fmt.Sprintf("%v is in check: Racing Kings has no checks", c)
			}
			return fmt.Sprintf("%v is in check but it is %v to move", c, c^1)
		}
	}
	return ""
}

// checkVariantMoves checks that a MoveList holds every move either side
// could make (MaxMoves-1), where the variant's material is not bounded
// like standard chess's: Antichess's kings, Horde's horde and
// Crazyhouse's pockets. Moves past the generator's writers (writerMoves)
// are written by slower paths (pseudoMovesByPiece, generateCrazyhouse).
// It returns what is wrong, or "".
func (p *Position) checkVariantMoves() string {
	if p.variant != Antichess && p.variant != Horde && p.variant != Crazyhouse {
		return ""
	}
	limit, holder := MaxMoves-1, "a MoveList holds"
	st, checkers := p.st, p.checkers
	defer func() { p.st, p.checkers = st, checkers }()
	for c := White; c <= Black; c++ {
		if p.variant == Horde && p.Pieces(c, King) != 0 {
			continue
		}
		p.setSide(c)
		if n := p.variantMoves(nil, genAll); n > limit {
			return fmt.Sprintf("%v could make %d moves, more than %s", c, n, holder)
		}
	}
	return ""
}
