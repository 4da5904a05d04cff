// Package protodetect tells a UCI engine from an XBoard engine by how it
// answers "uci", for the places that start an engine without being told
// its protocol (package game's Detect, package match's default).
package protodetect

import "strings"

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
