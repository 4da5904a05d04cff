package san_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/variantoracle"
	"github.com/gambit-chess/gambit/internal/varianttest"
	"github.com/gambit-chess/gambit/san"
)

// variantGames are the games chessops plays for
// TestVariantSANMatchesChessops: 40 a variant, of up to 300 plies.
var variantGames = varianttest.Games{Seed: 1, Plies: 300, N: 40}

// TestVariantSANMatchesChessops replays random games of every variant core
// plays, made by chessops (lichess's rules), and holds gambit to
// chessops's makeSanAndPlay on every move: Format writes its SAN, Parse
// and ParseStrict read it back to the move, and the FEN after the move is
// chessops's.
func TestVariantSANMatchesChessops(t *testing.T) {
	variantGames.Run(t, func(t *testing.T, v core.Variant, games []variantoracle.Game) {
		var st variantStats
		for n, g := range games {
			require.NoError(t, replayVariantGame(v, g, &st), "%v game %d", v, n+1)
		}
		t.Logf("%v: %d games, %d moves, %d with '+', %d with '#', %d promotions", v, len(games), st.moves, st.checks, st.mates, st.promotions)
		assert.Positive(t, st.moves)
		if v != core.Horde { // random games seldom take the whole horde
			assert.Positive(t, st.mates, "games that end with '#'")
		}
		if v == core.Antichess || v == core.RacingKings {
			assert.Zero(t, st.checks, "no check in %v", v)
		} else {
			assert.Positive(t, st.checks, "checks")
		}
	})
}

// variantStats counts what the variant games covered.
type variantStats struct {
	moves, checks, mates, promotions int
}

// replayVariantGame plays g in variant v through gambit and returns the
// first disagreement with chessops.
func replayVariantGame(v core.Variant, g variantoracle.Game, st *variantStats) error {
	p, err := core.ParseVariantFEN(v, g.Start)
	if err != nil {
		return err
	}
	if got := p.FEN(); got != g.Start {
		return fmt.Errorf("start FEN: gambit writes %s, chessops %s", got, g.Start)
	}
	for i, mv := range g.Moves {
		fail := func(format string, args ...any) error {
			return fmt.Errorf("ply %d %s (%s) in %s: %s", i+1, mv.SAN, mv.UCI, p.FEN(), fmt.Sprintf(format, args...))
		}
		want, err := p.ParseUCI(mv.UCI)
		if err != nil {
			return fail("core cannot read chessops's move: %v", err)
		}
		if got := san.Format(&p, want); got != mv.SAN {
			return fail("Format wrote %q", got)
		}
		if m, err := san.Parse(&p, mv.SAN); err != nil || m != want {
			return fail("Parse returned %v, %v", m, err)
		}
		if m, err := san.ParseStrict(&p, mv.SAN); err != nil || m != want {
			return fail("ParseStrict returned %v, %v", m, err)
		}
		st.moves++
		switch mv.SAN[len(mv.SAN)-1] {
		case '+':
			st.checks++
		case '#':
			st.mates++
		}
		if want.IsPromotion() {
			st.promotions++
		}
		p.MakeMove(want)
		if got := varianttest.ChessOpsFEN(p.FEN()); got != mv.FEN {
			return fail("FEN after the move:\n gambit   %s\n chessops %s", got, mv.FEN)
		}
	}
	return nil
}

// TestAntichessKingPromotion writes and reads a pawn's promotion to a king,
// which only Antichess has, and refuses it in standard chess.
func TestAntichessKingPromotion(t *testing.T) {
	const fen = "8/4P3/8/8/8/8/8/k7 w - - 0 1"
	p, err := core.ParseVariantFEN(core.Antichess, fen)
	require.NoError(t, err)
	m, err := san.Parse(&p, "e8=K")
	require.NoError(t, err)
	assert.Equal(t, core.King, m.Promotion())
	assert.Equal(t, "e8=K", san.Format(&p, m))
	_, err = san.Parse(&p, "e8")
	var me *san.MoveError
	require.ErrorAs(t, err, &me)
	assert.ErrorIs(t, err, san.ErrAmbiguous)
	assert.Len(t, me.Candidates, 5, "queen, rook, bishop, knight and king")

	std, err := core.ParseFEN("8/4P3/8/8/8/8/8/k6K w - - 0 1")
	require.NoError(t, err)
	_, err = san.Parse(&std, "e8=K")
	assert.ErrorIs(t, err, san.ErrSyntax, "no king promotion in standard chess")
}
