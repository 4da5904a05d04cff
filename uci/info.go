package uci

import (
	"math"
	"strconv"
	"time"

	"github.com/gambit-chess/gambit/core"
)

const maxCount = 1<<62 - 1 // bound for counters, far above anything real

// ParseInfo reads an "info" line of a search of pos. Tokens UCI does not
// define are skipped, as the protocol asks; a known token with a missing or
// malformed value, or a move that is not legal, gives a *ParseError (its
// Err is a *core.MoveError for an illegal move).
func ParseInfo(line string, pos core.Position) (Info, error) {
	var info Info
	fail := func(msg string) (Info, error) {
		return Info{}, parseError("info", line, msg, ErrSyntax)
	}
	t := tokens{line: line}
	if w, _ := t.next(); w != "info" {
		return fail(`does not start with "info"`)
	}
	num := func(lo int64) (int64, bool) {
		w, ok := t.next()
		if !ok {
			return 0, false
		}
		return atoiRange(w, lo, maxCount)
	}
	for {
		key, ok := t.next()
		if !ok {
			return info, nil
		}
		var n int64
		switch key {
		case "depth", "seldepth", "multipv", "hashfull", "cpuload", "currmovenumber", "nodes", "nps", "tbhits", "sbhits", "time":
			lo := int64(0)
			if key == "multipv" || key == "currmovenumber" {
				lo = 1
			}
			if n, ok = num(lo); !ok {
				return fail(key + " needs a number")
			}
		}
		switch key {
		case "depth":
			info.Depth = int(n)
		case "seldepth":
			info.SelDepth = int(n)
		case "multipv":
			info.MultiPV = int(n)
		case "hashfull":
			info.HashFull = int(n)
		case "cpuload":
			info.CPULoad = int(n)
		case "currmovenumber":
			info.CurrMoveNumber = int(n)
		case "nodes":
			info.Nodes = n
		case "nps":
			info.NPS = n
		case "tbhits":
			info.TBHits = n
		case "time":
			if n > math.MaxInt64/int64(time.Millisecond) {
				return fail("time out of range")
			}
			info.Time = time.Duration(n) * time.Millisecond
		case "sbhits":
			// Shredder endgame database hits: read and dropped.
		case "score":
			s, msg := parseScore(&t)
			if msg != "" {
				return fail(msg)
			}
			info.Score = &s
		case "wdl":
			var v [3]int64
			for i := range v {
				if v[i], ok = num(0); !ok {
					return fail("wdl needs three numbers")
				}
			}
			info.WDL = &WDL{Win: int(v[0]), Draw: int(v[1]), Loss: int(v[2])}
		case "currmove":
			w, _ := t.next()
			m, err := pos.ParseUCI(w)
			if err != nil {
				return Info{}, parseError("info", line, "currmove", err)
			}
			info.CurrMove = m
		case "pv":
			pv, err := parseMoveList(&t, pos)
			if err != nil {
				return Info{}, parseError("info", line, "pv", err)
			}
			info.PV = pv
		case "string":
			info.Text = t.rest()
		case "refutation", "currline":
			// Rarely sent and of little use; skip the moves that follow
			// (and currline's optional cpu number) so they are not taken
			// for unknown tokens.
			if key == "currline" {
				if _, err := strconv.Atoi(t.peek()); err == nil {
					t.next()
				}
			}
			for isMoveText(t.peek()) {
				t.next()
			}
		}
	}
}

// parseScore reads what follows "score".
func parseScore(t *tokens) (Score, string) {
	var s Score
	kind, _ := t.next()
	v, _ := t.next()
	n, ok := atoiRange(v, -1<<31, 1<<31-1)
	switch {
	case kind == "cp" && ok:
		s.CP = int(n)
	case kind == "mate" && ok:
		s.Mate, s.IsMate = int(n), true
	default:
		return s, "score needs cp or mate and a number"
	}
	switch t.peek() {
	case "lowerbound":
		s.Bound = LowerBound
		t.next()
	case "upperbound":
		s.Bound = UpperBound
		t.next()
	}
	return s, ""
}

// parseMoveList reads the moves that follow, played one after another from
// pos, until a token that does not look like a move.
func parseMoveList(t *tokens, pos core.Position) ([]core.Move, error) {
	var moves []core.Move
	for isMoveText(t.peek()) {
		w, _ := t.next()
		m, err := pos.ParseUCI(w)
		if err != nil {
			return nil, err
		}
		moves = append(moves, m)
		pos.MakeMove(m)
	}
	return moves, nil
}

// FormatInfo returns the "info" line for i, fields in Stockfish's order,
// leaving out the ones that are zero. With chess960 set, castling moves are
// written as king takes rook, as UCI_Chess960 asks. It is i.Format.
func FormatInfo(i Info, chess960 bool) string { return i.Format(chess960) }
