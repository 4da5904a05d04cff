package cli

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
)

func TestMessageSaysTheProgramOnce(t *testing.T) {
	open := errors.New("perft: open x.epd: no such file or directory")
	assert.Equal(t, "perft: open x.epd: no such file or directory", Message("perft", open))
	assert.Equal(t, "perft unit: open x.epd: no such file or directory", Message("perft unit", open))
	wrapped := fmt.Errorf("play: start position: %w", errors.New("game: core: invalid FEN"))
	assert.Equal(t, "play: start position: game: core: invalid FEN", Message("play", wrapped))
	assert.Equal(t, "match: x", Message("match", errors.New("match: match: x")))
	assert.Equal(t, "pgn: a.pgn: line 3: bad tag", MessageAt("pgn", "a.pgn", errors.New("pgn: line 3: bad tag")))
	var b bytes.Buffer
	FailAt(&b, "pgn svg", "a.pgn", errors.New("pgn: pgn svg: x"))
	assert.Equal(t, "pgn svg: a.pgn: x\n", b.String())
	b.Reset()
	Fail(&b, "syzygy", errors.New("other: x"))
	assert.Equal(t, "syzygy: other: x\n", b.String())
}

// A FlagSet writes its help for -h and returns flag.ErrHelp; every other
// mistake is a UsageError that Exit reports as one line and the hint,
// with status 2; Given tells a flag given its default from one not given.
func TestFlagSet(t *testing.T) {
	var help bytes.Buffer
	fs := NewFlagSet("prog sub", "usage: prog sub [-n N]", &help)
	fs.Int("n", 3, "a number")
	require.ErrorIs(t, fs.Parse([]string{"-h"}), flag.ErrHelp)
	assert.Equal(t, "usage: prog sub [-n N]\n\nflags:\n  -n int\n    \ta number (default 3)\n", help.String())
	var out bytes.Buffer
	assert.Equal(t, ExitOK, Exit(&out, "prog sub", flag.ErrHelp))
	assert.Empty(t, out.String())

	fs = NewFlagSet("prog sub", "usage: prog sub [-n N]", &help)
	fs.Int("n", 3, "a number")
	err := fs.Parse([]string{"-n", "x"})
	require.True(t, IsUsage(err), "%v", err)
	assert.Equal(t, ExitUsage, Exit(&out, "prog sub", err))
	assert.Equal(t, "prog sub: invalid value \"x\" for flag -n: parse error\nrun 'prog sub -h' for the usage\n", out.String())

	fs = NewFlagSet("prog", "usage: prog", &help)
	n := fs.Int("n", 3, "a number")
	require.NoError(t, fs.Parse([]string{"-n", "3"}))
	assert.True(t, fs.Given("n"))
	assert.Equal(t, 3, *n)
	fs = NewFlagSet("prog", "usage: prog", &help)
	fs.Int("n", 3, "a number")
	require.NoError(t, fs.Parse(nil))
	assert.False(t, fs.Given("n"))

	out.Reset()
	assert.Equal(t, ExitError, Exit(&out, "prog", errors.New("prog: open x: no such file")))
	assert.Equal(t, "prog: open x: no such file\n", out.String())
}

// The named positions are the variant's start and Kiwipete; anything else
// is returned as it is.
func TestFEN(t *testing.T) {
	assert.Equal(t, core.StartFEN, FEN(core.Standard, "startpos"))
	assert.Equal(t, core.VariantStartFEN(core.Horde), FEN(core.Horde, "startpos"))
	assert.NotEqual(t, core.StartFEN, FEN(core.Horde, "startpos"))
	p, err := core.ParseFEN(FEN(core.Standard, "kiwipete"))
	require.NoError(t, err)
	assert.Equal(t, KiwipeteFEN, p.FEN())
	assert.Equal(t, "8/8 w", FEN(core.Standard, "8/8 w"))
}
