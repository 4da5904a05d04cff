package pgn

import "github.com/gambit-chess/gambit/core"

// Action is a visitor's answer to the start of the movetext or of a
// variation: read it, or skip it.
type Action uint8

const (
	// Continue reads what follows.
	Continue Action = iota
	// Skip passes over the movetext or the variation: its moves are not
	// checked and the visitor sees none of it.
	Skip
)

// Visitor receives one game's parts in file order from Reader.Visit. Byte
// slices point into the reader's buffer and are valid only during the
// call; a visitor that keeps one copies it. Embed BaseVisitor to implement
// only the methods you need.
//
// The calls of a game are BeginGame, Tag for each tag pair, then, unless
// the tags are broken, BeginMovetext with the start position; then, unless
// it returned Skip, Move, NAG, Comment, BeginVariation and EndVariation as
// the movetext has them. At an error the calls stop (a variation left open
// gets no EndVariation); EndGame always comes last, for a broken game too.
type Visitor interface {
	// BeginGame starts a game.
	BeginGame()
	// Tag is called for each tag pair; escapes in the value are resolved.
	Tag(name, value []byte)
	// BeginMovetext is called after the tags with the game's start
	// position, which the visitor must not change. Skip passes over the
	// whole movetext: the fast path for headers only.
	BeginMovetext(start *core.Position) Action
	// Move is called for each move, with the position before it, which the
	// visitor must not change, and the legal move; m is core.NoMove for a
	// null move ("--").
	Move(p *core.Position, m core.Move)
	// NAG is called for a NAG of the last move, written $n or as a suffix
	// glyph (!, ?, !!, ??, !?, ?!).
	NAG(n NAG)
	// Comment is called for each comment, { } or ;, with its text trimmed
	// of surrounding white space. A comment before the first move of the
	// game or of a variation belongs to what follows; any other, to the
	// last move.
	Comment(text []byte)
	// BeginVariation starts a variation: an alternative to the last move.
	// Skip passes over it, nested variations included, without checking
	// its moves.
	BeginVariation() Action
	// EndVariation ends the variation, back to the line it left.
	EndVariation()
	// EndGame ends the game, with its result token ("1-0", "0-1",
	// "1/2-1/2" or "*"), or "" when the movetext has none.
	EndGame(result string)
}

// BaseVisitor implements Visitor by doing nothing and skipping nothing; a
// visitor embeds it and overrides what it needs.
type BaseVisitor struct{}

// BeginGame does nothing.
func (BaseVisitor) BeginGame() {}

// Tag does nothing.
func (BaseVisitor) Tag(name, value []byte) {}

// BeginMovetext returns Continue.
func (BaseVisitor) BeginMovetext(start *core.Position) Action { return Continue }

// Move does nothing.
func (BaseVisitor) Move(p *core.Position, m core.Move) {}

// NAG does nothing.
func (BaseVisitor) NAG(n NAG) {}

// Comment does nothing.
func (BaseVisitor) Comment(text []byte) {}

// BeginVariation returns Continue.
func (BaseVisitor) BeginVariation() Action { return Continue }

// EndVariation does nothing.
func (BaseVisitor) EndVariation() {}

// EndGame does nothing.
func (BaseVisitor) EndGame(result string) {}
