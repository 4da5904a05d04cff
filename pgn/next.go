package pgn

import (
	"errors"

	"github.com/gambit-chess/gambit/core"
)

// Next reads the next game with its whole move tree, every move checked.
// It returns io.EOF when the input has no more games. For a broken game it
// returns an *Error and the game as read up to the error (its tags at
// least); the next call reads the next game.
func (r *Reader) Next() (*Game, error) {
	err := r.Visit(&r.tree)
	if err != nil && !isGameError(err) {
		return nil, err
	}
	g := r.tree.g
	r.tree.g = nil
	return g, err
}

func isGameError(err error) bool {
	var e *Error
	return errors.As(err, &e)
}

// NextTags reads the next game's tags and skips its movetext without
// reading its moves: the fast path for headers. Errors are Next's, but
// only those of the tags (a FEN tag included) are found.
func (r *Reader) NextTags() (Tags, error) {
	r.tags.tags.reset()
	err := r.Visit(&r.tags)
	if err != nil && !isGameError(err) {
		return nil, err
	}
	return r.tags.tags.tags(nil), err
}

// tagsVisitor collects the tags and skips the movetext.
type tagsVisitor struct {
	BaseVisitor
	tags tagCollector
}

func (t *tagsVisitor) Tag(name, value []byte) { t.tags.add(name, value) }

func (t *tagsVisitor) BeginMovetext(*core.Position) Action { return Skip }

// Mainline is a game read without its tree: the tags, the start position
// and the mainline, every move of it checked. NextMainline fills one.
type Mainline struct {
	Tags  Tags
	Start core.Position
	// Moves are the mainline's moves (core.NoMove for a null move).
	Moves []core.Move
	// End is the position after the last move read.
	End core.Position
	// Result is as in Game.
	Result string
}

// NextMainline reads the next game into g, reusing g's memory: the tags,
// the start position and the mainline, each move checked for legality;
// variations are skipped unread, comments and NAGs dropped. It allocates
// nothing per move: the fast path for replaying games. Errors are Next's
// (but for those in variations, which are not read); g then holds the game
// up to the error, with zero positions if the tags are broken.
func (r *Reader) NextMainline(g *Mainline) error {
	v := &r.plain
	v.g, v.r = g, r
	v.tags.reset()
	g.Tags, g.Moves, g.Result = g.Tags[:0], g.Moves[:0], ""
	err := r.Visit(v)
	v.g = nil
	return err
}

// mainlineVisitor fills a Mainline.
type mainlineVisitor struct {
	BaseVisitor
	g       *Mainline
	r       *Reader
	tags    tagCollector
	started bool // BeginMovetext came: the tags were good
}

func (v *mainlineVisitor) BeginGame() {
	v.started = false
	v.g.Start, v.g.End = core.Position{}, core.Position{}
}

func (v *mainlineVisitor) Tag(name, value []byte) { v.tags.add(name, value) }

func (v *mainlineVisitor) BeginMovetext(start *core.Position) Action {
	v.g.Start = *start
	v.started = true
	return Continue
}

func (v *mainlineVisitor) Move(_ *core.Position, m core.Move) { v.g.Moves = append(v.g.Moves, m) }

func (v *mainlineVisitor) BeginVariation() Action { return Skip }

func (v *mainlineVisitor) EndGame(result string) {
	v.g.Tags = v.tags.tags(v.g.Tags)
	if v.started {
		// Variations are skipped, so the reader's position is the
		// mainline's last (before a broken move: the last good one).
		v.g.End = v.r.pos
	}
	if result == "" {
		result = normalResult(v.g.Tags.Get("Result"))
	}
	if result == "" {
		result = "*"
	}
	v.g.Result = result
}
