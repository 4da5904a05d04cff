//go:build unix

package xboard_test

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
	"github.com/gambit-chess/gambit/game"
	"github.com/gambit-chess/gambit/internal/enginetest"
	"github.com/gambit-chess/gambit/uci"
	"github.com/gambit-chess/gambit/xboard"
)

// debianEngine is an XBoard engine of Debian's the tests play.
type debianEngine struct {
	program string
	args    []string
	name    string // what its myname starts with
	cfg     xboard.Config
	check   func(t *testing.T, f xboard.Features)
}

var debianEngines = []debianEngine{
	{program: "fairymax", name: "Fairy-Max", check: func(t *testing.T, f xboard.Features) {
		assert.False(t, f.SetBoard, "Fairy-Max uses edit mode")
		assert.True(t, f.Memory)
		o, ok := engine.FindOption(f.Options, "Resign Threshold")
		require.True(t, ok)
		assert.Equal(t, engine.Option{Name: "Resign Threshold", Type: engine.TypeSpin, Default: "800", Min: 200, Max: 1200}, o)
		o, ok = engine.FindOption(f.Options, "Makruk rules")
		require.True(t, ok)
		assert.Equal(t, []string{"makruk", "Cambodian", "Ai-wok"}, o.Vars)
	}},
	// GNU Chess 6 reads its input so that the last of several commands
	// can stay unread until more comes: Start gives it a Nudge.
	{program: "gnuchess", args: []string{"--xboard"}, name: "GNU Chess",
		check: func(t *testing.T, f xboard.Features) {
			assert.True(t, f.UserMove)
			assert.True(t, f.SetBoard)
			assert.True(t, f.Analyze)
		}},
	{program: "phalanx", name: "Phalanx", check: func(t *testing.T, f xboard.Features) {
		assert.False(t, f.Draw)
		o, ok := engine.FindOption(f.Options, "Randomizer (0-50)")
		require.True(t, ok)
		assert.Equal(t, engine.TypeSpin, o.Type)
	}},
	{program: "sjeng", name: "Sjeng", check: func(t *testing.T, f xboard.Features) {
		assert.False(t, f.UserMove)
		assert.False(t, f.SAN)
		assert.True(t, f.Reuse)
	}},
	{program: "hoichess", name: "HoiChess", check: func(t *testing.T, f xboard.Features) {
		assert.False(t, f.Colors)
		assert.True(t, f.SMP)
		assert.NotEmpty(t, f.Options)
	}},
}

func (d debianEngine) start(t *testing.T) *xboard.Engine {
	t.Helper()
	// All five speak protocol 2 and end their features with done=1, so a
	// longer wait costs nothing; the protocol's 2 seconds can pass before
	// GNU Chess has started on a loaded machine (seen 1 handshake in 10
	// read as protocol 1 while other tests ran).
	cfg := d.cfg
	cfg.FeatureTimeout = 15 * time.Second
	e, err := cfg.Start(testCtx(t, 20*time.Second), enginetest.Program(t, d.program), d.args...)
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, e.Close()) })
	return e
}

func TestDebianHandshake(t *testing.T) {
	for _, d := range debianEngines {
		t.Run(d.program, func(t *testing.T) {
			t.Parallel()
			e := d.start(t)
			f := e.Features()
			assert.Equal(t, 2, f.Protocol)
			assert.True(t, strings.HasPrefix(e.Name(), d.name), e.Name())
			assert.True(t, f.Ping)
			d.check(t, f)
			require.NoError(t, e.Ping(testCtx(t, 10*time.Second)))
		})
	}
}

// match is the outcome of a test game.
type match struct {
	g      *game.Game
	plies  int
	infos  map[string]int // thinking lines with a PV, by player name
	reason string
}

// playMatch plays white against black from the start position, each with
// base time and inc, until the game ends, a player resigns or claims, or
// maxPlies. Each player's Think gets the clocks as they stand; a player
// that oversteps its clock by more than slack loses.
func playMatch(t *testing.T, white, black engine.Player, base, inc time.Duration, maxPlies int) match {
	t.Helper()
	ctx := testCtx(t, 2*(base+inc*time.Duration(maxPlies))+60*time.Second)
	g := game.New(game.AutoDraw())
	start := g.Position()
	require.NoError(t, white.StartGame(ctx, start, nil))
	require.NoError(t, black.StartGame(ctx, start, nil))
	players := [2]engine.Player{white, black}
	clock := [2]time.Duration{base, base}
	res := match{g: g, infos: map[string]int{}}
	const slack = 5 * time.Second
	for !g.IsOver() && g.Ply() < maxPlies {
		side := g.SideToMove()
		p, other := players[side], players[side.Other()]
		l := engine.Limits{WTime: clock[core.White], BTime: clock[core.Black], WInc: inc, BInc: inc}
		var infos atomic.Int64
		pos := g.Position()
		began := time.Now()
		r, err := p.Think(ctx, l, func(i engine.Info) {
			if len(i.PV) > 0 {
				infos.Add(1)
			}
			// Every PV move is legal: the client checked it.
			q := pos
			for _, m := range i.PV {
				if !q.IsLegal(m) {
					t.Errorf("%s: illegal PV move %v", p.Name(), m)
				}
				q.MakeMove(m)
			}
		})
		used := time.Since(began)
		require.NoError(t, err, "%s at ply %d (%s)", p.Name(), g.Ply(), g.FEN())
		res.infos[p.Name()] += int(infos.Load())
		clock[side] += inc - used
		if clock[side] < -slack {
			t.Fatalf("%s overstepped its clock by %v at ply %d", p.Name(), -clock[side], g.Ply())
		}
		clock[side] = max(clock[side], 10*time.Millisecond)
		switch {
		case r.Resign:
			require.NoError(t, g.Resign(side))
		case r.Result != "":
			res.reason = p.Name() + " claims " + r.Result + " {" + r.Reason + "}"
			require.NoError(t, g.Draw(res.reason)) // ended by the claim; checked below
		case r.Move == core.NoMove:
			t.Fatalf("%s gave no move at ply %d", p.Name(), g.Ply())
		default:
			require.NoError(t, g.MakeMove(r.Move))
			if !g.IsOver() {
				require.NoError(t, other.Move(ctx, r.Move))
			}
		}
	}
	res.plies = g.Ply()
	if res.reason == "" {
		res.reason = g.Outcome().String()
	}
	result := "*"
	if g.IsOver() {
		result = g.Outcome().Result.String()
	}
	for _, p := range players {
		require.NoError(t, p.GameOver(ctx, result, res.reason))
	}
	return res
}

// A full game of each Debian XBoard engine against Stockfish, with clocks
// of a few seconds, through engine.Player.
func TestDebianGamesAgainstStockfish(t *testing.T) {
	for i, d := range debianEngines {
		t.Run(d.program, func(t *testing.T) {
			t.Parallel()
			e := d.start(t)
			sf, err := uci.Start(testCtx(t, 20*time.Second), enginetest.StockfishPath(t))
			require.NoError(t, err)
			t.Cleanup(func() { assert.NoError(t, sf.Close()) })
			require.NoError(t, sf.SetOption(testCtx(t, 10*time.Second), "Skill Level", "3"))
			white, black := engine.Player(e), engine.Player(sf)
			if i%2 == 1 {
				white, black = black, white
			}
			start := time.Now()
			m := playMatch(t, white, black, 2*time.Second, 50*time.Millisecond, 240)
			t.Logf("%s vs %s: %d plies, %s, %v; thinking lines %v", white.Name(), black.Name(), m.plies, m.reason, time.Since(start).Round(time.Millisecond), m.infos)
			assert.Greater(t, m.plies, 10)
			assert.Positive(t, m.infos[e.Name()], "the engine's thinking output was parsed")
		})
	}
}

// Over TCP, an engine served by socat plays like a local one.
func TestDebianOverTCP(t *testing.T) {
	for _, name := range []string{"fairymax", "phalanx"} {
		t.Run(name, func(t *testing.T) {
			addr, kill := enginetest.ServeTCP(t, enginetest.Program(t, name))
			// As in debianEngine.start: a loaded machine can make the
			// protocol's 2 seconds pass before the features arrive.
			cfg := xboard.Config{FeatureTimeout: 15 * time.Second}
			e, err := cfg.Dial(testCtx(t, 20*time.Second), addr)
			require.NoError(t, err)
			t.Cleanup(func() { assert.NoError(t, e.Close()) })
			assert.Nil(t, e.Process())
			assert.True(t, e.Features().Ping)
			ctx := testCtx(t, 20*time.Second)
			p, err := core.ParseFEN("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
			require.NoError(t, err)
			require.NoError(t, e.StartGame(ctx, p, nil))
			r, err := e.Think(ctx, engine.Limits{MoveTime: 300 * time.Millisecond}, nil)
			require.NoError(t, err)
			assert.True(t, p.IsLegal(r.Move))
			// The engine dies with the connection: the next call says so.
			kill()
			_, err = e.Think(ctx, engine.Limits{MoveTime: time.Second}, nil)
			require.Error(t, err)
			assert.ErrorIs(t, err, xboard.ErrExited)
		})
	}
}

// A move the engine's board does not allow comes back as ErrRejected; a
// killed engine as ErrExited, at once.
func TestDebianRejectsAndCrashes(t *testing.T) {
	e := debianEngines[0].start(t) // Fairy-Max
	ctx := testCtx(t, 20*time.Second)
	p := core.StartPosition()
	require.NoError(t, e.StartGame(ctx, p, nil))
	// Behind the Engine's back, e2e4 is played: our e2e4 is then illegal
	// on the engine's board.
	require.NoError(t, e.Send("e2e4"))
	m, err := p.ParseUCI("e2e4")
	require.NoError(t, err)
	err = e.Move(ctx, m)
	require.ErrorIs(t, err, xboard.ErrRejected)
	assert.Contains(t, err.Error(), "Illegal move")

	// Set up again with edit mode (Fairy-Max has no setboard), Black to
	// move: the engine answers with a legal black move.
	p, err = core.ParseFEN("4k3/8/8/8/8/8/4P3/4K2R b K - 0 1")
	require.NoError(t, err)
	require.NoError(t, e.StartGame(ctx, p, nil))
	r, err := e.Think(ctx, engine.Limits{MoveTime: 200 * time.Millisecond}, nil)
	require.NoError(t, err)
	assert.True(t, p.IsLegal(r.Move), "%v", r.Move)

	// A crash during a search.
	ctx2 := testCtx(t, 20*time.Second)
	go func() {
		time.Sleep(300 * time.Millisecond)
		_ = e.Process().Kill()
	}()
	begin := time.Now()
	_, err = e.Think(ctx2, engine.Limits{MoveTime: 30 * time.Second}, nil)
	require.ErrorIs(t, err, xboard.ErrExited)
	assert.Less(t, time.Since(begin), 5*time.Second)
}

// Analyze mode streams thinking output until the context ends.
func TestDebianAnalyze(t *testing.T) {
	e := debianEngines[4].start(t) // HoiChess
	p, err := core.ParseFEN("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
	require.NoError(t, err)
	require.NoError(t, e.StartGame(testCtx(t, 10*time.Second), p, nil))
	ctx, cancel := context.WithTimeout(context.Background(), 1500*time.Millisecond)
	defer cancel()
	var last engine.Info
	n := 0
	require.NoError(t, e.Analyze(ctx, func(i engine.Info) { n++; last = i }))
	require.Positive(t, n)
	require.NotNil(t, last.Score)
	assert.True(t, last.Score.IsMate, "mate in 1 found: %v", last)
	require.NotEmpty(t, last.PV)
	assert.Equal(t, "a1a8", last.PV[0].String())

}
