package core

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ErrInvalidFEN is the error every FEN parse failure matches with errors.Is.
var ErrInvalidFEN = errors.New("invalid FEN")

// FENError reports what is wrong with a FEN: the field and the problem.
type FENError struct {
	FEN   string // the input
	Field string // "board", "side to move", "castling", "en passant", "halfmove clock", "fullmove number", "fields", or a variant's: "checks", "pockets"
	Msg   string // what is wrong
}

func (e *FENError) Error() string {
	return fmt.Sprintf("core: invalid FEN %q: %s: %s", e.FEN, e.Field, e.Msg)
}

// Unwrap returns ErrInvalidFEN.
func (e *FENError) Unwrap() error { return ErrInvalidFEN }

// ParseFEN reads a position in Forsyth-Edwards Notation. The castling field
// may be standard ("KQkq"), X-FEN (K/Q for the outermost rook, a file letter
// for an inner one) or Shredder-FEN (file letters, "HAha"); a king or rook
// off its standard square marks the position as Chess960. The two move
// counters may be left out (they default to 0 and 1).
//
// It returns a *FENError, matching ErrInvalidFEN, naming the field and the
// problem when the text is not a FEN or the position is not legal: wrong
// field count, bad piece letters or rank lengths, missing or extra kings,
// pawns on the first or last rank, more pieces than promotions can give,
// the side not to move in check, castling rights without king and rook in
// place, an impossible en-passant square, or counters that are not
// non-negative numbers. Positions that are consistent field by field but
// unreachable by retrograde reasoning (such as an en-passant square while a
// knight gives check, which some published perft suites contain) are
// accepted.
func ParseFEN(fen string) (Position, error) {
	return parseFEN(Standard, fen)
}

// parseFEN reads a FEN of variant v: ParseFEN for Standard, and
// ParseVariantFEN (variant_fen.go), which states the variants' rules.
func parseFEN(v Variant, fen string) (Position, error) {
	var p Position
	fail := func(field, format string, args ...any) (Position, error) {
		return Position{}, &FENError{FEN: fen, Field: field, Msg: fmt.Sprintf(format, args...)}
	}
	fields := strings.Fields(fen)
	var given [2]uint8
	if v == ThreeCheck {
		var msg string
		if fields, given, msg = splitChecks(fields); msg != "" {
			return fail("checks", "%s", msg)
		}
	}
	if len(fields) < 4 || len(fields) > 6 {
		return fail("fields", "want 6 space-separated fields (or 4, without the counters), have %d", len(fields))
	}
	if v == Crazyhouse {
		var msg string
		if fields[0], p.pockets, p.promoted, msg = splitPockets(fields[0]); msg != "" {
			return fail("pockets", "%s", msg)
		}
	}

	// Board.
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != 8 {
		return fail("board", "want 8 ranks separated by '/', have %d", len(ranks))
	}
	for i, row := range ranks {
		r := 7 - i
		f := 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			if c >= '1' && c <= '8' {
				f += int(c - '0')
				continue
			}
			pc, ok := pieceFromLetter(c)
			if !ok {
				return fail("board", "rank %d: invalid piece letter %q", r+1, c)
			}
			if f > 7 {
				return fail("board", "rank %d has more than 8 squares", r+1)
			}
			p.put(pc, NewSquare(f, r))
			f++
		}
		if f != 8 {
			return fail("board", "rank %d has %d squares, want 8", r+1, f)
		}
	}
	if v == Standard {
		for c := White; c <= Black; c++ {
			if n := p.Pieces(c, King).Count(); n != 1 {
				return fail("board", "%v has %d kings, want 1", c, n)
			}
		}
		if b := p.byType[Pawn] & (Rank1 | Rank8); b != 0 {
			return fail("board", "pawn on %v (first or last rank)", b.First())
		}
	} else if msg := p.checkVariantBoard(v); msg != "" {
		return fail("board", "%s", msg)
	}
	// Every piece beyond the starting set must be a promoted pawn. This also
	// bounds the legal moves of a standard position to 218. Horde's side
	// without a king starts with 36 pawns and is not bounded here; in
	// Crazyhouse a side may have more, and the bound is on both sides
	// (checkVariantMoves bounds their moves).
	if v == Crazyhouse {
		if field, msg := p.checkCrazyhouse(); msg != "" {
			return fail(field, "%s", msg)
		}
	}
	for c := White; c <= Black; c++ {
		if v == Horde && p.Pieces(c, King) == 0 || v == Crazyhouse {
			continue
		}
		extra := p.Pieces(c, Pawn).Count()
		if v == Antichess {
			extra += max(p.Pieces(c, King).Count()-1, 0)
		}
		for t, start := range [...]int{Knight: 2, Bishop: 2, Rook: 2, Queen: 1} {
			if t >= int(Knight) {
				extra += max(p.Pieces(c, PieceType(t)).Count()-start, 0)
			}
		}
		if extra > 8 {
			return fail("board", "%v has more pieces than 8 pawns and their promotions can give", c)
		}
	}

	// Side to move.
	switch fields[1] {
	case "w":
		p.setSide(White)
	case "b":
		p.setSide(Black)
	default:
		return fail("side to move", "want \"w\" or \"b\", have %q", fields[1])
	}
	if v == Standard {
		if p.attackersTo(p.KingSquare(p.side()^1), p.byType[0])&p.byColor[p.side()] != 0 {
			return fail("side to move", "%v is in check but it is %v to move", p.side()^1, p.side())
		}
	} else if msg := p.checkVariantChecks(v); msg != "" {
		return fail("side to move", "%s", msg)
	}

	// Castling. Antichess and Racing Kings have none: like lichess, their
	// rights are ignored.
	castling := fields[2]
	if v == Antichess || v == RacingKings {
		castling = "-"
	}
	if err := p.parseCastling(castling); err != "" {
		return fail("castling", "%s", err)
	}

	// En passant.
	p.setEP(NoSquare)
	if fields[3] != "-" {
		ep, err := ParseSquare(fields[3])
		if err != nil {
			return fail("en passant", "want a square or \"-\", have %q", fields[3])
		}
		// The pawn that just advanced two squares stands in front of ep,
		// seen from the side that moved it; ep and the square it came from
		// are empty.
		rank, pawnSq, fromSq := 5, ep-8, ep+8
		if p.side() == Black {
			rank, pawnSq, fromSq = 2, ep+8, ep-8
		}
		switch {
		case ep.Rank() != rank:
			return fail("en passant", "%v is not on rank %d", ep, rank+1)
		case p.board[pawnSq] != NewPiece(p.side()^1, Pawn):
			return fail("en passant", "no %v pawn on %v in front of %v", p.side()^1, pawnSq, ep)
		case p.board[ep] != NoPiece || p.board[fromSq] != NoPiece:
			return fail("en passant", "%v or %v is occupied, so no pawn just passed %v", ep, fromSq, ep)
		}
		if PawnAttacks(p.side()^1, ep)&p.Pieces(p.side(), Pawn) != 0 {
			p.setEP(ep)
		}
	}

	// Counters.
	p.fullmove = 1
	if len(fields) > 4 {
		n, err := strconv.Atoi(fields[4])
		if err != nil || n < 0 || n > 1<<30 {
			return fail("halfmove clock", "want a non-negative number, have %q", fields[4])
		}
		p.setHalfmove(n)
	}
	if len(fields) > 5 {
		n, err := strconv.Atoi(fields[5])
		if err != nil || n < 0 || n > 1<<30 {
			return fail("fullmove number", "want a non-negative number, have %q", fields[5])
		}
		p.fullmove = max(n, 1) // some writers start at 0
	}
	p.variant, p.checks = v, given
	p.hash = p.computeHash()
	p.checkers = p.computeCheckers()
	if v != Standard {
		if msg := p.checkVariantMoves(); msg != "" {
			return fail("board", "%s", msg)
		}
	}
	return p, nil
}

// parseCastling reads the castling field into p; it returns what is wrong,
// or "".
func (p *Position) parseCastling(field string) string {
	for i := range p.castleMask {
		p.castleMask[i] = 15
	}
	for i := range p.castleRook {
		p.castleRook[i] = NoSquare
	}
	if field == "-" {
		return ""
	}
	var rights uint8 // written to st once, at the end
	for j := 0; j < len(field); j++ {
		c := field[j]
		color := White
		if c >= 'a' && c <= 'z' {
			color = Black
		}
		back := 0
		if color == Black {
			back = 7
		}
		ksq := p.KingSquare(color)
		if ksq.Rank() != back {
			return fmt.Sprintf("%q: the %v king is not on its first rank", c, color)
		}
		rooks := p.Pieces(color, Rook) & (Rank1 << (8 * back))
		var rsq Square = NoSquare
		switch lc := c | 0x20; {
		case lc == 'k': // outermost rook on the h-side
			for f := 7; f > ksq.File(); f-- {
				if rooks.Has(NewSquare(f, back)) {
					rsq = NewSquare(f, back)
					break
				}
			}
		case lc == 'q': // outermost rook on the a-side
			for f := 0; f < ksq.File(); f++ {
				if rooks.Has(NewSquare(f, back)) {
					rsq = NewSquare(f, back)
					break
				}
			}
		case lc >= 'a' && lc <= 'h':
			if sq := NewSquare(int(lc-'a'), back); rooks.Has(sq) && sq != ksq {
				rsq = sq
			}
		default:
			return fmt.Sprintf("invalid letter %q", c)
		}
		if rsq == NoSquare {
			return fmt.Sprintf("%q: no %v rook to castle with", c, color)
		}
		i := 2 * int(color)
		if rsq < ksq {
			i++
		}
		if rights&(1<<i) != 0 {
			return fmt.Sprintf("%q: a second right for the same side", c)
		}
		rights |= 1 << i
		p.castleRook[i] = rsq
		kTo, rTo := castleTargets(i)
		p.castleKingPath[i] = Between(ksq, kTo) | kTo.Bitboard()
		p.castlePath[i] = (p.castleKingPath[i] | Between(rsq, rTo) | rTo.Bitboard()) &^ (ksq.Bitboard() | rsq.Bitboard())
		p.castleMask[rsq] &^= 1 << i
		p.castleMask[ksq] &^= 3 << (2 * int(color))
		if ksq.File() != 4 || (rsq.File() != 0 && rsq.File() != 7) {
			p.chess960 = true
		}
	}
	p.setCastling(rights)
	return ""
}

// FEN returns the position in Forsyth-Edwards Notation. Castling is written
// as X-FEN: K, Q, k, q for the outermost rook on each side, which is every
// standard position, and the rook's file letter otherwise. The en-passant
// square is written only when an en-passant capture is legal, so equal
// positions give equal FENs.
func (p *Position) FEN() string {
	var sb strings.Builder
	sb.Grow(90)
	writePlacement(&sb, &p.board, p.promoted)
	if p.variant == Crazyhouse {
		p.writePockets(&sb)
	}
	if p.side() == White {
		sb.WriteString(" w ")
	} else {
		sb.WriteString(" b ")
	}
	sb.WriteString(p.castlingString())
	sb.WriteByte(' ')
	sb.WriteString(p.EnPassant().String())
	sb.WriteByte(' ')
	if p.variant == ThreeCheck {
		// lichess's form: the checks each side still has to give.
		sb.WriteString(strconv.Itoa(3 - int(p.checks[White])))
		sb.WriteByte('+')
		sb.WriteString(strconv.Itoa(3 - int(p.checks[Black])))
		sb.WriteByte(' ')
	}
	sb.WriteString(strconv.Itoa(p.halfmove()))
	sb.WriteByte(' ')
	sb.WriteString(strconv.Itoa(p.fullmove))
	return sb.String()
}

// castlingString writes the castling rights as X-FEN.
func (p *Position) castlingString() string {
	if p.castling() == 0 {
		return "-"
	}
	var b []byte
	for i := range 4 {
		if p.castling()&(1<<i) == 0 {
			continue
		}
		color := Color(i / 2)
		rsq := p.castleRook[i]
		// Outermost: no other rook of ours between this one and its edge.
		edge := NewSquare(7, rsq.Rank())
		letter := byte('K')
		if i&1 != 0 {
			edge, letter = NewSquare(0, rsq.Rank()), 'Q'
		}
		if (Between(rsq, edge)|edge.Bitboard())&^rsq.Bitboard()&p.Pieces(color, Rook) != 0 {
			letter = byte('A' + rsq.File())
		}
		if color == Black {
			letter |= 0x20
		}
		b = append(b, letter)
	}
	return string(b)
}

// PlacementFEN returns the first field of a FEN, the pieces on board
// (indexed by Square) rank 8 first, as Position.FEN writes it. It lets a
// board being set up, which need not be a legal position yet, be written
// and then read with ParseFEN.
func PlacementFEN(board *[64]Piece) string {
	var sb strings.Builder
	sb.Grow(71)
	writePlacement(&sb, board, 0)
	return sb.String()
}

// writePlacement writes the piece placement field of a FEN, with a '~'
// after each piece on a square of promoted (Crazyhouse's promoted pieces).
func writePlacement(sb *strings.Builder, board *[64]Piece, promoted Bitboard) {
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			pc := board[NewSquare(f, r)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteByte(pc.Letter())
			if promoted.Has(NewSquare(f, r)) {
				sb.WriteByte('~')
			}
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
}
