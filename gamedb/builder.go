package gamedb

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/gambit-chess/gambit/pgn"
)

// Build defaults.
const (
	// DefaultAggregateMin is BuildOptions.AggregateMin's default.
	DefaultAggregateMin = 16
	// DefaultSegmentPostings is BuildOptions.SegmentPostings's default:
	// about 2 GB of memory while a segment is built.
	DefaultSegmentPostings = 1 << 27
	// TopGames is how many games a position's statistics name as its top
	// games.
	TopGames = 8
)

// BuildOptions are the options of a Builder; the zero value is the
// defaults.
type BuildOptions struct {
	// AggregateMin is how many games of a segment must reach a position
	// for the segment to store its statistics, so that the explorer reads
	// them rather than replaying the games; 0 means DefaultAggregateMin.
	// It changes no answer, only how fast it comes.
	AggregateMin int
	// SegmentPostings is how many postings (a position reached by a game)
	// a Builder holds in memory before it writes them out as a segment;
	// 0 means DefaultSegmentPostings. It changes no answer.
	SegmentPostings int
}

// BuildStats counts the games a Builder read.
type BuildStats struct {
	Games    int64 // games read, broken ones included
	Broken   int64 // games left out for an error
	Postings int64 // positions indexed: one for each distinct position of each game
	Segments int   // segment files written
}

// A Builder builds an index, or appends games to one: it takes games in
// batches (Batch, AddBatch) or from PGN text (AddPGN), writes them out in
// segments, and Commit makes them part of the index in one step. Until
// then, readers of the index see it as it was; a Builder that is closed
// without Commit, or a process killed while it runs, leaves the index as
// it was (a segment file it had written is removed by the next Builder).
// A Builder is not safe for concurrent use; one Builder at a time may
// write an index (a lock file enforces it).
type Builder struct {
	dir     string
	opts    BuildOptions
	lock    *os.File
	man     manifest // the index's manifest as the Builder found it
	next    int      // the next segment's number
	written []segmentEntry

	seg    *segmentBuild
	source struct {
		name string
		game int // games of the source added so far
	}
	stats BuildStats
}

// Create starts a new index in dir, which must not exist or be empty.
func Create(dir string, opts BuildOptions) (*Builder, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("gamedb: create %s: %w", dir, err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("gamedb: create %s: %w", dir, err)
	}
	if len(entries) > 0 {
		return nil, fmt.Errorf("gamedb: create %s: the directory is not empty (games are added to an index with Append, or pgn index -append)", dir)
	}
	b := &Builder{dir: dir, opts: opts.withDefaults(), next: 1}
	if b.lock, err = lockIndex(dir); err != nil {
		return nil, err
	}
	if err := writeManifest(dir, manifest{}); err != nil {
		b.lock.Close()
		return nil, err
	}
	b.seg = newSegmentBuild()
	return b, nil
}

// Append starts adding games to the index in dir.
func Append(dir string, opts BuildOptions) (*Builder, error) {
	lock, err := lockIndex(dir)
	if err != nil {
		return nil, err
	}
	man, err := readManifest(dir)
	if err != nil {
		lock.Close()
		return nil, err
	}
	b := &Builder{dir: dir, opts: opts.withDefaults(), lock: lock, man: man, next: 1}
	for _, s := range man.segments {
		b.next = max(b.next, s.number+1)
	}
	b.removeLeftovers()
	b.seg = newSegmentBuild()
	return b, nil
}

func (o BuildOptions) withDefaults() BuildOptions {
	if o.AggregateMin <= 0 {
		o.AggregateMin = DefaultAggregateMin
	}
	if o.SegmentPostings <= 0 {
		o.SegmentPostings = DefaultSegmentPostings
	}
	o.SegmentPostings = int(min(int64(o.SegmentPostings), maxPostings))
	return o
}

// removeLeftovers removes the segment files of a Builder that never
// committed: files of the index's directory that look like segments and
// that the manifest does not list.
func (b *Builder) removeLeftovers() {
	listed := map[string]bool{}
	for _, s := range b.man.segments {
		listed[s.name] = true
	}
	entries, _ := os.ReadDir(b.dir)
	for _, e := range entries {
		if n := e.Name(); isSegmentFile(n) && !listed[n] {
			os.Remove(filepath.Join(b.dir, n))
		}
	}
}

// Stats returns what the Builder read so far.
func (b *Builder) Stats() BuildStats { return b.stats }

// StartSource names the source of the games that follow (a file name):
// each game records it and the game's number in it, counting from 1,
// broken games included.
func (b *Builder) StartSource(name string) {
	b.source.name, b.source.game = name, 0
}

// AddBatch adds the games of a batch, after those added before; the batch
// may be reset and reused when it returns.
func (b *Builder) AddBatch(bt *Batch) error {
	if b.seg == nil {
		return errors.New("gamedb: AddBatch after Commit or Close")
	}
	if b.seg.in.n+len(bt.keys) > b.opts.SegmentPostings && b.seg.in.n > 0 {
		if err := b.flush(); err != nil {
			return err
		}
	}
	s := b.seg
	if int64(len(s.games))+int64(len(bt.games)) > 1<<32-1 {
		return errors.New("gamedb: a segment holds at most 4,294,967,295 games")
	}
	base := uint64(len(s.games))
	moveBase := uint64(len(s.moves))
	for i := range bt.games {
		g := bt.games[i].rec
		strs := bt.strs[i*strsPerGame : (i+1)*strsPerGame]
		g.white, g.black = s.intern(strs[strWhite]), s.intern(strs[strBlack])
		g.event, g.site, g.rnd = s.intern(strs[strEvent]), s.intern(strs[strSite]), s.intern(strs[strRound])
		g.fen = s.intern(strs[strFEN])
		if bg := &bt.games[i]; bg.kept {
			g.source, g.sourceGame = s.intern(bg.source), bg.sourceGame
		} else {
			g.source, g.sourceGame = s.intern(b.source.name), uint32(b.source.game+bg.read)
		}
		g.moveOff += moveBase
		s.games = append(s.games, g)
	}
	s.moves = append(s.moves, bt.moves...)
	s.in.add(bt.keys, bt.vals, base<<16)
	b.source.game += bt.read
	b.stats.Games += int64(bt.read)
	b.stats.Broken += int64(bt.broken)
	b.stats.Postings += int64(len(bt.keys))
	return nil
}

// AddPGN reads every game of r, the text of the source named source, and
// adds them. A broken game is left out and passed to bad (which may be
// nil); an error reading r stops it.
func (b *Builder) AddPGN(r io.Reader, source string, bad func(error)) error {
	b.StartSource(source)
	rd := pgn.NewReader(r)
	bt := NewBatch()
	for {
		err := bt.ReadGame(rd)
		if err == io.EOF {
			break
		}
		if err != nil {
			var perr *pgn.Error
			if !errors.As(err, &perr) && !errors.Is(err, ErrTooLong) {
				return fmt.Errorf("gamedb: %s: %w", source, err)
			}
			if bad != nil {
				bad(err)
			}
		}
		if len(bt.keys) >= b.batchPostings() {
			if err := b.AddBatch(bt); err != nil {
				return err
			}
			bt.Reset()
		}
	}
	return b.AddBatch(bt)
}

// flush writes the games held as a segment file, not yet listed.
func (b *Builder) flush() error {
	name := segmentName(b.next)
	size, err := b.seg.write(filepath.Join(b.dir, name), b.opts.AggregateMin)
	if err != nil {
		return err
	}
	b.written = append(b.written, segmentEntry{number: b.next, name: name, games: uint64(len(b.seg.games)), size: size})
	b.next++
	b.stats.Segments++
	b.seg = newSegmentBuild()
	return nil
}

// Commit writes the games added and makes them part of the index: a
// reader that opens the index from then on sees them. The Builder cannot
// be used after it.
func (b *Builder) Commit() error {
	if b.seg == nil {
		return errors.New("gamedb: Commit after Commit or Close")
	}
	if len(b.seg.games) > 0 {
		if err := b.flush(); err != nil {
			b.Close()
			return err
		}
	}
	man := b.man
	man.segments = append(append([]segmentEntry(nil), man.segments...), b.written...)
	if err := writeManifest(b.dir, man); err != nil {
		b.Close()
		return err
	}
	b.written = nil
	b.seg = nil
	return b.lock.Close()
}

// Close abandons what was not committed: the index stays as it was. It
// is a no-op after Commit.
func (b *Builder) Close() error {
	if b.seg == nil && b.written == nil {
		return nil
	}
	for _, s := range b.written {
		os.Remove(filepath.Join(b.dir, s.name))
	}
	b.written, b.seg = nil, nil
	return b.lock.Close()
}

// batchPostings is how many postings AddPGN and Compact gather before they
// add them: a few batches a segment.
func (b *Builder) batchPostings() int { return min(1<<20, b.opts.SegmentPostings/4+1) }
