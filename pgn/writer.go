package pgn

import (
	"io"
	"strconv"
	"strings"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/san"
)

// Writer writes games in PGN export format: the seven tag roster first
// (Event, Site, Date, Round, White, Black, Result; "?" where a game lacks
// one), the other tags in their order, a blank line, then the movetext in
// lines of at most Width bytes, canonical SAN, a move number before every
// white move and before a black move that follows a comment or a
// variation, NAGs as $n, and the result.
//
// A comment that does not fit on a line is broken at a space, written as
// a space at the end of the line; Reader reads such a break back as the
// space it was, so that reading what a Writer writes gives the same game.
// Only a tag pair, a single word or a comment of one line that holds a '}'
// (written from ';' to the end of the line) longer than Width makes a
// longer line.
type Writer struct {
	// Width is the longest line of movetext, in bytes; 0 means 80.
	Width int
	// OmitComments, OmitVariations and OmitNAGs leave those out.
	OmitComments   bool
	OmitVariations bool
	OmitNAGs       bool

	w   io.Writer
	buf []byte // the game being written
	col int    // length of the current line
}

// NewWriter returns a Writer that writes to w, one Write call per game.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// roster is the seven tag roster, in its order.
var roster = [...]string{"Event", "Site", "Date", "Round", "White", "Black", "Result"}

// Write writes one game, followed by a blank line. The game's moves must be
// legal, as Reader returns them.
func (w *Writer) Write(g *Game) error {
	w.buf = w.buf[:0]
	w.tags(g)
	w.buf = append(w.buf, '\n')
	w.col = 0
	if !w.OmitComments {
		for _, c := range g.Root.Comments {
			w.comment(c)
		}
	}
	if first := g.Root.Next(); first != nil {
		w.moves(g.Start, first, true)
	}
	w.token(g.result())
	w.buf = append(w.buf, "\n\n"...)
	_, err := w.w.Write(w.buf)
	return err
}

// result returns the game's result, "*" if it has none.
func (g *Game) result() string {
	if r := normalResult(g.Result); r != "" {
		return r
	}
	return "*"
}

// tags writes the tag section: the roster, the other tags, and the tags
// the start position needs if the game lacks them.
func (w *Writer) tags(g *Game) {
	defaults := [...]string{"?", "?", "????.??.??", "?", "?", "?", g.result()}
	for i, name := range roster {
		v, ok := g.Tags.Lookup(name)
		if !ok || name == "Result" {
			v = defaults[i]
		}
		w.tag(name, v)
	}
	var seen [len(roster)]bool
	for _, t := range g.Tags {
		if i := rosterIndex(t.Name); i >= 0 && !seen[i] {
			seen[i] = true // written above
			continue
		}
		w.tag(t.Name, t.Value)
	}
	fen := g.Start.FEN()
	v := g.Start.Variant()
	if _, ok := g.Tags.Lookup("Variant"); !ok && v != core.Standard {
		w.tag("Variant", VariantName(v))
	}
	if _, ok := g.Tags.Lookup("FEN"); !ok && fen != core.VariantStartFEN(v) {
		if _, ok := g.Tags.Lookup("SetUp"); !ok {
			w.tag("SetUp", "1")
		}
		w.tag("FEN", fen)
	}
	if _, ok := g.Tags.Lookup("Variant"); !ok && v == core.Standard && g.Start.Chess960() {
		// Only when the FEN does not tell Chess960 by itself.
		if p, err := core.ParseFEN(fen); err != nil || !p.Chess960() {
			w.tag("Variant", "Chess960")
		}
	}
}

// rosterIndex returns the index of a tag name in the roster, or -1.
func rosterIndex(name string) int {
	for i, r := range roster {
		if r == name {
			return i
		}
	}
	return -1
}

// tag writes a tag pair, escaping the value; what a tag line cannot hold
// (a line break in a value; white space, a quote or a ']' in a name)
// becomes a space or an underscore.
func (w *Writer) tag(name, value string) {
	w.buf = append(w.buf, '[')
	if name == "" {
		name = "_"
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if isSpaceByte(c) || c == '"' || c == ']' {
			c = '_'
		}
		w.buf = append(w.buf, c)
	}
	w.buf = append(w.buf, " \""...)
	for i := 0; i < len(value); i++ {
		switch c := value[i]; c {
		case '\\', '"':
			w.buf = append(w.buf, '\\', c)
		case '\n', '\r':
			w.buf = append(w.buf, ' ')
		default:
			w.buf = append(w.buf, c)
		}
	}
	w.buf = append(w.buf, "\"]\n"...)
}

// moves writes the line from node n on: n's move (legal in p), its
// alternatives as variations, then its continuation.
func (w *Writer) moves(p core.Position, n *Node, force bool) {
	for ; n != nil; n = n.Next() {
		force = w.move(&p, n, force)
		if parent := n.Parent; !w.OmitVariations && len(parent.Children) > 1 && parent.Children[0] == n {
			for _, alt := range parent.Children[1:] {
				w.token("(")
				w.moves(p, alt, true)
				w.token(")")
			}
			force = true
		}
		if n.Move == core.NoMove {
			p.MakeNullMove()
		} else {
			p.MakeMove(n.Move)
		}
	}
}

// move writes one move with its number, NAGs and comments, and returns
// whether the next black move needs its number.
func (w *Writer) move(p *core.Position, n *Node, force bool) bool {
	if !w.OmitComments {
		for _, c := range n.CommentsBefore {
			w.comment(c)
			force = true
		}
	}
	var num, tok [32]byte
	move := san.AppendFormat(tok[:0], p, n.Move, 0)
	if white := p.SideToMove() == core.White; white || force {
		number := strconv.AppendInt(num[:0], int64(p.FullmoveNumber()), 10)
		if white {
			number = append(number, '.')
		} else {
			number = append(number, "..."...)
		}
		w.space(len(number) + 1 + len(move)) // the number stays with its move
		w.buf = append(w.buf, number...)
		w.col += len(number)
	}
	w.tokenBytes(move)
	if !w.OmitNAGs {
		for _, a := range n.NAGs {
			w.tokenBytes(strconv.AppendInt(append(num[:0], '$'), int64(a), 10))
		}
	}
	force = false
	if !w.OmitComments {
		for _, c := range n.Comments {
			w.comment(c)
			force = true
		}
	}
	return force
}

func (w *Writer) width() int {
	if w.Width > 0 {
		return w.Width
	}
	return 80
}

// token writes a token, on the current line if it fits, else on the next.
func (w *Writer) token(s string) {
	w.space(len(s))
	w.buf = append(w.buf, s...)
	w.col += len(s)
}

func (w *Writer) tokenBytes(b []byte) {
	w.space(len(b))
	w.buf = append(w.buf, b...)
	w.col += len(b)
}

// space separates the next token of n bytes from the last.
func (w *Writer) space(n int) {
	if w.col == 0 {
		return
	}
	if w.col+1+n > w.width() {
		w.buf = append(w.buf, '\n')
		w.col = 0
		return
	}
	w.buf = append(w.buf, ' ')
	w.col++
}

// comment writes a comment in braces. It breaks the text only at a single
// space between two words, writing the space before the line break: the
// soft break Reader reads back as a space. A '}' cannot be written in a
// brace comment: a comment of one line that holds one is written as a
// rest-of-line comment (';'), which can; in a comment of several lines it
// is left out.
func (w *Writer) comment(text string) {
	if strings.Contains(text, "}") && !strings.Contains(text, "\n") {
		w.lineComment(strings.TrimSpace(text))
		return
	}
	text = strings.TrimSpace(strings.ReplaceAll(text, "}", ""))
	text = guardTagLines(text)
	w.token("{")
	first := true
	for len(text) > 0 {
		atom := text
		if k := nextBreak(text); k >= 0 {
			atom, text = text[:k], text[k+1:]
		} else {
			text = ""
		}
		// The first line of the atom must fit, and room be left for the
		// space of a soft break after it if another atom follows.
		need := len(atom)
		if nl := strings.IndexByte(atom, '\n'); nl >= 0 {
			need = nl
		}
		if text != "" {
			need++
		}
		switch {
		case first:
			w.space(need)
		case w.col+1+need > w.width():
			w.buf = append(w.buf, " \n"...)
			w.col = 0
		default:
			w.buf = append(w.buf, ' ')
			w.col++
		}
		first = false
		w.buf = append(w.buf, atom...)
		if nl := strings.LastIndexByte(atom, '\n'); nl >= 0 {
			w.col = len(atom) - nl - 1
		} else {
			w.col += len(atom)
		}
	}
	w.token("}")
}

// lineComment writes a comment from ';' to the end of the line, on the
// current line if it fits, else on the next.
func (w *Writer) lineComment(text string) {
	w.space(2 + len(text))
	w.buf = append(w.buf, "; "...)
	w.buf = append(w.buf, text...)
	w.buf = append(w.buf, '\n')
	w.col = 0
}

// nextBreak returns the index of the first space of text where a line may
// break: a single space between two other characters, none of them a line
// break; -1 if there is none.
func nextBreak(text string) int {
	for k := 1; k+1 < len(text); k++ {
		if text[k] == ' ' && !isSpaceByte(text[k-1]) && !isSpaceByte(text[k+1]) {
			return k
		}
	}
	return -1
}

// guardTagLines indents a line of a comment that starts like a tag pair
// after a blank line, which Reader would take for the start of the next
// game.
func guardTagLines(text string) string {
	if !strings.Contains(text, "\n[") {
		return text
	}
	lines := strings.Split(text, "\n")
	for i := 1; i < len(lines); i++ {
		l := lines[i]
		if strings.TrimSpace(lines[i-1]) == "" && len(l) > 1 && l[0] == '[' && class[l[1]]&clLetter != 0 {
			lines[i] = " " + l
		}
	}
	return strings.Join(lines, "\n")
}
