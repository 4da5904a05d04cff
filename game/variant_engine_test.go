package game_test

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
	"github.com/gambit-chess/gambit/game"
	"github.com/gambit-chess/gambit/internal/variantoracle"
	"github.com/gambit-chess/gambit/internal/varianttest"
	"github.com/gambit-chess/gambit/uci"
	"github.com/gambit-chess/gambit/xboard"
)

// variantEnginePlies bounds each game against Fairy-Stockfish.
const variantEnginePlies = 120

// fairyLacks are the variants Debian's Fairy-Stockfish 11.1 does not list
// (see ENGINES.md): a game of one fails to start with
// engine.ErrUnsupported, in either protocol.
var fairyLacks = map[core.Variant]bool{core.Atomic: true}

// TestVariantGamesAgainstFairyStockfish plays a game of each variant core
// plays against Debian's Fairy-Stockfish, over UCI (UCI_Variant) and over
// XBoard (variant NAME): gambit's side plays seeded random legal moves, the
// engine searches two plies, and every engine move goes through the
// Player's and the Game's legality checks by the variant's rules, until
// the game ends or variantEnginePlies. An engine left in standard chess
// would soon play a move the variant forbids (no forced capture in
// Antichess, a check in Racing Kings, ...).
func TestVariantGamesAgainstFairyStockfish(t *testing.T) {
	for _, proto := range []game.Protocol{game.UCI, game.XBoard} {
		for i, v := range varianttest.Played() {
			t.Run(proto.String()+"/"+v.String(), func(t *testing.T) {
				ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
				defer cancel()
				g, err := game.NewVariant(v)
				require.NoError(t, err)
				require.NoError(t, g.SetPlayer(startFairyStockfish(t, ctx, proto)))
				defer func() { require.NoError(t, g.CloseEngine()) }()
				if fairyLacks[v] {
					_, err := g.EnginePlay(ctx, uci.Limits{Depth: 2})
					require.ErrorIs(t, err, engine.ErrUnsupported)
					return
				}
				engineSide := core.Color(i % 2)
				rng := rand.New(rand.NewPCG(uint64(i), uint64(proto)))
				engineMoves := 0
				for ply := 0; ply < variantEnginePlies && !g.IsOver(); ply++ {
					if g.SideToMove() == engineSide {
						bm, err := g.EnginePlay(ctx, uci.Limits{Depth: 2})
						require.NoError(t, err, "%v ply %d in %s", v, ply+1, g.FEN())
						require.NotEqual(t, core.NoMove, bm.Move)
						engineMoves++
						continue
					}
					pos := g.Position()
					var ml core.MoveList
					pos.LegalMoves(&ml)
					require.NoError(t, g.MakeMove(ml.At(rng.IntN(ml.Len()))))
				}
				assert.Positive(t, engineMoves)
				t.Logf("%v over %v, engine %v: %d plies, %v", v, proto, engineSide, g.Ply(), g.Outcome())
			})
		}
	}
}

// startFairyStockfish starts Fairy-Stockfish speaking proto. Over XBoard
// it sends its features, without done=0, about 1.9 s after protover on an
// idle machine (measured with printf 'xboard\nprotover 2\n' piped to it),
// so close to the protocol's 2 s wait that it is often taken for a
// protocol 1 engine without variants under load: it gets 15 s.
func startFairyStockfish(t *testing.T, ctx context.Context, proto game.Protocol) engine.Player {
	t.Helper()
	if proto == game.XBoard {
		e, err := xboard.Config{FeatureTimeout: 15 * time.Second}.Start(ctx, variantoracle.FairyStockfishPath)
		require.NoError(t, err)
		return e
	}
	p, err := game.StartPlayer(ctx, proto, variantoracle.FairyStockfishPath)
	require.NoError(t, err)
	return p
}
