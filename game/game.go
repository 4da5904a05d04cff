package game

import (
	"fmt"
	"slices"

	"github.com/gambit-chess/gambit/core"
)

// Game is a chess game: a start position, the moves played from it, and
// what the rules or the players decided. The zero Game is not usable; use
// New or FromFEN.
type Game struct {
	pos core.Position
	// startFEN is the start position's FEN, "" for the variant's own
	// start position (the standard one in standard chess).
	startFEN string
	startKey uint64 // repetition key of the start position
	history  []ply
	tags     []Tag
	engine   *engineLink

	// The outcome: Ongoing, a status the rules reached by themselves
	// (recomputed after every move and undo), or one set by hand.
	status Status
	result Result
	manual bool   // status and result were set by hand
	reason string // the reason given with a decision by hand
	reps   uint8  // occurrences of the current position, capped at 255
	// autoDraw ends the game at threefold repetition and the fifty-move
	// rule instead of making a draw claimable.
	autoDraw bool
}

// ply is one move of the history with what taking it back needs, and the
// repetition key of the position it led to.
type ply struct {
	move core.Move
	undo core.Undo
	key  uint64
}

// Option sets how a Game is played; pass them to New or FromFEN.
type Option func(*Game)

// AutoDraw makes threefold repetition and the fifty-move rule end the game
// at once, for servers that prefer that to waiting for a claim.
func AutoDraw() Option { return func(g *Game) { g.autoDraw = true } }

// Chess960 marks the start position as a Chess960 one. FromFEN finds this
// by itself when the castling rights name a king or rook off its standard
// square; the option is needed only for a start that looks standard, such
// as Chess960 position 518.
func Chess960() Option { return func(g *Game) { g.pos.SetChess960(true) } }

// New returns a game from the standard starting position.
func New(opts ...Option) *Game {
	g := &Game{pos: core.StartPosition()}
	g.init(opts)
	return g
}

// FromFEN returns a game that starts from the position fen. It returns a
// *core.FENError, matching core.ErrInvalidFEN, when fen is not a legal
// position.
func FromFEN(fen string, opts ...Option) (*Game, error) {
	p, err := core.ParseFEN(fen)
	if err != nil {
		return nil, fmt.Errorf("game: %w", err)
	}
	g := &Game{pos: p}
	g.init(opts)
	return g, nil
}

// init applies the options and sets what the start position implies;
// hashedEP is the en-passant square core hashed for it.
func (g *Game) init(opts []Option) {
	for _, o := range opts {
		o(g)
	}
	if fen := g.pos.FEN(); fen != core.VariantStartFEN(g.pos.Variant()) {
		g.startFEN = fen
	}
	g.startKey = g.pos.RepetitionKey()
	g.update()
}

// Position returns a copy of the current position.
func (g *Game) Position() core.Position { return g.pos }

// StartPosition returns the position the game started from.
func (g *Game) StartPosition() core.Position {
	v := g.pos.Variant()
	if g.startFEN == "" && v == core.Standard {
		return core.StartPosition()
	}
	p, err := core.ParseVariantFEN(v, g.StartFEN())
	if err != nil {
		// startFEN was written by core from a valid position, and the
		// variant's start FEN is core's.
		panic("game: start position does not parse: " + err.Error())
	}
	p.SetChess960(g.pos.Chess960())
	return p
}

// StartFEN returns the FEN of the position the game started from.
func (g *Game) StartFEN() string {
	if g.startFEN == "" {
		return core.VariantStartFEN(g.pos.Variant())
	}
	return g.startFEN
}

// Variant returns the rules the game is played under: core.Standard, or
// the variant of NewVariant, FromVariantFEN or FromPosition.
func (g *Game) Variant() core.Variant { return g.pos.Variant() }

// FEN returns the FEN of the current position.
func (g *Game) FEN() string { return g.pos.FEN() }

// SideToMove returns the colour to move.
func (g *Game) SideToMove() core.Color { return g.pos.SideToMove() }

// Ply returns the number of half-moves played since the start position.
func (g *Game) Ply() int { return len(g.history) }

// Moves returns the moves played, in order.
func (g *Game) Moves() []core.Move {
	ms := make([]core.Move, len(g.history))
	for i := range g.history {
		ms[i] = g.history[i].move
	}
	return ms
}

// LastMove returns the last move played, or core.NoMove before the first.
func (g *Game) LastMove() core.Move {
	if len(g.history) == 0 {
		return core.NoMove
	}
	return g.history[len(g.history)-1].move
}

// Clone returns an independent copy of the game, without its engine.
func (g *Game) Clone() *Game {
	c := *g
	c.history = slices.Clone(g.history)
	c.tags = slices.Clone(g.tags)
	c.engine = nil
	return &c
}
