package hub_test

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/game"
	"github.com/gambit-chess/gambit/game/hub"
)

// terminations records what OnTerminate receives.
type terminations struct {
	mu   sync.Mutex
	got  map[string]termination // the latest for each ID
	seen map[*game.Game]bool
}

type termination struct {
	reason hub.Reason
	fen    string
	plies  int
}

func newTerminations() *terminations {
	return &terminations{got: map[string]termination{}, seen: map[*game.Game]bool{}}
}

func (r *terminations) record(id string, reason hub.Reason, g *game.Game) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.seen[g] {
		panic("game " + id + " terminated twice")
	}
	r.seen[g] = true
	r.got[id] = termination{reason: reason, fen: g.FEN(), plies: g.Ply()}
}

func (r *terminations) get(id string) (termination, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	t, ok := r.got[id]
	return t, ok
}

func (r *terminations) len() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.seen)
}

func TestHubGameLifecycle(t *testing.T) {
	rec := newTerminations()
	h := hub.New(hub.Config{OnTerminate: rec.record})
	t.Cleanup(func() { _ = h.Close() })

	require.NoError(t, h.Create("a"))
	err := h.Create("a")
	require.ErrorIs(t, err, hub.ErrExists)
	assert.Contains(t, err.Error(), `"a"`)
	require.NoError(t, h.CreateFromFEN("b", "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", game.AutoDraw()))
	assert.ErrorIs(t, h.CreateFromFEN("c", "not a fen"), core.ErrInvalidFEN)
	assert.Equal(t, 2, h.Len())

	o, err := h.Move("a", "f2f3")
	require.NoError(t, err)
	assert.Equal(t, game.Ongoing, o.Status)
	_, err = h.MoveSAN("a", "e5")
	require.NoError(t, err)
	_, err = h.Move("a", "g2g4")
	require.NoError(t, err)
	o, err = h.MoveSAN("a", "Qh4#")
	require.NoError(t, err)
	assert.Equal(t, game.Checkmate, o.Status)
	assert.Equal(t, game.BlackWon, o.Result)
	_, err = h.Move("a", "e2e4")
	assert.ErrorIs(t, err, game.ErrGameOver)
	_, err = h.Move("b", "e2e4")
	assert.ErrorIs(t, err, core.ErrIllegalMove)
	_, err = h.Move("nope", "e2e4")
	assert.ErrorIs(t, err, hub.ErrNotFound)

	// Get returns a copy: changing it changes nothing in the hub.
	g, err := h.Get("b")
	require.NoError(t, err)
	require.NoError(t, g.MoveSAN("Ra8+"))
	g2, err := h.Get("b")
	require.NoError(t, err)
	assert.Zero(t, g2.Ply())

	// Do works on the game itself.
	require.NoError(t, h.Do("b", func(g *game.Game) error { return g.MoveSAN("Kd1") }))
	wantErr := errors.New("boom")
	assert.Equal(t, wantErr, h.Do("b", func(*game.Game) error { return wantErr }))

	// Snapshot and Restore under another ID.
	snap, err := h.Snapshot("a")
	require.NoError(t, err)
	require.NoError(t, h.Restore("a2", snap))
	a2, err := h.Get("a2")
	require.NoError(t, err)
	assert.Equal(t, "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", a2.FEN())
	assert.Equal(t, game.Checkmate, a2.Status())
	assert.ErrorIs(t, h.Restore("a3", snap[:len(snap)-1]), game.ErrInvalidData)
	assert.ErrorIs(t, h.Restore("a2", snap), hub.ErrExists)

	// Remove hands the final game to OnTerminate.
	require.NoError(t, h.Remove("a"))
	term, ok := rec.get("a")
	require.True(t, ok)
	assert.Equal(t, termination{reason: hub.Removed, fen: a2.FEN(), plies: 4}, term)
	assert.ErrorIs(t, h.Remove("a"), hub.ErrNotFound)
	_, err = h.Get("a")
	assert.ErrorIs(t, err, hub.ErrNotFound)
	assert.Equal(t, 2, h.Len())

	// The ID can be used again.
	require.NoError(t, h.Create("a"))
	assert.Equal(t, 3, h.Len())
}

// TestHubExpiry: an idle game expires; one touched more often than the
// timeout, and one inside a call longer than the timeout, do not. "Touched
// more often" is measured, not assumed: on a loaded machine the touching
// goroutine can sleep past the timeout (seen: 150 ms and more at a load
// average of 18), and then the hub is right to expire the game. Such a run
// proves nothing and is played again, up to five times; the assertions
// hold in the first run whose touches all came within the timeout.
func TestHubExpiry(t *testing.T) {
	const timeout = 100 * time.Millisecond
	for attempt := 1; ; attempt++ {
		rec := newTerminations()
		h := hub.New(hub.Config{IdleTimeout: timeout, SweepInterval: 5 * time.Millisecond, OnTerminate: rec.record})
		t.Cleanup(func() { _ = h.Close() }) // a failed assertion leaves no sweeper running

		require.NoError(t, h.Create("idle"))
		require.NoError(t, h.Create("busy"))
		require.NoError(t, h.Create("long"))
		_, err := h.Move("idle", "e2e4")
		require.NoError(t, err)

		// "busy" is touched every 10ms, "long" is inside one call for
		// longer than the timeout: neither may expire meanwhile.
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			assert.NoError(t, h.Do("long", func(*game.Game) error {
				time.Sleep(3 * timeout)
				return nil
			}))
		}()
		start := time.Now()
		last, gap := start, time.Duration(0)
		for time.Since(start) < 3*timeout {
			_, err := h.Get("busy")
			require.NoError(t, err)
			now := time.Now()
			gap, last = max(gap, now.Sub(last)), now
			time.Sleep(10 * time.Millisecond)
		}
		wg.Wait()
		// The last touch must also come within the timeout of the check.
		if gap = max(gap, time.Since(last)); gap >= timeout && attempt < 5 {
			t.Logf("attempt %d: a touch of the busy game came %v after the one before (timeout %v): played again", attempt, gap, timeout)
			_ = h.Close()
			continue
		}
		require.Less(t, gap, timeout, "the machine delayed every one of five runs past the timeout")

		term, ok := rec.get("idle")
		require.True(t, ok, "the idle game expired")
		assert.Equal(t, termination{reason: hub.Expired, fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", plies: 1}, term)
		_, err = h.Get("idle")
		assert.ErrorIs(t, err, hub.ErrNotFound)
		_, ok = rec.get("busy")
		assert.False(t, ok, "a game in use does not expire")
		_, ok = rec.get("long")
		assert.False(t, ok, "a game inside a long call does not expire")
		assert.Equal(t, 2, h.Len())

		// Left alone, both expire.
		require.Eventually(t, func() bool { return h.Len() == 0 }, 2*time.Second, 5*time.Millisecond)
		assert.Equal(t, 3, rec.len())
		term, _ = rec.get("long")
		assert.Equal(t, hub.Expired, term.reason)
		require.NoError(t, h.Close())
		return
	}
}

func TestHubClose(t *testing.T) {
	rec := newTerminations()
	h := hub.New(hub.Config{IdleTimeout: time.Hour, OnTerminate: rec.record})
	for i := range 100 {
		require.NoError(t, h.Create(fmt.Sprint(i)))
	}
	// A call in progress finishes before its game is terminated.
	entered, release := make(chan struct{}), make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		assert.NoError(t, h.Do("7", func(g *game.Game) error {
			close(entered)
			<-release
			return g.MoveSAN("e4")
		}))
	}()
	<-entered
	closed := make(chan error)
	go func() { closed <- h.Close() }()
	// New calls are refused once Close has begun.
	require.Eventually(t, func() bool {
		_, err := h.Move("8", "e2e4")
		return errors.Is(err, hub.ErrClosed)
	}, time.Second, time.Millisecond)
	assert.ErrorIs(t, h.Create("new"), hub.ErrClosed)
	close(release)
	require.NoError(t, <-closed)
	wg.Wait()

	assert.Equal(t, 100, rec.len())
	term, _ := rec.get("7")
	assert.Equal(t, termination{reason: hub.Closed, fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", plies: 1}, term)
	assert.Zero(t, h.Len())
	assert.ErrorIs(t, h.Close(), hub.ErrClosed)
	_, err := h.Get("1")
	assert.ErrorIs(t, err, hub.ErrClosed)
	assert.ErrorIs(t, h.Remove("1"), hub.ErrClosed)
}

// Creating, removing and using the same IDs from many goroutines keeps the
// count right and terminates every game exactly once.
func TestHubConcurrentLifecycle(t *testing.T) {
	rec := newTerminations()
	h := hub.New(hub.Config{OnTerminate: rec.record, Shards: 4})
	var created, removed sync.Map
	var wg sync.WaitGroup
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 2000 {
				id := fmt.Sprint((i * (w + 1)) % 50)
				switch i % 4 {
				case 0:
					if h.Create(id) == nil {
						created.Store(fmt.Sprint(w, i), true)
					}
				case 1:
					if h.Remove(id) == nil {
						removed.Store(fmt.Sprint(w, i), true)
					}
				default:
					_ = h.Do(id, func(g *game.Game) error {
						if g.Ply() > 0 {
							return g.Undo()
						}
						return g.MoveSAN("Nf3")
					})
				}
			}
		}()
	}
	wg.Wait()
	count := func(m *sync.Map) int {
		n := 0
		m.Range(func(any, any) bool { n++; return true })
		return n
	}
	assert.Equal(t, count(&created)-count(&removed), h.Len())
	require.NoError(t, h.Close())
	assert.Zero(t, h.Len())
	assert.Equal(t, count(&created), rec.len(), "every game created is terminated once")
}

// A long call on one game holds no lock the others need, even when all the
// games share one shard: moves to other games, creation and removal go on.
func TestHubOtherGamesProceed(t *testing.T) {
	h := hub.New(hub.Config{Shards: 1})
	t.Cleanup(func() { _ = h.Close() })
	require.NoError(t, h.Create("slow"))
	require.NoError(t, h.Create("fast"))
	entered, release := make(chan struct{}), make(chan struct{})
	done := make(chan error)
	go func() {
		done <- h.Do("slow", func(*game.Game) error {
			close(entered)
			<-release
			return nil
		})
	}()
	<-entered
	_, err := h.Move("fast", "e2e4")
	require.NoError(t, err)
	require.NoError(t, h.Create("new"))
	require.NoError(t, h.Remove("new"))
	_, err = h.Snapshot("fast")
	require.NoError(t, err)

	// A second call on the slow game waits for the first.
	second := make(chan error)
	go func() {
		_, err := h.Move("slow", "e2e4")
		second <- err
	}()
	select {
	case err := <-second:
		t.Fatalf("a call on a busy game did not wait: %v", err)
	case <-time.After(50 * time.Millisecond):
	}
	close(release)
	require.NoError(t, <-done)
	require.NoError(t, <-second)
}
