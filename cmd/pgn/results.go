package main

import (
	"fmt"

	"github.com/gambit-chess/gambit/pgn"
)

// resultCheck is pgn validate's visitor: it compares a game's Result tag
// with the result token that ends its movetext. PGN requires the two to
// agree and every movetext to end with one; a game that breaks either rule
// is still readable, so validate reports it as a warning, and as an error
// under -strict (what Debian's pgn-extract 19.04 does by default: it
// prints "Inconsistent result strings 1-0 vs 0-1" or "Missing result." and
// goes on).
type resultCheck struct {
	pgn.BaseVisitor
	w       *worker
	tag     string // the Result tag's value, "" when there is none
	tagLine int    // its line, or else the last tag's

	found string // the finding of the last game, "" when it is sound
	line  int    // its line, in the chunk
}

// BeginGame forgets the last game.
func (v *resultCheck) BeginGame() { v.tag, v.found, v.tagLine = "", "", 0 }

// Tag keeps the Result tag and the line of the tag where a finding is
// reported: the Result tag's, or else the last tag's.
func (v *resultCheck) Tag(name, value []byte) {
	if v.tag != "" {
		return
	}
	v.tagLine = v.w.pgn.Line()
	if string(name) == "Result" {
		v.tag = string(value)
	}
}

// EndGame compares the result token with the tag.
func (v *resultCheck) EndGame(result string) {
	v.line = v.tagLine
	if v.line == 0 { // no tag at all
		v.line = v.w.pgn.Line()
	}
	switch {
	case result == "" && v.tag != "":
		v.found = fmt.Sprintf("[Result %q] but the movetext ends without a result", v.tag)
	case result == "":
		v.found = "the movetext ends without a result, and there is no Result tag"
	case v.tag != "" && v.tag != result:
		v.found = fmt.Sprintf("[Result %q] but the movetext ends with %s", v.tag, result)
	}
}

// gameFinding is a game's result finding: its index in the chunk, the line
// in the chunk and the text.
type gameFinding struct {
	index, line int
	msg         string
}
