package game

import (
	"strings"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/san"
)

// RenderOptions say how Render draws the board.
type RenderOptions struct {
	// Unicode draws the pieces as chess figurines (♔♕♖♗♘♙ for White,
	// ♚♛♜♝♞♟ for Black) instead of FEN letters.
	Unicode bool
	// Flip draws the board from Black's side: rank 1 at the top, the h-file
	// on the left.
	Flip bool
	// Color paints the squares with ANSI escape codes (256-colour
	// backgrounds), marks the last move's squares and a king in check.
	Color bool
	// BoardOnly leaves out the lines below the board (side to move, last
	// move, FEN and status).
	BoardOnly bool
}

// ANSI escape codes of the coloured board.
const (
	ansiReset      = "\x1b[0m"
	ansiLight      = "\x1b[48;5;180m" // light squares: tan
	ansiDark       = "\x1b[48;5;137m" // dark squares: brown
	ansiLastLight  = "\x1b[48;5;187m" // the last move's squares
	ansiLastDark   = "\x1b[48;5;143m"
	ansiCheck      = "\x1b[48;5;167m" // a king in check
	ansiWhitePiece = "\x1b[1;97m"
	ansiBlackPiece = "\x1b[1;30m"
)

// figurines holds the Unicode chess symbols by colour and piece type.
var figurines = [2][7]string{
	{"", "♙", "♘", "♗", "♖", "♕", "♔"},
	{"", "♟", "♞", "♝", "♜", "♛", "♚"},
}

// String draws the board from White's side in ASCII with the lines below
// it; see Render.
func (g *Game) String() string { return g.Render(RenderOptions{}) }

// Render draws the board as text for a terminal, the way a person reads
// it: ranks numbered on the left, files lettered below, and under the board
// the side to move, the last move (in UCI and SAN), the FEN and the status.
//
//	  +-----------------+
//	8 | r n b q k b n r |
//	7 | p p p p . p p p |
//	...
//	1 | R N B Q K B . R |
//	  +-----------------+
//	    a b c d e f g h
func (g *Game) Render(o RenderOptions) string {
	var b strings.Builder
	b.Grow(1024)
	if o.Color {
		g.renderColor(&b, o)
	} else {
		g.renderPlain(&b, o)
	}
	if !o.BoardOnly {
		g.renderInfo(&b)
	}
	return b.String()
}

// squareAt returns the square shown at row r (0 at the top) and column c
// (0 on the left).
func squareAt(r, c int, flip bool) core.Square {
	if flip {
		return core.NewSquare(7-c, r)
	}
	return core.NewSquare(c, 7-r)
}

// fileLetters returns the file letters in the order shown, joined by sep.
func fileLetters(flip bool, sep string) string {
	files := []string{"a", "b", "c", "d", "e", "f", "g", "h"}
	if flip {
		for i, j := 0, 7; i < j; i, j = i+1, j-1 {
			files[i], files[j] = files[j], files[i]
		}
	}
	return strings.Join(files, sep)
}

// pieceText returns how p is drawn, and "" for an empty square.
func pieceText(p core.Piece, unicode bool) string {
	if p == core.NoPiece {
		return ""
	}
	if unicode {
		return figurines[p.Color()&1][p.Type()&7]
	}
	return string(p.Letter())
}

func (g *Game) renderPlain(b *strings.Builder, o RenderOptions) {
	const border = "  +-----------------+\n"
	b.WriteString(border)
	for r := range 8 {
		sq := squareAt(r, 0, o.Flip)
		b.WriteByte(byte('1' + sq.Rank()))
		b.WriteString(" |")
		for c := range 8 {
			b.WriteByte(' ')
			t := pieceText(g.pos.PieceAt(squareAt(r, c, o.Flip)), o.Unicode)
			switch {
			case t != "":
				b.WriteString(t)
			case o.Unicode:
				b.WriteString("·")
			default:
				b.WriteByte('.')
			}
		}
		b.WriteString(" |\n")
	}
	b.WriteString(border)
	b.WriteString("    " + fileLetters(o.Flip, " ") + "\n")
}

func (g *Game) renderColor(b *strings.Builder, o RenderOptions) {
	last := g.LastMove()
	var lastSquares core.Bitboard
	if last != core.NoMove {
		lastSquares = last.From().Bitboard() | last.To().Bitboard()
		if last.IsCastle() {
			// Mark where the king went, not only the rook it "took".
			prev := g.pos
			prev.UnmakeMove(last, g.history[len(g.history)-1].undo)
			lastSquares |= prev.CastleKingSquare(last).Bitboard()
		}
	}
	check := core.NoSquare
	if g.pos.InCheck() {
		check = g.pos.KingSquare(g.pos.SideToMove())
	}
	for r := range 8 {
		sq := squareAt(r, 0, o.Flip)
		b.WriteByte(byte('1' + sq.Rank()))
		b.WriteByte(' ')
		for c := range 8 {
			sq := squareAt(r, c, o.Flip)
			dark := core.DarkSquares.Has(sq)
			switch {
			case sq == check:
				b.WriteString(ansiCheck)
			case lastSquares.Has(sq) && dark:
				b.WriteString(ansiLastDark)
			case lastSquares.Has(sq):
				b.WriteString(ansiLastLight)
			case dark:
				b.WriteString(ansiDark)
			default:
				b.WriteString(ansiLight)
			}
			p := g.pos.PieceAt(sq)
			if p == core.NoPiece {
				b.WriteString("   ")
				continue
			}
			if p.Color() == core.White {
				b.WriteString(ansiWhitePiece)
			} else {
				b.WriteString(ansiBlackPiece)
			}
			// The outlined figurines for White and the solid ones for
			// Black, as without colour: the shape tells the sides apart
			// in a copied screen and where bold black shows as grey.
			t := pieceText(p, o.Unicode)
			b.WriteString(" " + t + " ")
		}
		b.WriteString(ansiReset + "\n")
	}
	b.WriteString("   " + fileLetters(o.Flip, "  ") + "\n")
}

// renderInfo writes the lines below the board.
func (g *Game) renderInfo(b *strings.Builder) {
	b.WriteString("Side to move: " + g.pos.SideToMove().String() + "\n")
	b.WriteString("Last move: ")
	if n := len(g.history); n == 0 {
		b.WriteString("none\n")
	} else {
		last := g.history[n-1]
		prev := g.pos
		prev.UnmakeMove(last.move, last.undo)
		b.WriteString(prev.UCI(last.move) + " (" + san.Format(&prev, last.move) + ")\n")
	}
	b.WriteString("FEN: " + g.pos.FEN() + "\n")
	b.WriteString("Status: ")
	if g.status != Ongoing {
		b.WriteString(g.Outcome().String())
	} else {
		b.WriteString(Ongoing.String())
		if g.pos.InCheck() {
			b.WriteString(", " + g.pos.SideToMove().String() + " in check")
		}
		if s := g.ClaimableDraw(); s != Ongoing {
			b.WriteString(", a draw by " + s.String() + " can be claimed")
		}
	}
	b.WriteString("\n")
}
