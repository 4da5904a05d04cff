package pgn

import "github.com/gambit-chess/gambit/core"

// The movetext's fast path reads the two tokens that make up most of it,
// a move in plain SAN and a move number, in one pass over a fixed window
// of the buffer: no token is cut out first, no bound is checked per byte.
// It takes only what it is sure of, and leaves anything else (a token
// longer than the window, one near the end of the buffer, an unusual
// notation, an illegal move) to the general path, which reads it as if the
// fast path did not exist.

// window is how many bytes the fast path looks at: a move token, its check
// marks and glyphs, and the byte after it.
const window = 16

// moveStart holds the bytes a move token of the fast path starts with: a
// file, a piece letter, or the O of castling.
var moveStart = func() (s [256]bool) {
	for _, c := range []byte("abcdefghNBRQKO") {
		s[c] = true
	}
	return s
}()

// scanMove reads a move at the start of w in the forms real files write:
// a piece letter or none, the from file or rank or both or neither, an
// 'x' or none, the destination and a promotion; or castling, "O-O" and
// "O-O-O". Check marks and then glyphs may follow, and then a byte that
// ends the token. It fills *m with the move and returns where the glyphs
// start and where the token ends; end is 0 for anything else. What it
// reads, parseSAN reads alike from the token without its glyphs
// (TestScanMoveMatchesParse).
//
// It fills *m rather than return it: a struct of bytes returned in
// registers is stored byte by byte and read back a word at a time, a
// stalled load on every move. Indices are masked to the window, which
// keeps bound checks out: none passes 10 before the marks, and scanMarks
// stops at the window's last byte.
func scanMove(w *[window]byte, m *sanMove) (glyphs, end int) {
	const last = window - 1
	// The two commonest forms, a push ("e4") and a piece's move that
	// names no from square ("Nf3"), each ended by a blank, in a few tests.
	if f, r := w[0]-'a', w[1]-'1'; f < 8 && r < 8 && class[w[2]]&clSymbol == 0 {
		*m = sanMove{piece: core.Pawn, to: core.Square(r<<3 | f), fromFile: -1, fromRank: -1}
		return 2, 2
	}
	if f, r := w[1]-'a', w[2]-'1'; f < 8 && r < 8 && pieceOf[w[0]] != core.NoPieceType && class[w[3]]&clSymbol == 0 {
		*m = sanMove{piece: pieceOf[w[0]], to: core.Square(r<<3 | f), fromFile: -1, fromRank: -1}
		return 3, 3
	}
	// And their captures: "exd5", "Nxe5".
	if f, r := w[2]-'a', w[3]-'1'; w[1] == 'x' && f < 8 && r < 8 && class[w[4]]&clSymbol == 0 {
		if pt := pieceOf[w[0]]; pt != core.NoPieceType {
			*m = sanMove{piece: pt, to: core.Square(r<<3 | f), fromFile: -1, fromRank: -1}
			return 4, 4
		}
		if ff := w[0] - 'a'; ff < 8 {
			*m = sanMove{piece: core.Pawn, to: core.Square(r<<3 | f), fromFile: int8(ff), fromRank: -1}
			return 4, 4
		}
	}
	i := 0
	*m = sanMove{}
	if w[0] == 'O' {
		if w[1] != '-' || w[2] != 'O' {
			return 0, 0
		}
		i = 3
		if w[3] == '-' && w[4] == 'O' {
			m.long, i = true, 5
		}
	} else {
		m.piece = core.Pawn
		if pt := pieceOf[w[0]]; pt != core.NoPieceType {
			m.piece, i = pt, 1
		}
		f, r := int8(-1), int8(-1)
		if c := w[i&last] - 'a'; c < 8 {
			f, i = int8(c), i+1
		}
		if c := w[i&last] - '1'; c < 8 {
			r, i = int8(c), i+1
		}
		capture := w[i&last] == 'x'
		if capture {
			i++
		}
		tf, tr := w[i&last]-'a', w[(i+1)&last]-'1'
		switch {
		case tf < 8 && tr < 8:
			m.fromFile, m.fromRank = f, r
			m.to = core.Square(tr<<3 | tf)
			i += 2
		case f >= 0 && r >= 0 && !capture:
			m.fromFile, m.fromRank = -1, -1
			m.to = core.Square(r<<3 | f)
		default:
			return 0, 0
		}
		if w[i&last] == '=' {
			if m.promo = promotionOf[w[(i+1)&last]]; m.promo == core.NoPieceType {
				return 0, 0
			}
			i += 2
		}
	}
	if class[w[i&last]]&clSymbol == 0 {
		return i, i // the common case: no check mark, no glyph
	}
	return scanMarks(w, i)
}

// scanMarks reads the end of a move token from w[i], where its move ends:
// check marks, then glyphs, then a byte that ends the token.
func scanMarks(w *[window]byte, i int) (glyphs, end int) {
	const last = window - 1
	for i < last && (w[i] == '+' || w[i] == '#') {
		i++
	}
	glyphs = i
	for i < last && (w[i] == '!' || w[i] == '?') {
		i++
	}
	if class[w[i&last]]&clSymbol != 0 {
		return 0, 0 // the token goes on
	}
	return glyphs, i
}

// scanNumber returns the length of the move number token at the start of
// w, digits and then dots ("12.", "12..."), or 0 if there is none.
func scanNumber(w *[window]byte) int {
	const last = window - 1
	// The commonest: one or two digits, a dot or three, and a space.
	if w[0]-'0' < 10 {
		n := 1
		if w[1]-'0' < 10 {
			n = 2
		}
		if w[n] == '.' {
			if w[n+1] == ' ' {
				return n + 1
			}
			if w[n+1] == '.' && w[n+2] == '.' && w[n+3] == ' ' {
				return n + 3
			}
		}
	}
	i := 0
	for i < last && w[i]-'0' < 10 {
		i++
	}
	if i == 0 || w[i&last] != '.' {
		return 0
	}
	for i < last && w[i] == '.' {
		i++
	}
	if class[w[i&last]]&clSymbol != 0 {
		return 0
	}
	return i
}
