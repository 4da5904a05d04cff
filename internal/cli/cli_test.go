package cli

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
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
