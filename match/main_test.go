package match_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
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
	entries, err := os.ReadDir("/proc")
	if err != nil {
		t.Fatalf("reading the process table: %v", err)
	}
	var out []string
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...: comm may hold spaces, so cut at the
		// last ')'.
		s := string(stat)
		i := strings.LastIndexByte(s, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(s[i+1:])
		if len(f) < 2 {
			continue
		}
		if ppid, _ := strconv.Atoi(f[1]); ppid == me {
			out = append(out, fmt.Sprintf("%d %s state %s", pid, s[strings.IndexByte(s, '(')+1:i], f[0]))
		}
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
