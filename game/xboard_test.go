//go:build unix

package game_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
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

// requirePlayerInSync checks that the game an XBoard engine keeps is this
// game.
func requirePlayerInSync(t *testing.T, g *game.Game) {
	t.Helper()
	e, ok := g.Player().(*xboard.Engine)
	require.True(t, ok)
	start, moves := e.Game()
	require.Equal(t, g.StartFEN(), start.FEN())
	require.Equal(t, g.Moves(), moves)
}

// playXBoardGame plays a whole game against the attached XBoard engine:
// our moves are the first legal ones, its replies come in a second each at
// most, and the engine is kept in sync through undo and restore.
func playXBoardGame(t *testing.T, g *game.Game) {
	ctx := testCtx(t, 90*time.Second)
	assert.Nil(t, g.Engine(), "not a UCI engine")
	limits := engine.Limits{WTime: 5 * time.Second, BTime: 5 * time.Second, WInc: 50 * time.Millisecond, BInc: 50 * time.Millisecond}

	bm, err := g.EnginePlay(ctx, limits)
	require.NoError(t, err)
	require.Equal(t, 1, g.Ply())
	assert.Equal(t, bm.Move, g.LastMove())
	requirePlayerInSync(t, g)

	// A hint changes nothing; the engine is brought back in sync.
	hint, err := g.EngineHint(ctx, limits)
	require.NoError(t, err)
	assert.Contains(t, g.LegalMovesUCI(), hint.UCI)
	assert.Equal(t, 1, g.Ply())

	require.NoError(t, g.Undo())
	_, err = g.PlayAgainstEngine(ctx, "e4", limits)
	require.NoError(t, err)
	requirePlayerInSync(t, g)

	for !g.IsOver() && g.Ply() < 300 {
		reply, err := g.PlayAgainstEngine(ctx, g.LegalMovesUCI()[0], limits)
		require.NoError(t, err, "ply %d %s", g.Ply(), g.FEN())
		if reply.Move == core.NoMove {
			break
		}
		requirePlayerInSync(t, g)
	}
	t.Logf("%s: %d plies, %s", g.Player().Name(), g.Ply(), g.Outcome())
	require.True(t, g.IsOver(), "playing the first legal move loses or draws in 300 plies")

	// A restored game keeps its engine, which follows the new game.
	data, err := newGame(t, "", "e4 e5 Nf3").MarshalBinary()
	require.NoError(t, err)
	require.NoError(t, g.UnmarshalBinary(data))
	_, err = g.EnginePlay(ctx, limits)
	require.NoError(t, err)
	require.Equal(t, 4, g.Ply())
	requirePlayerInSync(t, g)

	// UCI has no draw offers, XBoard does: Fairy-Max declines, Phalanx
	// says draw=0.
	if err := g.OfferEngineDraw(ctx); err != nil {
		require.ErrorIs(t, err, engine.ErrUnsupported)
	}
	assert.False(t, g.EngineOffersDraw())
}

func TestXBoardEngineLocal(t *testing.T) {
	g := game.New(game.AutoDraw())
	require.NoError(t, g.StartEngineProtocol(testCtx(t, 20*time.Second), game.XBoard, enginetest.Program(t, "fairymax")))
	t.Cleanup(func() { require.NoError(t, g.CloseEngine()) })
	playXBoardGame(t, g)
}

func TestXBoardEngineTCP(t *testing.T) {
	addr, _ := enginetest.ServeTCP(t, enginetest.Program(t, "phalanx"))
	g := game.New(game.AutoDraw())
	require.NoError(t, g.DialEngineProtocol(testCtx(t, 20*time.Second), game.XBoard, addr))
	t.Cleanup(func() { require.NoError(t, g.CloseEngine()) })
	assert.Equal(t, "Phalanx XXV", g.Player().Name())
	playXBoardGame(t, g)
}

func TestEngineDetect(t *testing.T) {
	ctx := testCtx(t, 30*time.Second)
	g := game.New()
	require.NoError(t, g.StartEngineProtocol(ctx, game.Detect, enginetest.Program(t, "fairymax")))
	_, isX := g.Player().(*xboard.Engine)
	assert.True(t, isX, "Fairy-Max speaks XBoard")
	require.NoError(t, g.CloseEngine())

	require.NoError(t, g.StartEngineProtocol(ctx, game.Detect, enginetest.StockfishPath(t)))
	_, isU := g.Player().(*uci.Engine)
	assert.True(t, isU, "Stockfish speaks UCI")
	assert.NotNil(t, g.Engine())
	err := g.OfferEngineDraw(ctx)
	assert.ErrorIs(t, err, engine.ErrUnsupported, "UCI has no draw offers")
	require.NoError(t, g.CloseEngine())

	err = g.StartEngineProtocol(ctx, game.Protocol(9), "x")
	assert.Error(t, err)
}

// Detect finds the protocol of each Debian XBoard engine (each answers
// "uci" with an error), also over TCP. The engines run with small hash
// tables (enginetest.Lean): five of them start at once here.
func TestDetectPlayers(t *testing.T) {
	for _, c := range []struct {
		program string
		args    []string
	}{{"fairymax", nil}, {"hoichess", nil}, {"gnuchess", []string{"--xboard"}}, {"phalanx", nil}} {
		t.Run(c.program, func(t *testing.T) {
			t.Parallel()
			argv := enginetest.Lean(t, c.program, c.args...)
			p, err := game.StartPlayer(testCtx(t, 40*time.Second), game.Detect, argv[0], argv[1:]...)
			require.NoError(t, err)
			t.Cleanup(func() {
				err := p.Close()
				// GNU Chess, even with a 16 MB table, did not quit within
				// Close's 2 s grace in a CI rehearsal beside four busy
				// loops (what it waits on there is not found); Close
				// then kills it, as it promises. Detection is what this
				// test is about.
				if c.program == "gnuchess" && errors.Is(err, xboard.ErrTimeout) {
					t.Logf("GNU Chess killed at Close: %v", err)
					return
				}
				assert.NoError(t, err)
			})
			_, isX := p.(*xboard.Engine)
			assert.True(t, isX, "%s speaks XBoard", c.program)
		})
	}
	t.Run("tcp", func(t *testing.T) {
		t.Parallel()
		addr, _ := enginetest.ServeTCP(t, strings.Join(enginetest.Lean(t, "fairymax"), " "))
		p, err := game.DialPlayer(testCtx(t, 40*time.Second), game.Detect, addr)
		require.NoError(t, err)
		t.Cleanup(func() { assert.NoError(t, p.Close()) })
		_, isX := p.(*xboard.Engine)
		assert.True(t, isX)
	})
}

// fakeEngine writes a shell script engine and returns its path.
func fakeEngine(t *testing.T, script string) string {
	path := filepath.Join(t.TempDir(), "engine")
	require.NoError(t, os.WriteFile(path, []byte("#!/bin/sh\n"+script), 0o755))
	return path
}

// An XBoard engine's error answer to "uci" ends the UCI attempt at once,
// well before DetectTimeout.
func TestDetectXBoardAnswer(t *testing.T) {
	path := fakeEngine(t, `read line
echo "Error (unknown command): $line"
while read line; do
	case "$line" in
	protover*) echo "feature myname=\"Fake\" ping=1 done=1" ;;
	ping*) echo "pong ${line#ping }" ;;
	quit) exit 0 ;;
	esac
done
`)
	begin := time.Now()
	p, err := game.StartPlayer(testCtx(t, 30*time.Second), game.Detect, path)
	require.NoError(t, err)
	took := time.Since(begin)
	t.Cleanup(func() { assert.NoError(t, p.Close()) })
	_, isX := p.(*xboard.Engine)
	assert.True(t, isX, "detected as XBoard")
	assert.Equal(t, "Fake", p.Name())
	assert.Less(t, took, game.DetectTimeout, "did not wait for a UCI answer")
}

// A UCI engine that has answered with its id is given the handshake's
// full timeout, longer than DetectTimeout, to finish it.
func TestDetectSlowUCIEngine(t *testing.T) {
	slow := fakeEngine(t, `read line
echo "id name Slow"
sleep `+fmt.Sprint(int(game.DetectTimeout/time.Second)+1)+`
echo uciok
while read line; do
	case "$line" in
	isready) echo readyok ;;
	quit) exit 0 ;;
	esac
done
`)
	p, err := game.StartPlayer(testCtx(t, 30*time.Second), game.Detect, slow)
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, p.Close()) })
	_, isU := p.(*uci.Engine)
	assert.True(t, isU, "detected as UCI")
	assert.Equal(t, "Slow", p.Name())
}
