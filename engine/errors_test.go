package engine_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/engine"
	"github.com/gambit-chess/gambit/internal/enginetest"
	"github.com/gambit-chess/gambit/uci"
	"github.com/gambit-chess/gambit/xboard"
)

// Engines of either protocol that fail the same way give errors that match
// the same sentinel of package engine, which the protocol packages' names
// are: one errors.Is test serves a program that drives both.
func TestOneSentinelForBothProtocols(t *testing.T) {
	dir := enginetest.BuildPrograms("engine-errors-test", "../uci/internal/fakeengine", "../xboard/internal/fakexboard")
	t.Cleanup(func() { _ = os.RemoveAll(dir) })
	fakeUCI, fakeXBoard := filepath.Join(dir, "fakeengine"), filepath.Join(dir, "fakexboard")
	const timeout = 300 * time.Millisecond
	start := map[string]func(ctx context.Context, path string, args ...string) error{
		"uci": func(ctx context.Context, path string, args ...string) error {
			e, err := uci.Config{Timeout: timeout}.Start(ctx, path, args...)
			if err == nil {
				_ = e.Close()
			}
			return err
		},
		"xboard": func(ctx context.Context, path string, args ...string) error {
			e, err := xboard.Config{Timeout: timeout}.Start(ctx, path, args...)
			if err == nil {
				_ = e.Close()
			}
			return err
		},
	}
	exits := []string{"-c", "echo starting; echo 'fatal: no network file' >&2; exit 3"}
	for _, tc := range []struct {
		protocol string
		path     string
		args     []string
		want     error
		alias    []error
	}{
		// An engine that never finishes its handshake: uciok never
		// comes; feature done=1 never follows done=0.
		{"uci", fakeUCI, []string{"hang"}, engine.ErrTimeout, []error{uci.ErrTimeout, xboard.ErrTimeout}},
		{"xboard", fakeXBoard, []string{"nodone"}, engine.ErrTimeout, []error{uci.ErrTimeout, xboard.ErrTimeout}},
		// A program that exits at once.
		{"uci", "/bin/sh", exits, engine.ErrExited, []error{uci.ErrExited, xboard.ErrExited}},
		{"xboard", "/bin/sh", exits, engine.ErrExited, []error{uci.ErrExited, xboard.ErrExited}},
	} {
		t.Run(tc.protocol+"/"+filepath.Base(tc.path), func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			err := start[tc.protocol](ctx, tc.path, tc.args...)
			require.Error(t, err)
			assert.ErrorIs(t, err, tc.want)
			for _, a := range tc.alias {
				assert.ErrorIs(t, err, a)
			}
			var ee *engine.EngineError
			require.True(t, errors.As(err, &ee), "an *engine.EngineError: %v", err)
			assert.Equal(t, tc.protocol, ee.Protocol)
			assert.Equal(t, tc.path, ee.Engine)
			assert.Contains(t, err.Error(), tc.protocol+": ")
			// The same value under the protocol package's name.
			var ue *uci.EngineError
			var xe *xboard.EngineError
			assert.True(t, errors.As(err, &ue) && errors.As(err, &xe))
			if tc.want == engine.ErrExited {
				assert.Contains(t, ee.Output, "stderr: fatal: no network file", "the engine's last words")
			}
		})
	}
}

// The message quotes one engine line: the last one on standard error,
// which says why an engine died, else the last one; Output keeps all.
func TestEngineErrorQuotesOneLine(t *testing.T) {
	out := []string{"info depth 1", "stderr: fatal: no network file", "info depth 2", "bestmove e2e4"}
	e := &engine.EngineError{Protocol: "uci", Op: "go", Engine: "sf", Err: engine.ErrTimeout, Output: out}
	assert.Equal(t, `uci: go sf: engine did not answer in time [last output: "stderr: fatal: no network file"]`, e.Error())
	e.Output = []string{"id name x", "readyok"}
	assert.Equal(t, `uci: go sf: engine did not answer in time [last output: "readyok"]`, e.Error())
	e.Output = nil
	assert.Equal(t, "uci: go sf: engine did not answer in time", e.Error())
}
