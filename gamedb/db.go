package gamedb

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"sync"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/pgn"
)

// DB is an open index, or several queried as one: the games of each in
// order, numbered from 1. Its methods are safe for concurrent use. A DB
// sees the index as it was when it was opened; games appended since are
// seen by opening it again.
type DB struct {
	segs  []*segment
	games int64
}

// Open opens the index in dir, or the indexes in several directories
// (the shards of one collection) as one: the games of the first, then
// those of the next. The answer to any query over shards equals the
// answer over one index of all their games in the same order.
func Open(dirs ...string) (*DB, error) {
	if len(dirs) == 0 {
		return nil, errors.New("gamedb: Open: no index given")
	}
	db := &DB{}
	for _, dir := range dirs {
		if err := db.openDir(dir, true); err != nil {
			db.Close()
			return nil, err
		}
	}
	return db, nil
}

// openDir opens the segments of the index in dir. A segment the manifest
// lists may be gone when a compaction replaced the manifest meanwhile:
// then, once, it reads the new manifest and starts again.
func (db *DB) openDir(dir string, retry bool) error {
	man, err := readManifest(dir)
	if err != nil {
		return err
	}
	opened, games := len(db.segs), db.games
	for _, e := range man.segments {
		s, err := openSegment(filepath.Join(dir, e.name), db.games)
		if err != nil {
			if retry && errors.Is(err, os.ErrNotExist) {
				for _, s := range db.segs[opened:] {
					s.close()
				}
				db.segs, db.games = db.segs[:opened], games
				return db.openDir(dir, false)
			}
			return err
		}
		db.segs = append(db.segs, s)
		if s.h.games != e.games {
			return &CorruptError{File: s.name, Offset: hGames, Msg: fmt.Sprintf("%d games, the manifest says %d", s.h.games, e.games)}
		}
		db.games += int64(s.h.games)
	}
	return nil
}

// Close closes the index; its methods must not be called after it.
func (db *DB) Close() error {
	var err error
	for _, s := range db.segs {
		if cerr := s.close(); err == nil {
			err = cerr
		}
	}
	db.segs = nil
	return err
}

// Len returns the number of games in the index.
func (db *DB) Len() int64 { return db.games }

// Game is a game of the index, as its tags had it.
type Game struct {
	// Number is the game's number in the index, from 1.
	Number                           int64
	White, Black, Event, Site, Round string
	// WhiteElo and BlackElo are 0 when the game has none.
	WhiteElo, BlackElo int
	Date               Date
	Result             Result
	Speed              Speed
	Variant            core.Variant
	Chess960           bool
	// StartFEN is the FEN of the start position, "" for the variant's
	// own start.
	StartFEN string
	// Source is the file the game was read from, SourceGame its number
	// there (from 1, broken games counted).
	Source     string
	SourceGame int
	// Plies is the length of the mainline.
	Plies int
	// Material is the material on the board at the end.
	Material Material
}

// locate returns the segment holding game n (from 1) and its number in it.
func (db *DB) locate(n int64) (*segment, uint64, error) {
	if n < 1 || n > db.games {
		return nil, 0, fmt.Errorf("gamedb: game %d: the index has games 1 to %d", n, db.games)
	}
	for _, s := range db.segs {
		if n-1 < s.base+int64(s.h.games) {
			return s, uint64(n - 1 - s.base), nil
		}
	}
	panic("unreachable")
}

// Game returns game n (from 1).
func (db *DB) Game(n int64) (Game, error) {
	s, i, err := db.locate(n)
	if err != nil {
		return Game{}, err
	}
	var rec gameRecord
	if err := s.game(i, &rec); err != nil {
		return Game{}, err
	}
	return s.gameOf(i, &rec)
}

// gameOf turns a game's record into a Game.
func (s *segment) gameOf(i uint64, rec *gameRecord) (Game, error) {
	g := Game{
		Number:   s.base + int64(i) + 1,
		WhiteElo: int(rec.whiteElo), BlackElo: int(rec.blackElo),
		Date: Date(rec.date), Result: Result(rec.result), Speed: Speed(rec.speed),
		Variant: core.Variant(rec.variant), Chess960: rec.flags&flagChess960 != 0,
		SourceGame: int(rec.sourceGame), Plies: int(rec.plies), Material: rec.material,
	}
	for _, f := range []struct {
		dst *string
		id  uint32
	}{{&g.White, rec.white}, {&g.Black, rec.black}, {&g.Event, rec.event}, {&g.Site, rec.site},
		{&g.Round, rec.rnd}, {&g.StartFEN, rec.fen}, {&g.Source, rec.source}} {
		v, err := s.str(f.id)
		if err != nil {
			return Game{}, err
		}
		*f.dst = v
	}
	return g, nil
}

// Moves returns game n's start position and mainline (core.NoMove for a
// null move).
func (db *DB) Moves(n int64) (core.Position, []core.Move, error) {
	s, i, err := db.locate(n)
	if err != nil {
		return core.Position{}, nil, err
	}
	var rec gameRecord
	if err := s.game(i, &rec); err != nil {
		return core.Position{}, nil, err
	}
	return s.mainline(i, &rec, nil)
}

// variantStarts are the variants' start positions, parsed once.
var variantStarts = sync.OnceValue(func() []core.Position {
	var out []core.Position
	for v := core.Variant(0); ; v++ {
		p, err := core.VariantStartPosition(v)
		if err != nil {
			return out
		}
		out = append(out, p)
	}
})

// startOf returns a game's start position.
func (s *segment) startOf(i uint64, rec *gameRecord) (core.Position, error) {
	v := core.Variant(rec.variant)
	var p core.Position
	var err error
	switch starts := variantStarts(); {
	case rec.fen == 0 && int(v) < len(starts):
		p = starts[v]
	case rec.fen == 0:
		err = fmt.Errorf("variant %d", v)
	default:
		var fen string
		if fen, err = s.str(rec.fen); err == nil {
			p, err = core.ParseVariantFEN(v, fen)
		}
	}
	if err != nil {
		return p, s.corrupt(int64(s.h.sections[secGames].off+i*gameSize), "game %d's start: %v", i, err)
	}
	if rec.flags&flagChess960 != 0 {
		p.SetChess960(true)
	}
	return p, nil
}

// cursor replays a game of a segment position by position.
type cursor struct {
	s     *segment
	i     uint64
	p     core.Position
	moves []byte
	off   int64 // the file offset of moves
	ply   int
}

// start puts c at the start of game i of s.
func (c *cursor) start(s *segment, i uint64, rec *gameRecord) error {
	var err error
	c.s, c.i, c.ply = s, i, 0
	if c.p, err = s.startOf(i, rec); err != nil {
		return err
	}
	if c.moves, err = s.moves(rec); err != nil {
		return err
	}
	c.off = int64(s.h.sections[secMoves].off + rec.moveOff)
	return nil
}

// next returns the move played from the current position (core.NoMove for
// a null move), or end true at the game's last position.
func (c *cursor) next() (m core.Move, end bool, err error) {
	if 2*c.ply >= len(c.moves) {
		return core.NoMove, true, nil
	}
	m16 := move16(c.moves[2*c.ply]) | move16(c.moves[2*c.ply+1])<<8
	m, ok := m16.unpack(&c.p)
	if !ok {
		return core.NoMove, false, c.s.corrupt(c.off+2*int64(c.ply), "game %d: ply %d is no legal move", c.i, c.ply+1)
	}
	return m, false, nil
}

// play plays m, the move next returned.
func (c *cursor) play(m core.Move) {
	if m == core.NoMove {
		c.p.MakeNullMove()
	} else {
		c.p.MakeMove(m)
	}
	c.ply++
}

// mainline returns game i's start position and its moves (core.NoMove
// for a null move), appended to dst.
func (s *segment) mainline(i uint64, rec *gameRecord, dst []core.Move) (core.Position, []core.Move, error) {
	var c cursor
	if err := c.start(s, i, rec); err != nil {
		return c.p, dst, err
	}
	start := c.p
	for {
		m, end, err := c.next()
		if err != nil || end {
			return start, dst, err
		}
		dst = append(dst, m)
		c.play(m)
	}
}

// PGN returns game n as a pgn.Game: the tags the index keeps (the seven
// tag roster, WhiteElo and BlackElo when known), its start position and
// its mainline. Comments, variations and other tags are not kept; the
// game's Source and SourceGame say where the whole of it is.
func (db *DB) PGN(n int64) (*pgn.Game, error) {
	g, err := db.Game(n)
	if err != nil {
		return nil, err
	}
	start, moves, err := db.Moves(n)
	if err != nil {
		return nil, err
	}
	pg := pgn.NewGame()
	orUnknown := func(s string) string {
		if s == "" {
			return "?"
		}
		return s
	}
	pg.Tags.Set("Event", orUnknown(g.Event))
	pg.Tags.Set("Site", orUnknown(g.Site))
	pg.Tags.Set("Date", g.Date.String())
	pg.Tags.Set("Round", orUnknown(g.Round))
	pg.Tags.Set("White", orUnknown(g.White))
	pg.Tags.Set("Black", orUnknown(g.Black))
	pg.Tags.Set("Result", g.Result.String())
	if g.WhiteElo > 0 {
		pg.Tags.Set("WhiteElo", strconv.Itoa(g.WhiteElo))
	}
	if g.BlackElo > 0 {
		pg.Tags.Set("BlackElo", strconv.Itoa(g.BlackElo))
	}
	pg.Start, pg.Result = start, g.Result.String()
	node := pg.Root
	for _, m := range moves {
		child := &pgn.Node{Move: m, Parent: node}
		node.Children = []*pgn.Node{child}
		node = child
	}
	return pg, nil
}

// Verify reads the whole index and checks it: every page against its
// CRC, the buckets' order, and every game's record (its strings and the
// range of its moves). Queries check what they read as they go; Verify is
// for an index copied or restored, or kept on doubtful storage. It
// returns the first damage found, a *CorruptError.
func (db *DB) Verify() error {
	for _, s := range db.segs {
		if err := s.verify(headerSize, s.h.sections[secPageCRCs].off-headerSize); err != nil {
			return err
		}
		prev := uint64(0)
		for b := uint64(0); b <= 1<<s.h.bucketBits; b++ {
			raw, err := s.bytes(secBuckets, 4*b, 4)
			if err != nil {
				return err
			}
			at := uint64(binary.LittleEndian.Uint32(raw))
			if at < prev || at > s.h.postings || b == 1<<s.h.bucketBits && at != s.h.postings {
				return s.corrupt(int64(s.h.sections[secBuckets].off+4*b), "bucket %d starts at posting %d (the one before at %d, of %d)", b, at, prev, s.h.postings)
			}
			prev = at
		}
		var rec gameRecord
		for i := range s.h.games {
			if err := s.game(i, &rec); err != nil {
				return err
			}
			if _, err := s.gameOf(i, &rec); err != nil {
				return err
			}
			if _, err := s.moves(&rec); err != nil {
				return err
			}
		}
	}
	return nil
}
