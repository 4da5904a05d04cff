package protodetect

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// What Debian's XBoard engines answer to "uci" (seen on this machine), and
// what UCI engines print, tell the protocols apart.
func TestDetectAnswers(t *testing.T) {
	for _, l := range []string{"Error (unknown command): uci", "Illegal move: uci", "Sjeng: Illegal move: uci", "White (1) : Invalid move: uci", "feature myname=\"x\""} {
		assert.True(t, XBoardAnswer(l), l)
		assert.False(t, UCIAnswer(l), l)
	}
	for _, l := range []string{"id name Stockfish 15.1", "option name Hash type spin default 16 min 1 max 33554432", "uciok", "info string NNUE evaluation enabled"} {
		assert.True(t, UCIAnswer(l), l)
		assert.False(t, XBoardAnswer(l), l)
	}
	for _, l := range []string{"Stockfish 15.1 by the Stockfish developers (see AUTHORS file)", "tellics say     Fairy-Max 5.0b", "Phalanx XXV", ""} {
		assert.False(t, UCIAnswer(l), l)
		assert.False(t, XBoardAnswer(l), l)
	}
}
