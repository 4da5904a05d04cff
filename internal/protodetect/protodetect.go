// Package protodetect tells a UCI engine from an XBoard engine by how it
// answers "uci", for the places that start an engine without being told
// its protocol (package game's Detect, package match's default).
package protodetect

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/gambit-chess/gambit/xboard"
)

// UCIAnswer reports whether line is part of a UCI engine's answer to
// "uci": an id, option, info or uciok line.
func UCIAnswer(line string) bool {
	f := strings.Fields(line)
	return len(f) > 0 && (f[0] == "id" || f[0] == "option" || f[0] == "uciok" || f[0] == "info")
}

// XBoardAnswer reports whether line is how XBoard engines answer "uci":
// "Error (unknown command): uci", "Illegal move: uci", "Invalid move:
// uci", or features.
func XBoardAnswer(line string) bool {
	l := strings.ToLower(strings.TrimSpace(line))
	return strings.HasSuffix(l, ": uci") || strings.HasPrefix(l, "feature ") ||
		strings.HasPrefix(l, "illegal move") || strings.HasPrefix(l, "error")
}

// ErrNoAnswer means a program answered neither protocol: nothing a UCI
// engine says to "uci", and no feature line to "protover 2". Such a
// program (a silent one, or /bin/cat, which echoes every command) would
// pass XBoard's handshake as a protocol 1 engine and then never move, so
// detection refuses it; an XBoard engine of protocol 1 is started by
// naming its protocol.
var ErrNoAnswer = errors.New("no answer to uci or to protover 2")

// FeatureTimeout is the XBoard FeatureTimeout of a detection's XBoard
// attempt, longer than the protocol's 2 s: whether the program is refused
// (CheckXBoard) hinges on a feature line coming within it, and a real
// engine that starts slowly beside other work can miss 2 s (GNU Chess 6,
// in a make test beside other packages' engines, sent none within 2 s;
// an engine that sends done=1 ends the wait at once).
const FeatureTimeout = 5 * time.Second

// CheckXBoard returns an error matching ErrNoAnswer unless p, started as
// an XBoard engine after it failed as a UCI engine, sent features.
func CheckXBoard(p *xboard.Engine) error {
	if p.Features().Protocol < 2 {
		return fmt.Errorf("%w: %s sent no feature line within its feature timeout", ErrNoAnswer, p.Name())
	}
	return nil
}
