package pgn

// NAG is a Numeric Annotation Glyph: $1 is a good move, $2 a mistake, and so
// on to $255. The six move glyphs a move may carry as a suffix have their
// own constants.
type NAG uint8

// The NAGs of the suffix glyphs.
const (
	Good        NAG = 1 // !
	Mistake     NAG = 2 // ?
	Brilliant   NAG = 3 // !!
	Blunder     NAG = 4 // ??
	Speculative NAG = 5 // !?
	Dubious     NAG = 6 // ?!
)

// glyphNAG returns the NAG of a move suffix glyph ("!", "?", "!!", "??",
// "!?", "?!"), or 0.
func glyphNAG(g []byte) NAG {
	switch len(g) {
	case 1:
		switch g[0] {
		case '!':
			return Good
		case '?':
			return Mistake
		}
	case 2:
		switch string(g) {
		case "!!":
			return Brilliant
		case "??":
			return Blunder
		case "!?":
			return Speculative
		case "?!":
			return Dubious
		}
	}
	return 0
}

// symbolNAG returns the NAG of an evaluation symbol some files write
// instead of $n ("+-" for $18, "=" for $10), or 0.
func symbolNAG(s []byte) NAG {
	switch string(s) {
	case "=":
		return 10
	case "+=", "+/=":
		return 14
	case "=+", "=/+":
		return 15
	case "+/-", "±":
		return 16
	case "-/+", "∓":
		return 17
	case "+-", "+--":
		return 18
	case "-+", "--+":
		return 19
	case "∞":
		return 13
	}
	return 0
}
