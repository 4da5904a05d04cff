package pgn

// tokenKind is what a run of symbol bytes in the movetext is.
type tokenKind uint8

const (
	tokMove   tokenKind = iota // a move, for san (or the fast path) to read
	tokNull                    // a null move: "--", "Z0", "0000", "@@@@"
	tokResult                  // "1-0", "0-1", "1/2-1/2" (the '*' has its own byte)
	tokNAG                     // an evaluation symbol written for a NAG: "+-", "="
	tokIgnore                  // a move number, dots, "e.p." written apart
)

// classify tells what the symbol token tok is. A move number with a move
// joined to it ("1.e4", "12...Nf6") gives the move; a result gives its
// normal form, an evaluation symbol its NAG.
func classify(tok []byte) (kind tokenKind, move []byte, result string, nag NAG) {
	if c := tok[0]; c == '0' || c == '1' || c == 0xC2 { // 0xC2 starts "½"
		if res := resultToken(tok); res != "" {
			return tokResult, nil, res, 0
		}
	}
	if c := tok[0]; c >= '0' && c <= '9' {
		if isNullMove(tok) {
			return tokNull, tok, "", 0
		}
		if c == '0' && len(tok) > 1 && tok[1] == '-' {
			return tokMove, tok, "", 0 // castling written with zeros
		}
		i := 1
		for i < len(tok) && tok[i] >= '0' && tok[i] <= '9' {
			i++
		}
		j := skipDots(tok, i)
		if j == i && i < len(tok) {
			return tokMove, tok, "", 0 // "1e4" or such: let the move reader say what is wrong
		}
		if j == len(tok) {
			return tokIgnore, nil, "", 0 // "12", "12.", "12..."
		}
		if resultToken(tok[j:]) != "" {
			return tokMove, tok, "", 0 // "1.1-0": no move, no result either
		}
		return classify(tok[j:])
	}
	switch {
	case isNullMove(tok):
		return tokNull, tok, "", 0
	case skipDots(tok, 0) == len(tok), string(tok) == "e.p.", string(tok) == "ep":
		return tokIgnore, nil, "", 0
	}
	if n := symbolNAG(tok); n != 0 {
		return tokNAG, nil, "", n
	}
	return tokMove, tok, "", 0
}

// skipDots returns the index after the dots (and ellipses, "…") that
// start at tok[i].
func skipDots(tok []byte, i int) int {
	for i < len(tok) {
		switch {
		case tok[i] == '.':
			i++
		case i+2 < len(tok) && tok[i] == 0xE2 && tok[i+1] == 0x80 && tok[i+2] == 0xA6:
			i += 3
		default:
			return i
		}
	}
	return i
}

// resultToken returns the normal form of a game termination marker, with
// the dashes and the ½ that some writers use, or "".
func resultToken(tok []byte) string {
	switch string(tok) {
	case "1-0", "1–0", "1—0":
		return "1-0"
	case "0-1", "0–1", "0—1":
		return "0-1"
	case "1/2-1/2", "1/2–1/2", "1/2—1/2", "½-½", "½–½", "½", "1/2":
		return "1/2-1/2"
	}
	return ""
}

// normalResult returns the normal form of a Result tag's value, or "".
func normalResult(s string) string {
	switch s {
	case "1-0", "1–0", "1—0":
		return "1-0"
	case "0-1", "0–1", "0—1":
		return "0-1"
	case "1/2-1/2", "1/2–1/2", "1/2—1/2", "½-½", "½–½", "½", "1/2":
		return "1/2-1/2"
	case "*":
		return "*"
	}
	return ""
}

// isNullMove reports whether tok is a null move as writers write it,
// with any suffix, like san.IsNullMove, without allocating.
func isNullMove(tok []byte) bool {
	n := len(tok)
	for n > 0 && (tok[n-1] == '+' || tok[n-1] == '#' || tok[n-1] == '!' || tok[n-1] == '?') {
		n--
	}
	switch string(tok[:n]) {
	case "--", "Z0", "0000", "@@@@":
		return true
	}
	return false
}

// moveString returns tok as a string for san.Parse, without allocating
// for the castling tokens, which the fast path leaves to san.Parse.
func moveString(tok []byte) string {
	switch string(tok) {
	case "O-O":
		return "O-O"
	case "O-O-O":
		return "O-O-O"
	case "O-O+":
		return "O-O+"
	case "O-O-O+":
		return "O-O-O+"
	case "O-O#":
		return "O-O#"
	case "O-O-O#":
		return "O-O-O#"
	case "0-0":
		return "0-0"
	case "0-0-0":
		return "0-0-0"
	}
	return string(tok)
}
