package hub_test

import (
	"math/rand/v2"
	"os"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/game"
	"github.com/gambit-chess/gambit/game/hub"
)

// loadSize returns the number of games and of moves for the load test:
// 100,000 games and 1,000,000 moves, a tenth of that under the race
// detector, or GAMBIT_HUB_LOAD_GAMES and GAMBIT_HUB_LOAD_MOVES.
func loadSize(t *testing.T) (games, moves int) {
	games, moves = 100_000, 1_000_000
	if raceEnabled {
		games, moves = 10_000, 100_000
	}
	for _, v := range []struct {
		name string
		n    *int
	}{{"GAMBIT_HUB_LOAD_GAMES", &games}, {"GAMBIT_HUB_LOAD_MOVES", &moves}} {
		if s := os.Getenv(v.name); s != "" {
			n, err := strconv.Atoi(s)
			require.NoError(t, err, v.name)
			*v.n = n
		}
	}
	return games, moves
}

// randomLines returns n lines of plies random legal moves each, none of
// which mates, stalemates or leaves only insufficient material, chosen by
// a seeded generator (so the lines are the same on every run; none repeats
// a position five times either).
func randomLines(t testing.TB, seed uint64, n, plies int) [][]core.Move {
	rng := rand.New(rand.NewPCG(seed, 0))
	lines := make([][]core.Move, n)
	flat := make([]core.Move, n*plies)
	var ml core.MoveList
	for i := range lines {
		p := core.StartPosition()
		line := flat[i*plies : (i+1)*plies : (i+1)*plies]
		for j := range line {
			p.LegalMoves(&ml)
			for tries := 0; line[j] == core.NoMove; tries++ {
				require.Less(t, tries, 1000, "line %d: every move ends the game", i)
				m := ml.At(rng.IntN(ml.Len()))
				u := p.MakeMove(m)
				if p.Status() == core.Ongoing {
					line[j] = m
				} else {
					p.UnmakeMove(m, u)
				}
			}
		}
		lines[i] = line
	}
	return lines
}

// replayFEN plays line from the start position with core alone, one move
// after the other: the sequential reference for the hub's games.
func replayFEN(line []core.Move) string {
	p := core.StartPosition()
	for _, m := range line {
		p.MakeMove(m)
	}
	return p.FEN()
}

// TestLoad runs many games at once through one hub (100,000 games and
// 1,000,000 moves by default; see loadSize) and checks that no move was
// lost or played twice: every game ends with exactly its moves, in the
// position a sequential replay gives.
//
// Phase one spreads the games over workers, each playing one move in each
// of its games in turn, so all games are in progress at once and the
// shards are shared. Phase two points many goroutines at the same few
// games: each call plays the next move of its game, so the game's lock
// alone decides the order, and a call that did not hold it would lose or
// repeat a move (or trip the race detector).
func TestLoad(t *testing.T) {
	nGames, nMoves := loadSize(t)
	plies := nMoves / nGames
	require.Positive(t, plies)
	start := time.Now()
	lines := randomLines(t, 1, nGames, plies)
	t.Logf("%d lines of %d plies generated in %v", nGames, plies, time.Since(start).Round(time.Millisecond))

	h := hub.New(hub.Config{IdleTimeout: time.Hour})
	defer func() { require.NoError(t, h.Close()) }()
	id := func(i int) string { return "g" + strconv.Itoa(i) }
	for i := range nGames {
		require.NoError(t, h.Create(id(i)))
	}
	require.Equal(t, nGames, h.Len())

	workers := 8 * runtime.GOMAXPROCS(0)
	start = time.Now()
	var wg sync.WaitGroup
	var failures atomic.Int64
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range plies {
				for i := w; i < nGames; i += workers {
					if _, err := h.Move(id(i), lines[i][j].String()); err != nil {
						if failures.Add(1) < 5 {
							t.Errorf("game %d ply %d: %v", i, j+1, err)
						}
					}
				}
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	require.Zero(t, failures.Load())
	t.Logf("phase 1: %d moves in %d games by %d goroutines in %v: %.0f moves/s",
		nGames*plies, nGames, workers, elapsed.Round(time.Millisecond), float64(nGames*plies)/elapsed.Seconds())

	for i := range nGames {
		g, err := h.Get(id(i))
		require.NoError(t, err)
		require.Equal(t, plies, g.Ply(), "game %d", i)
		require.Equal(t, lines[i], g.Moves(), "game %d", i)
		require.Equal(t, replayFEN(lines[i]), g.FEN(), "game %d", i)
	}

	// Phase two: contention on a few games.
	const hot, hotPlies = 32, 60
	hotLines := randomLines(t, 2, hot, hotPlies)
	for i := range hot {
		require.NoError(t, h.Create("hot"+strconv.Itoa(i)))
	}
	var tickets [hot]atomic.Int64
	for i := range tickets {
		tickets[i].Store(hotPlies)
	}
	start = time.Now()
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for busy := true; busy; {
				busy = false
				for i := range hot {
					if tickets[i].Add(-1) < 0 {
						continue
					}
					busy = true
					err := h.Do("hot"+strconv.Itoa(i), func(g *game.Game) error {
						return g.MakeMove(hotLines[i][g.Ply()])
					})
					if err != nil && failures.Add(1) < 5 {
						t.Errorf("hot game %d: %v", i, err)
					}
				}
			}
		}()
	}
	wg.Wait()
	require.Zero(t, failures.Load())
	t.Logf("phase 2: %d moves in %d games by %d goroutines in %v", hot*hotPlies, hot, workers, time.Since(start).Round(time.Millisecond))
	for i := range hot {
		g, err := h.Get("hot" + strconv.Itoa(i))
		require.NoError(t, err)
		require.Equal(t, hotLines[i], g.Moves(), "hot game %d", i)
		require.Equal(t, replayFEN(hotLines[i]), g.FEN(), "hot game %d", i)
	}
	require.Equal(t, nGames+hot, h.Len())
}
