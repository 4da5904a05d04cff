package game

import (
	"fmt"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/san"
)

// Move plays a move given in UCI notation ("e2e4", "e7e8q"; castling as the
// king's move "e1g1" or as king takes rook "e1h1"). It returns a
// *core.MoveError matching core.ErrMoveSyntax or core.ErrIllegalMove when
// the text is not a legal move, and a *GameOverError when the game is
// decided.
func (g *Game) Move(uci string) error {
	if g.status != Ongoing {
		return g.over("move")
	}
	m, err := g.pos.ParseUCI(uci)
	if err != nil {
		return err
	}
	g.play(m)
	return nil
}

// MoveSAN plays a move given in SAN, read the forgiving way san.Parse reads
// it: wrong check suffixes, missing 'x' or '=', long algebraic and UCI
// coordinates are all accepted. It returns a *san.MoveError matching
// san.ErrSyntax, san.ErrIllegal or san.ErrAmbiguous when the text is not
// one legal move, and a *GameOverError when the game is decided.
func (g *Game) MoveSAN(s string) error {
	if g.status != Ongoing {
		return g.over("move")
	}
	m, err := san.Parse(&g.pos, s)
	if err != nil {
		return err
	}
	g.play(m)
	return nil
}

// MoveIndex plays the move from square index from to square index to
// (0 is a1, 7 is h1, 63 is h8), promoting to a queen when a pawn reaches
// the last rank. Castling is the king's move to its destination (4 to 6
// for e1g1) or king takes rook (4 to 7). It returns a *core.MoveError
// matching core.ErrMoveSyntax for an index outside 0 to 63 and
// core.ErrIllegalMove for an illegal move, and a *GameOverError when the
// game is decided.
func (g *Game) MoveIndex(from, to int) error {
	return g.MoveIndexPromote(from, to, core.Queen)
}

// MoveIndexPromote is MoveIndex with the promotion piece given: a knight,
// bishop, rook or queen, or in Antichess a king. The piece is ignored when
// the move is not a promotion.
func (g *Game) MoveIndexPromote(from, to int, promo core.PieceType) error {
	if g.status != Ongoing {
		return g.over("move")
	}
	m, err := g.findIndexMove(from, to, promo)
	if err != nil {
		return err
	}
	g.play(m)
	return nil
}

// findIndexMove returns the legal move from, to names, with promo for a
// promotion.
func (g *Game) findIndexMove(from, to int, promo core.PieceType) (core.Move, error) {
	fail := func(err error) (core.Move, error) {
		return core.NoMove, &core.MoveError{Move: fmt.Sprintf("%d-%d", from, to), FEN: g.pos.FEN(), Err: err}
	}
	maxPromo := core.Queen
	if g.pos.Variant() == core.Antichess {
		maxPromo = core.King
	}
	if from < 0 || from > 63 || to < 0 || to > 63 || promo < core.Knight || promo > maxPromo {
		return fail(core.ErrMoveSyntax)
	}
	f, t := core.Square(from), core.Square(to)
	var ml core.MoveList
	g.pos.LegalMoves(&ml)
	moves := ml.Moves()
	for _, m := range moves {
		if m.From() == f && m.To() == t && !m.IsDrop() && (!m.IsPromotion() || m.Promotion() == promo) {
			return m, nil
		}
	}
	// Castling given as the king's move; a plain king move to the same
	// square, possible in Chess960, was found above and wins, as in UCI.
	for _, m := range moves {
		if m.IsCastle() && m.From() == f && g.pos.CastleKingSquare(m) == t {
			return m, nil
		}
	}
	return fail(core.ErrIllegalMove)
}

// MakeMove plays m, which must be one of LegalMoves. It returns a
// *core.MoveError matching core.ErrIllegalMove for any other move, and a
// *GameOverError when the game is decided.
func (g *Game) MakeMove(m core.Move) error {
	if g.status != Ongoing {
		return g.over("move")
	}
	if !g.pos.IsLegal(m) {
		return &core.MoveError{Move: m.String(), FEN: g.pos.FEN(), Err: core.ErrIllegalMove}
	}
	g.play(m)
	return nil
}

// play makes m, a legal move, and updates the outcome.
func (g *Game) play(m core.Move) {
	g.push(m)
	g.update()
}

// push makes m, a legal move, and records it, leaving the outcome as it
// was.
func (g *Game) push(m core.Move) {
	u := g.pos.MakeMove(m)
	key := g.pos.RepetitionKey()
	g.history = append(g.history, ply{move: m, undo: u, key: key})
}

// Undo takes back the last move, and with it an outcome the rules gave
// (checkmate, repetition, ...). It returns an error matching
// ErrNoMoveToUndo before the first move, and a *GameOverError when the
// game was decided by hand (Draw, Resign, SetWinner, ClaimDraw): a
// decision is not taken back.
func (g *Game) Undo() error {
	if g.manual {
		return g.over("undo")
	}
	n := len(g.history)
	if n == 0 {
		return fmt.Errorf("game: %w", ErrNoMoveToUndo)
	}
	last := g.history[n-1]
	g.pos.UnmakeMove(last.move, last.undo)
	g.history = g.history[:n-1]
	g.update()
	return nil
}
