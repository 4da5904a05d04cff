package match_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/gambit-chess/gambit/internal/enginetest"
)

// fakePath is the fake engine (internal/fakeengine), built once by
// TestMain.
var fakePath string

func TestMain(m *testing.M) {
	dir := enginetest.BuildPrograms("match-test", "./internal/fakeengine")
	fakePath = filepath.Join(dir, "fakeengine")
	code := m.Run()
	_ = os.RemoveAll(dir)
	os.Exit(code)
}

// children returns the processes whose parent is this test process,
// zombies included, read from /proc.
func children(t *testing.T) []string {
	t.Helper()
	me := os.Getpid()
	out, err := enginetest.Processes(func(ppid, _ int) bool { return ppid == me })
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// noChildren checks that no engine process is left, giving killed
// processes a moment to be reaped.
func noChildren(t *testing.T) {
	t.Helper()
	var left []string
	for range 50 {
		if left = children(t); len(left) == 0 {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	assert.Empty(t, left, "engine processes left behind")
}
