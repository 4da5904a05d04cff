package gamedb

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
)

// The oracle tests: the games Find gives for a position equal, game for
// game, what independent programs find by replaying every game.
//   - pgnextract_test.go: pgn-extract's positional match (-H, Polyglot
//     keys), for a sample of positions of every class of the real files
//     of the tests and of testdata/enpassant.pgn (games that reach one
//     position with and without an en-passant square that no pawn can
//     legally take). Each position costs pgn-extract a pass over the files.
//   - chessops_test.go: chessops replaying the games and writing the FEN
//     of every position (testdata/replay.mjs), for every position of the
//     same files, of random games chessops played (internal/pgncorpus:
//     Chess960 starts, set-up positions, promotions, en passant, castling)
//     and of random games of lichess's variants (internal/variantoracle).
//
// The tests fail, never skip, when a program is missing:
// scripts/test-deps.sh installs them.

// oracleFiles are the files both oracles replay: the real files and
// hand-made games of en-passant squares.
var oracleFiles = append(slices.Clip(realFiles), "testdata/enpassant.pgn")

// countClass files a position under the class of how many games reached
// it.
func countClass(games int) string {
	switch {
	case games == 1:
		return "one game"
	case games <= 5:
		return "2-5 games"
	case games <= 50:
		return "6-50 games"
	}
	return "over 50 games"
}

// findAll returns every game Find gives for p, in order, as game numbers
// and plies; it checks that Games gives the same. (It formats p only on a
// failure: the chessops tests call it for every position of the files.)
func findAll(t *testing.T, db *DB, p *core.Position) []reachedAt {
	t.Helper()
	page, err := db.Find(p, Filter{}, 0, int(db.Len())+1)
	if err != nil {
		t.Fatalf("Find %s: %v", p.FEN(), err)
	}
	if int64(len(page.Hits)) != page.Total {
		t.Fatalf("Find %s: %d hits of a total of %d", p.FEN(), len(page.Hits), page.Total)
	}
	var got []reachedAt
	for _, h := range page.Hits {
		got = append(got, reachedAt{h.Number, h.Ply})
	}
	var games []reachedAt
	for h, err := range db.Games(p, Filter{}) {
		if err != nil {
			t.Fatalf("Games %s: %v", p.FEN(), err)
		}
		games = append(games, reachedAt{h.Number, h.Ply})
	}
	if !slices.Equal(got, games) {
		require.Equal(t, got, games, "%s: Find, then Games", p.FEN())
	}
	return got
}

// reachedAt is a game that reached a position, and the ply of its first
// occurrence.
type reachedAt struct {
	Game int64
	Ply  int
}

func (r reachedAt) String() string { return fmt.Sprintf("game %d ply %d", r.Game, r.Ply) }
