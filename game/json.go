package game

import (
	"encoding/json"
	"fmt"

	"github.com/gambit-chess/gambit/core"
)

// jsonVersion is the version of the JSON form.
const jsonVersion = 1

// jsonGame is the JSON form of a Game.
type jsonGame struct {
	Version  int      `json:"version"`
	Start    string   `json:"start,omitempty"`   // start FEN; the variant's start position when empty
	Variant  string   `json:"variant,omitempty"` // core.Variant's name ("3check", ...); standard chess when empty
	Chess960 bool     `json:"chess960,omitempty"`
	AutoDraw bool     `json:"autoDraw,omitempty"`
	Moves    []string `json:"moves"` // UCI
	FEN      string   `json:"fen,omitempty"`
	Result   string   `json:"result"`
	Status   string   `json:"status"`
	ByHand   bool     `json:"byHand,omitempty"` // the outcome was set by hand
	Reason   string   `json:"reason,omitempty"`
	Tags     []Tag    `json:"tags,omitempty"`
}

// MarshalJSON returns the game as a JSON object: the start FEN (omitted for
// the standard start, or the variant's), the variant (its core.Variant
// name, omitted for standard chess), the moves in UCI notation, the current FEN, the
// result and status, whether they were set by hand and the reason given,
// the options and the tags:
//
//	{"version":1,"moves":["f2f3","e7e5","g2g4","d8h4"],
//	 "fen":"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
//	 "result":"0-1","status":"checkmate"}
func (g *Game) MarshalJSON() ([]byte, error) {
	r := g.record()
	j := jsonGame{
		Version:  jsonVersion,
		Start:    r.startFEN,
		Chess960: r.chess960,
		Variant:  variantName(r.variant),
		AutoDraw: r.autoDraw,
		Moves:    g.movesUCI(),
		FEN:      g.pos.FEN(),
		Result:   r.result.String(),
		Status:   r.status.String(),
		ByHand:   r.decided,
		Reason:   r.reason,
		Tags:     r.tags,
	}
	return json.Marshal(j)
}

// movesUCI returns the moves in UCI notation as an engine of the game's
// variant reads them.
func (g *Game) movesUCI() []string {
	p := g.StartPosition()
	out := make([]string, len(g.history))
	for i, h := range g.history {
		out[i] = p.UCI(h.move)
		p.MakeMove(h.move)
	}
	return out
}

// MovesUCI returns the moves played, in UCI notation.
func (g *Game) MovesUCI() []string { return g.movesUCI() }

// UnmarshalJSON restores a game written by MarshalJSON, replacing g's game
// (an attached engine stays attached). The moves are replayed and checked;
// the result and status must be the ones the rules give unless byHand is
// set, and fen, when present, must be the position reached. Anything else
// gives a *DataError matching ErrInvalidData; g is then unchanged.
func (g *Game) UnmarshalJSON(data []byte) error {
	fail := func(msg string, cause error) error {
		return &DataError{Format: "json", Offset: -1, Msg: msg, Err: cause}
	}
	var j jsonGame
	if err := json.Unmarshal(data, &j); err != nil {
		return fail("not a JSON game", err)
	}
	if j.Version != jsonVersion {
		return fail(fmt.Sprintf("unknown version %d (want %d)", j.Version, jsonVersion), nil)
	}
	r := record{startFEN: j.Start, chess960: j.Chess960, autoDraw: j.AutoDraw, decided: j.ByHand, reason: j.Reason, tags: j.Tags}
	if j.Variant != "" {
		v, err := core.ParseVariant(j.Variant)
		if err != nil || v.String() != j.Variant || v == core.Standard {
			return fail(fmt.Sprintf("unknown variant %q", j.Variant), err)
		}
		r.variant = v
	}
	var ok bool
	if r.status, ok = parseStatus(j.Status); !ok {
		return fail(fmt.Sprintf("unknown status %q", j.Status), nil)
	}
	if r.result, ok = parseResult(j.Result); !ok {
		return fail(fmt.Sprintf("unknown result %q", j.Result), nil)
	}
	ng, msg, err := r.start(false)
	if msg != "" {
		return fail(msg, err)
	}
	for i, s := range j.Moves {
		if ng.status != Ongoing {
			return fail(fmt.Sprintf("move %d after the game ended", i+1), nil)
		}
		m, err := ng.pos.ParseUCI(s)
		if err != nil {
			return fail(fmt.Sprintf("move %d", i+1), err)
		}
		ng.play(m)
	}
	if j.FEN != "" && j.FEN != ng.pos.FEN() {
		return fail(fmt.Sprintf("fen %q is not the position the moves reach, %q", j.FEN, ng.pos.FEN()), nil)
	}
	if msg := r.finish(ng); msg != "" {
		return fail(msg, nil)
	}
	ng.engine = g.engine
	*g = *ng
	return nil
}

// variantName returns the name JSON keeps for v: "" for standard chess.
func variantName(v core.Variant) string {
	if v == core.Standard {
		return ""
	}
	return v.String()
}

// parseStatus returns the Status whose String is s.
func parseStatus(s string) (Status, bool) {
	for i, name := range statusNames {
		if name == s {
			return Status(i), true
		}
	}
	return Ongoing, false
}

// parseResult returns the Result whose String is s.
func parseResult(s string) (Result, bool) {
	for r := Unfinished; r <= Drawn; r++ {
		if r.String() == s {
			return r, true
		}
	}
	return Unfinished, false
}
