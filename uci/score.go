package uci

import "strconv"

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

// String returns the score as the protocol writes it: "cp 35", "mate -2",
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
