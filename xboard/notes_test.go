package xboard_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/search"
	"github.com/gambit-chess/gambit/xboard"
)

// An engine.Notifier's lines come as "#" comments before a pong, and after
// an option it took.
func TestServeNotes(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, xboard.Serve(t.Context(), search.New(), strings.NewReader("xboard\nping 1\noption EvalFile=\nping 2\nquit\n"), &out))
	var got []string
	for _, l := range strings.Split(out.String(), "\n") {
		if strings.HasPrefix(l, "# ") || strings.HasPrefix(l, "pong") {
			got = append(got, l)
		}
	}
	assert.Equal(t, []string{
		"# evaluation: hand-written", "pong 1",
		"# evaluation: hand-written", // EvalFile emptied
		"# evaluation: hand-written", "pong 2",
	}, got)
}
