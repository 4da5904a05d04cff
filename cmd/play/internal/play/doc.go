// Package play is the interactive logic of cmd/play, kept apart from the
// terminal: reading what a player types (moves in forgiving SAN or UCI, and
// commands), completing it, a small line editor fed with the bytes of a raw
// terminal, chess clocks, and a Session that runs a game against an
// engine.Player or between two people and draws the screen as lines of at
// most 80 columns.
package play
