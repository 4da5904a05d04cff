package gamedb

import (
	"os"
	"path/filepath"

	"github.com/gambit-chess/gambit/core"
)

// Compact rewrites the index in dir as few segments as its options allow
// (one, up to BuildOptions.SegmentPostings postings), its games in the
// same order with the same numbers, sources and answers: after many
// appends, a query reads one segment instead of many, and the statistics
// of the positions the appended games reached together are stored again.
// Readers go on reading while it runs; those that opened the index before
// it ends keep reading the old segments, whose files are removed once the
// new manifest is in place (on Unix, a file already open stays readable).
func Compact(dir string, opts BuildOptions) error {
	b, err := Append(dir, opts)
	if err != nil {
		return err
	}
	defer b.Close()
	old := b.man.segments
	db, err := Open(dir)
	if err != nil {
		return err
	}
	defer db.Close()

	bt := NewBatch()
	var rec gameRecord
	var moves []core.Move
	for _, s := range db.segs {
		for i := range s.h.games {
			if err := s.game(i, &rec); err != nil {
				return err
			}
			g, err := s.gameOf(i, &rec)
			if err != nil {
				return err
			}
			var start core.Position
			start, moves, err = s.mainline(i, &rec, moves[:0])
			if err != nil {
				return err
			}
			bt.strs = append(bt.strs, g.White, g.Black, g.Event, g.Site, g.Round)
			bt.read++
			bt.index(rec, &start, moves, batchGame{kept: true, source: g.Source, sourceGame: rec.sourceGame})
			if len(bt.keys) >= b.batchPostings() {
				if err := b.AddBatch(bt); err != nil {
					return err
				}
				bt.Reset()
			}
		}
	}
	if err := b.AddBatch(bt); err != nil {
		return err
	}
	// The new manifest lists the new segments only.
	b.man = manifest{}
	if err := b.Commit(); err != nil {
		return err
	}
	for _, s := range old {
		os.Remove(filepath.Join(dir, s.name))
	}
	return nil
}
