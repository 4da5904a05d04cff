package pgn_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/pgn"
)

func TestClock(t *testing.T) {
	tests := []struct {
		name    string
		comment string
		want    time.Duration
		ok      bool
	}{
		{"Lichess", "[%clk 0:03:00]", 3 * time.Minute, true},
		{"with text", "Good move [%clk 1:02:03] and more", time.Hour + 2*time.Minute + 3*time.Second, true},
		{"fraction", "[%clk 0:00:09.7]", 9*time.Second + 700*time.Millisecond, true},
		{"minutes and seconds", "[%clk 5:07]", 5*time.Minute + 7*time.Second, true},
		{"spaces", "[%clk   0:01:00 ]", time.Minute, true},
		{"none", "just text", 0, false},
		{"another command", "[%emt 0:00:05]", 0, false},
		{"malformed", "[%clk 1:xx:00]", 0, false},
		{"unclosed", "[%clk 0:01:00", 0, false},
		{"a longer name", "[%clkx 0:01:00] [%clk 0:02:00]", 2 * time.Minute, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, ok := pgn.Clock(tt.comment)
			assert.Equal(t, tt.ok, ok)
			assert.Equal(t, tt.want, d)
			d, ok = pgn.Clock([]byte(tt.comment))
			assert.Equal(t, tt.ok, ok, "as bytes")
			assert.Equal(t, tt.want, d, "as bytes")
		})
	}
	d, ok := pgn.EMT("[%clk 0:01:00] [%emt 0:00:12]")
	assert.True(t, ok)
	assert.Equal(t, 12*time.Second, d)
}

func TestParseEval(t *testing.T) {
	tests := []struct {
		comment string
		want    pgn.Eval
		ok      bool
	}{
		{"[%eval 0.25]", pgn.Eval{Centipawns: 25}, true},
		{"[%eval -1.5]", pgn.Eval{Centipawns: -150}, true},
		{"[%eval +3]", pgn.Eval{Centipawns: 300}, true},
		{"[%eval .07]", pgn.Eval{Centipawns: 7}, true},
		{"[%eval 0.125]", pgn.Eval{Centipawns: 13}, true},
		{"[%eval #3]", pgn.Eval{Mate: true, Moves: 3}, true},
		{"[%eval #-2]", pgn.Eval{Mate: true, Moves: -2}, true},
		{"[%eval 0.31,22]", pgn.Eval{Centipawns: 31, Depth: 22}, true},
		{"text [%clk 0:00:01] [%eval #-1,30] more", pgn.Eval{Mate: true, Moves: -1, Depth: 30}, true},
		{"[%eval abc]", pgn.Eval{}, false},
		{"[%eval #]", pgn.Eval{}, false},
		{"no eval", pgn.Eval{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.comment, func(t *testing.T) {
			e, ok := pgn.ParseEval(tt.comment)
			assert.Equal(t, tt.ok, ok)
			assert.Equal(t, tt.want, e)
		})
	}
	assert.Equal(t, "-1.50", pgn.Eval{Centipawns: -150}.String())
	assert.Equal(t, "0.07,12", pgn.Eval{Centipawns: 7, Depth: 12}.String())
	assert.Equal(t, "#-2", pgn.Eval{Mate: true, Moves: -2}.String())
}

func TestParseShapes(t *testing.T) {
	got := pgn.ParseShapes("See [%csl Ge4,Rd5] and [%cal Ge2e4,Bd1h5,Xa1a2,Ya9a1] [%cal Yh1h8]")
	assert.Equal(t, []pgn.Shape{
		{'G', core.E4, core.E4}, {'R', core.D5, core.D5},
		{'G', core.E2, core.E4}, {'B', core.D1, core.H5}, {'Y', core.H1, core.H8},
	}, got)
	assert.Empty(t, pgn.ParseShapes("nothing"))
	assert.Equal(t, "Ge4", pgn.Shape{'G', core.E4, core.E4}.String())
	assert.Equal(t, "Re2e4", pgn.Shape{'R', core.E2, core.E4}.String())
}

func TestParseComment(t *testing.T) {
	c := pgn.ParseComment("Strong [%csl Ge4] [%cal Ge2e4] [%eval 0.25] [%emt 0:00:03] [%clk 0:03:00] [%custom x]")
	assert.Equal(t, pgn.Comment{
		Text:  "Strong [%custom x]",
		Clock: 3 * time.Minute, HasClock: true,
		EMT: 3 * time.Second, HasEMT: true,
		Eval: pgn.Eval{Centipawns: 25}, HasEval: true,
		Shapes: []pgn.Shape{{'G', core.E4, core.E4}, {'G', core.E2, core.E4}},
	}, c)
	assert.Equal(t, "Strong [%custom x] [%csl Ge4] [%cal Ge2e4] [%eval 0.25] [%emt 0:00:03] [%clk 0:03:00]", c.String())

	c = pgn.ParseComment("[%clk 1:00:00.5]")
	assert.Equal(t, pgn.Comment{Clock: time.Hour + 500*time.Millisecond, HasClock: true}, c)
	assert.Equal(t, "[%clk 1:00:00.5]", c.String())
	assert.Equal(t, pgn.Comment{Text: "plain"}, pgn.ParseComment("  plain  "))
}

func TestFormatClock(t *testing.T) {
	assert.Equal(t, "0:03:00", pgn.FormatClock(3*time.Minute))
	assert.Equal(t, "1:02:03.25", pgn.FormatClock(time.Hour+2*time.Minute+3250*time.Millisecond))
	assert.Equal(t, "0:00:00", pgn.FormatClock(-time.Second))
}
