package polyglot

import (
	"bufio"
	"cmp"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/pgn"
)

// countMax is Polyglot's limit on an entry's game count: when one reaches
// it, every count and score of the position is halved.
const countMax = 16384

// Polyglot make-book's defaults.
const (
	DefaultMaxPly   = 1024
	DefaultMinGames = 3
)

// DefaultMemoryLimit is a Builder's memory limit when its options give
// none.
const DefaultMemoryLimit = 1 << 30

// BuildOptions are the options of a Builder, those of Polyglot's make-book
// and two of memory. The zero value is make-book's defaults.
type BuildOptions struct {
	// MaxPly is how many plies of each game count (make-book -max-ply);
	// 0 means DefaultMaxPly.
	MaxPly int
	// MinGames is how many games a move must have been played in to be
	// kept (-min-game); 0 means DefaultMinGames.
	MinGames int
	// MinScore, a percentage from 0 to 100, is the least score a move
	// must have made for the side that played it (-min-score).
	MinScore float64
	// OnlyWhite keeps White's moves only (-only-white), OnlyBlack Black's
	// (-only-black); at most one may be set.
	OnlyWhite, OnlyBlack bool
	// Uniform gives every kept move weight 1 (-uniform).
	Uniform bool
	// MemoryLimit is about how many bytes the Builder's table may take
	// before it is written to a sorted run in TempDir; 0 means
	// DefaultMemoryLimit.
	MemoryLimit int64
	// TempDir is where runs go; "" means os.TempDir().
	TempDir string
}

// BuildStats counts the games a Builder read.
type BuildStats struct {
	Games   int // games read, broken and skipped ones included
	Broken  int // games left out for an error
	Skipped int // Chess960 and variant games, left out
}

func (s *BuildStats) add(o BuildStats) {
	s.Games += o.Games
	s.Broken += o.Broken
	s.Skipped += o.Skipped
}

// Builder makes a Polyglot book from games, as Polyglot's make-book does:
//
//   - every move of the first MaxPly plies of each game is counted for its
//     position: n, the number of games, and the score, 2 for a game the
//     side that moved won, 1 for a draw or any other result ("*"), 0 for a
//     loss;
//   - when a move's n reaches 16384, the n and score of every move of the
//     position are halved, rounding up, so that they fit 16 bits;
//   - a move is kept when n >= MinGames, its score is not 0 (a move that
//     only lost is dropped), its score per game is at least MinScore and
//     its side is not filtered out; its weight is its score (1 with
//     Uniform), its learn field 0;
//   - entries are sorted by key, then by weight, highest first, then in
//     the order in which the moves were first played.
//
// The book is byte for byte the one make-book writes from the same games
// with the same options (Debian's PolyGlot 2.0.4 is the tests' oracle),
// but for games Polyglot cannot read: Polyglot plays every game from the
// standard start and stops at the first illegal move of the file, where a
// Builder starts a game with a FEN tag from its position, leaves out
// broken and Chess960 games, and stops a game at a null move. And the
// result is the movetext's termination marker when there is one, where
// Polyglot reads the Result tag (they agree in any well-formed file).
//
// Memory: the Builder counts in a table in memory (60 to 120 bytes a
// (position, move) pair: the default limit of 1 GiB holds about ten
// million), updated in the order of the games so that halving happens at
// the very move it happens in Polyglot; batches in flight take a few MB
// more each. When the table grows past MemoryLimit it is written to a run
// file sorted by key and emptied; WriteTo merges the runs, reading each
// through a 64 KB buffer, and writes the book as it goes. After such a
// spill a position's counts from different runs are added and halved at
// the end (while any n is 16384 or more), so that the weights of positions
// played more than 16384 times can differ from Polyglot's by its rounding;
// below that, and without a spill, the book is exact.
//
// Games go in through ReadPGN, AddGame, or batches filled concurrently and
// added with AddBatch. Close removes the runs.
type Builder struct {
	opt    BuildOptions
	table  table
	events uint64 // events added so far: the ordinal of the next
	runs   []*os.File
	stats  BuildStats
	own    *Batch // for ReadPGN and AddGame
	err    error
}

// NewBuilder returns a Builder with options opt.
func NewBuilder(opt BuildOptions) (*Builder, error) {
	if opt.MaxPly == 0 {
		opt.MaxPly = DefaultMaxPly
	}
	if opt.MinGames == 0 {
		opt.MinGames = DefaultMinGames
	}
	if opt.MemoryLimit == 0 {
		opt.MemoryLimit = DefaultMemoryLimit
	}
	switch {
	case opt.MaxPly < 0:
		return nil, fmt.Errorf("polyglot: MaxPly %d is negative", opt.MaxPly)
	case opt.MinGames < 0:
		return nil, fmt.Errorf("polyglot: MinGames %d is negative", opt.MinGames)
	case !(opt.MinScore >= 0 && opt.MinScore <= 100):
		return nil, fmt.Errorf("polyglot: MinScore %g is not a percentage from 0 to 100", opt.MinScore)
	case opt.OnlyWhite && opt.OnlyBlack:
		return nil, errors.New("polyglot: OnlyWhite and OnlyBlack both set")
	case opt.MemoryLimit < 0:
		return nil, fmt.Errorf("polyglot: MemoryLimit %d is negative", opt.MemoryLimit)
	}
	b := &Builder{opt: opt, table: newTable()}
	b.own = b.NewBatch()
	return b, nil
}

// Stats returns the counts of the games added so far.
func (b *Builder) Stats() BuildStats { return b.stats }

// Spills returns how many times the table was written to a run.
func (b *Builder) Spills() int { return len(b.runs) }

// ReadPGN reads every game of r and adds it. Broken games are left out and
// counted (see Stats); the error is one of reading r.
func (b *Builder) ReadPGN(r io.Reader) error {
	pr := pgn.NewReader(r)
	bt := b.own
	bt.Reset()
	for {
		err := bt.ReadGame(pr)
		if err == io.EOF {
			break
		}
		var perr *pgn.Error
		if err != nil && !errors.As(err, &perr) {
			b.AddBatch(bt)
			return fmt.Errorf("polyglot: reading PGN: %w", err)
		}
		if len(bt.events) >= 1<<20 {
			if err := b.AddBatch(bt); err != nil {
				return err
			}
			bt.Reset()
		}
	}
	return b.AddBatch(bt)
}

// AddGame adds one game (see Batch.AddGame).
func (b *Builder) AddGame(start *core.Position, moves []core.Move, result string) error {
	bt := b.own
	bt.Reset()
	err := bt.AddGame(start, moves, result)
	if aerr := b.AddBatch(bt); aerr != nil {
		return aerr
	}
	return err
}

// AddBatch adds the games of bt, which may then be reset and reused.
// Batches must be added in the order of their games for the book to be
// Polyglot's (the order decides among moves of equal weight, and when
// counts are halved). The error is one of writing a run.
func (b *Builder) AddBatch(bt *Batch) error {
	if b.err != nil {
		return b.err
	}
	b.stats.add(bt.stats)
	t := &b.table
	base := b.events
	for gi := range bt.groups {
		if gi%prefetch == 0 {
			t.touch(bt.groups[gi:min(gi+prefetch, len(bt.groups))])
		}
		g := &bt.groups[gi]
		tg := t.group(g.key, g.color)
		// Can a count reach countMax in this batch? Then the moves are
		// replayed one by one, halving where Polyglot halves.
		if uint32(tg.maxN)+g.count < countMax {
			for i := g.head; i >= 0; i = bt.moves[i].next {
				m := &bt.moves[i]
				e := &t.moves[t.findOrAdd(tg, m.move, base+uint64(m.first))]
				e.n += uint16(m.n)
				e.sum += uint16(m.sum)
				tg.maxN = max(tg.maxN, e.n)
			}
			continue
		}
		for ev := g.first; ev >= 0; ev = bt.events[ev].next {
			x := &bt.events[ev]
			e := &t.moves[t.findOrAdd(tg, x.move, base+uint64(ev))]
			e.n++
			e.sum += uint16(x.score)
			tg.maxN = max(tg.maxN, e.n)
			if e.n >= countMax {
				t.halve(tg)
			}
		}
	}
	b.events += uint64(len(bt.events))
	if t.bytes() > b.opt.MemoryLimit {
		if err := b.spill(); err != nil {
			b.err = err
			return err
		}
	}
	return nil
}

// table is the Builder's count of (position, move) pairs: an
// open-addressing hash table of positions, each slot holding its
// position's key and the head of the list of its moves, so that counting
// a move costs one slot and one move read.
type table struct {
	slots []tslot
	n     int // positions
	shift uint8
	moves []tmove
	sink  uint64 // what touch read, so that its reads are not dropped
}

// tslot is a position of the table; used is false for an empty slot.
type tslot struct {
	key   uint64
	head  int32
	maxN  uint16 // the largest n of its moves
	color core.Color
	used  bool
}

type tmove struct {
	ord    uint64 // the ordinal of the move's first play
	next   int32
	move   uint16
	n, sum uint16
}

func newTable() table { return table{} }

// bytes returns the table's memory.
func (t *table) bytes() int64 {
	return int64(cap(t.slots))*16 + int64(cap(t.moves))*24
}

func (t *table) reset() {
	clear(t.slots)
	t.n, t.moves = 0, t.moves[:0]
}

// slot returns the slot of key: its own, or the empty one where it goes.
func (t *table) slot(key uint64) *tslot {
	mask := uint64(len(t.slots) - 1)
	for i := hashOf(key) >> t.shift; ; i = (i + 1) & mask {
		s := &t.slots[i]
		if !s.used || s.key == key {
			return s
		}
	}
}

// group returns the slot of key, added if new. The pointer is good until
// the next call.
func (t *table) group(key uint64, color core.Color) *tslot {
	if 2*(t.n+1) > len(t.slots) {
		t.grow()
	}
	s := t.slot(key)
	if !s.used {
		*s = tslot{key: key, head: -1, color: color, used: true}
		t.n++
	}
	return s
}

func (t *table) grow() {
	old := t.slots
	bits := uint8(minIndexBits)
	if old != nil {
		bits = 64 - t.shift + 1
	}
	t.slots, t.shift = make([]tslot, 1<<bits), 64-bits
	for _, s := range old {
		if s.used {
			*t.slot(s.key) = s
		}
	}
}

// prefetch is how many positions AddBatch looks up together.
const prefetch = 16

// touch reads the first slot of each of the groups' keys, loads that do
// not wait for one another, so that the memory fetches overlap: the
// lookups that follow find the slots in cache. Go has no prefetch
// instruction; this is one.
func (t *table) touch(groups []group) {
	if len(t.slots) == 0 {
		return
	}
	var sink uint64
	mask := uint64(len(t.slots) - 1)
	for i := range groups {
		sink += t.slots[hashOf(groups[i].key)>>t.shift&mask].key
	}
	t.sink = sink
}

// find returns the index of move of g, or -1.
func (t *table) find(g *tslot, move uint16) int32 {
	for i := g.head; i >= 0; i = t.moves[i].next {
		if t.moves[i].move == move {
			return i
		}
	}
	return -1
}

// findOrAdd returns the index of move of g, added with ordinal ord if
// new.
func (t *table) findOrAdd(g *tslot, move uint16, ord uint64) int32 {
	if i := t.find(g, move); i >= 0 {
		return i
	}
	t.moves = append(t.moves, tmove{ord: ord, next: g.head, move: move})
	g.head = int32(len(t.moves) - 1)
	return g.head
}

// halve halves the counts and scores of g's moves, rounding up.
func (t *table) halve(g *tslot) {
	for i := g.head; i >= 0; i = t.moves[i].next {
		m := &t.moves[i]
		m.n = (m.n + 1) / 2
		m.sum = (m.sum + 1) / 2
	}
	g.maxN = (g.maxN + 1) / 2
}

// record is a counted (position, move) pair as runs hold it.
type record struct {
	key    uint64
	ord    uint64
	n, sum uint32
	move   uint16
	color  core.Color
}

const recordSize = 27

func (r *record) put(b []byte) {
	_ = b[recordSize-1]
	putUint64(b, r.key)
	putUint64(b[8:], r.ord)
	putUint32(b[16:], r.n)
	putUint32(b[20:], r.sum)
	b[24], b[25], b[26] = byte(r.move>>8), byte(r.move), byte(r.color)
}

func (r *record) get(b []byte) {
	_ = b[recordSize-1]
	r.key, r.ord = getUint64(b), getUint64(b[8:])
	r.n, r.sum = getUint32(b[16:]), getUint32(b[20:])
	r.move, r.color = uint16(b[24])<<8|uint16(b[25]), core.Color(b[26])
}

// sorted returns the table's records sorted by key and move. It sorts
// the keys with their slots, 16 bytes a position; sortedInPlace sorts the
// slots themselves, which leaves the table to reset.
func (t *table) sorted(yield func(record) bool) {
	type keySlot struct {
		key  uint64
		slot int
	}
	order := make([]keySlot, 0, t.n)
	for i := range t.slots {
		if t.slots[i].used {
			order = append(order, keySlot{t.slots[i].key, i})
		}
	}
	slices.SortFunc(order, func(a, b keySlot) int { return cmp.Compare(a.key, b.key) })
	var ms []int32
	for _, o := range order {
		if !t.yieldSlot(&t.slots[o.slot], &ms, yield) {
			return
		}
	}
}

// sortedInPlace is sorted for a table about to be reset: the used slots
// are moved to the front and sorted there, with no memory taken.
func (t *table) sortedInPlace(yield func(record) bool) {
	used := 0
	for i := range t.slots {
		if t.slots[i].used {
			t.slots[used] = t.slots[i]
			used++
		}
	}
	front := t.slots[:used]
	slices.SortFunc(front, func(a, b tslot) int { return cmp.Compare(a.key, b.key) })
	var ms []int32
	for i := range front {
		if !t.yieldSlot(&front[i], &ms, yield) {
			return
		}
	}
}

// yieldSlot yields the records of g's moves sorted by move; ms is scratch.
func (t *table) yieldSlot(g *tslot, ms *[]int32, yield func(record) bool) bool {
	*ms = (*ms)[:0]
	for i := g.head; i >= 0; i = t.moves[i].next {
		*ms = append(*ms, i)
	}
	slices.SortFunc(*ms, func(a, b int32) int { return cmp.Compare(t.moves[a].move, t.moves[b].move) })
	for _, i := range *ms {
		m := &t.moves[i]
		if !yield(record{key: g.key, ord: m.ord, n: uint32(m.n), sum: uint32(m.sum), move: m.move, color: g.color}) {
			return false
		}
	}
	return true
}

// spill writes the table to a new run and empties it.
func (b *Builder) spill() error {
	f, err := os.CreateTemp(b.opt.TempDir, "polyglot-run-*")
	if err != nil {
		return fmt.Errorf("polyglot: spilling the table: %w", err)
	}
	b.runs = append(b.runs, f)
	w := bufio.NewWriterSize(f, 1<<20)
	var buf [recordSize]byte
	for r := range b.table.sortedInPlace {
		r.put(buf[:])
		if _, err := w.Write(buf[:]); err != nil {
			return fmt.Errorf("polyglot: spilling the table to %s: %w", f.Name(), err)
		}
	}
	if err := w.Flush(); err != nil {
		return fmt.Errorf("polyglot: spilling the table to %s: %w", f.Name(), err)
	}
	b.table.reset()
	return nil
}

// Close removes the Builder's runs. The Builder must not be used
// afterwards.
func (b *Builder) Close() error {
	var errs []error
	for _, f := range b.runs {
		errs = append(errs, f.Close(), os.Remove(f.Name()))
	}
	b.runs = nil
	b.table = newTable()
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("polyglot: removing runs: %w", err)
	}
	return nil
}

// WriteTo writes the book to w and returns the number of bytes written.
// It may be called more than once; games added later count in the next
// book.
func (b *Builder) WriteTo(w io.Writer) (int64, error) {
	if b.err != nil {
		return 0, b.err
	}
	sources := []func(yield func(record) bool){b.table.sorted}
	for _, f := range b.runs {
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return 0, fmt.Errorf("polyglot: reading run %s: %w", f.Name(), err)
		}
		sources = append(sources, runRecords(f, &b.err))
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	var written int64
	var out []byte
	var group []record
	flush := func() error {
		out = b.finish(group, out[:0])
		group = group[:0]
		n, err := bw.Write(out)
		written += int64(n)
		return err
	}
	for r := range mergeRuns(sources) {
		if len(group) > 0 && group[0].key != r.key {
			if err := flush(); err != nil {
				return written, fmt.Errorf("polyglot: writing the book: %w", err)
			}
		}
		if n := len(group); n > 0 && group[n-1].move == r.move {
			last := &group[n-1]
			last.n += r.n
			last.sum += r.sum
			last.ord = min(last.ord, r.ord)
			continue
		}
		group = append(group, r)
	}
	if b.err != nil {
		return written, b.err
	}
	if err := flush(); err != nil {
		return written, fmt.Errorf("polyglot: writing the book: %w", err)
	}
	if err := bw.Flush(); err != nil {
		return written, fmt.Errorf("polyglot: writing the book: %w", err)
	}
	return written, nil
}

// finish appends the book entries of one position's moves to out: halved
// while a count is over Polyglot's limit (only after a spill), filtered,
// sorted.
func (b *Builder) finish(ms []record, out []byte) []byte {
	if len(ms) == 0 || ms[0].key == 0 { // key 0 is kept for headers, as in Polyglot
		return out
	}
	for slices.ContainsFunc(ms, func(r record) bool { return r.n >= countMax }) {
		for i := range ms {
			ms[i].n = (ms[i].n + 1) / 2
			ms[i].sum = (ms[i].sum + 1) / 2
		}
	}
	o := &b.opt
	kept := ms[:0]
	for _, r := range ms {
		switch {
		case r.n < uint32(o.MinGames), r.sum == 0,
			float64(r.sum)/float64(r.n)/2.0 < o.MinScore/100.0,
			o.OnlyWhite && r.color == core.Black, o.OnlyBlack && r.color == core.White:
			continue
		}
		if o.Uniform {
			r.sum = 1
		}
		kept = append(kept, r)
	}
	slices.SortFunc(kept, func(x, y record) int {
		if c := cmp.Compare(y.sum, x.sum); c != 0 {
			return c
		}
		return cmp.Compare(x.ord, y.ord)
	})
	for _, r := range kept {
		out = AppendEntry(out, RawEntry{Key: r.key, Move: r.move, Weight: uint16(r.sum)})
	}
	return out
}

// runRecords reads a run's records; a read error goes to *errp.
func runRecords(f *os.File, errp *error) func(yield func(record) bool) {
	return func(yield func(record) bool) {
		rd := bufio.NewReaderSize(f, 64<<10) // many runs may be merged at once
		var buf [recordSize]byte
		for {
			if _, err := io.ReadFull(rd, buf[:]); err != nil {
				if err != io.EOF {
					*errp = fmt.Errorf("polyglot: reading run %s: %w", f.Name(), err)
				}
				return
			}
			var r record
			r.get(buf[:])
			if !yield(r) {
				return
			}
		}
	}
}
