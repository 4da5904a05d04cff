package game_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/game"
	"github.com/gambit-chess/gambit/san"
)

const (
	// castlingFEN has both castlings open for White, and a pawn on b7 that
	// can promote on a8 (by capture) or b8.
	castlingFEN = "r3k3/1P6/8/8/8/8/8/R3K2R w KQq - 0 1"
	// knightsFEN has two white knights that can both reach d2.
	knightsFEN = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"
)

func TestMoveInput(t *testing.T) {
	tests := []struct {
		name string
		fen  string
		move func(g *game.Game) error
		want string // FEN after the move, or "" for an error
		err  error
	}{
		{name: "uci", move: func(g *game.Game) error { return g.Move("e2e4") }, want: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
		{name: "uci upper-case promotion", fen: castlingFEN, move: func(g *game.Game) error { return g.Move("b7b8N") }, want: "rN2k3/8/8/8/8/8/8/R3K2R b KQq - 0 1"},
		{name: "uci castling as the king's move", fen: castlingFEN, move: func(g *game.Game) error { return g.Move("e1g1") }, want: "r3k3/1P6/8/8/8/8/8/R4RK1 b q - 1 1"},
		{name: "uci castling as king takes rook", fen: castlingFEN, move: func(g *game.Game) error { return g.Move("e1a1") }, want: "r3k3/1P6/8/8/8/8/8/2KR3R b q - 1 1"},
		{name: "uci illegal", move: func(g *game.Game) error { return g.Move("e2e5") }, err: core.ErrIllegalMove},
		{name: "uci no promotion piece", fen: castlingFEN, move: func(g *game.Game) error { return g.Move("b7b8") }, err: core.ErrIllegalMove},
		{name: "uci too short", move: func(g *game.Game) error { return g.Move("e2") }, err: core.ErrMoveSyntax},
		{name: "uci bad square", move: func(g *game.Game) error { return g.Move("e9e4") }, err: core.ErrMoveSyntax},
		{name: "uci san given", move: func(g *game.Game) error { return g.Move("Nf3") }, err: core.ErrMoveSyntax},
		{name: "uci empty", move: func(g *game.Game) error { return g.Move("") }, err: core.ErrMoveSyntax},
		{name: "san", move: func(g *game.Game) error { return g.MoveSAN("Nf3") }, want: "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1"},
		{name: "san forgiving: long algebraic", move: func(g *game.Game) error { return g.MoveSAN("Ng1-f3") }, want: "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1"},
		{name: "san forgiving: uci", move: func(g *game.Game) error { return g.MoveSAN("g1f3") }, want: "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1"},
		{name: "san castling with zeros", fen: castlingFEN, move: func(g *game.Game) error { return g.MoveSAN("0-0-0") }, want: "r3k3/1P6/8/8/8/8/8/2KR3R b q - 1 1"},
		{name: "san promotion capture", fen: castlingFEN, move: func(g *game.Game) error { return g.MoveSAN("bxa8=Q+") }, want: "Q3k3/8/8/8/8/8/8/R3K2R b KQ - 0 1"},
		{name: "san disambiguated", fen: knightsFEN, move: func(g *game.Game) error { return g.MoveSAN("Nfd2") }, want: "4k3/8/8/8/8/8/3N4/1N2K3 b - - 1 1"},
		{name: "san ambiguous", fen: knightsFEN, move: func(g *game.Game) error { return g.MoveSAN("Nd2") }, err: san.ErrAmbiguous},
		{name: "san illegal", move: func(g *game.Game) error { return g.MoveSAN("Qh5") }, err: core.ErrIllegalMove},
		{name: "san syntax", move: func(g *game.Game) error { return g.MoveSAN("Zz9") }, err: core.ErrMoveSyntax},
		{name: "index", move: func(g *game.Game) error { return g.MoveIndex(12, 28) }, want: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
		{name: "index promotes to a queen", fen: castlingFEN, move: func(g *game.Game) error { return g.MoveIndex(49, 57) }, want: "rQ2k3/8/8/8/8/8/8/R3K2R b KQq - 0 1"},
		{name: "index promotion chosen", fen: castlingFEN, move: func(g *game.Game) error { return g.MoveIndexPromote(49, 56, core.Rook) }, want: "R3k3/8/8/8/8/8/8/R3K2R b KQ - 0 1"},
		{name: "index promotion piece ignored for other moves", move: func(g *game.Game) error { return g.MoveIndexPromote(6, 21, core.Knight) }, want: "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1"},
		{name: "index castling as the king's move", fen: castlingFEN, move: func(g *game.Game) error { return g.MoveIndex(4, 6) }, want: "r3k3/1P6/8/8/8/8/8/R4RK1 b q - 1 1"},
		{name: "index castling as king takes rook", fen: castlingFEN, move: func(g *game.Game) error { return g.MoveIndex(4, 7) }, want: "r3k3/1P6/8/8/8/8/8/R4RK1 b q - 1 1"},
		{name: "index illegal", move: func(g *game.Game) error { return g.MoveIndex(12, 36) }, err: core.ErrIllegalMove},
		{name: "index empty square", move: func(g *game.Game) error { return g.MoveIndex(20, 28) }, err: core.ErrIllegalMove},
		{name: "index out of range", move: func(g *game.Game) error { return g.MoveIndex(12, 64) }, err: core.ErrMoveSyntax},
		{name: "index negative", move: func(g *game.Game) error { return g.MoveIndex(-1, 28) }, err: core.ErrMoveSyntax},
		{name: "index king promotion", fen: castlingFEN, move: func(g *game.Game) error { return g.MoveIndexPromote(49, 57, core.King) }, err: core.ErrMoveSyntax},
		{name: "index opponent's piece", move: func(g *game.Game) error { return g.MoveIndex(52, 36) }, err: core.ErrIllegalMove},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := newGame(t, tc.fen, "")
			before := g.FEN()
			err := tc.move(g)
			if tc.err != nil {
				require.ErrorIs(t, err, tc.err)
				assert.Equal(t, before, g.FEN(), "a failed move changes nothing")
				assert.Zero(t, g.Ply())
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, g.FEN())
			assert.Equal(t, 1, g.Ply())
		})
	}
}

func TestMoveErrorsAreTyped(t *testing.T) {
	g := game.New()
	var cm *core.MoveError
	require.ErrorAs(t, g.Move("e2e5"), &cm)
	assert.Equal(t, "e2e5", cm.Move)
	assert.Equal(t, core.StartFEN, cm.FEN)

	require.ErrorAs(t, g.MoveIndex(12, 99), &cm)
	assert.Equal(t, "12-99", cm.Move)
	assert.Equal(t, core.StartFEN, cm.FEN)

	var sm *san.MoveError
	require.ErrorAs(t, g.MoveSAN("Ke2"), &sm)
	assert.Equal(t, "Ke2", sm.Move)
}

func TestMakeMove(t *testing.T) {
	g := game.New()
	other, err := game.FromFEN(knightsFEN)
	require.NoError(t, err)
	foreign := other.LegalMoves()[0]
	err = g.MakeMove(foreign)
	require.ErrorIs(t, err, core.ErrIllegalMove)
	assert.ErrorIs(t, g.MakeMove(core.NoMove), core.ErrIllegalMove)

	moves := g.LegalMoves()
	require.NoError(t, g.MakeMove(moves[0]))
	assert.Equal(t, []core.Move{moves[0]}, g.Moves())
	assert.Equal(t, moves[0], g.LastMove())
}

// Legal move counts are checked against published perft counts at depth 1.
func TestLegalMoves(t *testing.T) {
	tests := []struct {
		name string
		fen  string
		n    int
	}{
		{name: "start", fen: core.StartFEN, n: 20},
		{name: "kiwipete", fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", n: 48},
		{name: "position 3", fen: "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", n: 14},
		{name: "position 4", fen: "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", n: 6},
		{name: "position 5", fen: "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", n: 44},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := game.FromFEN(tc.fen)
			require.NoError(t, err)
			assert.Equal(t, tc.n, g.LegalMoveCount())
			assert.Len(t, g.LegalMoves(), tc.n)
			ucis := g.LegalMovesUCI()
			assert.Len(t, ucis, tc.n)
			// Every UCI string plays, and gives the move it came from.
			for i, s := range ucis {
				c := g.Clone()
				require.NoError(t, c.Move(s), s)
				assert.Equal(t, g.LegalMoves()[i], c.LastMove(), s)
			}
		})
	}
	g := game.New()
	assert.Contains(t, g.LegalMovesUCI(), "g1f3")
	assert.Equal(t, core.White, g.SideToMove())
	require.NoError(t, g.Move("e2e4"))
	assert.Equal(t, core.Black, g.SideToMove())
}

func TestPieces(t *testing.T) {
	g, err := game.FromFEN("4k3/8/8/8/8/8/3P4/R3K2n w Q - 0 1")
	require.NoError(t, err)
	assert.Equal(t, []game.Piece{
		{Square: core.A1, Color: core.White, Type: core.Rook},
		{Square: core.E1, Color: core.White, Type: core.King},
		{Square: core.H1, Color: core.Black, Type: core.Knight},
		{Square: core.D2, Color: core.White, Type: core.Pawn},
		{Square: core.E8, Color: core.Black, Type: core.King},
	}, g.Pieces())
	assert.Len(t, game.New().Pieces(), 32)
}

func TestFromFENErrors(t *testing.T) {
	_, err := game.FromFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1")
	require.ErrorIs(t, err, core.ErrInvalidFEN)
	var fe *core.FENError
	assert.ErrorAs(t, err, &fe)
	_, err = game.FromFEN("")
	assert.ErrorIs(t, err, core.ErrInvalidFEN)
}

func TestStartAndClone(t *testing.T) {
	fen := "4k3/8/8/8/8/8/4P3/4K3 w - - 3 20"
	g := newGame(t, fen, "e4 Kd7")
	assert.Equal(t, fen, g.StartFEN())
	start := g.StartPosition()
	assert.Equal(t, fen, start.FEN())
	assert.Equal(t, []string{"e2e4", "e8d7"}, g.MovesUCI())

	c := g.Clone()
	require.NoError(t, c.MoveSAN("Kd2"))
	assert.Equal(t, 2, g.Ply(), "the clone is independent")
	assert.Equal(t, 3, c.Ply())
	require.NoError(t, g.Undo())
	assert.Equal(t, 3, c.Ply())

	assert.Equal(t, core.StartFEN, game.New().StartFEN())
	assert.Equal(t, core.NoMove, game.New().LastMove())
}

func TestTags(t *testing.T) {
	g := game.New()
	require.NoError(t, g.SetTag("Event", "Casual game"))
	require.NoError(t, g.SetTag("White", "Alice"))
	require.NoError(t, g.SetTag("Event", "Club match"))
	require.NoError(t, g.SetTag("Black_Elo2", "Bob ♞"))
	v, ok := g.Tag("Event")
	assert.True(t, ok)
	assert.Equal(t, "Club match", v)
	assert.Equal(t, []game.Tag{{Name: "Event", Value: "Club match"}, {Name: "White", Value: "Alice"}, {Name: "Black_Elo2", Value: "Bob ♞"}}, g.Tags())
	require.NoError(t, g.SetTag("White", ""))
	_, ok = g.Tag("White")
	assert.False(t, ok)

	for _, bad := range []struct{ name, value string }{
		{"Result", "1-0"}, {"FEN", core.StartFEN}, {"SetUp", "1"}, {"", "x"},
		{"Bad Name", "x"}, {"_x", "x"}, {"Ev\"ent", "x"}, {"Event", "two\nlines"}, {"Event", "\xff"},
	} {
		err := g.SetTag(bad.name, bad.value)
		assert.ErrorIs(t, err, game.ErrInvalidTag, "%q=%q", bad.name, bad.value)
	}
}
