package gamedb

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/pgn"
)

// scanByReplay finds the games of files with a position of the pattern
// by replaying them with package pgn: the game numbers and plies Scan
// must give.
func scanByReplay(t *testing.T, pt Pattern, files ...string) [][2]int64 {
	t.Helper()
	var out [][2]int64
	eachGame(t, files, func(n int64, g *pgn.Mainline) {
		p := g.Start
		for ply := 0; ; ply++ {
			if pt.match(&p) {
				out = append(out, [2]int64{n, int64(ply)})
				break
			}
			if ply == len(g.Moves) {
				break
			}
			p.MakeMove(g.Moves[ply])
		}
	})
	return out
}

func TestScanMatchesReplay(t *testing.T) {
	dir := buildIndex(t, BuildOptions{}, realFiles...)
	db, err := Open(dir)
	require.NoError(t, err)
	defer db.Close()
	black := core.Black
	castled, err := ParsePieces("8/8/8/8/8/8/5PPP/6K1")
	require.NoError(t, err)
	for _, sig := range []string{"KRPvKR", "KRvKR", "KQvK", "KRRPPPvKRRPPP", "KBvKN"} {
		m, err := ParseMaterial(sig)
		require.NoError(t, err)
		for _, pt := range []Pattern{{Material: m}, {Material: m, EitherColour: true}, {Material: m, SideToMove: &black}} {
			want := scanByReplay(t, pt, realFiles...)
			var got [][2]int64
			for h, err := range db.Scan(pt, Filter{}) {
				require.NoError(t, err)
				got = append(got, [2]int64{h.Number, int64(h.Ply)})
			}
			assert.Equal(t, want, got, "%s %+v", sig, pt)
		}
	}
	pt := Pattern{Pieces: castled}
	want := scanByReplay(t, pt, realFiles...)
	require.NotEmpty(t, want)
	var got [][2]int64
	for h, err := range db.Scan(pt, Filter{}) {
		require.NoError(t, err)
		got = append(got, [2]int64{h.Number, int64(h.Ply)})
	}
	assert.Equal(t, want, got)
}

func TestParsePiecesAndMaterial(t *testing.T) {
	ps, err := ParsePieces("8/8/8/8/8/8/5PPP/6K1 w - - 0 1")
	require.NoError(t, err)
	assert.Equal(t, core.G1.Bitboard(), ps[core.White][core.King])
	assert.Equal(t, core.F2.Bitboard()|core.G2.Bitboard()|core.H2.Bitboard(), ps[core.White][core.Pawn])
	for _, bad := range []string{"", "8/8/8", "9/8/8/8/8/8/8/8", "8/8/8/8/8/8/8/7", "8/8/8/8/8/8/8/8", "8/8/8/8/8/8/8/7x", "8/8/8/8/8/8/8/8K"} {
		_, err := ParsePieces(bad)
		assert.Error(t, err, "%q", bad)
	}
	m, err := ParseMaterial("KRPvKR")
	require.NoError(t, err)
	assert.Equal(t, "KRPvKR", m.String())
	assert.Equal(t, "KRvKRP", m.Flip().String())
	assert.Equal(t, 1, m.Count(core.White, core.Pawn))
	start := core.StartPosition()
	assert.Equal(t, "KQRRBBNNPPPPPPPPvKQRRBBNNPPPPPPPP", MaterialOf(&start).String())
	for _, bad := range []string{"", "KRP", "KRvR", "KKvK", "KXvK"} {
		_, err := ParseMaterial(bad)
		assert.Error(t, err, "%q", bad)
	}
	// A game that ends with a rook and two pawns may have passed through
	// a queen and a pawn fewer... but not through fewer pawns than it
	// ends with.
	end, _ := ParseMaterial("KRPPvK")
	for sig, want := range map[string]bool{"KRPPvK": true, "KRPPPvK": true, "KPPPvK": true, "KRPvK": false, "KQRPPvKQ": true} {
		m, err := ParseMaterial(sig)
		require.NoError(t, err)
		assert.Equal(t, want, mayReach(end, m), sig)
	}
}
