package pgn

import (
	"strconv"
	"strings"
	"time"

	"github.com/gambit-chess/gambit/core"
)

// Text is what the comment helpers read: a comment as a string, or as the
// byte slice a Visitor receives, without a copy.
type Text interface{ ~string | ~[]byte }

// Clock returns the clock time a comment's [%clk h:mm:ss] command gives
// (seconds may have a fraction: [%clk 0:00:09.7]), as Lichess and
// ChessBase write after each move; ok is false when there is none.
func Clock[T Text](comment T) (d time.Duration, ok bool) {
	arg, ok := command(comment, "clk")
	if !ok {
		return 0, false
	}
	return parseClock(arg)
}

// EMT returns the elapsed move time a comment's [%emt h:mm:ss] command
// gives; ok is false when there is none.
func EMT[T Text](comment T) (d time.Duration, ok bool) {
	arg, ok := command(comment, "emt")
	if !ok {
		return 0, false
	}
	return parseClock(arg)
}

// Eval is an engine's evaluation, from White's point of view, as a
// comment's [%eval] command gives it: [%eval 0.25] is a quarter of a pawn
// for White, [%eval #-3] mate in 3 for Black, and [%eval 0.25,18] adds the
// search depth.
type Eval struct {
	// Mate is true for a mate score: Moves is then the number of moves to
	// mate, positive when White mates, negative when Black does.
	Mate       bool
	Moves      int
	Centipawns int // the score in hundredths of a pawn when not Mate
	Depth      int // the search depth, or 0
}

// String writes e as the argument of an [%eval] command: "0.25", "#-3",
// "1.00,20".
func (e Eval) String() string {
	var s string
	if e.Mate {
		s = "#" + strconv.Itoa(e.Moves)
	} else {
		cp := e.Centipawns
		sign := ""
		if cp < 0 {
			sign, cp = "-", -cp
		}
		s = sign + strconv.Itoa(cp/100) + "." + string(rune('0'+cp%100/10)) + string(rune('0'+cp%10))
	}
	if e.Depth > 0 {
		s += "," + strconv.Itoa(e.Depth)
	}
	return s
}

// ParseEval returns the evaluation a comment's [%eval] command gives; ok
// is false when there is none or it is malformed.
func ParseEval[T Text](comment T) (e Eval, ok bool) {
	arg, ok := command(comment, "eval")
	if !ok {
		return Eval{}, false
	}
	return parseEval(string(arg))
}

func parseEval(arg string) (Eval, bool) {
	var e Eval
	if score, depth, found := strings.Cut(arg, ","); found {
		d, err := strconv.Atoi(depth)
		if err != nil || d < 0 {
			return Eval{}, false
		}
		arg, e.Depth = score, d
	}
	if m, found := strings.CutPrefix(arg, "#"); found {
		n, err := strconv.Atoi(m)
		if err != nil {
			return Eval{}, false
		}
		e.Mate, e.Moves = true, n
		return e, true
	}
	cp, ok := parseCentipawns(arg)
	e.Centipawns = cp
	return e, ok
}

// parseCentipawns reads a decimal number of pawns ("-1.5", "+0.25", "3")
// exactly, as hundredths, rounding any further digits.
func parseCentipawns(s string) (int, bool) {
	neg := false
	if s != "" && (s[0] == '-' || s[0] == '+') {
		neg, s = s[0] == '-', s[1:]
	}
	whole, frac, _ := strings.Cut(s, ".")
	if whole == "" && frac == "" || len(whole) > 9 {
		return 0, false
	}
	cp := 0
	for _, c := range whole {
		if c < '0' || c > '9' {
			return 0, false
		}
		cp = cp*10 + int(c-'0')
	}
	cp *= 100
	scale := 10
	for i, c := range frac {
		if c < '0' || c > '9' {
			return 0, false
		}
		switch {
		case i < 2:
			cp += int(c-'0') * scale
			scale /= 10
		case i == 2 && c >= '5':
			cp++ // round half up on the third decimal
		}
	}
	if neg {
		cp = -cp
	}
	return cp, true
}

// ShapeColor is the colour of a circle or arrow drawn on the board: 'G'
// (green), 'R' (red), 'Y' (yellow) or 'B' (blue).
type ShapeColor byte

// Shape is a circle on a square (From == To), from a [%csl] command, or an
// arrow, from a [%cal] command: [%csl Ge4] and [%cal Ge2e4].
type Shape struct {
	Color    ShapeColor
	From, To core.Square
}

// String writes the shape as in [%csl] and [%cal]: "Ge4", "Re2e4".
func (s Shape) String() string {
	if s.From == s.To {
		return string(s.Color) + s.From.String()
	}
	return string(s.Color) + s.From.String() + s.To.String()
}

// ParseShapes returns the circles and arrows of a comment's [%csl] and
// [%cal] commands, in order; malformed entries are left out.
func ParseShapes[T Text](comment T) []Shape {
	var shapes []Shape
	forCommands(comment, func(name, arg string) {
		if name == "csl" || name == "cal" {
			shapes = appendShapes(shapes, arg)
		}
	})
	return shapes
}

func appendShapes(shapes []Shape, arg string) []Shape {
	for _, item := range strings.Split(arg, ",") {
		item = strings.TrimSpace(item)
		if len(item) != 3 && len(item) != 5 {
			continue
		}
		c := ShapeColor(item[0])
		if c != 'G' && c != 'R' && c != 'Y' && c != 'B' {
			continue
		}
		from, err := core.ParseSquare(item[1:3])
		if err != nil {
			continue
		}
		to := from
		if len(item) == 5 {
			if to, err = core.ParseSquare(item[3:5]); err != nil {
				continue
			}
		}
		shapes = append(shapes, Shape{c, from, to})
	}
	return shapes
}

// Comment is a comment split into its commands and the rest of its text.
type Comment struct {
	// Text is the comment without the commands read into the fields below
	// (any other [%...] command stays in it).
	Text     string
	Clock    time.Duration // [%clk], when HasClock
	HasClock bool
	EMT      time.Duration // [%emt], when HasEMT
	HasEMT   bool
	Eval     Eval // [%eval], when HasEval
	HasEval  bool
	Shapes   []Shape // [%csl] and [%cal]
}

// ParseComment splits a comment into its [%clk], [%emt], [%eval], [%csl]
// and [%cal] commands and the remaining text, trimmed.
func ParseComment(comment string) Comment {
	var c Comment
	var rest strings.Builder
	for len(comment) > 0 {
		i := strings.Index(comment, "[%")
		if i < 0 {
			rest.WriteString(comment)
			break
		}
		j := strings.IndexByte(comment[i:], ']')
		if j < 0 {
			rest.WriteString(comment)
			break
		}
		name, arg := splitCommand(comment[i+2 : i+j])
		known := true
		switch name {
		case "clk":
			c.Clock, c.HasClock = parseClock(arg)
			known = c.HasClock
		case "emt":
			c.EMT, c.HasEMT = parseClock(arg)
			known = c.HasEMT
		case "eval":
			c.Eval, c.HasEval = parseEval(arg)
			known = c.HasEval
		case "csl", "cal":
			c.Shapes = appendShapes(c.Shapes, arg)
		default:
			known = false
		}
		if known {
			rest.WriteString(comment[:i])
			rest.WriteByte(' ')
		} else {
			rest.WriteString(comment[:i+j+1])
		}
		comment = comment[i+j+1:]
	}
	c.Text = strings.Join(strings.Fields(rest.String()), " ")
	if strings.Contains(rest.String(), "\n") {
		c.Text = strings.TrimSpace(rest.String()) // keep the author's lines
	}
	return c
}

// String writes the comment back: the text, then the commands, as
// Lichess writes them: "Good move [%csl Ge4] [%cal Ge2e4] [%eval 0.25]
// [%clk 0:03:00]".
func (c Comment) String() string {
	var parts []string
	if c.Text != "" {
		parts = append(parts, c.Text)
	}
	var circles, arrows []string
	for _, s := range c.Shapes {
		if s.From == s.To {
			circles = append(circles, s.String())
		} else {
			arrows = append(arrows, s.String())
		}
	}
	if len(circles) > 0 {
		parts = append(parts, "[%csl "+strings.Join(circles, ",")+"]")
	}
	if len(arrows) > 0 {
		parts = append(parts, "[%cal "+strings.Join(arrows, ",")+"]")
	}
	if c.HasEval {
		parts = append(parts, "[%eval "+c.Eval.String()+"]")
	}
	if c.HasEMT {
		parts = append(parts, "[%emt "+FormatClock(c.EMT)+"]")
	}
	if c.HasClock {
		parts = append(parts, "[%clk "+FormatClock(c.Clock)+"]")
	}
	return strings.Join(parts, " ")
}

// FormatClock writes a duration as a [%clk] argument: h:mm:ss, with tenths
// or finer only when the duration has them ("0:00:09.7").
func FormatClock(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	ms := int64(d / time.Millisecond)
	s := strconv.FormatInt(ms/3600000, 10) + ":" + two(ms/60000%60) + ":" + two(ms/1000%60)
	if frac := ms % 1000; frac != 0 {
		f := strconv.FormatInt(1000+frac, 10)[1:]
		s += "." + strings.TrimRight(f, "0")
	}
	return s
}

func two(n int64) string { return string(rune('0'+n/10)) + string(rune('0'+n%10)) }

// command returns the argument of the first [%name ...] command of a
// comment.
func command[T Text](comment T, name string) (T, bool) {
	for i := 0; i+2 < len(comment); i++ {
		if comment[i] != '[' || comment[i+1] != '%' {
			continue
		}
		j := i + 2
		k := 0
		for k < len(name) && j+k < len(comment) && comment[j+k] == name[k] {
			k++
		}
		if k < len(name) || j+k >= len(comment) || !isSpaceByte(comment[j+k]) {
			continue
		}
		end := j + k
		for end < len(comment) && comment[end] != ']' {
			end++
		}
		if end == len(comment) {
			break
		}
		return trim(comment[j+k : end]), true
	}
	var none T
	return none, false
}

// forCommands calls f for each [%name arg] command of a comment.
func forCommands[T Text](comment T, f func(name, arg string)) {
	for i := 0; i+2 < len(comment); i++ {
		if comment[i] != '[' || comment[i+1] != '%' {
			continue
		}
		end := i + 2
		for end < len(comment) && comment[end] != ']' {
			end++
		}
		if end == len(comment) {
			return
		}
		f(splitCommand(string(comment[i+2 : end])))
		i = end
	}
}

// splitCommand splits "clk 0:01:00" into its name and argument.
func splitCommand(s string) (name, arg string) {
	name, arg, _ = strings.Cut(strings.TrimSpace(s), " ")
	return name, strings.TrimSpace(arg)
}

// trim returns s without surrounding white space.
func trim[T Text](s T) T {
	i, j := 0, len(s)
	for i < j && isSpaceByte(s[i]) {
		i++
	}
	for j > i && isSpaceByte(s[j-1]) {
		j--
	}
	return s[i:j]
}

func isSpaceByte(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// parseClock reads h:mm:ss or mm:ss, the seconds with an optional
// fraction, without allocating.
func parseClock[T Text](s T) (time.Duration, bool) {
	var total time.Duration
	fields, i := 0, 0
	for {
		start, n := i, 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' && i-start < 7 {
			n = n*10 + int(s[i]-'0')
			i++
		}
		if i == start {
			return 0, false
		}
		total = total*60 + time.Duration(n)*time.Second
		fields++
		if i == len(s) {
			break
		}
		if s[i] == ':' && fields < 3 {
			i++
			continue
		}
		if s[i] != '.' || fields < 2 || i+1 == len(s) {
			return 0, false
		}
		scale := time.Second / 10
		for i++; i < len(s); i++ {
			if s[i] < '0' || s[i] > '9' {
				return 0, false
			}
			total += time.Duration(s[i]-'0') * scale
			scale /= 10
		}
		break
	}
	if fields < 2 {
		return 0, false
	}
	return total, true
}
