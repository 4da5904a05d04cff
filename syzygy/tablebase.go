package syzygy

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"

	"github.com/gambit-chess/gambit/core"
)

// Tablebase is a set of Syzygy tables (.rtbw for WDL, .rtbz for DTZ)
// found in some directories. Files are opened on the first probe that
// needs them, memory-mapped on Linux and read whole elsewhere, and stay
// open until Close. Any number of goroutines may probe at once.
type Tablebase struct {
	tables    map[uint64]*table // by material key, both colourings
	byName    map[string]*table
	maxPieces int
	load      func(path string) ([]byte, func() error, error)
	closeOnce sync.Once
}

// Open finds the tables in the given directories (several may be given,
// as Fathom's and Stockfish's SyzygyPath separated by ':' lists them; the
// first directory holding a file wins). A directory that cannot be read
// is an error, and so is a table file whose size cannot be that of a
// table (a truncated download): Fathom skips those, Open names them.
// Files are not read until a probe needs them. Open with no table found is
// not an error: MaxPieces is then 0 and every probe fails.
func Open(dirs ...string) (*Tablebase, error) {
	tb := newTablebase(loadFile)
	for _, d := range dirs {
		entries, err := os.ReadDir(d)
		if err != nil {
			return nil, fmt.Errorf("syzygy: %w", err) // "open DIR: why"
		}
		for _, e := range entries {
			if e.IsDir() {
				continue
			}
			path := filepath.Join(d, e.Name())
			info, err := os.Stat(path) // through symbolic links
			if err != nil {
				return nil, fmt.Errorf("syzygy: open %s: %w", d, err)
			}
			if info.IsDir() {
				continue
			}
			if err := tb.add(path, e.Name(), info.Size()); err != nil {
				return nil, err
			}
		}
	}
	return tb, nil
}

// OpenFS is Open on the files at the root of fsys (an embed.FS, a zip
// archive, os.DirFS): each table is read whole into memory on first use.
func OpenFS(fsys fs.FS) (*Tablebase, error) {
	tb := newTablebase(func(name string) ([]byte, func() error, error) {
		b, err := fs.ReadFile(fsys, name)
		return b, nil, err
	})
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, fmt.Errorf("syzygy: open: %w", err)
	}
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		info, err := e.Info()
		if err != nil {
			return nil, fmt.Errorf("syzygy: open %s: %w", e.Name(), err)
		}
		if err := tb.add(path.Clean(e.Name()), e.Name(), info.Size()); err != nil {
			return nil, err
		}
	}
	return tb, nil
}

func newTablebase(load func(string) ([]byte, func() error, error)) *Tablebase {
	return &Tablebase{tables: map[uint64]*table{}, byName: map[string]*table{}, load: load}
}

// add registers one file if its name is a table's.
func (tb *Tablebase) add(path, name string, size int64) error {
	kind := -1
	for k, s := range suffixes {
		if strings.HasSuffix(name, s) {
			kind = k
		}
	}
	if kind < 0 {
		return nil
	}
	material := strings.TrimSuffix(name, suffixes[kind])
	counts, ok := parseName(material)
	if !ok {
		return nil
	}
	if size&63 != 16 {
		return &TableError{Material: material, File: path, Err: fmt.Errorf("%w: size %d bytes is not 16 more than a multiple of 64 (truncated?)", ErrCorrupt, size)}
	}
	t := newTable(material, counts)
	if old := tb.tables[t.key]; old != nil {
		t = old
	} else {
		tb.tables[t.key] = t
		mirrored := [2][7]int{counts[1], counts[0]}
		tb.tables[materialKey(&mirrored)] = t
		tb.byName[material] = t
	}
	if t.paths[kind] == "" {
		t.paths[kind] = path
	}
	if kind == kindWDL && t.num > tb.maxPieces {
		tb.maxPieces = t.num
	}
	return nil
}

// MaxPieces returns the number of pieces, kings included, of the largest
// table with a WDL file (Fathom's TB_LARGEST): positions with more pieces
// are refused without looking for a table.
func (tb *Tablebase) MaxPieces() int { return tb.maxPieces }

// Complete returns the largest n such that the WDL and DTZ tables of
// every material of n pieces or fewer are present: positions that small
// always probe.
func (tb *Tablebase) Complete() int {
	best := 0
	for n := 3; n <= maxPieces; n++ {
		if !tb.completeWith(n) {
			break
		}
		best = n
	}
	return best
}

// completeWith reports whether every material of n pieces has both files.
func (tb *Tablebase) completeWith(n int) bool {
	ok := true
	var counts [2][7]int
	counts[0][6], counts[1][6] = 1, 1
	// Place n-2 pieces among the ten (colour, type) kinds, in order.
	var place func(kind, left int)
	place = func(kind, left int) {
		if !ok {
			return
		}
		if left == 0 {
			t := tb.tables[materialKey(&counts)]
			if t == nil || t.paths[kindWDL] == "" || t.paths[kindDTZ] == "" {
				ok = false
			}
			return
		}
		if kind == 10 {
			return
		}
		c, pt := kind/5, kind%5+1
		for k := left; k >= 0; k-- {
			counts[c][pt] = k
			place(kind+1, left-k)
		}
		counts[c][pt] = 0
	}
	place(0, n-2)
	return ok
}

// HasTable reports whether the WDL file of pos's material was found
// (KvK needs none); its DTZ file may still be missing, and so may the
// tables its captures lead to. A search asks before probing, so that a
// material without a table costs no error value: HasTable allocates
// nothing.
func (tb *Tablebase) HasTable(pos *core.Position) bool {
	if pos.Occupied().Count() > tb.maxPieces {
		return false
	}
	key := positionKey(pos)
	if key == 0 {
		return true
	}
	t := tb.tables[key]
	return t != nil && t.paths[kindWDL] != ""
}

// Tables returns the names of the tables found (KQvKR, ...), sorted.
func (tb *Tablebase) Tables() []string { return sortedNames(tb.byName) }

// Close releases every file mapped or read. No probe may run during or
// after Close (those after return ErrClosed-wrapping errors).
func (tb *Tablebase) Close() error {
	var errs []error
	tb.closeOnce.Do(func() {
		for _, t := range tb.byName {
			t.mu.Lock()
			for k := range t.files {
				if f := t.files[k].Swap(nil); f != nil && f.release != nil {
					if err := f.release(); err != nil {
						errs = append(errs, fmt.Errorf("syzygy: close %s: %w", t.paths[k], err))
					}
				}
				t.errs[k] = &TableError{Material: t.name, File: t.paths[k], Err: ErrClosed}
			}
			t.mu.Unlock()
		}
	})
	return errors.Join(errs...)
}
