package fentest_test

import (
	"runtime"
	"testing"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/fentest"
	"github.com/stretchr/testify/assert"
)

func TestPosition(t *testing.T) {
	const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	p := fentest.Position(t, kiwipete)
	assert.Equal(t, kiwipete, p.FEN())
	assert.Equal(t, p, *fentest.Pointer(t, kiwipete))
}

func TestVariant(t *testing.T) {
	const fen = "2k5/8/8/8/8/8/8/4K3[PNBRQpnbrq] w - - 0 1"
	p := fentest.Variant(t, core.Crazyhouse, fen)
	assert.Equal(t, core.Crazyhouse, p.Variant())
	assert.Equal(t, fen, p.FEN())
}

// TestRefused runs each helper on a FEN core refuses, on a testing.TB of
// its own, and checks that it failed the test.
func TestRefused(t *testing.T) {
	for name, f := range map[string]func(testing.TB){
		"Position": func(tb testing.TB) { fentest.Position(tb, "8/8/8/8/8/8/8/8 w - - 0 1") },
		"Pointer":  func(tb testing.TB) { fentest.Pointer(tb, "not a fen") },
		"Variant":  func(tb testing.TB) { fentest.Variant(tb, core.Atomic, "8/8/8/8/8/8/8/8 w - - 0 1") },
	} {
		t.Run(name, func(t *testing.T) {
			rec := &recorder{TB: t}
			done := make(chan struct{})
			go func() { // FailNow ends the goroutine, as it ends a test
				defer close(done)
				f(rec)
			}()
			<-done
			assert.True(t, rec.failed, "no failure for a refused FEN")
		})
	}
}

// recorder is a testing.TB that records a failure instead of failing t.
type recorder struct {
	testing.TB
	failed bool
}

func (r *recorder) Helper()               {}
func (r *recorder) Errorf(string, ...any) { r.failed = true }
func (r *recorder) FailNow()              { r.failed = true; runtime.Goexit() }
