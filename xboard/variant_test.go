package xboard_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
	"github.com/gambit-chess/gambit/internal/varianttest"
)

// variantScripted is scripted playing every variant core plays, as an
// engine.VariantSearcher.
type variantScripted struct{ *scripted }

func (variantScripted) Variants() []core.Variant { return varianttest.Played() }

// Search is scripted's, but plays a move that wins by the variant's rule
// when there is one.
func (s variantScripted) Search(ctx context.Context, req engine.Request, info func(engine.Info)) (core.Move, core.Move) {
	best, ponder := s.scripted.Search(ctx, req, info)
	pos := req.Position
	var ml core.MoveList
	pos.LegalMoves(&ml)
	for _, m := range ml.Moves() {
		after := pos
		after.MakeMove(m)
		if after.Status() == core.VariantLoss {
			return m, core.NoMove
		}
	}
	return best, ponder
}

// Serve lists the variants a VariantSearcher plays, sets up the position
// of the one the GUI chooses (its start, setboard and moves under its
// rules), and claims the variant's result when the engine's move ends the
// game by the variant's rule.
func TestServeVariants(t *testing.T) {
	s := variantScripted{newScripted()}
	g := startServe(t, s)
	g.send("xboard", "protover 2")
	_, feats := g.expect("feature done=1")
	want := "normal,fischerandom"
	for _, v := range varianttest.Played() {
		want += "," + v.String()
	}
	assert.Contains(t, strings.Join(feats, "\n"), `variants="`+want+`"`)

	// Horde: the start is the horde's, where e4e5 is a legal move.
	g.send("new", "variant horde", "force", "e4e5", "go")
	req := request(t, s.scripted)
	assert.Equal(t, core.Horde, req.Position.Variant())
	assert.Equal(t, core.VariantStartFEN(core.Horde), req.Start.FEN())
	require.Len(t, req.Moves, 1)
	g.expect("move ")

	// King of the Hill from a setboard: the engine's king reaches the
	// hill, and it claims the win.
	g.send("new", "variant kingofthehill", "force", "setboard 8/8/8/8/8/2K5/8/7k w - - 0 1", "go")
	req = request(t, s.scripted)
	assert.Equal(t, core.KingOfTheHill, req.Position.Variant())
	g.expect("move ")
	l, _ := g.expect("1-0")
	assert.Equal(t, "1-0 {White wins}", l)

	// Crazyhouse: the GUI's drop (P@e6) is read by the variant's rules.
	g.send("new", "variant crazyhouse", "force", "e2e4", "d7d5", "e4d5", "d8d5", "P@e6", "go")
	req = request(t, s.scripted)
	assert.Equal(t, core.Crazyhouse, req.Position.Variant())
	require.Len(t, req.Moves, 5)
	assert.True(t, req.Moves[4].IsDrop(), "%v", req.Moves[4])
	g.expect("move ")

	// "new" is standard chess again, where a horde's first-rank pawn
	// step is a bishop jumping its pawn; a variant the engine does not
	// play is refused.
	g.send("new", "variant horde", "force", "setboard 4k3/8/8/8/8/8/8/P7 w - - 0 1", "a1a3", "new", "force", "f1f3")
	l, _ = g.expect("Illegal move")
	assert.Equal(t, "Illegal move: f1f3", l, "a1a3 was legal in Horde")
	g.send("variant bughouse")
	l, _ = g.expect("Error")
	assert.Equal(t, "Error (unsupported variant): variant bughouse", l)
}

// A Searcher that plays no variant lists none and refuses them.
func TestServeNoVariants(t *testing.T) {
	g := startServe(t, newScripted())
	g.send("xboard", "protover 2")
	_, feats := g.expect("feature done=1")
	assert.Contains(t, strings.Join(feats, "\n"), `variants="normal,fischerandom"`)
	g.send("variant horde")
	l, _ := g.expect("Error")
	assert.Equal(t, "Error (unsupported variant): variant horde", l)
}
