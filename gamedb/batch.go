package gamedb

import (
	"errors"
	"io"
	"strconv"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/pgn"
)

// A Batch collects games for a Builder apart from it, so that several
// goroutines can read games at once: each fills its own batches, and
// Builder.AddBatch adds them in the order of the input. A Batch is not
// safe for concurrent use; Reset reuses one with its memory.
type Batch struct {
	games []batchGame
	strs  []string // per game: White, Black, Event, Site, Round, start FEN
	moves []byte
	// keys and vals are the postings: a position's key, and the game's
	// index in the batch <<16 | the move played at its first occurrence.
	keys, vals []uint64
	read       int // games read, broken ones included
	broken     int

	line pgn.Mainline
	seen keySet
}

// batchGame is a game of a batch: its record, with string fields still to
// be interned, and its number among the games the batch read; or, for a
// game an index had (kept true), its source and its number there.
type batchGame struct {
	rec        gameRecord
	read       int
	kept       bool
	source     string
	sourceGame uint32
}

// Per-game strings of a batch, in strs.
const (
	strWhite = iota
	strBlack
	strEvent
	strSite
	strRound
	strFEN
	strsPerGame
)

// NewBatch returns an empty batch.
func NewBatch() *Batch { return &Batch{} }

// Reset empties the batch, its memory kept.
func (bt *Batch) Reset() {
	bt.games, bt.strs, bt.moves = bt.games[:0], bt.strs[:0], bt.moves[:0]
	bt.keys, bt.vals = bt.keys[:0], bt.vals[:0]
	bt.read, bt.broken = 0, 0
}

// Games returns how many games the batch read, broken ones included.
func (bt *Batch) Games() int { return bt.read }

// Broken returns how many of them were broken and left out.
func (bt *Batch) Broken() int { return bt.broken }

// ReadGame reads the next game of r into the batch. A broken game is left
// out, and its error (a *pgn.Error) returned: the next call goes on with
// the next game. At the end of r it returns io.EOF.
func (bt *Batch) ReadGame(r *pgn.Reader) error {
	err := r.NextMainline(&bt.line)
	if err == io.EOF {
		return err
	}
	bt.read++
	if err != nil {
		bt.broken++
		return err
	}
	if err := bt.add(&bt.line); err != nil {
		bt.broken++
		return err
	}
	return nil
}

// AddGame adds a game given by its tags, start position, mainline and
// result ("1-0", "0-1", "1/2-1/2", anything else unknown). The moves must
// be legal from start, core.NoMove standing for a null move.
func (bt *Batch) AddGame(tags pgn.Tags, start *core.Position, moves []core.Move, result string) error {
	g := pgn.Mainline{Tags: tags, Start: *start, Moves: moves, Result: result}
	bt.read++
	if err := bt.add(&g); err != nil {
		bt.broken++
		return err
	}
	return nil
}

// ErrTooLong is the error for a game of more plies than a segment holds
// (65,535).
var ErrTooLong = errors.New("gamedb: game longer than 65535 plies")

// add adds a game read whole.
func (bt *Batch) add(g *pgn.Mainline) error {
	if len(g.Moves) > 0xffff {
		return ErrTooLong
	}
	rec := gameRecord{
		date:     uint32(dateOf(g.Tags.Get("Date"))),
		whiteElo: elo(g.Tags.Get("WhiteElo")),
		blackElo: elo(g.Tags.Get("BlackElo")),
		result:   uint8(resultOf(g.Result)),
		speed:    uint8(speedOf(g.Tags.Get("TimeControl"))),
	}
	bt.strs = append(bt.strs, g.Tags.Get("White"), g.Tags.Get("Black"), g.Tags.Get("Event"),
		g.Tags.Get("Site"), g.Tags.Get("Round"))
	bt.index(rec, &g.Start, g.Moves, batchGame{read: bt.read})
	return nil
}

// index adds a game: its record with the tags' fields set, after its
// strings but the start FEN, and its moves, from start, and postings. bg
// says where the game comes from.
func (bt *Batch) index(rec gameRecord, start *core.Position, moves []core.Move, bg batchGame) {
	p := *start
	rec.moveOff = uint64(len(bt.moves))
	rec.plies = uint16(len(moves))
	rec.variant = uint8(p.Variant())
	rec.flags = 0
	if p.Chess960() {
		rec.flags |= flagChess960
	}
	fen := ""
	if starts := variantStarts(); int(p.Variant()) >= len(starts) || starts[p.Variant()].Hash() != p.Hash() || p.Chess960() {
		fen = p.FEN()
	}
	bt.strs = append(bt.strs, fen)

	game := uint64(len(bt.games)) << 16
	bt.seen.reset()
	for _, m := range moves {
		m16 := pack16(m)
		if k := p.RepetitionKey(); bt.seen.add(k) {
			bt.keys = append(bt.keys, k)
			bt.vals = append(bt.vals, game|uint64(m16))
		}
		bt.moves = append(bt.moves, byte(m16), byte(m16>>8))
		if m == core.NoMove {
			p.MakeNullMove()
		} else {
			p.MakeMove(m)
		}
	}
	if k := p.RepetitionKey(); bt.seen.add(k) {
		bt.keys = append(bt.keys, k)
		bt.vals = append(bt.vals, game|uint64(moveEnd))
	}
	rec.material = MaterialOf(&p)
	bg.rec = rec
	bt.games = append(bt.games, bg)
}

// elo reads a rating tag: 0 when absent, not a number or out of range.
func elo(s string) uint16 {
	n, err := strconv.Atoi(s)
	if err != nil || n <= 0 || n > 0xffff {
		return 0
	}
	return uint16(n)
}

// keySet is the set of position keys one game has reached so far: an
// open-addressed table whose slots carry the game's generation, so that
// emptying it costs nothing.
type keySet struct {
	keys []uint64
	gens []uint32
	gen  uint32
	n    int
}

func (s *keySet) reset() {
	s.gen++
	s.n = 0
	if s.gen == 0 || s.keys == nil {
		s.keys, s.gens, s.gen = make([]uint64, 512), make([]uint32, 512), 1
	}
}

// add adds k and reports whether it was new.
func (s *keySet) add(k uint64) bool {
	if 2*(s.n+1) > len(s.keys) {
		s.grow()
	}
	mask := uint64(len(s.keys) - 1)
	for i := (k * 0x9e3779b97f4a7c15) >> 32 & mask; ; i = (i + 1) & mask {
		if s.gens[i] != s.gen {
			s.keys[i], s.gens[i] = k, s.gen
			s.n++
			return true
		}
		if s.keys[i] == k {
			return false
		}
	}
}

func (s *keySet) grow() {
	old, oldGens, gen := s.keys, s.gens, s.gen
	s.keys, s.gens, s.gen, s.n = make([]uint64, 2*len(old)), make([]uint32, 2*len(old)), 1, 0
	for i, k := range old {
		if oldGens[i] == gen {
			s.add(k)
		}
	}
}
