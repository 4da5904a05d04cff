package main

import (
	"bytes"
	"io"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/pgn"
)

// everyMove calls f with each position and legal move of the real games.
type everyMove struct {
	pgn.BaseVisitor
	f func(p *core.Position, m core.Move)
}

func (v everyMove) Move(p *core.Position, _ core.Move) {
	var ml core.MoveList
	p.LegalMoves(&ml)
	for _, m := range ml.Moves() {
		v.f(p, m)
	}
}

// TestAppendUCI holds appendUCI to core's Position.UCI on every legal move
// of the positions of real games, standard and Chess960.
func TestAppendUCI(t *testing.T) {
	n := 0
	for _, name := range []string{"cutechess-fischerrandom.pgn", "kasparov-deep-blue-1997.pgn", "chessjs-benchmark.pgn"} {
		data, err := readTestdata(name)
		require.NoError(t, err)
		r := pgn.NewReader(bytes.NewReader(data))
		v := everyMove{f: func(p *core.Position, m core.Move) {
			n++
			if got := string(appendUCI(nil, p, m)); got != p.UCI(m) {
				t.Fatalf("%s in %s: appendUCI %s, UCI %s", m, p.FEN(), got, p.UCI(m))
			}
		}}
		for r.Visit(v) != io.EOF {
		}
	}
	assert.Greater(t, n, 100000)
	p := core.StartPosition()
	assert.Equal(t, "0000", string(appendUCI(nil, &p, core.NoMove)))
}

func TestProgressLine(t *testing.T) {
	in := &input{name: "games.pgn", size: 1000}
	in.read.Store(250)
	var games atomic.Int64
	games.Store(42)
	p := &progressBar{in: in, games: &games}
	line := p.line()
	assert.True(t, strings.HasPrefix(line, "[#######......................."+"]  25% games.pgn 42 games, 0.0 MB read"), line)
	in.size = 0
	assert.True(t, strings.HasPrefix(p.line(), "games.pgn 42 games"), p.line())
	// Not a terminal: no bar.
	assert.False(t, isTerminal(&bytes.Buffer{}))
}
