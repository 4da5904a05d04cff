package polyglot

import (
	"errors"
	"fmt"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/pgn"
)

// A Batch collects the book entries of a run of games apart from the
// Builder they are for, so that several goroutines can read games at once:
// each fills its own batches, and Builder.AddBatch adds them in the order
// of the input. A Batch is not safe for concurrent use; Reset reuses one.
type Batch struct {
	maxPly int
	// The batch's (position, move) pairs, counted: groups holds one
	// position each, with its moves linked through moves.
	groups []group
	gindex keyIndex
	moves  []batchMove
	// Every move played, in order, linked per position: Builder replays
	// them when a count reaches Polyglot's limit within the batch.
	events []event
	stats  BuildStats

	game    []pending // the moves of the game being read
	visitor gameVisitor
}

// group is a position of a batch.
type group struct {
	key         uint64
	color       core.Color
	head        int32 // first of its moves
	first, last int32 // its first and last events
	count       uint32
}

// batchMove is a (position, move) pair of a batch.
type batchMove struct {
	move   uint16
	next   int32
	n, sum uint32
	first  uint32 // its first event
}

// event is one move played: its score for the side that played it (2 for
// a win, 1 for a draw, 0 for a loss) and the next event of its position.
type event struct {
	move  uint16
	score uint8
	next  int32
}

// pending is a move of the game being read.
type pending struct {
	key   uint64
	move  uint16
	color core.Color
}

// NewBatch returns an empty batch for b.
func (b *Builder) NewBatch() *Batch {
	bt := &Batch{maxPly: b.opt.MaxPly}
	bt.visitor.bt = bt
	return bt
}

// Reset empties the batch for reuse, keeping its memory.
func (bt *Batch) Reset() {
	bt.groups, bt.moves, bt.events, bt.game = bt.groups[:0], bt.moves[:0], bt.events[:0], bt.game[:0]
	bt.gindex.reset()
	bt.stats = BuildStats{}
}

// Stats returns the counts of the games read into the batch.
func (bt *Batch) Stats() BuildStats { return bt.stats }

// ReadGame reads the next game of r into the batch, mainline only. It
// returns what r.Visit returns: io.EOF at the end of the input, a
// *pgn.Error for a broken game, which adds nothing to the batch (and the
// next call reads the next game). A Chess960 game is counted as skipped
// and adds nothing.
func (bt *Batch) ReadGame(r *pgn.Reader) error {
	v := &bt.visitor
	err := r.Visit(v)
	if err != nil {
		var perr *pgn.Error
		if errors.As(err, &perr) {
			bt.stats.Games++
			bt.stats.Broken++
		}
		return err
	}
	bt.stats.Games++
	if v.chess960 {
		bt.stats.Skipped++
		return nil
	}
	bt.commit(v.result())
	return nil
}

// AddGame adds a game given by its start position, mainline and result
// ("1-0", "0-1"; anything else counts as a draw, as in Polyglot). Each
// move is checked; a move that is not legal is an error, and the game
// adds nothing. A null move (core.NoMove) ends the moves that count, as
// in ReadGame. A Chess960 start gives ErrChess960, a variant's start
// ErrVariant.
func (bt *Batch) AddGame(start *core.Position, moves []core.Move, result string) error {
	bt.stats.Games++
	if start.Chess960() {
		bt.stats.Skipped++
		return ErrChess960
	}
	if start.Variant() != core.Standard {
		bt.stats.Skipped++
		return ErrVariant
	}
	bt.game = bt.game[:0]
	pos := *start
	for ply, m := range moves {
		if ply >= bt.maxPly || m == core.NoMove {
			break
		}
		if pos.LegalMove(m.From(), m.To(), m.Promotion()) != m {
			bt.game = bt.game[:0]
			bt.stats.Broken++
			return fmt.Errorf("polyglot: move %d (%s) is not legal in %s", ply+1, m, pos.FEN())
		}
		bt.game = append(bt.game, pending{pos.Hash(), EncodeMove(m), pos.SideToMove()})
		pos.MakeMove(m)
	}
	bt.commit(result)
	return nil
}

// hashOf is where a key goes in a hash table: Fibonacci hashing, the top
// bits used.
func hashOf(key uint64) uint64 { return key * 0x9e3779b97f4a7c15 }

// commit counts the moves of the game read, whose result is result.
func (bt *Batch) commit(result string) {
	white := uint8(1) // the score of White's moves
	switch result {
	case "1-0":
		white = 2
	case "0-1":
		white = 0
	}
	for _, p := range bt.game {
		score := white
		if p.color == core.Black {
			score = 2 - white
		}
		bt.add(p, score)
	}
	bt.game = bt.game[:0]
}

// add counts one move.
func (bt *Batch) add(p pending, score uint8) {
	ev := int32(len(bt.events))
	gi, ok := bt.gindex.getOrPut(p.key, int32(len(bt.groups)))
	if !ok {
		bt.groups = append(bt.groups, group{key: p.key, color: p.color, head: -1, first: ev, last: ev})
	} else {
		bt.events[bt.groups[gi].last].next = ev
		bt.groups[gi].last = ev
	}
	bt.events = append(bt.events, event{move: p.move, score: score, next: -1})
	g := &bt.groups[gi]
	g.count++
	for i := g.head; i >= 0; i = bt.moves[i].next {
		if m := &bt.moves[i]; m.move == p.move {
			m.n++
			m.sum += uint32(score)
			return
		}
	}
	bt.moves = append(bt.moves, batchMove{move: p.move, next: g.head, n: 1, sum: uint32(score), first: uint32(ev)})
	g.head = int32(len(bt.moves) - 1)
}

// gameVisitor reads a game's mainline into its batch's game.
type gameVisitor struct {
	pgn.BaseVisitor
	bt        *Batch
	ply       int
	stopped   bool // a null move, or MaxPly reached
	chess960  bool
	resultTag string
	marker    string
}

func (v *gameVisitor) BeginGame() {
	v.bt.game = v.bt.game[:0]
	v.ply, v.stopped, v.chess960, v.resultTag, v.marker = 0, false, false, "", ""
}

func (v *gameVisitor) Tag(name, value []byte) {
	if string(name) == "Result" {
		switch string(value) {
		case "1-0":
			v.resultTag = "1-0"
		case "0-1":
			v.resultTag = "0-1"
		default:
			v.resultTag = ""
		}
	}
}

func (v *gameVisitor) BeginMovetext(start *core.Position) pgn.Action {
	if start.Chess960() || start.Variant() != core.Standard {
		v.chess960 = true // left out alike
		return pgn.Skip
	}
	return pgn.Continue
}

func (v *gameVisitor) Move(p *core.Position, m core.Move) {
	if v.stopped {
		return
	}
	if m == core.NoMove || v.ply >= v.bt.maxPly {
		v.stopped = true
		return
	}
	v.bt.game = append(v.bt.game, pending{p.Hash(), EncodeMove(m), p.SideToMove()})
	v.ply++
}

func (v *gameVisitor) BeginVariation() pgn.Action { return pgn.Skip }

func (v *gameVisitor) EndGame(result string) { v.marker = result }

// result is the game's result: the movetext's termination marker, else
// the Result tag.
func (v *gameVisitor) result() string {
	if v.marker != "" {
		return v.marker
	}
	return v.resultTag
}
