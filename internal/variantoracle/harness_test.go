package variantoracle

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const startFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

func TestChessOpsAtomicStart(t *testing.T) {
	ops, fsf := oracles(t)
	ctx := testContext(t)
	// chessops's own documentation publishes these (docs/ENGINES.md);
	// chess's perft(4) is 197281, so depth 4 tells the rules apart.
	for depth, want := range map[int]int64{1: 20, 2: 400, 3: 8902, 4: 197326} {
		got, err := ops.Perft(ctx, "atomic", startFEN, depth)
		require.NoError(t, err)
		assert.Equal(t, want, got, "atomic perft(%d)", depth)
	}
	_, err := fsf.Perft(ctx, "atomic", startFEN, 1)
	require.ErrorIs(t, err, ErrUnsupported)
	assert.False(t, fsf.Has("atomic"))
	assert.Contains(t, err.Error(), "no atomic")
}

func TestChessOpsRejectsBadRequests(t *testing.T) {
	ops, _ := oracles(t)
	ctx := testContext(t)
	for _, tc := range []struct {
		name, variant, fen string
		depth              int
		want               error
		says               string
	}{
		{"unknown variant", "shogi", startFEN, 1, ErrUnsupported, "unknown variant"},
		{"line break in the FEN", "chess", startFEN + "\nperft chess x 1", 1, ErrRejected, "line break"},
		{"empty FEN", "chess", " ", 1, ErrRejected, "missing FEN"},
		{"short board", "chess", "8/8/8 w - - 0 1", 1, ErrRejected, "invalid FEN"},
		{"bad side to move", "chess", "4k3/8/8/8/8/8/8/4K3 x - - 0 1", 1, ErrRejected, "ERR_TURN"},
		{"no kings in chess", "chess", "8/8/8/8/8/8/8/8 w - - 0 1", 1, ErrRejected, "illegal chess position"},
		{"racing kings with pawns", "racingkings", "8/8/8/8/8/P7/krbnNBRK/qrbnNBRQ w - - 0 1", 1, ErrRejected, "illegal racingkings position"},
		{"negative depth", "chess", startFEN, -1, ErrRejected, "depth"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ops.Perft(ctx, tc.variant, tc.fen, tc.depth)
			require.ErrorIs(t, err, tc.want)
			assert.Contains(t, err.Error(), tc.says)
			// The process lives on and answers the next request.
			n, err := ops.Perft(ctx, "chess", startFEN, 2)
			require.NoError(t, err)
			assert.Equal(t, int64(400), n)
		})
	}
	for _, request := range []string{"", "bogus", "perft chess", "divide chess " + startFEN + " 0", "random chess x 10 1",
		"random horde 1 10 1 960", "random chess 1 10 1 961", "status chess"} {
		_, err := ops.ask(ctx, request)
		require.ErrorIs(t, err, ErrRejected, "request %q", request)
	}
}

func TestChessOpsFEN(t *testing.T) {
	ops, _ := oracles(t)
	ctx := testContext(t)
	for _, tc := range []struct{ variant, fen, want string }{
		// Fields left out are filled in.
		{"chess", "4k3/8/8/8/8/8/8/4K3", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"},
		// Pockets after an eighth slash, and promoted pieces.
		{"crazyhouse", "4k3/1Q~6/8/8/4b3/8/Kpp5/8/Qn b - - 0 1", "4k3/1Q~6/8/8/4b3/8/Kpp5/8[Qn] b - - 0 1"},
		{"crazyhouse", startFEN, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"},
		// lichess's checks given after the move number become checks
		// remaining after the en-passant square.
		{"3check", startFEN + " +1+0", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+3 0 1"},
		{"3check", "4k3/8/8/8/8/8/8/4K3 w - - 1+2 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 1+2 0 1"},
		// An en-passant square no pawn can take on is dropped.
		{"chess", "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1", "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1"},
	} {
		got, err := ops.FEN(ctx, tc.variant, tc.fen)
		require.NoError(t, err, "%s %s", tc.variant, tc.fen)
		assert.Equal(t, tc.want, got, "%s %s", tc.variant, tc.fen)
	}
	_, err := ops.FEN(ctx, "horde", "8/8/8/8/8/8/8/8 w - - 0 1")
	require.ErrorIs(t, err, ErrRejected)
}

func TestChessOpsStatus(t *testing.T) {
	ops, _ := oracles(t)
	ctx := testContext(t)
	for _, tc := range []struct{ name, variant, fen, want string }{
		{"start", "chess", startFEN, "ongoing"},
		{"fool's mate", "chess", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", "black checkmate"},
		{"stalemate", "chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "draw stalemate"},
		{"bare kings", "chess", "8/8/4k3/8/8/4K3/8/8 w - - 0 1", "draw insufficient"},
		{"atomic: white's king exploded", "atomic", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", "black variant"},
		{"atomic: bare kings play on", "atomic", "8/8/4k3/8/8/4K3/8/8 w - - 0 1", "draw insufficient"},
		{"king of the hill: white king on e4", "kingofthehill", "rnbqkbnr/pppppppp/8/8/4K3/8/PPPPPPPP/RNBQ1BNR b kq - 0 1", "white variant"},
		{"three-check: white gave three", "3check", "rnbqkbnr/ppp1pppp/8/1B1p4/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 0+3 1 2", "white variant"},
		{"three-check: two given", "3check", "rnbqkbnr/ppp1pppp/8/1B1p4/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1+3 1 2", "ongoing"},
		{"antichess: white lost every piece", "antichess", "8/8/8/8/8/8/8/k7 w - - 0 1", "white variant"},
		{"antichess: white stalemated wins", "antichess", "8/8/8/8/8/p7/P7/8 w - - 0 1", "white stalemate"},
		{"horde: the horde is gone", "horde", "4k3/8/8/8/8/8/8/8 w - - 0 1", "black variant"},
		{"racing kings: black cannot catch up", "racingkings", "K7/8/8/8/8/8/8/7k b - - 0 1", "white variant"},
		{"racing kings: black may still draw", "racingkings", "K7/7k/8/8/8/8/8/8 b - - 0 1", "ongoing"},
		{"racing kings: both home", "racingkings", "K6k/8/8/8/8/8/8/8 w - - 0 1", "draw variant"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st, err := ops.Status(ctx, tc.variant, tc.fen)
			require.NoError(t, err)
			assert.Equal(t, tc.want, st.String())
			assert.Equal(t, tc.want != "ongoing", st.Over())
		})
	}
}

func TestChessOpsInsufficientAndSparse(t *testing.T) {
	ops, _ := oracles(t)
	ctx := testContext(t)
	for _, tc := range []struct {
		variant, fen string
		want         Insufficient
	}{
		{"chess", "8/8/4k3/8/8/3NK3/8/8 w - - 0 1", Insufficient{White: true, Black: true, Both: true}},
		{"chess", "8/8/4k3/8/8/3QK3/8/8 w - - 0 1", Insufficient{Black: true}},
		{"kingofthehill", "8/8/4k3/8/8/4K3/8/8 w - - 0 1", Insufficient{}},
		{"horde", "4k3/8/8/8/8/8/8/4N3 w - - 0 1", Insufficient{White: true}},
	} {
		got, err := ops.InsufficientMaterial(ctx, tc.variant, tc.fen)
		require.NoError(t, err)
		assert.Equal(t, tc.want, got, "%s %s", tc.variant, tc.fen)
	}
	_, err := ops.InsufficientMaterial(ctx, "horde", "8/8/8/8/8/8/8/8 w - - 0 1")
	assert.ErrorIs(t, err, ErrRejected)

	a, err := ops.Sparse(ctx, "horde", 5, 50, 2)
	require.NoError(t, err)
	b, err := ops.Sparse(ctx, "horde", 5, 50, 2)
	require.NoError(t, err)
	assert.Equal(t, a, b, "the same seed places the same pieces")
	for _, fen := range a {
		board, _, _ := strings.Cut(fen, " ")
		assert.Equal(t, 1, strings.Count(board, "k"), "Black's king: %s", fen)
		assert.NotContains(t, board, "K", "the horde has no king: %s", fen)
		pieces := 0
		for _, r := range board {
			if r > '9' {
				pieces++ // a letter, not a digit or '/'
			}
		}
		assert.LessOrEqual(t, pieces, (2+1)+(1+2), "at most 3 of the horde's and the king with 2: %s", fen)
		again, err := ops.FEN(ctx, "horde", fen)
		require.NoError(t, err, "chessops allows what it placed")
		assert.Equal(t, fen, again)
	}
	for _, bad := range []string{"sparse horde 1 2", "sparse horde x 1 2", "sparse horde 1 1 16"} {
		_, err := ops.ask(ctx, bad)
		assert.ErrorIs(t, err, ErrRejected, bad)
	}
}

func TestChessOpsRandom(t *testing.T) {
	ops, _ := oracles(t)
	ctx := testContext(t)
	g := Games{Variant: "crazyhouse", Seed: 7, Plies: 60, N: 30}
	a, err := ops.Random(ctx, g)
	require.NoError(t, err)
	b, err := ops.Random(ctx, g)
	require.NoError(t, err)
	assert.Equal(t, a, b, "the same seed plays the same games")
	g.Seed = 8
	c, err := ops.Random(ctx, g)
	require.NoError(t, err)
	assert.NotEqual(t, a, c, "another seed plays other games")
	drops := 0
	for _, fen := range a {
		assert.Regexp(t, `^[^ ]+\[[PNBRQKpnbrqk]*\] [wb] `, fen, "chessops writes pockets in brackets")
		again, err := ops.FEN(ctx, "crazyhouse", fen)
		require.NoError(t, err)
		assert.Equal(t, fen, again, "chessops reads back what it wrote")
		d, err := ops.Divide(ctx, "crazyhouse", fen, 1)
		require.NoError(t, err)
		for m := range d {
			if strings.Contains(m, "@") {
				drops++
			}
		}
	}
	assert.Positive(t, drops, "the games reach positions with drops")

	// Games end among the positions: Racing Kings and King of the Hill
	// end quickly when played at random.
	over := map[string]int{}
	for _, v := range []string{"racingkings", "kingofthehill", "atomic"} {
		fens, err := ops.Random(ctx, Games{Variant: v, Seed: 1, Plies: 150, N: 60})
		require.NoError(t, err)
		for _, fen := range fens {
			st, err := ops.Status(ctx, v, fen)
			require.NoError(t, err)
			if st.Over() {
				over[v]++
			}
		}
	}
	t.Logf("games over among 60 random positions: %v", over)
	assert.Positive(t, over["racingkings"]+over["kingofthehill"]+over["atomic"])

	fens, err := ops.Random(ctx, Games{Variant: "3check", Seed: 3, Plies: 20, N: 5})
	require.NoError(t, err)
	for _, fen := range fens {
		assert.Regexp(t, ` [wb] \S+ \S+ [0-3]\+[0-3] \d+ \d+$`, fen, "chessops writes the remaining checks after the en-passant square")
	}
}

func TestChessOpsRandomChess960(t *testing.T) {
	ops, _ := oracles(t)
	ctx := testContext(t)
	for _, v := range []string{"chess", "atomic", "crazyhouse", "3check", "kingofthehill", "antichess"} {
		// One ply: White has moved, Black's array is still the start's.
		fens, err := ops.Random(ctx, Games{Variant: v, Chess960: true, Seed: 5, Plies: 1, N: 20})
		require.NoError(t, err, v)
		arrays := map[string]bool{}
		for _, fen := range fens {
			back := fen[:strings.IndexByte(fen, '/')]
			assert.Regexp(t, `^[rnbqk]{8}$`, back, v)
			k, r1, r2 := strings.IndexByte(back, 'k'), strings.IndexByte(back, 'r'), strings.LastIndexByte(back, 'r')
			assert.True(t, r1 < k && k < r2, "%s %s: the king between the rooks", v, back)
			arrays[back] = true
		}
		assert.Greater(t, len(arrays), 5, "%s: twenty games start from many arrays", v)
	}
	for _, v := range []string{"horde", "racingkings"} {
		_, err := ops.Random(ctx, Games{Variant: v, Chess960: true, Seed: 5, Plies: 1, N: 1})
		require.ErrorIs(t, err, ErrRejected, v)
	}
}

func TestFairyStockfishVariants(t *testing.T) {
	_, fsf := oracles(t)
	ctx := testContext(t)
	for _, v := range []string{"chess", "chess960", "crazyhouse", "3check", "kingofthehill", "antichess", "horde", "racingkings"} {
		assert.True(t, fsf.Has(v), v)
	}
	for _, v := range []string{"atomic", "shogi"} {
		assert.False(t, fsf.Has(v), v)
		_, err := fsf.Divide(ctx, v, startFEN, 1)
		require.ErrorIs(t, err, ErrUnsupported, v)
	}
	_, err := fsf.Perft(ctx, "chess", startFEN, 0)
	require.ErrorIs(t, err, ErrRejected, "depth 0 would start a search")
	n, err := fsf.Perft(ctx, "chess", startFEN, 3)
	require.NoError(t, err)
	assert.Equal(t, int64(8902), n)
}

func TestFairyFEN(t *testing.T) {
	for _, tc := range []struct{ variant, fen, want string }{
		{"chess", startFEN, startFEN},
		{"crazyhouse", "4k3/1Q~6/8/8/4b3/8/Kpp5/8/ b - -", "4k3/1Q~6/8/8/4b3/8/Kpp5/8[] b - -"},
		{"crazyhouse", "2k5/8/8/8/8/8/8/4K3/Qn w - - 0 1", "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1"},
		{"crazyhouse", "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1", "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1"},
		{"crazyhouse", startFEN, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"},
		{"3check", startFEN, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"},
		{"3check", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 1+1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 1+1"},
		{"3check", startFEN + " +2+0", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1+3 0 1"},
		{"3check", "4k3/8/8/8/8/8/8/4K3", "4k3/8/8/8/8/8/8/4K3 w - - 3+3"},
		{"horde", "4k3/8/8/8/8/8/8/PPPPPPPP b", "4k3/8/8/8/8/8/8/PPPPPPPP b - -"},
	} {
		got, err := FairyFEN(tc.variant, tc.fen)
		require.NoError(t, err, "%s %s", tc.variant, tc.fen)
		assert.Equal(t, tc.want, got, "%s %s", tc.variant, tc.fen)
	}
	for _, tc := range []struct{ variant, fen string }{
		{"chess", ""},
		{"crazyhouse", "2k5/8/8/8/8/8/8/4K3[Qn w - -"},
		{"crazyhouse", "2k5/8/8/8/8/8/8/4K3[Q][n] w - -"},
		{"3check", startFEN + " +4+0"},
		{"3check", "4k3/8/8/8/8/8/8/4K3 w - - 1+1 0 1 +1+1"},
		{"3check", "4k3/8/8/8/8/8/8/4K3 w - - ++1+1"},
	} {
		_, err := FairyFEN(tc.variant, tc.fen)
		require.ErrorIs(t, err, ErrRejected, "%s %q", tc.variant, tc.fen)
	}
}

// TestDeadOracleIsAnError kills each oracle's process behind its back: the
// next call fails at once, saying the process is gone, and never hangs.
func TestDeadOracleIsAnError(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	ops := ChessOpsForTest(t)
	fsf := FairyStockfishForTest(t)
	require.NoError(t, ops.p.cmd.Process.Kill())
	require.NoError(t, fsf.p.cmd.Process.Kill())
	_, err := ops.Perft(ctx, "chess", startFEN, 1)
	require.ErrorIs(t, err, ErrExited)
	assert.Contains(t, err.Error(), "chessops died")
	_, err = fsf.Perft(ctx, "chess", startFEN, 1)
	require.ErrorIs(t, err, ErrExited)
	assert.Contains(t, err.Error(), "fairy-stockfish died")
	// And stays an error.
	_, err = ops.FEN(ctx, "chess", startFEN)
	require.ErrorIs(t, err, ErrExited)
	require.NoError(t, ctx.Err(), "the errors came before the deadline")
}

// TestCancelKills gives up on a perft too deep to finish: the call returns
// with ctx's error and the process is killed, not left counting.
func TestCancelKills(t *testing.T) {
	ops := ChessOpsForTest(t)
	fsf := FairyStockfishForTest(t)
	for name, perft := range map[string]func(context.Context) (int64, error){
		"chessops":        func(ctx context.Context) (int64, error) { return ops.Perft(ctx, "chess", startFEN, 9) },
		"fairy-stockfish": func(ctx context.Context) (int64, error) { return fsf.Perft(ctx, "chess", startFEN, 9) },
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		start := time.Now()
		_, err := perft(ctx)
		cancel()
		require.ErrorIs(t, err, context.DeadlineExceeded, name)
		assert.Less(t, time.Since(start), 20*time.Second, name)
		_, err = perft(context.Background())
		require.ErrorIs(t, err, context.DeadlineExceeded, "%s: later calls fail with the same cause", name)
	}
	for _, p := range []*process{ops.p, fsf.p} {
		select {
		case <-p.done:
		case <-time.After(10 * time.Second):
			t.Fatalf("%s still runs after the cancelled perft", p.name)
		}
	}
}

func TestClose(t *testing.T) {
	ops, err := StartChessOps()
	require.NoError(t, err)
	fsf := FairyStockfishForTest(t)
	ctx := testContext(t)
	_, err = ops.Perft(ctx, "chess", startFEN, 1)
	require.NoError(t, err)
	require.NoError(t, ops.Close())
	require.NoError(t, ops.Close(), "a second Close does nothing")
	_, err = ops.Perft(ctx, "chess", startFEN, 1)
	require.ErrorIs(t, err, ErrClosed)
	require.NoError(t, fsf.Close())
	_, err = fsf.Perft(ctx, "chess", startFEN, 1)
	require.ErrorIs(t, err, ErrClosed)
	assert.NoError(t, ops.p.exitErr, "Node.js exits cleanly")
	assert.True(t, ops.p.cmd.ProcessState.Exited(), "Node.js exited at the end of its input")
	assert.True(t, fsf.p.cmd.ProcessState.Exited(), "Fairy-Stockfish exited at the end of its input")
}

func TestCompare(t *testing.T) {
	a := Divide{"e2e4": 20, "N@f3": 5, "e1h1": 3}
	assert.Empty(t, Compare("a", a, "b", Divide{"e2e4": 20, "N@f3": 5, "e1h1": 3}))
	diff := Compare("gambit", a, "chessops", Divide{"e2e4": 21, "N@f3": 5, "e1g1": 3})
	assert.Regexp(t, `(?m)^move +gambit +chessops$`, diff)
	assert.Regexp(t, `(?m)^e2e4 +20 +21  <-$`, diff)
	assert.Regexp(t, `(?m)^e1h1 +3 +-  <-$`, diff)
	assert.Regexp(t, `(?m)^e1g1 +- +3  <-$`, diff)
	assert.Regexp(t, `(?m)^N@f3 +5 +5$`, diff)
	assert.Regexp(t, `(?m)^total +28 +29$`, diff)
	assert.Contains(t, diff, "3 of 4 moves differ")
	assert.Equal(t, int64(28), a.Total())
}

// TestFindDifference hides one move in one position from a side that
// otherwise counts as chessops does: FindDifference must walk down to
// that position.
func TestFindDifference(t *testing.T) {
	ops, _ := oracles(t)
	ctx := testContext(t)
	start, err := ops.Play(ctx, "chess", startFEN, "e2e4")
	require.NoError(t, err)
	target, err := ops.Play(ctx, "chess", start, "e7e5")
	require.NoError(t, err)
	a := divideOf(ops.Divide, "chess")
	var b DivideFunc
	b = func(ctx context.Context, fen string, depth int) (Divide, error) {
		d, err := a(ctx, fen, 1)
		if err != nil || depth == 1 {
			if fen == target {
				delete(d, "g1f3")
			}
			return d, err
		}
		for m := range d {
			after, err := ops.Play(ctx, "chess", fen, m)
			if err != nil {
				return nil, err
			}
			below, err := b(ctx, after, depth-1)
			if err != nil {
				return nil, err
			}
			d[m] = below.Total()
		}
		return d, nil
	}
	where, err := FindDifference(ctx, ops, "chess", start, 2, a, b)
	require.NoError(t, err)
	require.NotNil(t, where)
	assert.Equal(t, []string{"e7e5"}, where.Moves)
	assert.Equal(t, target, where.FEN)
	assert.Contains(t, where.A, "g1f3")
	assert.NotContains(t, where.B, "g1f3")
	assert.Len(t, where.B, len(where.A)-1)
	assert.Contains(t, where.String(), "g1f3")

	none, err := FindDifference(ctx, ops, "chess", startFEN, 2, a, b)
	require.NoError(t, err)
	assert.Nil(t, none, "no position below the start has the hidden move at depth 2")
}
