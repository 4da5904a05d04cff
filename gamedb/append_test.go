package gamedb

import (
	"errors"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
)

// appendEnv makes the test binary an appender (see TestMain): it appends
// the real files to the index the variable names, several times over.
const appendEnv = "GAMEDB_TEST_APPEND"

// appendCopies is how many times the appender appends the real files.
const appendCopies = 2

func TestMain(m *testing.M) {
	if dir := os.Getenv(appendEnv); dir != "" {
		os.Exit(appendMain(dir))
	}
	os.Exit(m.Run())
}

func appendMain(dir string) int {
	b, err := Append(dir, BuildOptions{SegmentPostings: 50000})
	if err != nil {
		os.Stderr.WriteString(err.Error() + "\n")
		return 1
	}
	for range appendCopies {
		for _, name := range realFiles {
			f, err := os.Open(name)
			if err != nil {
				return 1
			}
			if err := b.AddPGN(f, name, nil); err != nil {
				os.Stderr.WriteString(err.Error() + "\n")
				return 1
			}
			f.Close()
		}
	}
	if err := b.Commit(); err != nil {
		os.Stderr.WriteString(err.Error() + "\n")
		return 1
	}
	return 0
}

// startGames counts the games of the index that reached the start
// position, every one of them.
func startGames(t *testing.T, db *DB) int64 {
	t.Helper()
	start := core.StartPosition()
	page, err := db.Find(&start, Filter{}, 0, 0)
	require.NoError(t, err)
	return page.Total
}

func TestAppendKilledLeavesTheIndex(t *testing.T) {
	dir := buildIndex(t, BuildOptions{}, realFiles...)
	db, err := Open(dir)
	require.NoError(t, err)
	before := db.Len()
	require.Equal(t, before, startGames(t, db))
	db.Close()

	// How long a whole append takes here, to kill within it.
	scratch := filepath.Join(t.TempDir(), "scratch")
	require.NoError(t, os.CopyFS(scratch, os.DirFS(dir)))
	t0 := time.Now()
	runAppender(t, scratch, -1)
	whole := time.Since(t0)

	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 7))
	games := before
	committed := 0
	for range 12 {
		// Anywhere in the append, and more often near its end, where it
		// commits.
		after := runAppender(t, dir, time.Duration(float64(whole)*rng.Float64()*1.2))
		db, err := Open(dir)
		require.NoError(t, err, "killed after %v", after)
		n := db.Len()
		require.Contains(t, []int64{games, games + appendCopies*before}, n, "killed after %v", after)
		if n > games {
			committed++
		}
		games = n
		// Every game answers, the appended ones too.
		assert.Equal(t, n, startGames(t, db))
		for _, k := range []int64{1, n} {
			_, _, err := db.Moves(k)
			require.NoError(t, err)
		}
		db.Close()
	}
	t.Logf("a whole append took %v; %d of 12 killed appends had committed", whole, committed)
	// Nothing but the index is left: the killed appends' segments went
	// with the next append.
	runAppender(t, dir, -1)
	man, err := readManifest(dir)
	require.NoError(t, err)
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, len(man.segments)+2, "the manifest, the lock and the segments") // MANIFEST, LOCK
}

// runAppender runs the appender on dir and kills it after d (d < 0: lets
// it finish). It returns how long it ran.
func runAppender(t *testing.T, dir string, d time.Duration) time.Duration {
	t.Helper()
	exe, err := os.Executable()
	require.NoError(t, err)
	cmd := exec.Command(exe, "-test.run=^$")
	cmd.Env = append(os.Environ(), appendEnv+"="+dir)
	cmd.Stderr = os.Stderr
	start := time.Now()
	require.NoError(t, cmd.Start())
	if d < 0 {
		require.NoError(t, cmd.Wait())
		return time.Since(start)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(d):
		// The appender may end between the timer and the signal: then
		// it is reaped already, and it finished its append.
		if err := cmd.Process.Signal(syscall.SIGKILL); !errors.Is(err, os.ErrProcessDone) {
			require.NoError(t, err)
		}
		<-done
	}
	return time.Since(start)
}

func TestReadersDuringAppend(t *testing.T) {
	dir := buildIndex(t, BuildOptions{}, realFiles...)
	db, err := Open(dir)
	require.NoError(t, err)
	before := db.Len()
	db.Close()

	var wg sync.WaitGroup
	stop := make(chan struct{})
	seen := map[int64]bool{}
	var mu sync.Mutex
	wg.Add(1)
	go func() {
		defer wg.Done()
		// At least one read, however the goroutines are scheduled, then
		// until the test stops them.
		for {
			db, err := Open(dir)
			if !assert.NoError(t, err) {
				return
			}
			n := db.Len()
			start := core.StartPosition()
			page, err := db.Find(&start, Filter{}, 0, 1)
			assert.NoError(t, err)
			assert.Equal(t, n, page.Total)
			db.Close()
			mu.Lock()
			seen[n] = true
			mu.Unlock()
			select {
			case <-stop:
				return
			default:
			}
		}
	}()
	runAppender(t, dir, -1)
	// Readers go on after the append: they see every game.
	time.Sleep(20 * time.Millisecond)
	close(stop)
	wg.Wait()
	mu.Lock()
	defer mu.Unlock()
	assert.True(t, seen[before] || seen[(1+appendCopies)*before], "readers saw %v", seen)
	for n := range seen {
		assert.Contains(t, []int64{before, (1 + appendCopies) * before}, n)
	}
	db, err = Open(dir)
	require.NoError(t, err)
	defer db.Close()
	assert.Equal(t, (1+appendCopies)*before, db.Len())
}

func TestOneWriterAtATime(t *testing.T) {
	dir := buildIndex(t, BuildOptions{}, realFiles[1])
	b, err := Append(dir, BuildOptions{})
	require.NoError(t, err)
	_, err = Append(dir, BuildOptions{})
	require.ErrorContains(t, err, "another process is writing")
	require.NoError(t, b.Close())
	b, err = Append(dir, BuildOptions{})
	require.NoError(t, err)
	require.NoError(t, b.Close())
	_, err = Create(dir, BuildOptions{})
	require.ErrorContains(t, err, "not empty")
}
