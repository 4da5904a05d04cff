package san

import "github.com/gambit-chess/gambit/core"

// notation is a move as written, read without looking at the board: what
// the text says about the piece, the squares and the promotion. Matching it
// against the legal moves is Parse's job.
type notation struct {
	piece    core.PieceType // NoPieceType when no piece letter is written
	fromFile int8           // -1 when not written
	fromRank int8           // -1 when not written
	to       core.Square
	promo    core.PieceType // NoPieceType when none is written
	castle   castling
	drop     bool // a Crazyhouse drop ("N@f3", "@e4"): piece and to are set
}

// castling is the castling a notation names, if any.
type castling uint8

const (
	noCastling castling = iota
	shortCastling
	longCastling
)

// Reasons for a syntax error, as constants so reading allocates nothing.
const (
	reasonEmpty     = "empty move"
	reasonNoSquare  = "no destination square"
	reasonExtra     = "unexpected text before the destination square"
	reasonBadPromo  = "promotion piece without a pawn move to the last rank"
	reasonNullMove  = "a null move is not a legal move"
	reasonCastling  = "castling must be O-O or O-O-O"
	reasonNotStrict = "not canonical SAN"
	reasonDrop      = "a drop is a pawn, knight, bishop, rook or queen, '@' and a square"
	reasonNoDrops   = "a drop is Crazyhouse's notation"
)

// readNotation reads the forgiving notation Parse accepts: SAN with any
// check, mate or annotation suffix and "e.p.", figurines, optional 'x' and
// '=', any disambiguation, long algebraic ("Ng1-f3", "e2-e4"), UCI
// ("e2e4", "e7e8q") and Crazyhouse drops ("N@f3", "@e4", "P@e4"). A pawn
// promotes to a knight, bishop, rook or queen, and to a king too with
// kingPromotion (Antichess). It returns a reason when s is none of these.
func readNotation(s string, kingPromotion bool) (n notation, reason string) {
	n.fromFile, n.fromRank = -1, -1
	maxPromo := core.Queen
	if kingPromotion {
		maxPromo = core.King
	}
	s = stripSuffixes(s)
	if s == "" {
		return n, reasonEmpty
	}
	// A drop's '@' comes first, after a letter or after a figurine.
	for _, i := range [3]int{0, 1, 3} {
		if i < len(s) && s[i] == '@' {
			return readDrop(n, s, i)
		}
	}
	if c, ok := readCastling(s); ok {
		n.castle = c
		return n, ""
	} else if s[0] == 'O' || s[0] == '0' {
		return n, reasonCastling
	}

	i, j := 0, len(s)
	if t, size := leadingPiece(s); size > 0 {
		n.piece, i = t, size
	}
	// A promotion at the end: "=Q", "Q", "=q", "/Q", "(Q)", "=♕".
	if j-i >= 3 && s[j-1] == ')' && s[j-3] == '(' {
		t, size := trailingPiece(s[:j-1])
		if size != 1 || t < core.Knight || t > maxPromo {
			return n, reasonNoSquare
		}
		n.promo, j = t, j-3
	} else if t, size := trailingPiece(s[i:j]); size > 0 && t >= core.Knight && t <= maxPromo {
		n.promo, j = t, j-size
		if j > i && (s[j-1] == '=' || s[j-1] == '/') {
			j--
		}
	}
	if j-i < 2 || !isFile(s[j-2]) || !isRank(s[j-1]) {
		return n, reasonNoSquare
	}
	n.to = core.NewSquare(int(s[j-2]-'a'), int(s[j-1]-'1'))
	j -= 2
	// The separator of a capture or a long algebraic move.
	if j > i && (s[j-1] == 'x' || s[j-1] == ':' || s[j-1] == '-') {
		j--
	} else if j-i >= 2 && s[j-2] == 0xC3 && s[j-1] == 0x97 { // U+00D7 '×'
		j -= 2
	}
	// What is left is the disambiguation: a file, a rank, or both.
	if j > i && isRank(s[j-1]) {
		n.fromRank = int8(s[j-1] - '1')
		j--
	}
	if j > i && isFile(s[j-1]) {
		n.fromFile = int8(s[j-1] - 'a')
		j--
	}
	if j != i {
		return n, reasonExtra
	}
	if n.promo != core.NoPieceType && n.piece != core.NoPieceType && n.piece != core.Pawn {
		return n, reasonBadPromo
	}
	// Without a piece letter, a rank alone ("1f3") is no notation.
	if n.piece == core.NoPieceType && n.fromRank >= 0 && n.fromFile < 0 {
		return n, reasonExtra
	}
	// A pawn move without a file is a push: "d5" never means "exd5".
	if n.fromFile < 0 && (n.piece == core.Pawn || n.piece == core.NoPieceType) {
		n.fromFile = int8(n.to.File())
	}
	return n, ""
}

// readDrop reads a Crazyhouse drop, s with its '@' at i: a piece letter
// (P, N, B, R, Q in either case) or figurine before it, or nothing for a
// pawn ("@e4", as chessops writes a pawn drop), and the square after it.
func readDrop(n notation, s string, i int) (notation, string) {
	n.drop, n.piece = true, core.Pawn
	if i > 0 {
		t, size := leadingPiece(s)
		switch s[0] {
		case 'p':
			t, size = core.Pawn, 1
		case 'b':
			t, size = core.Bishop, 1
		}
		if size != i || t == core.King {
			return n, reasonDrop
		}
		n.piece = t
	}
	if len(s) != i+3 || !isFile(s[i+1]) || !isRank(s[i+2]) {
		return n, reasonDrop
	}
	n.to = core.NewSquare(int(s[i+1]-'a'), int(s[i+2]-'1'))
	return n, ""
}

// IsNullMove reports whether s is a null move (a pass) as PGN writers write
// it: "--", "Z0" (ChessBase), "0000" (UCI) or "@@@@", with any suffix. A
// null move is not a legal move, so Parse rejects it with ErrIllegal; a
// reader that allows null moves asks IsNullMove first.
func IsNullMove(s string) bool {
	s = stripSuffixes(s)
	return s == "--" || s == "Z0" || s == "0000" || s == "@@@@"
}

// stripSuffixes removes surrounding spaces and everything that may follow
// the move itself: '+', '#', the annotations !, ?, !!, ??, !?, ?! in any
// mix, and "e.p.".
func stripSuffixes(s string) string {
	for {
		s = trimSpace(s)
		n := len(s)
		switch {
		case n == 0:
			return s
		case s[n-1] == '+' || s[n-1] == '#' || s[n-1] == '!' || s[n-1] == '?':
			s = s[:n-1]
		case hasSuffix(s, "e.p."):
			s = s[:n-4]
		case hasSuffix(s, "e.p"):
			s = s[:n-3]
		case hasSuffix(s, "ep") && n > 2 && isRank(s[n-3]):
			s = s[:n-2]
		default:
			return s
		}
	}
}

// readCastling reads O-O or O-O-O, written with letter O, lower-case o or
// digit 0, with or without the dashes.
func readCastling(s string) (castling, bool) {
	os, dash := 0, true // dash: the previous byte was a dash (or the start)
	for k := 0; k < len(s); k++ {
		switch s[k] {
		case 'O', 'o', '0':
			os++
			dash = false
		case '-':
			if dash {
				return noCastling, false
			}
			dash = true
		default:
			return noCastling, false
		}
	}
	switch {
	case dash:
		return noCastling, false
	case os == 2:
		return shortCastling, true
	case os == 3:
		return longCastling, true
	}
	return noCastling, false
}

// leadingPiece reads the piece a move starts with: an upper-case letter
// (P for a pawn), a figurine of either colour, or one of the lower-case
// letters that cannot be a file (n, r, q, k). It returns its size in bytes,
// 0 when there is none.
func leadingPiece(s string) (core.PieceType, int) {
	if t, ok := figurine(s); ok {
		return t, 3
	}
	switch s[0] {
	case 'P':
		return core.Pawn, 1
	case 'N', 'n':
		return core.Knight, 1
	case 'B':
		return core.Bishop, 1
	case 'R', 'r':
		return core.Rook, 1
	case 'Q', 'q':
		return core.Queen, 1
	case 'K', 'k':
		return core.King, 1
	}
	return core.NoPieceType, 0
}

// trailingPiece reads a piece at the end of s, where a promotion stands:
// a letter of either case or a figurine. It returns its size in bytes, 0
// when there is none.
func trailingPiece(s string) (core.PieceType, int) {
	n := len(s)
	if n >= 3 {
		if t, ok := figurine(s[n-3:]); ok {
			return t, 3
		}
	}
	if n == 0 {
		return core.NoPieceType, 0
	}
	switch s[n-1] {
	case 'N', 'n':
		return core.Knight, 1
	case 'B', 'b':
		return core.Bishop, 1
	case 'R', 'r':
		return core.Rook, 1
	case 'Q', 'q':
		return core.Queen, 1
	case 'K', 'k':
		return core.King, 1
	}
	return core.NoPieceType, 0
}

// figurine reads a chess figurine (U+2654 to U+265F, white ♔ to black ♟)
// at the start of s.
func figurine(s string) (core.PieceType, bool) {
	if len(s) < 3 || s[0] != 0xE2 || s[1] != 0x99 || s[2] < 0x94 || s[2] > 0x9F {
		return core.NoPieceType, false
	}
	// ♔♕♖♗♘♙ are king, queen, rook, bishop, knight, pawn: the reverse of
	// the piece type order.
	return core.King - core.PieceType((s[2]-0x94)%6), true
}

func isFile(c byte) bool { return c >= 'a' && c <= 'h' }
func isRank(c byte) bool { return c >= '1' && c <= '8' }

// trimSpace removes ASCII white space at both ends, without allocating.
func trimSpace(s string) string {
	for len(s) > 0 && isSpace(s[0]) {
		s = s[1:]
	}
	for len(s) > 0 && isSpace(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	return s
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func hasSuffix(s, suffix string) bool {
	return len(s) >= len(suffix) && s[len(s)-len(suffix):] == suffix
}
