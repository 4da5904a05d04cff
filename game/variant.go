package game

import (
	"fmt"

	"github.com/gambit-chess/gambit/core"
)

// What a game of each variant needs beyond core's rules lives here, in one
// switch each: how a variant ending reads (variantReason) and which
// material can no longer win (insufficientMaterial). A variant needs a
// case here only where lichess's rules for it differ from what core's
// Status and IsInsufficientMaterial say.

// NewVariant returns a game from the starting position of variant v. It
// returns an error matching core.ErrUnknownVariant for a value that is no
// variant.
func NewVariant(v core.Variant, opts ...Option) (*Game, error) {
	p, err := core.VariantStartPosition(v)
	if err != nil {
		return nil, fmt.Errorf("game: %w", err)
	}
	return newGame(p, opts), nil
}

// FromVariantFEN returns a game of variant v that starts from the position
// fen, read by core.ParseVariantFEN with the variant's own FEN forms (the
// checks of Three-check, ...). It returns a *core.FENError, matching
// core.ErrInvalidFEN, when fen is not a legal position of v.
func FromVariantFEN(v core.Variant, fen string, opts ...Option) (*Game, error) {
	p, err := core.ParseVariantFEN(v, fen)
	if err != nil {
		return nil, fmt.Errorf("game: %w", err)
	}
	return newGame(p, opts), nil
}

// FromPosition returns a game that starts from p, of p's variant and
// Chess960 or not as p is. p must be a position core's parsers make (its
// FEN is read back to check it); anything else gives an error matching
// core.ErrInvalidFEN.
func FromPosition(p core.Position, opts ...Option) (*Game, error) {
	q, err := core.ParseVariantFEN(p.Variant(), p.FEN())
	if err != nil {
		return nil, fmt.Errorf("game: from position: %w", err)
	}
	q.SetChess960(p.Chess960() || q.Chess960())
	return newGame(q, opts), nil
}

// newGame returns a game that starts from p, a valid position.
func newGame(p core.Position, opts []Option) *Game {
	g := &Game{pos: p}
	g.init(opts)
	return g
}

// variantEnded reports whether the variant's own rule has ended the game
// in p: core says so with its variant statuses.
func variantEnded(p *core.Position) bool {
	switch p.Status() {
	case core.VariantWin, core.VariantLoss, core.VariantDraw:
		return true
	}
	return false
}

// variantResult returns the result of a game a variant rule ended in p.
func variantResult(p *core.Position) Result {
	switch p.Status() {
	case core.VariantWin:
		return winFor(p.SideToMove())
	case core.VariantLoss:
		return winFor(p.SideToMove().Other())
	}
	return Drawn
}

// variantReason says which rule of p's variant ended the game in p.
func variantReason(p *core.Position) string {
	switch p.Variant() {
	case core.KingOfTheHill:
		return "king on the hill"
	case core.ThreeCheck:
		return "third check"
	case core.RacingKings:
		if variantResult(p) == Drawn {
			return "both kings on the eighth rank"
		}
		return "king on the eighth rank"
	case core.Horde:
		return "every piece taken"
	case core.Antichess:
		if p.ByColor(p.SideToMove()) == 0 {
			return "every piece lost"
		}
		return "no legal move"
	case core.Atomic:
		return "king exploded"
	}
	return "variant rule"
}

// insufficientMaterial reports whether neither side can win with the
// material left, as lichess rules it for p's variant (chessops's
// isInsufficientMaterial): core's IsInsufficientMaterial, both sides'
// HasInsufficientMaterial.
func insufficientMaterial(p *core.Position) bool { return p.IsInsufficientMaterial() }
