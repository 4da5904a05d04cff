package game

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/pgn"
)

// PGNGame returns the game as a pgn.Game: its tags, the Result tag from
// its outcome, the start position (pgn's Writer adds SetUp, FEN and, when
// needed, Variant tags for it) and the moves as the mainline.
func (g *Game) PGNGame() *pgn.Game {
	pg := pgn.NewGame()
	for _, t := range g.tags {
		pg.Tags.Set(t.Name, t.Value)
	}
	pg.Result = g.result.String()
	pg.Tags.Set("Result", pg.Result)
	pg.Start = g.StartPosition()
	n := pg.Root
	for _, h := range g.history {
		n = n.Add(h.move)
	}
	return pg
}

// WritePGN writes the game to w in PGN export format: the seven tag roster
// ("?" for the tags not set), the other tags, SetUp and FEN for a game
// that does not start from the standard position, the moves in SAN with
// move numbers in lines of at most 80 columns, and the result. PGN keeps
// the result, not how it was reached by hand (a resignation reads back as
// a decision); MarshalBinary keeps everything.
func (g *Game) WritePGN(w io.Writer) error {
	if err := pgn.NewWriter(w).Write(g.PGNGame()); err != nil {
		return fmt.Errorf("game: write PGN: %w", err)
	}
	return nil
}

// PGN returns the game in PGN export format; see WritePGN.
func (g *Game) PGN() string {
	var b strings.Builder
	// A strings.Builder does not fail, and the moves are legal.
	_ = g.WritePGN(&b)
	return b.String()
}

// FromPGN reads the first game of a PGN text: its start position (FEN and
// Variant tags), its mainline, its tags, and its result. See FromPGNGame
// for how the result is taken. It returns an error matching ErrNoGame for
// an input without a game, and the pgn package's *pgn.Error for a broken
// game.
func FromPGN(r io.Reader, opts ...Option) (*Game, error) {
	pg, err := pgn.NewReader(r).Next()
	if errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("game: %w", ErrNoGame)
	}
	if err != nil {
		return nil, fmt.Errorf("game: %w", err)
	}
	return FromPGNGame(pg, opts...)
}

// FromPGNGame returns the game a pgn.Game holds (variations, comments and
// NAGs are left out), for reading many games with a pgn.Reader. The
// outcome is the rules' when they ended the game; a result the rules do not
// give is taken as decided by hand: a win as SetWinner with the Termination
// tag as the reason, a draw as a claim when one is claimable and a Draw
// otherwise. It returns an error for a null move, a move after the game
// ended (a *GameOverError: some players go on after a dead position), a
// result that contradicts the rules, or a tag SetTag refuses.
func FromPGNGame(pg *pgn.Game, opts ...Option) (*Game, error) {
	g := newGame(pg.Start, opts)
	for i, n := range pg.Mainline() {
		if n.IsNull() {
			return nil, fmt.Errorf("game: PGN move %d is a null move, which a game cannot hold", i+1)
		}
		if err := g.MakeMove(n.Move); err != nil {
			return nil, fmt.Errorf("game: PGN move %d: %w", i+1, err)
		}
	}
	for _, t := range pg.Tags {
		switch {
		case t.Name == "Result", t.Name == "FEN", t.Name == "SetUp":
			continue
		case t.Name == "Variant" && g.Variant() != core.Standard:
			continue // the game's own: the writer writes it from the start
		}
		if err := g.SetTag(t.Name, t.Value); err != nil {
			return nil, err
		}
	}
	if err := g.takeResult(pg.Result, pg.Tags.Get("Termination")); err != nil {
		return nil, err
	}
	return g, nil
}

// takeResult sets the outcome a PGN result gives, if the rules have not.
func (g *Game) takeResult(result, termination string) error {
	if result == "*" || result == "" {
		return nil
	}
	if g.status != Ongoing {
		if g.result.String() != result {
			return fmt.Errorf("game: PGN result %s contradicts the game's end: %v", result, g.Outcome())
		}
		return nil
	}
	switch result {
	case "1-0":
		return g.SetWinner(core.White, termination)
	case "0-1":
		return g.SetWinner(core.Black, termination)
	case "1/2-1/2":
		if g.ClaimableDraw() != Ongoing {
			_, err := g.ClaimDraw()
			return err
		}
		return g.Draw(termination)
	}
	return fmt.Errorf("game: unknown PGN result %q", result)
}
