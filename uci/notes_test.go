package uci_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gambit-chess/gambit/search"
)

// An engine.Notifier's lines come as info strings before readyok, and
// after a setoption it took; an engine without one answers isready
// alone.
func TestServeNotes(t *testing.T) {
	out := serveScript(t, search.New(), "isready\nsetoption name EvalFile value <empty>\nsetoption name Hash value 1\nisready\n")
	assert.Equal(t, []string{
		"info string evaluation: hand-written", "readyok",
		"info string evaluation: hand-written", // EvalFile emptied
		"info string evaluation: hand-written", "readyok",
	}, out)
	assert.Equal(t, []string{"readyok"}, serveScript(t, newOnePly(), "isready\n"))
}
