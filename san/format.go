package san

import "github.com/gambit-chess/gambit/core"

// Style selects a variant of the notation Format writes. Styles combine
// with |; the zero Style is canonical SAN.
type Style uint8

const (
	// Long writes long algebraic notation: the from square always, then
	// '-' or 'x', as in "Ng1-f3", "e2-e4", "e4xd5". Castling stays O-O.
	Long Style = 1 << iota
	// Figurine writes pieces as figurines, "♘f3" for "Nf3", "e8=♕" for
	// "e8=Q". Like printed books it uses the white figurines for both
	// sides, so the symbol names the piece, not its colour.
	Figurine
)

// pieceLetters holds the SAN letter of each piece type.
const pieceLetters = "?PNBRQK?"

// figurines holds the white figurine of each piece type, 3 bytes each in
// UTF-8, at index 3*type.
const figurines = "???♙♘♗♖♕♔"

// maxLen bounds the length of anything AppendFormat writes: "e7xd8=♕#"
// in long figurine form is 10 bytes.
const maxLen = 16

// Format returns the canonical SAN of m, a legal move of p: the piece
// letter, the disambiguation needed among the legal moves (the file if it
// suffices, else the rank, else both), 'x' for a capture, "=Q" for a
// promotion, O-O or O-O-O for castling, a Crazyhouse drop as the piece
// letter, '@' and the square ("N@f3", and "@e4" for a pawn, as lichess
// writes them), and '+' or '#' when the move gives check or mate (in a
// variant, '#' when the move decides the game; see the package
// documentation).
//
// m must be a legal move of p, such as one from LegalMoves or Parse. Format
// never panics: it returns "--" (PGN's null move) for core.NoMove and the
// coordinate form ("e2e5") for a move that is not legal in p.
func Format(p *core.Position, m core.Move) string {
	var buf [maxLen]byte
	return string(AppendFormat(buf[:0], p, m, 0))
}

// FormatStyle is Format in the given style: Long, Figurine, or both.
func FormatStyle(p *core.Position, m core.Move, style Style) string {
	var buf [maxLen]byte
	return string(AppendFormat(buf[:0], p, m, style))
}

// AppendFormat appends the notation of m in p, in the given style, to dst
// and returns the extended slice. It allocates only when dst must grow.
func AppendFormat(dst []byte, p *core.Position, m core.Move, style Style) []byte {
	var ml core.MoveList
	p.LegalMoves(&ml)
	return appendFormat(dst, p, m, style, &ml)
}

// appendFormat is AppendFormat given the legal moves of p.
func appendFormat(dst []byte, p *core.Position, m core.Move, style Style, ml *core.MoveList) []byte {
	legal := false
	// others holds the squares of the other pieces of the same type that
	// can legally move to the same square: the ones SAN must tell apart.
	var others core.Bitboard
	for _, x := range ml.Moves() {
		if x == m {
			legal = true
		} else if x.To() == m.To() && x.Piece() == m.Piece() && x.From() != m.From() && !x.IsCastle() && !x.IsDrop() {
			others |= x.From().Bitboard()
		}
	}
	if !legal {
		if m == core.NoMove {
			return append(dst, "--"...)
		}
		if m.IsDrop() {
			return append(dst, m.String()...)
		}
		dst = appendSquare(appendSquare(dst, m.From()), m.To())
		if m.IsPromotion() {
			dst = append(dst, pieceLetters[m.Promotion()&7]|0x20)
		}
		return dst
	}

	switch {
	case m.IsDrop():
		// chessops writes a pawn's drop without its letter: "@e4".
		if m.Piece() != core.Pawn {
			dst = appendPiece(dst, m.Piece(), style)
		}
		dst = append(dst, '@')
		dst = appendSquare(dst, m.To())
	case m.IsCastle():
		dst = append(dst, "O-O"...)
		if m.To() < m.From() {
			dst = append(dst, "-O"...)
		}
	case m.Piece() == core.Pawn:
		if style&Long != 0 {
			dst = appendSquare(dst, m.From())
			dst = append(dst, captureSign(m))
		} else if m.IsCapture() {
			dst = append(dst, byte('a'+m.From().File()), 'x')
		}
		dst = appendSquare(dst, m.To())
		if m.IsPromotion() {
			dst = append(dst, '=')
			dst = appendPiece(dst, m.Promotion(), style)
		}
	default:
		dst = appendPiece(dst, m.Piece(), style)
		from := m.From()
		switch {
		case style&Long != 0:
			dst = appendSquare(dst, from)
			dst = append(dst, captureSign(m))
		case others == 0:
		case others&(core.FileA<<from.File()) == 0:
			dst = append(dst, byte('a'+from.File()))
		case others&(core.Rank1<<(8*from.Rank())) == 0:
			dst = append(dst, byte('1'+from.Rank()))
		default:
			dst = appendSquare(dst, from)
		}
		if m.IsCapture() && style&Long == 0 {
			dst = append(dst, 'x')
		}
		dst = appendSquare(dst, m.To())
	}

	// The position after the move tells check and mate. A Position is a
	// plain value, so a copy keeps p untouched for concurrent readers.
	after := *p
	after.MakeMove(m)
	if after.Variant() != core.Standard {
		return appendVariantSuffix(dst, &after)
	}
	if after.InCheck() {
		if after.HasLegalMoves() {
			dst = append(dst, '+')
		} else {
			dst = append(dst, '#')
		}
	}
	return dst
}

// appendVariantSuffix appends the mark of a move that led to after, a
// variant position, as lichess writes it (chessops's makeSanAndPlay): '#'
// when the move decided the game, by checkmate or by the variant's own
// rule (the king on the hill, the third check, a king alone on the eighth
// rank, the horde taken, an Antichess side left without pieces or
// moves), '+' for a check that did not, nothing otherwise. A variant
// without check (Antichess, the horde's side) never gets a '+'; a draw
// never gets a '#'.
func appendVariantSuffix(dst []byte, after *core.Position) []byte {
	switch after.Status() {
	case core.Checkmate, core.VariantWin, core.VariantLoss:
		return append(dst, '#')
	}
	if after.InCheck() {
		return append(dst, '+')
	}
	return dst
}

// captureSign returns the separator of long algebraic notation.
func captureSign(m core.Move) byte {
	if m.IsCapture() {
		return 'x'
	}
	return '-'
}

// appendSquare appends the square's name, such as "e4".
func appendSquare(dst []byte, sq core.Square) []byte {
	return append(dst, byte('a'+sq.File()), byte('1'+sq.Rank()))
}

// appendPiece appends the letter or figurine of piece type t.
func appendPiece(dst []byte, t core.PieceType, style Style) []byte {
	t &= 7
	if style&Figurine != 0 && t >= core.Pawn && t <= core.King {
		return append(dst, figurines[3*t:3*t+3]...)
	}
	return append(dst, pieceLetters[t])
}
