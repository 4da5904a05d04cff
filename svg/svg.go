// Package svg draws chess boards as SVG documents: a position with its
// pieces, coordinates, the last move, a check, filled squares, arrows
// (a knight's move drawn as an L) and marks, in a colour scheme.
//
// Board draws a position, Game a game's position after some plies, and
// Animation a whole game as an animated SVG.
//
// The pieces are gambit's own: Staunton outlines drawn for this package,
// under gambit's licence (MIT); the king and the queen fill about 90 % of
// a square's height. Each piece used is defined once in <defs> as a
// <symbol> and placed with <use>. The output is deterministic: the same
// position and options always give the same bytes.
package svg

import (
	"bytes"
	"fmt"
	"html"
	"slices"
	"strings"
	"time"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/game"
)

// sq is the side of a square in the board's own units (the viewBox).
const sq = 45

// margin is the width of the coordinates' border, in the board's units.
const margin = 20

// Colors is a colour scheme. Every field is a CSS colour; an empty field
// takes the DefaultColors one.
type Colors struct {
	Light, Dark string // the squares
	LastMove    string // the last move's from and to squares (drawn translucent)
	Check       string // the checked king's square
	Arrow       string // arrows without a colour of their own
	Mark        string // marks without a colour of their own
	Coord       string // the coordinates' text
	Border      string // the coordinates' border
}

// DefaultColors is the default colour scheme: brown squares.
var DefaultColors = Colors{
	Light:    "#f0d9b5",
	Dark:     "#b58863",
	LastMove: "#cdd26a",
	Check:    "#ff0000",
	Arrow:    "#15781b",
	Mark:     "#15781b",
	Coord:    "#e8e8e8",
	Border:   "#404040",
}

// Arrow is an arrow from one square to another. A knight's move (two
// squares one way and one the other) is drawn as an L, the long leg first.
type Arrow struct {
	From, To core.Square
	Color    string // a CSS colour; empty: the scheme's Arrow
}

// Mark is a circle drawn around a square.
type Mark struct {
	Square core.Square
	Color  string // a CSS colour; empty: the scheme's Mark
}

// Options are how Board draws a position. The zero Options draw a
// 360-pixel board from White's side, without coordinates.
type Options struct {
	Size        int  // width and height in pixels; 0: 360
	Flipped     bool // Black at the bottom
	Coordinates bool // files and ranks in a border around the board
	// LastMove is the move that led to the position, drawn as its from
	// and to squares tinted (a castling tints the king's squares).
	LastMove core.Move
	// NoCheck hides the red square under a king in check.
	NoCheck bool
	Fills   map[core.Square]string // squares filled with a CSS colour
	Arrows  []Arrow
	Marks   []Mark
	Colors  Colors
}

// Board returns an SVG document showing pos as o says.
func Board(pos *core.Position, o Options) []byte {
	var b bytes.Buffer
	writeHeader(&b, o)
	// The pieces on the board, each defined once.
	var used []core.Piece
	for s := core.Square(0); s < 64; s++ {
		if p := pos.PieceAt(s); p != core.NoPiece && !slices.Contains(used, p) {
			used = append(used, p)
		}
	}
	slices.Sort(used)
	writeDefs(&b, used)
	writeBody(&b, pos, o)
	b.WriteString("</svg>\n")
	return b.Bytes()
}

// writeHeader writes the <svg> start tag.
func writeHeader(b *bytes.Buffer, o Options) {
	size := o.Size
	if size <= 0 {
		size = 360
	}
	full := 8 * sq
	if o.Coordinates {
		full += 2 * margin
	}
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" width="%d" height="%d" viewBox="0 0 %d %d">`+"\n", size, size, full, full)
}

// writeDefs defines the pieces' symbols.
func writeDefs(b *bytes.Buffer, pieces []core.Piece) {
	b.WriteString("<defs>\n")
	for _, p := range pieces {
		fmt.Fprintf(b, `<symbol id="%s" viewBox="0 0 45 45">%s</symbol>`+"\n", pieceID(p), pieceShape(p))
	}
	b.WriteString("</defs>\n")
}

// writeBody writes the board, what is drawn on it and the pieces.
func writeBody(b *bytes.Buffer, pos *core.Position, o Options) {
	c := o.Colors
	d := DefaultColors
	for _, f := range []struct {
		v   *string
		def string
	}{
		{&c.Light, d.Light}, {&c.Dark, d.Dark}, {&c.LastMove, d.LastMove}, {&c.Check, d.Check},
		{&c.Arrow, d.Arrow}, {&c.Mark, d.Mark}, {&c.Coord, d.Coord}, {&c.Border, d.Border},
	} {
		if *f.v == "" {
			*f.v = f.def
		}
	}
	off := 0
	if o.Coordinates {
		off = margin
	}
	full := 8*sq + 2*off
	xy := func(s core.Square) (x, y int) {
		f, r := int(s&7), int(s>>3)
		if o.Flipped {
			f, r = 7-f, 7-r
		}
		return off + f*sq, off + (7-r)*sq
	}
	if o.Coordinates {
		fmt.Fprintf(b, `<rect x="0" y="0" width="%d" height="%d" fill="%s"/>`+"\n", full, full, esc(c.Border))
	}
	for s := core.Square(0); s < 64; s++ {
		x, y := xy(s)
		col := c.Light
		if (int(s&7)+int(s>>3))%2 == 0 {
			col = c.Dark
		}
		fmt.Fprintf(b, `<rect class="square" x="%d" y="%d" width="%d" height="%d" fill="%s"/>`+"\n", x, y, sq, sq, esc(col))
	}
	if m := o.LastMove; m != core.NoMove {
		for _, s := range []core.Square{m.From(), m.Dest()} {
			x, y := xy(s)
			fmt.Fprintf(b, `<rect class="lastmove" x="%d" y="%d" width="%d" height="%d" fill="%s" fill-opacity="0.6"/>`+"\n", x, y, sq, sq, esc(c.LastMove))
		}
	}
	for _, s := range sortedSquares(o.Fills) {
		x, y := xy(s)
		fmt.Fprintf(b, `<rect class="fill" x="%d" y="%d" width="%d" height="%d" fill="%s"/>`+"\n", x, y, sq, sq, esc(o.Fills[s]))
	}
	if !o.NoCheck && pos.InCheck() {
		x, y := xy(pos.KingSquare(pos.SideToMove()))
		fmt.Fprintf(b, `<rect class="check" x="%d" y="%d" width="%d" height="%d" fill="%s" fill-opacity="0.8"/>`+"\n", x, y, sq, sq, esc(c.Check))
	}
	if o.Coordinates {
		for i := range 8 {
			f, r := i, 7-i
			if o.Flipped {
				f, r = 7-i, i
			}
			cx := off + i*sq + sq/2
			cy := off + i*sq + sq/2
			fmt.Fprintf(b, `<text x="%d" y="%d" fill="%s" font-family="sans-serif" font-size="14" text-anchor="middle">%c</text>`+"\n", cx, full-5, esc(c.Coord), 'a'+f)
			fmt.Fprintf(b, `<text x="%d" y="%d" fill="%s" font-family="sans-serif" font-size="14" text-anchor="middle">%c</text>`+"\n", off/2, cy+5, esc(c.Coord), '1'+r)
		}
	}
	for s := core.Square(0); s < 64; s++ {
		if p := pos.PieceAt(s); p != core.NoPiece {
			x, y := xy(s)
			fmt.Fprintf(b, `<use href="#%s" xlink:href="#%s" x="%d" y="%d" width="%d" height="%d"/>`+"\n", pieceID(p), pieceID(p), x, y, sq, sq)
		}
	}
	for _, m := range o.Marks {
		x, y := xy(m.Square)
		col := m.Color
		if col == "" {
			col = c.Mark
		}
		fmt.Fprintf(b, `<circle class="mark" cx="%g" cy="%g" r="20" fill="none" stroke="%s" stroke-width="3"/>`+"\n", float64(x)+sq/2.0, float64(y)+sq/2.0, esc(col))
	}
	for _, a := range o.Arrows {
		col := a.Color
		if col == "" {
			col = c.Arrow
		}
		writeArrow(b, a, col, xy)
	}
}

// writeArrow writes an arrow: a line (an L for a knight's move) and a
// triangular head at the centre of its To square.
func writeArrow(b *bytes.Buffer, a Arrow, col string, xy func(core.Square) (int, int)) {
	center := func(s core.Square) (float64, float64) {
		x, y := xy(s)
		return float64(x) + sq/2.0, float64(y) + sq/2.0
	}
	x0, y0 := center(a.From)
	x1, y1 := center(a.To)
	pts := [][2]float64{{x0, y0}}
	df, dr := int(a.To&7)-int(a.From&7), int(a.To>>3)-int(a.From>>3)
	if df*df+dr*dr == 5 {
		if abs(dr) == 2 { // the long leg is vertical on the screen
			pts = append(pts, [2]float64{x0, y1})
		} else {
			pts = append(pts, [2]float64{x1, y0})
		}
	}
	pts = append(pts, [2]float64{x1, y1})
	// The head: a triangle pointing along the last leg, its tip near the
	// To square's edge; the line stops at its base.
	px, py := pts[len(pts)-2][0], pts[len(pts)-2][1]
	dx, dy := x1-px, y1-py
	n := hypot(dx, dy)
	if n == 0 {
		return // an arrow to its own square has no direction
	}
	ux, uy := dx/n, dy/n
	const head, halfWidth = 18.0, 11.0
	tipX, tipY := x1+ux*10, y1+uy*10
	baseX, baseY := tipX-ux*head, tipY-uy*head
	pts[len(pts)-1] = [2]float64{baseX, baseY}
	b.WriteString(`<g class="arrow"><polyline fill="none" stroke="` + esc(col) + `" stroke-width="9" stroke-linejoin="round" points="`)
	for i, p := range pts {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(b, "%s,%s", num(p[0]), num(p[1]))
	}
	fmt.Fprintf(b, `"/><polygon fill="%s" points="%s,%s %s,%s %s,%s"/></g>`+"\n", esc(col),
		num(tipX), num(tipY), num(baseX-uy*halfWidth), num(baseY+ux*halfWidth), num(baseX+uy*halfWidth), num(baseY-ux*halfWidth))
}

// Game returns an SVG document of g's position after ply half-moves
// (0: the start position), with the move that led to it as the last move
// unless o names another.
func Game(g *game.Game, ply int, o Options) ([]byte, error) {
	moves := g.Moves()
	if ply < 0 || ply > len(moves) {
		return nil, fmt.Errorf("svg: ply %d out of range: the game has %d plies", ply, len(moves))
	}
	pos, err := core.ParseFEN(g.StartFEN())
	if err != nil {
		return nil, fmt.Errorf("svg: the game's start position: %w", err)
	}
	for _, m := range moves[:ply] {
		pos.MakeMove(m)
	}
	if o.LastMove == core.NoMove && ply > 0 {
		o.LastMove = moves[ply-1]
	}
	return Board(&pos, o), nil
}

// Animation returns an animated SVG document of g: each position from the
// start to the end, shown for frame each (0: one second), with its last
// move tinted, the last position staying. It uses SMIL <set> elements,
// which browsers play; o's LastMove, Fills, Arrows and Marks apply to
// every frame.
func Animation(g *game.Game, o Options, frame time.Duration) ([]byte, error) {
	if frame <= 0 {
		frame = time.Second
	}
	pos, err := core.ParseFEN(g.StartFEN())
	if err != nil {
		return nil, fmt.Errorf("svg: the game's start position: %w", err)
	}
	var b bytes.Buffer
	writeHeader(&b, o)
	var all []core.Piece
	for _, c := range []core.Color{core.White, core.Black} {
		for t := core.Pawn; t <= core.King; t++ {
			all = append(all, core.NewPiece(c, t))
		}
	}
	slices.Sort(all)
	writeDefs(&b, all)
	moves := g.Moves()
	ms := frame.Milliseconds()
	for i := 0; i <= len(moves); i++ {
		fo := o
		if i > 0 {
			pos.MakeMove(moves[i-1])
			if o.LastMove == core.NoMove {
				fo.LastMove = moves[i-1]
			}
		}
		dur := fmt.Sprintf(` dur="%dms"`, ms)
		if i == len(moves) {
			dur = ` fill="freeze"`
		}
		fmt.Fprintf(&b, `<g class="frame" visibility="hidden"><set attributeName="visibility" to="visible" begin="%dms"%s/>`+"\n", int64(i)*ms, dur)
		writeBody(&b, &pos, fo)
		b.WriteString("</g>\n")
	}
	b.WriteString("</svg>\n")
	return b.Bytes(), nil
}

func sortedSquares(m map[core.Square]string) []core.Square {
	var s []core.Square
	for k := range m {
		s = append(s, k)
	}
	slices.Sort(s)
	return s
}

// esc escapes a caller's colour for an attribute, dropping what XML
// cannot hold.
func esc(s string) string {
	return html.EscapeString(strings.Map(func(r rune) rune {
		if r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r == 0xFFFE || r == 0xFFFF {
			return -1
		}
		return r
	}, strings.ToValidUTF8(s, "\uFFFD")))
}

// num writes a coordinate with at most two decimals, the same on every
// platform.
func num(f float64) string {
	s := fmt.Sprintf("%.2f", f)
	s = trimZeros(s)
	return s
}

func trimZeros(s string) string {
	for len(s) > 0 && s[len(s)-1] == '0' {
		s = s[:len(s)-1]
	}
	if len(s) > 0 && s[len(s)-1] == '.' {
		s = s[:len(s)-1]
	}
	if s == "-0" {
		s = "0"
	}
	return s
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
