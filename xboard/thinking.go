package xboard

import (
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
	"github.com/gambit-chess/gambit/san"
)

// MateScore is the score XBoard writes for a mate: 100000+N when the side
// to move mates in N moves, -100000-N when it is mated in N.
const MateScore = 100000

// mateWindow is how far below MateScore a score still reads as a mate,
// written as MateScore minus the plies to mate.
const mateWindow = 1000

// maxCount bounds the numbers of a thinking line, far above anything real.
const maxCount = 1<<62 - 1

// IsThinking reports whether line looks like a thinking-output line: it
// starts with a number, the search depth.
func IsThinking(line string) bool {
	s := strings.TrimLeft(line, " \t")
	return s != "" && s[0] >= '0' && s[0] <= '9'
}

// ParseThinking reads a line of thinking output ("post" mode) of a search
// of pos:
//
//	ply score time nodes [seldepth [nps [tbhits]]] <tab> pv
//
// score in centipawns from the side to move (mates as MateScore+N, or
// MateScore minus the plies to mate as some engines write them), time
// in centiseconds. The extra numbers are read only when a tab separates
// them from the principal variation, as the protocol asks. The PV may be
// in SAN, long algebraic or coordinates, with move numbers, check marks
// and brackets ("(e7-e5 ... , book1)"); it is read up to its first word
// that is not a legal move, so PV holds only legal moves. A depth written
// with a mark ("10.", "10&", "10+") reads as the number; a trailing '+' or
// '!' marks a lower bound, '-' or '?' an upper one. It returns a
// *ParseError when one of the four numbers is missing or malformed.
func ParseThinking(line string, pos core.Position) (engine.Info, error) {
	fail := func(msg string) (engine.Info, error) {
		return engine.Info{}, parseError("thinking", line, msg, ErrSyntax)
	}
	head, pv := line, ""
	tabbed := false
	// The tab that separates the numbers from the PV; a tab among the
	// first four fields is only spacing.
	fields := 0
	inWord := false
	for i := 0; i < len(line); i++ {
		c := line[i]
		space := c == ' ' || c == '\t'
		if !space && !inWord {
			fields++
		}
		inWord = !space
		if c == '\t' && fields >= 4 {
			head, pv, tabbed = line[:i], line[i+1:], true
			break
		}
	}
	words := strings.Fields(head)
	if len(words) < 4 {
		return fail("want ply, score, time and nodes")
	}
	var info engine.Info
	ply := words[0]
	end := len(ply)
	for end > 0 && (ply[end-1] < '0' || ply[end-1] > '9') {
		end--
	}
	mark := ply[end:]
	d, err := strconv.ParseInt(ply[:end], 10, 32)
	if err != nil || d < 0 || len(mark) > 2 {
		return fail("bad ply")
	}
	info.Depth = int(d)
	sc, err := strconv.ParseInt(words[1], 10, 64)
	if err != nil || sc > math.MaxInt32 || sc < math.MinInt32 {
		return fail("bad score")
	}
	s := engine.Score{CP: int(sc)}
	switch {
	case sc >= MateScore:
		s = engine.Score{IsMate: true, Mate: int(sc - MateScore)}
	case sc <= -MateScore:
		s = engine.Score{IsMate: true, Mate: -int(-sc - MateScore)}
	case sc > MateScore-mateWindow:
		// 100000 minus the plies to mate, as HoiChess writes it.
		s = engine.Score{IsMate: true, Mate: int(MateScore-sc+1) / 2}
	case sc < -MateScore+mateWindow:
		s = engine.Score{IsMate: true, Mate: -int(MateScore+sc+1) / 2}
	}
	switch {
	case strings.ContainsAny(mark, "+!"):
		s.Bound = engine.LowerBound
	case strings.ContainsAny(mark, "-?"):
		s.Bound = engine.UpperBound
	}
	info.Score = &s
	cs, err := strconv.ParseInt(words[2], 10, 64)
	if err != nil || cs < 0 || cs > math.MaxInt64/int64(10*time.Millisecond) {
		return fail("bad time")
	}
	info.Time = time.Duration(cs) * 10 * time.Millisecond
	n, err := strconv.ParseInt(words[3], 10, 64)
	if err != nil || n < 0 || n > maxCount {
		return fail("bad nodes")
	}
	info.Nodes = n
	if tabbed {
		extra := []*int64{nil, &info.NPS, &info.TBHits}
		for i, w := range words[4:] {
			if i >= len(extra) {
				break
			}
			v, err := strconv.ParseInt(w, 10, 64)
			if err != nil || v < 0 || v > maxCount {
				return fail("bad extra number")
			}
			if i == 0 {
				info.SelDepth = int(min(v, math.MaxInt32))
			} else {
				*extra[i] = v
			}
		}
	} else {
		pv = strings.Join(words[4:], " ")
	}
	info.PV = parsePV(pv, pos)
	if info.Time > 0 && info.NPS == 0 && info.Nodes > 0 {
		ms := info.Time.Milliseconds()
		if ms > 0 && info.Nodes < math.MaxInt64/1000 {
			info.NPS = info.Nodes * 1000 / ms
		}
	}
	return info, nil
}

// parsePV reads the legal moves at the start of a PV written in any
// notation, skipping move numbers and decorations.
func parsePV(pv string, pos core.Position) []core.Move {
	var moves []core.Move
	for _, w := range strings.Fields(pv) {
		w = strings.Trim(w, "(),;[]{}<>")
		if w == "" || isMoveNumber(w) {
			continue
		}
		m, err := san.Parse(&pos, w)
		if err != nil {
			break
		}
		moves = append(moves, m)
		pos.MakeMove(m)
	}
	return moves
}

// isMoveNumber tells a move number ("12.", "12...", "...") from a move.
func isMoveNumber(w string) bool {
	digits := strings.TrimRight(w, ".")
	if len(digits) == len(w) {
		return false
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return false
		}
	}
	return true
}

// FormatThinking writes info as a thinking-output line, the PV in
// coordinate notation (Chess960 castling as O-O and O-O-O when chess960 is
// set), with seldepth, nps and tbhits after the nodes when known.
func FormatThinking(info engine.Info, pos core.Position, chess960 bool) string {
	score := 0
	if s := info.Score; s != nil {
		score = s.CP
		if s.IsMate {
			if s.Mate > 0 {
				score = MateScore + s.Mate
			} else {
				score = -MateScore + s.Mate
			}
		}
	}
	var b strings.Builder
	b.WriteString(strconv.Itoa(info.Depth))
	if s := info.Score; s != nil && s.Bound != engine.Exact {
		if s.Bound == engine.LowerBound {
			b.WriteByte('+')
		} else {
			b.WriteByte('-')
		}
	}
	b.WriteString(" " + strconv.Itoa(score))
	b.WriteString(" " + strconv.FormatInt(info.Time.Milliseconds()/10, 10))
	b.WriteString(" " + strconv.FormatInt(info.Nodes, 10))
	if info.SelDepth > 0 || info.NPS > 0 || info.TBHits > 0 {
		b.WriteString(" " + strconv.Itoa(info.SelDepth) + " " + strconv.FormatInt(info.NPS, 10) + " " + strconv.FormatInt(info.TBHits, 10))
	}
	b.WriteByte('\t')
	for i, m := range info.PV {
		if !pos.IsLegal(m) {
			break
		}
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(moveText(m, chess960))
		pos.MakeMove(m)
	}
	return b.String()
}

// moveText writes a move in XBoard's coordinate notation: e2e4, e7e8q,
// castling as the king's move, or as O-O and O-O-O in Chess960.
func moveText(m core.Move, chess960 bool) string {
	if m == core.NoMove {
		return "@@@@"
	}
	if m.IsCastle() && chess960 {
		if m.To().File() > m.From().File() {
			return "O-O"
		}
		return "O-O-O"
	}
	return m.UCI(false)
}
