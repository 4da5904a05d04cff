package san_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/fentest"
	"github.com/gambit-chess/gambit/internal/variantoracle"
	"github.com/gambit-chess/gambit/san"
)

// TestCrazyhouseDrops formats and reads drops: N@f3, and a pawn's as @e4,
// as chessops's makeSan writes them; P@e4 and lower-case letters read too.
func TestCrazyhouseDrops(t *testing.T) {
	for _, tc := range []struct {
		fen, uci, want, figurine string
		reads                    []string
	}{
		{"2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1", "N@f3", "N@f3", "♘@f3", []string{"n@f3", "N@f3!?", "♘@f3"}},
		{"2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1", "P@e4", "@e4", "@e4", []string{"P@e4", "p@e4", "@e4+"}},
		{"2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1", "B@b4", "B@b4", "♗@b4", []string{"b@b4", "♝@b4"}},
		{"2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] b - - 0 1", "Q@c1", "Q@c1+", "♕@c1+", []string{"q@c1", "Q@c1"}},
		{"7k/6pp/8/8/8/8/8/K7[Q] w - - 0 1", "Q@e8", "Q@e8#", "♕@e8#", nil},
		{"7k/7p/4NN2/8/8/8/8/K7[P] w - - 0 1", "P@g7", "@g7#", "@g7#", []string{"P@g7#", "@g7"}},
		{"4k3/8/8/8/8/8/8/r3K3[NP] w - - 0 1", "N@d1", "N@d1", "♘@d1", nil},
	} {
		p := fentest.Variant(t, core.Crazyhouse, tc.fen)
		m, err := p.ParseUCI(tc.uci)
		require.NoError(t, err, "%s %s", tc.fen, tc.uci)
		assert.Equal(t, tc.want, san.Format(&p, m), tc.fen)
		assert.Equal(t, tc.want, san.FormatStyle(&p, m, san.Long), tc.fen)
		assert.Equal(t, tc.figurine, san.FormatStyle(&p, m, san.Figurine), tc.fen)
		for _, s := range append([]string{tc.want}, tc.reads...) {
			got, err := san.Parse(&p, s)
			require.NoError(t, err, "%s %q", tc.fen, s)
			assert.Equal(t, m, got, "%s %q", tc.fen, s)
		}
		strict, err := san.ParseStrict(&p, tc.want)
		require.NoError(t, err)
		assert.Equal(t, m, strict)
	}
}

// TestCrazyhouseDropsAndBoardMoves: a drop and a board move to the same
// square stay apart: no disambiguation for the knight on the board, and
// "e4" is the pawn's push, never the drop.
func TestCrazyhouseDropsAndBoardMoves(t *testing.T) {
	p := fentest.Variant(t, core.Crazyhouse, "4k3/8/8/8/8/8/4P3/4K1N1[NP] w - - 0 1")
	m, err := p.ParseUCI("g1f3")
	require.NoError(t, err)
	assert.Equal(t, "Nf3", san.Format(&p, m))
	got, err := san.Parse(&p, "Nf3")
	require.NoError(t, err)
	assert.Equal(t, m, got)
	drop, err := san.Parse(&p, "N@f3")
	require.NoError(t, err)
	assert.True(t, drop.IsDrop())
	push, err := san.Parse(&p, "e4")
	require.NoError(t, err)
	assert.False(t, push.IsDrop())
	assert.Equal(t, core.E2, push.From())
	pawn, err := san.Parse(&p, "@e4")
	require.NoError(t, err)
	assert.True(t, pawn.IsDrop())
	_, err = san.Parse(&p, "e4e4")
	assert.ErrorIs(t, err, san.ErrIllegal)

	for _, bad := range []string{"K@e4", "@", "N@", "N@e9", "NN@e4", "N@e4x", "@@e4", "Q@e4e5"} {
		_, err := san.Parse(&p, bad)
		assert.ErrorIs(t, err, san.ErrSyntax, "%q", bad)
	}
	for _, illegal := range []string{"Q@e4", "N@e1", "@e8", "P@a1"} {
		_, err := san.Parse(&p, illegal)
		assert.ErrorIs(t, err, san.ErrIllegal, "%q", illegal)
	}
	// In standard chess a drop is no notation.
	std := core.StartPosition()
	_, err = san.Parse(&std, "N@f3")
	assert.ErrorIs(t, err, san.ErrSyntax)
	// A drop that is not legal here is written as UCI.
	assert.Equal(t, "N@f3", san.Format(&std, drop))
}

// TestCrazyhouseSANChessops replays random Crazyhouse games chessops
// played (SANGames, 80 games of up to 200 plies): every SAN Format writes
// must be makeSan's, and ParseStrict must read it back to the move
// chessops played. (TestVariantSANMatchesChessops plays other games of
// every variant; this one counts the drops.)
func TestCrazyhouseSANChessops(t *testing.T) {
	ops := variantoracle.ChessOpsForTest(t)
	type sanMove struct{ FEN, UCI, SAN string }
	var games []sanMove
	for _, seed := range []uint32{11, 12} {
		played, err := ops.SANGames(t.Context(), "crazyhouse", seed, 200, 40)
		require.NoError(t, err)
		for _, g := range played {
			fen := g.Start
			for _, mv := range g.Moves {
				games = append(games, sanMove{fen, mv.UCI, mv.SAN})
				fen = mv.FEN
			}
		}
	}
	drops, pawnDrops, checks, mates, failed := 0, 0, 0, 0, 0
	for _, mv := range games {
		p, err := core.ParseVariantFEN(core.Crazyhouse, mv.FEN)
		require.NoError(t, err, mv.FEN)
		m, err := p.ParseUCI(mv.UCI)
		require.NoError(t, err, "%s %s", mv.FEN, mv.UCI)
		got := san.Format(&p, m)
		back, err := san.ParseStrict(&p, mv.SAN)
		if got != mv.SAN || err != nil || back != m {
			t.Errorf("%s %s: chessops %q, gambit %q; ParseStrict gives %v, %v", mv.FEN, mv.UCI, mv.SAN, got, back, err)
			if failed++; failed > 20 {
				t.FailNow()
			}
		}
		switch {
		case strings.HasPrefix(mv.SAN, "@"):
			pawnDrops++
		case m.IsDrop():
			drops++
		}
		switch {
		case strings.HasSuffix(mv.SAN, "#"):
			mates++
		case strings.HasSuffix(mv.SAN, "+"):
			checks++
		}
	}
	t.Logf("%d moves: %d drops of pieces, %d of pawns, %d checks, %d mates", len(games), drops, pawnDrops, checks, mates)
	assert.Positive(t, drops)
	assert.Positive(t, pawnDrops)
	assert.Positive(t, checks)
}

func TestCrazyhouseParseErrorKind(t *testing.T) {
	p := fentest.Variant(t, core.Crazyhouse, "2k5/8/8/8/8/8/8/4K3[Q] w - - 0 1")
	_, err := san.Parse(&p, "R@e4")
	var me *san.MoveError
	require.True(t, errors.As(err, &me))
	assert.ErrorIs(t, err, san.ErrIllegal)
}
