package game_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/game"
)

// newGame returns the game from fen ("" for the standard start) with moves
// (SAN or UCI) played.
func newGame(t testing.TB, fen string, moves string, opts ...game.Option) *game.Game {
	t.Helper()
	g := game.New(opts...)
	if fen != "" {
		var err error
		g, err = game.FromFEN(fen, opts...)
		require.NoError(t, err)
	}
	play(t, g, moves)
	return g
}

// play plays the space-separated moves (SAN or UCI).
func play(t testing.TB, g *game.Game, moves string) {
	t.Helper()
	for _, m := range strings.Fields(moves) {
		require.NoError(t, g.MoveSAN(m), "move %s in %s", m, g.FEN())
	}
}

// The positions and expected outcomes below follow the FIDE Laws of Chess:
// 5.1.1 (checkmate), 5.2.1 (stalemate), 5.2.2 (dead position), 9.2
// (threefold repetition: same player to move, same pieces, same possible
// moves including castling and en passant), 9.3 (fifty moves), 9.6
// (fivefold repetition and seventy-five moves, automatic, unless the last
// move mated).
func TestStatusByRules(t *testing.T) {
	// Back-rank mate available with a quiet rook move, and a quiet king
	// move, with the clock given.
	backRank := func(clock string) string { return "6k1/5ppp/8/8/8/8/8/R5K1 w - - " + clock + " 80" }
	tests := []struct {
		name    string
		fen     string
		moves   string
		opts    []game.Option
		status  game.Status
		result  game.Result
		claim   game.Status // ClaimableDraw
		reps    int
		inCheck bool
	}{
		{name: "start", status: game.Ongoing, result: game.Unfinished, reps: 1},
		{name: "fool's mate", moves: "f3 e5 g4 Qh4", status: game.Checkmate, result: game.BlackWon, reps: 1, inCheck: true},
		{name: "scholar's mate", moves: "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7", status: game.Checkmate, result: game.WhiteWon, reps: 1, inCheck: true},
		{name: "check is not mate", moves: "e4 f5 Qh5", status: game.Ongoing, result: game.Unfinished, reps: 1, inCheck: true},
		{name: "stalemate by a queen move", fen: "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", moves: "Qf7", status: game.Stalemate, result: game.Drawn, reps: 1},
		{name: "stalemate in the FEN", fen: "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", status: game.Stalemate, result: game.Drawn, reps: 1},
		{name: "not stalemate: the king can take", fen: "8/8/8/8/8/p7/P7/k1K5 b - - 0 1", status: game.Ongoing, result: game.Unfinished, reps: 1},
		{name: "king against king", fen: "8/8/4k3/8/8/4K3/8/8 w - - 0 1", status: game.InsufficientMaterial, result: game.Drawn, reps: 1},
		{name: "king takes the last piece", fen: "8/8/4k3/8/8/3rK3/8/8 w - - 0 1", moves: "Kxd3", status: game.InsufficientMaterial, result: game.Drawn, reps: 1},
		{name: "king and knight", fen: "8/8/4k3/8/8/4K3/8/6N1 w - - 0 1", status: game.InsufficientMaterial, result: game.Drawn, reps: 1},
		{name: "king and bishop", fen: "8/8/4k3/8/8/4K3/8/5b2 w - - 0 1", status: game.InsufficientMaterial, result: game.Drawn, reps: 1},
		{name: "bishops on one colour", fen: "5b2/8/4k3/8/8/4K3/8/2B5 w - - 0 1", status: game.InsufficientMaterial, result: game.Drawn, reps: 1},
		{name: "bishops on both colours", fen: "5b2/8/4k3/8/8/4K3/8/3B4 w - - 0 1", status: game.Ongoing, result: game.Unfinished, reps: 1},
		{name: "two knights can still mate", fen: "8/8/4k3/8/8/4K3/8/5NN1 w - - 0 1", status: game.Ongoing, result: game.Unfinished, reps: 1},
		{name: "knight against knight", fen: "8/8/4k1n1/8/8/4K3/8/6N1 w - - 0 1", status: game.Ongoing, result: game.Unfinished, reps: 1},
		{name: "a pawn", fen: "8/8/4k3/8/8/4K3/4P3/8 w - - 0 1", status: game.Ongoing, result: game.Unfinished, reps: 1},
		{name: "fifty moves claimable", fen: backRank("99"), moves: "Kg2", status: game.Ongoing, result: game.Unfinished, claim: game.FiftyMoveRule, reps: 1},
		{name: "forty-nine and a half moves", fen: backRank("98"), moves: "Kg2", status: game.Ongoing, result: game.Unfinished, reps: 1},
		{name: "fifty moves ended by mate", fen: backRank("99"), moves: "Ra8", opts: []game.Option{game.AutoDraw()}, status: game.Checkmate, result: game.WhiteWon, reps: 1, inCheck: true},
		{name: "fifty moves automatic", fen: backRank("99"), moves: "Kg2", opts: []game.Option{game.AutoDraw()}, status: game.FiftyMoveRule, result: game.Drawn, reps: 1},
		{name: "seventy-five moves", fen: backRank("149"), moves: "Kg2", status: game.SeventyFiveMoveRule, result: game.Drawn, reps: 1},
		{name: "seventy-five moves ended by mate", fen: backRank("149"), moves: "Ra8", status: game.Checkmate, result: game.WhiteWon, reps: 1, inCheck: true},
		{name: "a capture resets the clock", fen: "6k1/5ppp/8/8/8/8/8/R5Kn w - - 149 80", moves: "Kxh1", status: game.Ongoing, result: game.Unfinished, reps: 1},
		{name: "threefold claimable", moves: "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8", status: game.Ongoing, result: game.Unfinished, claim: game.ThreefoldRepetition, reps: 3},
		{name: "twofold", moves: "Nf3 Nf6 Ng1 Ng8", status: game.Ongoing, result: game.Unfinished, reps: 2},
		{name: "threefold automatic", moves: "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8", opts: []game.Option{game.AutoDraw()}, status: game.ThreefoldRepetition, result: game.Drawn, reps: 3},
		{name: "fourfold", moves: "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8", status: game.Ongoing, result: game.Unfinished, claim: game.ThreefoldRepetition, reps: 4},
		{name: "fivefold", moves: "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8", status: game.FivefoldRepetition, result: game.Drawn, reps: 5},
		{name: "the other side to move is another position", fen: "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", moves: "Ra2 Kd8 Ra3 Ke8 Ra1", status: game.Ongoing, result: game.Unfinished, reps: 1},
		{
			// The same pieces as at the start, but the kings have moved:
			// the castling rights are gone, so it is a new position.
			name: "castling rights differ", fen: "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
			moves:  "Kf1 Kf8 Ke1 Ke8 Kf1 Kf8 Ke1 Ke8",
			status: game.Ongoing, result: game.Unfinished, reps: 2,
		},
		{
			name: "castling rights differ, third time", fen: "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
			moves:  "Kf1 Kf8 Ke1 Ke8 Kf1 Kf8 Ke1 Ke8 Kf1 Kf8 Ke1 Ke8",
			status: game.Ongoing, result: game.Unfinished, claim: game.ThreefoldRepetition, reps: 3,
		},
		{
			// After e4 black may take en passant; the same pieces later
			// without that capture are a different position.
			name: "en passant right differs", fen: "4k3/8/8/8/5p2/8/4P3/4K3 w - - 0 1",
			moves:  "e4 Kd8 Kd2 Ke8 Ke1 Kd8 Kd2 Ke8 Ke1",
			status: game.Ongoing, result: game.Unfinished, reps: 2,
		},
		{
			name: "en passant right differs, third time", fen: "4k3/8/8/8/5p2/8/4P3/4K3 w - - 0 1",
			moves:  "e4 Kd8 Kd2 Ke8 Ke1 Kd8 Kd2 Ke8 Ke1 Kd8 Kd2 Ke8 Ke1",
			status: game.Ongoing, result: game.Unfinished, claim: game.ThreefoldRepetition, reps: 3,
		},
		{
			// After d5 the pawn on e5 stands next to it, but exd6 would
			// expose the white king on a5 to the rook on h5: no en passant
			// capture is possible, so the position is the same as when
			// it comes back.
			name: "illegal en passant does not count", fen: "4k3/3p4/8/K3P2r/8/8/8/8 b - - 0 1",
			moves:  "d5 Ka4 Ke7 Ka5 Ke8 Ka4 Ke7 Ka5 Ke8",
			status: game.Ongoing, result: game.Unfinished, claim: game.ThreefoldRepetition, reps: 3,
		},
		{
			name: "illegal en passant, fivefold", fen: "4k3/3p4/8/K3P2r/8/8/8/8 b - - 0 1",
			moves:  "d5 Ka4 Ke7 Ka5 Ke8 Ka4 Ke7 Ka5 Ke8 Ka4 Ke7 Ka5 Ke8 Ka4 Ke7 Ka5 Ke8",
			status: game.FivefoldRepetition, result: game.Drawn, reps: 5,
		},
		{
			name: "repetition across a FEN start", fen: "4k3/8/8/8/8/8/8/R3K3 w - - 10 30",
			moves:  "Ra2 Kd8 Ra1 Ke8 Ra2 Kd8 Ra1 Ke8",
			status: game.Ongoing, result: game.Unfinished, claim: game.ThreefoldRepetition, reps: 3,
		},
		{
			name: "a pawn move breaks repetition", fen: "4k3/8/8/8/8/8/4P3/R3K3 w - - 0 1",
			moves:  "Ra2 Kd8 Ra1 Ke8 e3 Kd8 Ra2 Ke8 Ra1",
			status: game.Ongoing, result: game.Unfinished, reps: 2,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := newGame(t, tc.fen, tc.moves, tc.opts...)
			o := g.Outcome()
			assert.Equal(t, tc.status, g.Status(), "status")
			assert.Equal(t, tc.status, o.Status)
			assert.Equal(t, tc.result, o.Result, "result")
			assert.Equal(t, tc.status != game.Ongoing, g.IsOver())
			assert.Equal(t, tc.claim, g.ClaimableDraw(), "claimable draw")
			assert.Equal(t, tc.reps, g.Repetitions(), "repetitions")
			pos := g.Position()
			assert.Equal(t, tc.inCheck, pos.InCheck(), "in check")
			if tc.status != game.Ongoing {
				assert.Empty(t, g.LegalMoves())
				assert.Zero(t, g.LegalMoveCount())
				err := g.Move("a1a2")
				var over *game.GameOverError
				require.ErrorAs(t, err, &over)
				assert.ErrorIs(t, err, game.ErrGameOver)
				assert.Equal(t, o, over.Outcome)
			}
		})
	}
}

// The premise of the "illegal en passant" cases: core hashes the en passant
// file (Polyglot's rule), so a plain Hash comparison would miss the
// repetition the game finds.
func TestPhantomEnPassantPremise(t *testing.T) {
	g := newGame(t, "4k3/3p4/8/K3P2r/8/8/8/8 b - - 0 1", "d5")
	first := g.Position()
	assert.Equal(t, core.NoSquare, first.EnPassant(), "exd6 is illegal")
	play(t, g, "Ka4 Ke7 Ka5 Ke8")
	again := g.Position()
	assert.Equal(t, strings.Fields(first.FEN())[:4], strings.Fields(again.FEN())[:4])
	assert.NotEqual(t, first.Hash(), again.Hash(), "core hashed the illegal en passant file")
	assert.Equal(t, 2, g.Repetitions())
}

func TestClaimDraw(t *testing.T) {
	tests := []struct {
		name  string
		fen   string
		moves string
		want  game.Status
		err   error
	}{
		{name: "threefold", moves: "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8", want: game.ThreefoldRepetition},
		{name: "fifty moves", fen: "6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80", moves: "Kg2", want: game.FiftyMoveRule},
		{name: "both: repetition first", fen: "6k1/5ppp/8/8/8/8/8/R5K1 w - - 100 80", moves: "Kg2 Kf8 Kg1 Kg8 Kg2 Kf8 Kg1 Kg8", want: game.ThreefoldRepetition},
		{name: "nothing to claim", moves: "Nf3 Nf6 Ng1 Ng8", err: game.ErrNoDrawToClaim},
		{name: "game over", moves: "f3 e5 g4 Qh4", err: game.ErrGameOver},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := newGame(t, tc.fen, tc.moves)
			before := g.Outcome()
			s, err := g.ClaimDraw()
			if tc.err != nil {
				require.ErrorIs(t, err, tc.err)
				assert.Equal(t, before, g.Outcome(), "a failed claim changes nothing")
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, s)
			assert.Equal(t, game.Outcome{Status: tc.want, Result: game.Drawn}, g.Outcome())
			assert.ErrorIs(t, g.MoveSAN("Nf3"), game.ErrGameOver)
		})
	}
}

func TestDecisionsByHand(t *testing.T) {
	tests := []struct {
		name   string
		decide func(g *game.Game) error
		want   game.Outcome
		text   string
	}{
		{
			name: "draw by agreement", decide: func(g *game.Game) error { return g.Draw("agreed") },
			want: game.Outcome{Status: game.DrawByAgreement, Result: game.Drawn, Reason: "agreed"},
			text: "1/2-1/2 draw by agreement: agreed",
		},
		{
			name: "white resigns", decide: func(g *game.Game) error { return g.Resign(core.White) },
			want: game.Outcome{Status: game.Resignation, Result: game.BlackWon, Reason: "white resigns"},
			text: "0-1 resignation: white resigns",
		},
		{
			name: "black resigns", decide: func(g *game.Game) error { return g.Resign(core.Black) },
			want: game.Outcome{Status: game.Resignation, Result: game.WhiteWon, Reason: "black resigns"},
			text: "1-0 resignation: black resigns",
		},
		{
			name: "black wins on time", decide: func(g *game.Game) error { return g.SetWinner(core.Black, "time forfeit") },
			want: game.Outcome{Status: game.Adjudication, Result: game.BlackWon, Reason: "time forfeit"},
			text: "0-1 adjudication: time forfeit",
		},
	}
	second := map[string]func(g *game.Game) error{
		"draw":   func(g *game.Game) error { return g.Draw("") },
		"resign": func(g *game.Game) error { return g.Resign(core.White) },
		"winner": func(g *game.Game) error { return g.SetWinner(core.White, "adjudication") },
		"claim":  func(g *game.Game) error { _, err := g.ClaimDraw(); return err },
		"move":   func(g *game.Game) error { return g.MoveSAN("Nf3") },
		"index":  func(g *game.Game) error { return g.MoveIndex(6, 21) },
		"undo":   func(g *game.Game) error { return g.Undo() },
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := newGame(t, "", "e4 e5")
			require.NoError(t, tc.decide(g))
			assert.Equal(t, tc.want, g.Outcome())
			assert.Equal(t, tc.text, g.Outcome().String())
			w, ok := tc.want.Winner()
			gw, gok := g.Outcome().Winner()
			assert.Equal(t, ok, gok)
			assert.Equal(t, w, gw)
			for op, f := range second {
				err := f(g)
				var over *game.GameOverError
				require.ErrorAs(t, err, &over, op)
				assert.Equal(t, tc.want, over.Outcome, op)
				assert.Contains(t, err.Error(), tc.text, "%s: the error says what the result is", op)
				assert.Equal(t, tc.want, g.Outcome(), "%s changed the outcome", op)
				assert.Equal(t, 2, g.Ply())
			}
		})
	}
}

func TestDecisionAfterMate(t *testing.T) {
	g := newGame(t, "", "f3 e5 g4 Qh4")
	err := g.Resign(core.Black)
	require.ErrorIs(t, err, game.ErrGameOver)
	assert.EqualError(t, err, "game: cannot resign: game is over: 0-1 checkmate")
	assert.Equal(t, game.Checkmate, g.Status())
}

func TestUndoStatus(t *testing.T) {
	g := newGame(t, "", "f3 e5 g4 Qh4")
	require.Equal(t, game.Checkmate, g.Status())
	require.NoError(t, g.Undo())
	assert.Equal(t, game.Ongoing, g.Status())
	assert.Equal(t, game.Unfinished, g.Outcome().Result)
	assert.Equal(t, "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", g.FEN())
	require.NoError(t, g.MoveSAN("Qh4"))
	assert.Equal(t, game.Checkmate, g.Status())

	g = newGame(t, "", "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8")
	require.Equal(t, game.FivefoldRepetition, g.Status())
	require.NoError(t, g.Undo())
	assert.Equal(t, game.Ongoing, g.Status())
	assert.Equal(t, 4, g.Repetitions())

	for g.Ply() > 0 {
		require.NoError(t, g.Undo())
	}
	assert.Equal(t, core.StartFEN, g.FEN())
	assert.Equal(t, 1, g.Repetitions())
	err := g.Undo()
	assert.ErrorIs(t, err, game.ErrNoMoveToUndo)
}

func TestStatusStrings(t *testing.T) {
	for s := game.Ongoing; s <= game.Adjudication; s++ {
		assert.NotContains(t, s.String(), "Status(", "status %d has no name", s)
	}
	assert.Equal(t, "Status(200)", game.Status(200).String())
	assert.Equal(t, []string{"*", "1-0", "0-1", "1/2-1/2"},
		[]string{game.Unfinished.String(), game.WhiteWon.String(), game.BlackWon.String(), game.Drawn.String()})
	assert.True(t, errors.Is(&game.GameOverError{}, game.ErrGameOver))
}
