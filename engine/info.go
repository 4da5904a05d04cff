package engine

import (
	"strconv"
	"strings"
	"time"

	"github.com/gambit-chess/gambit/core"
)

// Info is one report of a search in progress. Numbers the engine did not
// give are zero, Score and WDL nil. Moves are legal in the searched
// position (PV and CurrMove from the root, PV as a line).
type Info struct {
	Depth          int
	SelDepth       int
	MultiPV        int // the line's rank, 1 for the best; 0 when the engine did not say
	Score          *Score
	WDL            *WDL
	Nodes          int64
	NPS            int64
	Time           time.Duration // search time so far
	HashFull       int           // permille
	TBHits         int64
	CPULoad        int // permille
	CurrMove       core.Move
	CurrMoveNumber int
	PV             []core.Move
	Text           string // free text ("info string" in UCI, a comment line in XBoard)
}

// Bound says whether a score is exact or only a bound, as engines report
// while an aspiration window fails high or low.
type Bound uint8

// The bounds.
const (
	Exact      Bound = iota
	LowerBound       // the true score is at least this ("lowerbound")
	UpperBound       // the true score is at most this ("upperbound")
)

// Score is an engine's evaluation from the point of view of the side to
// move: centipawns, or moves to mate.
type Score struct {
	CP     int   // centipawns, when IsMate is false
	Mate   int   // moves (not plies) to mate when IsMate: negative when the side to move is mated; 0 when it is mated already
	IsMate bool  // the score is a mate distance
	Bound  Bound // Exact, LowerBound or UpperBound
}

// String returns the score as UCI writes it: "cp 35", "mate -2",
// followed by "lowerbound" or "upperbound" for a bound.
func (s Score) String() string {
	var out string
	if s.IsMate {
		out = "mate " + strconv.Itoa(s.Mate)
	} else {
		out = "cp " + strconv.Itoa(s.CP)
	}
	switch s.Bound {
	case LowerBound:
		out += " lowerbound"
	case UpperBound:
		out += " upperbound"
	}
	return out
}

// WDL is the engine's estimate of the game's outcome from the side to
// move, in permille: win, draw and loss sum to 1000 for engines such as
// Stockfish (with UCI_ShowWDL).
type WDL struct {
	Win, Draw, Loss int
}

// String returns the info as a UCI "info" line, castling written as the
// king's move: Format(false).
func (i Info) String() string { return i.Format(false) }

// Format returns the info as a UCI "info" line, fields in Stockfish's
// order, leaving out the ones that are zero. Castling is written as the
// king's move, or as king takes rook with chess960 set, as UCI_Chess960
// asks (core.Move.UCI).
func (i Info) Format(chess960 bool) string {
	var b strings.Builder
	b.WriteString("info")
	num := func(key string, n int64) {
		if n != 0 {
			b.WriteString(" " + key + " " + strconv.FormatInt(n, 10))
		}
	}
	num("depth", int64(i.Depth))
	num("seldepth", int64(i.SelDepth))
	num("multipv", int64(i.MultiPV))
	if i.Score != nil {
		b.WriteString(" score " + i.Score.String())
	}
	if i.WDL != nil {
		b.WriteString(" wdl " + strconv.Itoa(i.WDL.Win) + " " + strconv.Itoa(i.WDL.Draw) + " " + strconv.Itoa(i.WDL.Loss))
	}
	num("nodes", i.Nodes)
	num("nps", i.NPS)
	num("hashfull", int64(i.HashFull))
	num("tbhits", i.TBHits)
	num("cpuload", int64(i.CPULoad))
	num("time", i.Time.Milliseconds())
	if i.CurrMove != core.NoMove {
		b.WriteString(" currmove " + i.CurrMove.UCI(chess960))
	}
	num("currmovenumber", int64(i.CurrMoveNumber))
	if len(i.PV) > 0 {
		b.WriteString(" pv")
		for _, m := range i.PV {
			b.WriteString(" " + m.UCI(chess960))
		}
	}
	if i.Text != "" {
		b.WriteString(" string " + i.Text)
	}
	return b.String()
}
