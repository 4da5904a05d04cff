package gamedb

import (
	"cmp"
	"fmt"
	"iter"
	"slices"
	"strings"

	"github.com/gambit-chess/gambit/core"
)

// Filter selects games by their tags; its zero value selects every game.
// Names match case-insensitively anywhere in the tag ("carlsen" matches
// "Carlsen, Magnus").
type Filter struct {
	// Player matches either player, White and Black the one of that
	// colour.
	Player, White, Black string
	// Event matches the Event tag.
	Event string
	// MinRating and MaxRating, when not 0, bound the game's rating: the
	// average of its players' ratings (the one rating when only one
	// player has one); a game without ratings fails either bound.
	MinRating, MaxRating int
	// From and To, when not zero, bound the game's date; a part of them
	// left unknown stands for the whole year or month (To 2020 takes the
	// games of 2020). A game of unknown date fails either bound.
	From, To Date
	// Results and Speeds, when not empty, are the results and time
	// controls to take.
	Results []Result
	Speeds  []Speed
}

// IsZero reports whether f selects every game.
func (f *Filter) IsZero() bool {
	return f.Player == "" && f.White == "" && f.Black == "" && f.Event == "" &&
		f.MinRating == 0 && f.MaxRating == 0 && f.From == 0 && f.To == 0 &&
		len(f.Results) == 0 && len(f.Speeds) == 0
}

// matcher is a Filter compiled for one segment.
type matcher struct {
	any                        bool
	player, white, black, evnt []uint64 // bitsets of string ids; nil: any
	minRating, maxRating       int
	from, to                   Date
	results, speeds            uint32
}

func (f *Filter) compile(s *segment) (*matcher, error) {
	m := &matcher{any: f.IsZero(), minRating: f.MinRating, maxRating: f.MaxRating, from: f.From, to: f.To}
	if m.to != 0 {
		if m.to.Month() == 0 {
			m.to |= NewDate(0, 12, 0)
		}
		if m.to.Day() == 0 {
			m.to |= NewDate(0, 0, 31)
		}
	}
	for _, r := range f.Results {
		m.results |= 1 << r
	}
	for _, sp := range f.Speeds {
		m.speeds |= 1 << sp
	}
	for _, c := range []struct {
		dst  *[]uint64
		text string
	}{{&m.player, f.Player}, {&m.white, f.White}, {&m.black, f.Black}, {&m.evnt, f.Event}} {
		if c.text == "" {
			continue
		}
		want := strings.ToLower(c.text)
		set := make([]uint64, (s.nstrings+63)/64)
		for id := uint32(1); id < s.nstrings; id++ {
			v, err := s.str(id)
			if err != nil {
				return nil, err
			}
			if strings.Contains(strings.ToLower(v), want) {
				set[id/64] |= 1 << (id % 64)
			}
		}
		*c.dst = set
	}
	return m, nil
}

func has(set []uint64, id uint32) bool { return set == nil || set[id/64]&(1<<(id%64)) != 0 }

// match reports whether a game passes the filter.
func (m *matcher) match(g *gameRecord) bool {
	if m.any {
		return true
	}
	if m.player != nil && !has(m.player, g.white) && !has(m.player, g.black) ||
		!has(m.white, g.white) || !has(m.black, g.black) || !has(m.evnt, g.event) {
		return false
	}
	if m.minRating != 0 || m.maxRating != 0 {
		r := ratingScore(g)
		if r == 0 || r < m.minRating || m.maxRating != 0 && r > m.maxRating {
			return false
		}
	}
	d := Date(g.date)
	if m.from != 0 && (d == 0 || d < m.from) || m.to != 0 && (d == 0 || d > m.to) {
		return false
	}
	return (m.results == 0 || m.results&(1<<g.result) != 0) && (m.speeds == 0 || m.speeds&(1<<g.speed) != 0)
}

// Hit is a game that reached a position, and the ply at which it first
// did (0: its start position).
type Hit struct {
	Game
	Ply int
}

// firstReach walks game i to the first position of key k: its ply and
// the move played there (moveEnd when the game ended in it); ok false
// when the game never reached it.
func (s *segment) firstReach(i uint64, rec *gameRecord, k uint64) (ply int, m move16, ok bool, err error) {
	var c cursor
	if err := c.start(s, i, rec); err != nil {
		return 0, 0, false, err
	}
	for {
		mv, end, err := c.next()
		if err != nil {
			return 0, 0, false, err
		}
		if c.p.RepetitionKey() == k {
			if end {
				return c.ply, moveEnd, true, nil
			}
			return c.ply, pack16(mv), true, nil
		}
		if end {
			return 0, 0, false, nil
		}
		c.play(mv)
	}
}

// games calls f for each game of segment s that reached key k and passes
// m, in order, with its number in the segment, its record, and (when
// walk) the ply and move of its first occurrence; f returns false to stop.
// Without walk, a group that holds one position is checked by replaying
// its first game that passes m, and f gets ply 0 and moveEnd.
func (s *segment) games(k uint64, m *matcher, walk bool, f func(i uint64, rec *gameRecord, ply int, mv move16) bool) error {
	g, err := s.lookup(k)
	if err != nil || g.len() == 0 {
		return err
	}
	var rec gameRecord
	checked := false
	for e := g.lo; e < g.hi; e++ {
		_, i, err := s.entry(e)
		if err != nil {
			return err
		}
		if err := s.game(i, &rec); err != nil {
			return err
		}
		if !m.match(&rec) {
			continue
		}
		ply, mv := 0, moveEnd
		if walk || g.mixed || !checked {
			var ok bool
			if ply, mv, ok, err = s.firstReach(i, &rec, k); err != nil {
				return err
			}
			if !ok {
				if g.mixed {
					continue
				}
				return nil // the group is another position's
			}
			checked = true
		}
		if !f(i, &rec, ply, mv) {
			return nil
		}
	}
	return nil
}

// Games returns the games that reached p (through any move order) and
// pass f, in order, each with the ply at which it first did.
func (db *DB) Games(p *core.Position, f Filter) iter.Seq2[Hit, error] {
	k := p.RepetitionKey()
	return func(yield func(Hit, error) bool) {
		for _, s := range db.segs {
			m, err := f.compile(s)
			if err != nil {
				yield(Hit{}, err)
				return
			}
			stopped := false
			var gerr error
			err = s.games(k, m, true, func(i uint64, rec *gameRecord, ply int, _ move16) bool {
				g, err := s.gameOf(i, rec)
				if err != nil {
					gerr = err
					return false
				}
				if !yield(Hit{g, ply}, nil) {
					stopped = true
					return false
				}
				return true
			})
			if err == nil {
				err = gerr
			}
			if err != nil {
				yield(Hit{}, err)
				return
			}
			if stopped {
				return
			}
		}
	}
}

// Page is a page of the games that reached a position.
type Page struct {
	// Hits are the games of the page, in order.
	Hits []Hit
	// Total counts every game that reached the position and passes the
	// filter.
	Total int64
}

// Find returns the games that reached p and pass f, limit of them from
// the offset-th (from 0), and how many there are in all. Without a filter
// it reads only the games of the page.
func (db *DB) Find(p *core.Position, f Filter, offset, limit int) (Page, error) {
	if offset < 0 || limit < 0 {
		return Page{}, fmt.Errorf("gamedb: Find: offset %d and limit %d must not be negative", offset, limit)
	}
	k := p.RepetitionKey()
	var page Page
	// hit adds game i of s to the page.
	hit := func(s *segment, i uint64, rec *gameRecord) error {
		g, err := s.gameOf(i, rec)
		if err != nil {
			return err
		}
		ply, _, ok, err := s.firstReach(i, rec, k)
		if err != nil || !ok {
			return err
		}
		page.Hits = append(page.Hits, Hit{g, ply})
		return nil
	}
	for _, s := range db.segs {
		m, err := f.compile(s)
		if err != nil {
			return Page{}, err
		}
		if m.any {
			g, err := s.lookup(k)
			if err != nil {
				return Page{}, err
			}
			if !g.mixed {
				n, err := s.countGroup(g, k)
				if err != nil {
					return Page{}, err
				}
				from := uint64(max(0, int64(offset)-page.Total))
				page.Total += int64(n)
				var rec gameRecord
				for e := g.lo + from; e < g.lo+n && len(page.Hits) < limit; e++ {
					_, i, err := s.entry(e)
					if err == nil {
						err = s.game(i, &rec)
					}
					if err == nil {
						err = hit(s, i, &rec)
					}
					if err != nil {
						return Page{}, err
					}
				}
				continue
			}
		}
		var herr error
		err = s.games(k, m, false, func(i uint64, rec *gameRecord, _ int, _ move16) bool {
			page.Total++
			if page.Total > int64(offset) && len(page.Hits) < limit {
				herr = hit(s, i, rec)
			}
			return herr == nil
		})
		if err == nil {
			err = herr
		}
		if err != nil {
			return Page{}, err
		}
	}
	return page, nil
}

// countGroup returns how many games of a group that holds one position
// reached key k: all of them when its first game did, else none.
func (s *segment) countGroup(g group, k uint64) (uint64, error) {
	if g.len() == 0 {
		return 0, nil
	}
	_, i, err := s.entry(g.lo)
	if err != nil {
		return 0, err
	}
	var rec gameRecord
	if err := s.game(i, &rec); err != nil {
		return 0, err
	}
	_, _, ok, err := s.firstReach(i, &rec, k)
	if err != nil || !ok {
		return 0, err
	}
	return g.len(), nil
}

// Explorer is the statistics of a position over the games that reached
// it, as an opening explorer shows them.
type Explorer struct {
	// Outcomes counts every game that reached the position.
	Outcomes
	// Moves are the moves played from it, each at its game's first
	// occurrence of the position, the most played first.
	Moves []MoveStats
	// Ended counts the games that ended in the position.
	Ended Outcomes
	// Top are the highest-rated games that reached it (at most TopGames),
	// by the average rating of their players, the earlier game first
	// between equals.
	Top []Game
}

// Explore returns the statistics of p over the games that pass f.
func (db *DB) Explore(p *core.Position, f Filter) (*Explorer, error) {
	k := p.RepetitionKey()
	var all, st positionStats
	for _, s := range db.segs {
		m, err := f.compile(s)
		if err != nil {
			return nil, err
		}
		if m.any {
			ok, err := s.aggregate(k, &st)
			if err != nil {
				return nil, err
			}
			if ok {
				all.merge(&st)
				continue
			}
		}
		err = s.games(k, m, true, func(i uint64, rec *gameRecord, _ int, mv move16) bool {
			all.add(rec, mv, s.base+int64(i)+1)
			return true
		})
		if err != nil {
			return nil, err
		}
	}
	return db.explorer(p, &all)
}

// explorer turns statistics into an Explorer for position p.
func (db *DB) explorer(p *core.Position, st *positionStats) (*Explorer, error) {
	e := &Explorer{Outcomes: st.total, Ended: st.ended}
	for _, a := range st.moves {
		m, ok := a.m16.unpack(p)
		if !ok {
			return nil, fmt.Errorf("gamedb: a stored move %04x is not legal in %s: %w", uint16(a.m16), p.FEN(), ErrCorrupt)
		}
		ms := a.MoveStats
		ms.Move = m
		e.Moves = append(e.Moves, ms)
	}
	slices.SortStableFunc(e.Moves, func(a, b MoveStats) int {
		if c := cmp.Compare(b.Games, a.Games); c != 0 {
			return c
		}
		return cmp.Compare(a.Move, b.Move)
	})
	for _, t := range st.top {
		g, err := db.Game(t.game)
		if err != nil {
			return nil, err
		}
		e.Top = append(e.Top, g)
	}
	return e, nil
}
