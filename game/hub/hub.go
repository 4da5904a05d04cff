package hub

import (
	"errors"
	"fmt"
	"hash/maphash"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/game"
)

// Errors of a Hub, matched with errors.Is; they come wrapped with the ID.
var (
	// ErrNotFound means no game has the ID.
	ErrNotFound = errors.New("no such game")
	// ErrExists means a game with the ID is already in the hub.
	ErrExists = errors.New("game already exists")
	// ErrClosed means the hub was closed.
	ErrClosed = errors.New("hub closed")
)

// Reason says why a game left the hub.
type Reason uint8

// The reasons.
const (
	Removed Reason = iota + 1 // Remove was called
	Expired                   // idle for Config.IdleTimeout
	Closed                    // the hub was closed
)

// String returns the reason in words.
func (r Reason) String() string {
	switch r {
	case Removed:
		return "removed"
	case Expired:
		return "expired"
	case Closed:
		return "closed"
	}
	return fmt.Sprintf("Reason(%d)", uint8(r))
}

// DefaultShards is the number of shards of the zero Config.
const DefaultShards = 256

// Config sets up a Hub. The zero Config is ready to use: games never
// expire and nobody is told when they leave.
type Config struct {
	// IdleTimeout removes a game no call has touched for that long; zero
	// keeps games until they are removed.
	IdleTimeout time.Duration
	// SweepInterval is how often idle games are looked for; zero means
	// IdleTimeout/4 (at least 10ms). A game expires between IdleTimeout
	// and IdleTimeout+SweepInterval after its last use.
	SweepInterval time.Duration
	// OnTerminate, if set, is called with every game that leaves the hub:
	// its ID, the reason and the game in its final state, which the
	// callback owns from then on (to store it, for instance). It is
	// called without any lock held, from the goroutine that removed the
	// game: Remove's caller, the sweep, or Close's. The game's engine, if
	// it has one, goes with it; without a callback the hub closes it.
	OnTerminate func(id string, reason Reason, g *game.Game)
	// Shards is the number of shards, rounded up to a power of two; zero
	// means DefaultShards.
	Shards int
}

// Hub holds games by ID. Its methods are safe for concurrent use.
type Hub struct {
	cfg    Config
	seed   maphash.Seed
	shards []shard
	mask   uint64
	epoch  time.Time // used times are nanoseconds since epoch
	count  atomic.Int64
	closed atomic.Bool

	closeOnce sync.Once
	stop      chan struct{} // closed to stop the sweep
	swept     chan struct{} // closed when the sweep has stopped
}

// shard is one part of the hub's index. The padding makes a shard 64
// bytes, a cache line, so that two shards' locks never share one.
type shard struct {
	mu    sync.RWMutex
	games map[string]*entry
	_     [64 - unsafe.Sizeof(sync.RWMutex{}) - unsafe.Sizeof(map[string]*entry(nil))]byte
}

// entry is one game. mu serialises the calls on it. Lock order: an
// entry's mu may be held while taking its shard's mu, never the other way
// round, so a long call on one game never blocks its shard.
type entry struct {
	mu   sync.Mutex
	g    *game.Game
	gone bool         // removed from the hub; guarded by mu
	used atomic.Int64 // last use, nanoseconds since the hub's epoch
}

// New returns a Hub configured by cfg. When games expire, a sweep runs in
// the background until Close.
func New(cfg Config) *Hub {
	n := 1
	for n < cfg.Shards || (cfg.Shards <= 0 && n < DefaultShards) {
		n <<= 1
	}
	h := &Hub{
		cfg:    cfg,
		seed:   maphash.MakeSeed(),
		shards: make([]shard, n),
		mask:   uint64(n - 1),
		epoch:  time.Now(),
		stop:   make(chan struct{}),
		swept:  make(chan struct{}),
	}
	for i := range h.shards {
		h.shards[i].games = make(map[string]*entry)
	}
	if cfg.IdleTimeout > 0 {
		interval := cfg.SweepInterval
		if interval <= 0 {
			interval = max(cfg.IdleTimeout/4, 10*time.Millisecond)
		}
		go h.sweep(interval)
	} else {
		close(h.swept)
	}
	return h
}

// now returns the time since the hub's epoch, on the monotonic clock.
func (h *Hub) now() int64 { return int64(time.Since(h.epoch)) }

func (h *Hub) shard(id string) *shard {
	return &h.shards[maphash.String(h.seed, id)&h.mask]
}

// Len returns the number of games in the hub.
func (h *Hub) Len() int { return int(h.count.Load()) }

// Add puts g into the hub under id. The hub owns g from then on: the
// caller must not use it any more. It returns an error matching ErrExists
// when id is taken, and ErrClosed after Close.
func (h *Hub) Add(id string, g *game.Game) error {
	if h.closed.Load() {
		return h.err(id, ErrClosed)
	}
	e := &entry{g: g}
	e.used.Store(h.now())
	s := h.shard(id)
	s.mu.Lock()
	if _, ok := s.games[id]; ok {
		s.mu.Unlock()
		return h.err(id, ErrExists)
	}
	// Checked again under the lock: Close empties the shards after
	// setting closed, so a game added here is either seen by Close or
	// refused.
	if h.closed.Load() {
		s.mu.Unlock()
		return h.err(id, ErrClosed)
	}
	s.games[id] = e
	h.count.Add(1)
	s.mu.Unlock()
	return nil
}

// Create adds a new game from the standard start position under id; see
// Add.
func (h *Hub) Create(id string, opts ...game.Option) error {
	return h.Add(id, game.New(opts...))
}

// CreateFromFEN adds a new game from the position fen under id; see Add.
func (h *Hub) CreateFromFEN(id, fen string, opts ...game.Option) error {
	g, err := game.FromFEN(fen, opts...)
	if err != nil {
		return fmt.Errorf("hub: game %q: %w", id, err)
	}
	return h.Add(id, g)
}

// CreateVariant adds a new game of variant v from the variant's start
// position under id; see Add. It returns an error matching
// core.ErrUnsupportedVariant for a variant core does not play yet, and
// core.ErrUnknownVariant for a value that is none (see game.NewVariant).
func (h *Hub) CreateVariant(id string, v core.Variant, opts ...game.Option) error {
	g, err := game.NewVariant(v, opts...)
	if err != nil {
		return fmt.Errorf("hub: game %q: %w", id, err)
	}
	return h.Add(id, g)
}

// CreateFromVariantFEN adds a new game of variant v from the position fen,
// in the variant's FEN forms, under id; see Add. A fen that is no legal
// position of v gives an error matching core.ErrInvalidFEN (see
// game.FromVariantFEN).
func (h *Hub) CreateFromVariantFEN(id string, v core.Variant, fen string, opts ...game.Option) error {
	g, err := game.FromVariantFEN(v, fen, opts...)
	if err != nil {
		return fmt.Errorf("hub: game %q: %w", id, err)
	}
	return h.Add(id, g)
}

// Restore adds the game data holds, written by game.MarshalBinary or
// Snapshot, under id; see Add. Corrupt data gives a *game.DataError.
func (h *Hub) Restore(id string, data []byte) error {
	g := new(game.Game)
	if err := g.UnmarshalBinary(data); err != nil {
		return fmt.Errorf("hub: game %q: %w", id, err)
	}
	return h.Add(id, g)
}

// Do calls fn with the game id, holding that game's lock: calls on one
// game run one at a time, in the order they get the lock. fn must not keep
// the game after it returns, nor call the hub for the same game. Do
// returns fn's error, or an error matching ErrNotFound or ErrClosed.
func (h *Hub) Do(id string, fn func(g *game.Game) error) error {
	e, err := h.lock(id)
	if err != nil {
		return err
	}
	defer h.unlock(e)
	return fn(e.g)
}

// Move plays a move in UCI notation in the game id and returns the
// game's outcome after it; see game.Game.Move for the errors.
func (h *Hub) Move(id, move string) (game.Outcome, error) {
	e, err := h.lock(id)
	if err != nil {
		return game.Outcome{}, err
	}
	defer h.unlock(e)
	if err := e.g.Move(move); err != nil {
		return e.g.Outcome(), fmt.Errorf("hub: game %q: %w", id, err)
	}
	return e.g.Outcome(), nil
}

// MoveSAN plays a move in SAN in the game id and returns the game's
// outcome after it; see game.Game.MoveSAN for the errors.
func (h *Hub) MoveSAN(id, move string) (game.Outcome, error) {
	e, err := h.lock(id)
	if err != nil {
		return game.Outcome{}, err
	}
	defer h.unlock(e)
	if err := e.g.MoveSAN(move); err != nil {
		return e.g.Outcome(), fmt.Errorf("hub: game %q: %w", id, err)
	}
	return e.g.Outcome(), nil
}

// Get returns a copy of the game id, the caller's to keep and change.
func (h *Hub) Get(id string) (*game.Game, error) {
	e, err := h.lock(id)
	if err != nil {
		return nil, err
	}
	defer h.unlock(e)
	return e.g.Clone(), nil
}

// Snapshot returns the game id in the binary form of game.MarshalBinary,
// which Restore reads back.
func (h *Hub) Snapshot(id string) ([]byte, error) {
	e, err := h.lock(id)
	if err != nil {
		return nil, err
	}
	defer h.unlock(e)
	return e.g.MarshalBinary()
}

// Remove takes the game id out of the hub, after the calls on it in
// progress, and hands it to Config.OnTerminate with the reason Removed.
func (h *Hub) Remove(id string) error {
	e, err := h.lock(id)
	if err != nil {
		return err
	}
	h.detach(id, e)
	e.mu.Unlock()
	h.terminate(id, Removed, e.g)
	return nil
}

// lock returns the entry of id with its lock held, or an error.
func (h *Hub) lock(id string) (*entry, error) {
	if h.closed.Load() {
		return nil, h.err(id, ErrClosed)
	}
	s := h.shard(id)
	s.mu.RLock()
	e := s.games[id]
	s.mu.RUnlock()
	if e == nil {
		return nil, h.err(id, ErrNotFound)
	}
	e.mu.Lock()
	if e.gone {
		// Removed between the lookup and the lock.
		e.mu.Unlock()
		if h.closed.Load() {
			return nil, h.err(id, ErrClosed)
		}
		return nil, h.err(id, ErrNotFound)
	}
	return e, nil
}

// unlock marks e used now and releases it.
func (h *Hub) unlock(e *entry) {
	e.used.Store(h.now())
	e.mu.Unlock()
}

// detach removes e, locked by the caller, from the index.
func (h *Hub) detach(id string, e *entry) {
	// An entry goes once, under its lock: the count follows that, not the
	// map, which Close empties before it locks the entries.
	e.gone = true
	h.count.Add(-1)
	s := h.shard(id)
	s.mu.Lock()
	if s.games[id] == e {
		delete(s.games, id)
	}
	s.mu.Unlock()
}

// terminate hands a game that left the hub to OnTerminate, or closes its
// engine when there is no callback to take it.
func (h *Hub) terminate(id string, r Reason, g *game.Game) {
	if h.cfg.OnTerminate != nil {
		h.cfg.OnTerminate(id, r, g)
		return
	}
	_ = g.CloseEngine()
}

func (h *Hub) err(id string, err error) error {
	return fmt.Errorf("hub: game %q: %w", id, err)
}
