package syzygy

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/san"
)

// testDir holds the committed tables (see its SOURCES).
const testDir = "../testdata/syzygy"

// fathomCmd is Debian's fathom (package fathom), the oracle.
const fathomCmd = "/usr/games/fathom"

// envInt reads a positive integer from the environment, or def.
func envInt(t testing.TB, name string, def int) int {
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	require.NoError(t, err, name)
	require.Positive(t, n, name)
	return n
}

// fathomResult is what fathom prints for a position.
type fathomResult struct {
	wdl   string           // Loss ... Win, counting the halfmove clock
	dtz   int              // unsigned
	best  string           // the first move of its line (SAN), "" when none
	ranks map[string][]int // per root move (moveKey): its tb_probe_root_dtz ranks
	raw   string
}

var (
	tagRe  = regexp.MustCompile(`^\[(\w+) "(.*)"\]$`)
	rankRe = regexp.MustCompile(`^(\S+) rank = (-?\d+) score=`)
	// pieceMoveRe splits a piece move's SAN around its disambiguation.
	pieceMoveRe = regexp.MustCompile(`^([KQRBN])[a-h]?[1-8]?(x?[a-h][1-8])$`)
)

// moveKey is a SAN move without its disambiguation and check mark:
// fathom's disambiguation is not SAN's (it tests the wrong file), so two
// queens' moves to one square are told apart by neither; the ranks of the
// moves of one key are compared as multisets.
func moveKey(s string) string {
	s = strings.TrimRight(s, "+#")
	if m := pieceMoveRe.FindStringSubmatch(s); m != nil {
		return m[1] + m[2]
	}
	return s
}

// runFathom probes fen with the fathom command on the tables in dir.
func runFathom(dir, fen string) (*fathomResult, error) {
	out, err := exec.Command(fathomCmd, "--path="+dir, fen).CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("fathom %q: %w: %s", fen, err, out)
	}
	r := &fathomResult{ranks: map[string][]int{}, raw: string(out)}
	section := ""
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	haveDTZ := false
	for sc.Scan() {
		line := sc.Text()
		if m := tagRe.FindStringSubmatch(line); m != nil {
			switch m[1] {
			case "WDL":
				r.wdl = m[2]
			case "DTZ":
				r.dtz, err = strconv.Atoi(m[2])
				if err != nil {
					return nil, fmt.Errorf("fathom %q: DTZ %q", fen, m[2])
				}
				haveDTZ = true
			}
			continue
		}
		switch {
		case strings.HasSuffix(line, "moves returned from DTZ probe"):
			section = "dtz"
			continue
		case strings.HasSuffix(line, "moves returned from WDL probe"):
			section = "wdl"
			continue
		case strings.HasPrefix(line, "1.") && r.best == "" && section == "":
			f := strings.Fields(strings.TrimLeft(line, "1."))
			if len(f) > 0 && f[0] != "1/2-1/2" {
				r.best = strings.TrimRight(f[0], "+#")
			}
			continue
		}
		if m := rankRe.FindStringSubmatch(line); m != nil && section == "dtz" {
			n, _ := strconv.Atoi(m[2])
			k := moveKey(m[1])
			r.ranks[k] = append(r.ranks[k], n)
		}
	}
	if r.wdl == "" || !haveDTZ {
		return nil, fmt.Errorf("fathom %q: no WDL/DTZ in %s", fen, out)
	}
	return r, nil
}

// randomPosition places the material of a table name on an empty board
// at random: the name's first side as White or, swapped, as Black, either
// side to move, and when both sides have pawns sometimes a pawn that has
// just advanced two squares beside an enemy pawn, with its en-passant
// square. Checkmates and stalemates are drawn again (fathom prints no
// DTZ for them); so are illegal placements.
func randomPosition(rng *rand.Rand, name string, halfmove int) (core.Position, string) {
	sides := strings.Split(name, "v")
	for {
		var board [64]byte
		swap := rng.IntN(2) == 1
		stm := rng.IntN(2) // 0 White, 1 Black
		put := func(sq int, pc byte) bool {
			if board[sq] != 0 {
				return false
			}
			board[sq] = pc
			return true
		}
		ep := ""
		hasPawns := [2]bool{strings.Contains(sides[0], "P"), strings.Contains(sides[1], "P")}
		skip := [2]int{} // a pawn of each colour already placed for en passant
		if hasPawns[0] && hasPawns[1] && rng.IntN(3) != 0 {
			// The side not to move has just pushed a pawn two squares.
			mover := 1 - stm
			file := rng.IntN(8)
			side := []int{-1, 1}[rng.IntN(2)]
			if file+side < 0 || file+side > 7 {
				side = -side
			}
			toRank, epRank, fromRank := 3, 2, 1
			if mover == 1 {
				toRank, epRank, fromRank = 4, 5, 6
			}
			moverPawn, stmPawn := byte('P'), byte('p')
			if mover == 1 {
				moverPawn, stmPawn = 'p', 'P'
			}
			put(toRank*8+file, moverPawn)
			put(toRank*8+file+side, stmPawn)
			board[epRank*8+file] = '.' // must stay empty
			board[fromRank*8+file] = '.'
			ep = string(rune('a'+file)) + strconv.Itoa(epRank+1)
			skip = [2]int{1, 1}
		}
		for i, s := range sides {
			colour := i
			if swap {
				colour = 1 - i
			}
			for j := 0; j < len(s); j++ {
				pc := s[j]
				if pc == 'P' && skip[colour] > 0 {
					skip[colour]--
					continue
				}
				if colour == 1 {
					pc += 'a' - 'A'
				}
				for {
					sq := rng.IntN(64)
					if pc == 'P' || pc == 'p' {
						sq = 8 + rng.IntN(48)
					}
					if put(sq, pc) {
						break
					}
				}
			}
		}
		var b strings.Builder
		for r := 7; r >= 0; r-- {
			empty := 0
			for f := 0; f < 8; f++ {
				c := board[r*8+f]
				if c == 0 || c == '.' {
					empty++
					continue
				}
				if empty > 0 {
					b.WriteString(strconv.Itoa(empty))
					empty = 0
				}
				b.WriteByte(c)
			}
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
			}
			if r > 0 {
				b.WriteByte('/')
			}
		}
		if ep == "" {
			ep = "-"
		}
		fen := fmt.Sprintf("%s %c - %s %d 1", b.String(), "wb"[stm], ep, halfmove)
		p, err := core.ParseFEN(fen)
		if err != nil || p.IsCheckmate() || p.IsStalemate() {
			continue
		}
		return p, fen
	}
}

// TestOracleFathom compares, on random positions of every committed
// table, ProbeWDL, ProbeDTZ and the ranking of every root move with what
// fathom prints for the same files, and BestMove with fathom's choice.
// A quarter of the positions have a halfmove clock between 80 and 99,
// where the fifty-move rule decides the ranking.
// GAMBIT_SYZYGY_N sets the positions per table (default 40; make
// syzygy-deep runs 10,000), GAMBIT_SYZYGY_SEED the seed, and
// GAMBIT_SYZYGY_DIR another directory of tables to compare on (every table
// in it, or those GAMBIT_SYZYGY_ONLY lists, comma-separated; say, the
// 5-piece tables made with the generator).
func TestOracleFathom(t *testing.T) {
	_, err := os.Stat(fathomCmd)
	require.NoError(t, err, "fathom is installed by scripts/test-deps.sh (Debian package fathom)")
	n := envInt(t, "GAMBIT_SYZYGY_N", 40)
	seed := uint64(envInt(t, "GAMBIT_SYZYGY_SEED", 19))
	dir := os.Getenv("GAMBIT_SYZYGY_DIR")
	if dir == "" {
		dir = testDir
	}
	tb, err := Open(dir)
	require.NoError(t, err)
	defer tb.Close()
	names := tb.Tables()
	if dir == testDir {
		require.Len(t, names, 21)
	}
	if only := os.Getenv("GAMBIT_SYZYGY_ONLY"); only != "" {
		names = strings.Split(only, ",")
	}
	require.NotEmpty(t, names)

	type job struct {
		name, fen string
		pos       core.Position
	}
	jobs := make(chan job)
	var mu sync.Mutex
	stats := map[string]int{}
	var wg sync.WaitGroup
	for w := 0; w < 3; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				checkAgainstFathom(t, tb, dir, j.name, j.fen, &j.pos, &mu, stats)
			}
		}()
	}
	rng := rand.New(rand.NewPCG(seed, 0x5959))
	for _, name := range names {
		for i := 0; i < n; i++ {
			hm := 0
			if rng.IntN(4) == 0 {
				hm = 80 + rng.IntN(20)
			}
			p, fen := randomPosition(rng, name, hm)
			jobs <- job{name, fen, p}
		}
	}
	close(jobs)
	wg.Wait()
	t.Logf("positions compared: %d (%d tables x %d), root moves ranked: %d, en passant: %d, halfmove 80-99: %d, best moves: %d",
		stats["positions"], len(names), n, stats["moves"], stats["ep"], stats["clock"], stats["best"])
	assert.Equal(t, len(names)*n, stats["positions"])
}

// checkAgainstFathom compares one position.
func checkAgainstFathom(t *testing.T, tb *Tablebase, dir, name, fen string, p *core.Position, mu *sync.Mutex, stats map[string]int) {
	fr, err := runFathom(dir, fen)
	if !assert.NoError(t, err) {
		return
	}
	wdl, err := tb.ProbeWDL(p)
	if !assert.NoError(t, err, fen) {
		return
	}
	dtz, err := tb.ProbeDTZ(p)
	if !assert.NoError(t, err, fen) {
		return
	}
	hm := p.HalfmoveClock()
	ok := assert.Equal(t, fr.dtz, abs(dtz), "%s %s: DTZ", name, fen)
	ok = assert.Equal(t, fr.wdl, DTZToWDL(dtz, hm).String(), "%s %s: WDL with the clock", name, fen) && ok
	if hm == 0 {
		ok = assert.Equal(t, fr.wdl, wdl.String(), "%s %s: ProbeWDL", name, fen) && ok
	}
	moves, err := tb.ProbeRoot(p, nil)
	if !assert.NoError(t, err, fen) {
		return
	}
	mine := map[string][]int{}
	for _, m := range moves {
		k := moveKey(san.Format(p, m.Move))
		mine[k] = append(mine[k], m.Rank)
	}
	for _, rs := range mine {
		slices.Sort(rs)
	}
	for _, rs := range fr.ranks {
		slices.Sort(rs)
	}
	ok = assert.Equal(t, fr.ranks, mine, "%s %s: the ranks of the root moves", name, fen) && ok
	best, has, err := tb.BestMove(p, nil)
	if assert.NoError(t, err, fen) && assert.True(t, has) && fr.best != "" {
		// fathom's move, told apart by moveKey only (see there): one of
		// the moves of that key must be as good as BestMove's.
		found, same := false, false
		for _, m := range moves {
			if moveKey(san.Format(p, m.Move)) == moveKey(fr.best) {
				found = true
				if m.Rank == best.Rank && (dtz == 0 || m.DTZ == best.DTZ) {
					same = true
				}
			}
		}
		ok = assert.True(t, found, "%s %s: fathom's move %s is not legal", name, fen, fr.best) && ok
		ok = assert.True(t, same, "%s %s: best move %s (rank %d, DTZ %d), fathom's %s", name, fen, san.Format(p, best.Move), best.Rank, best.DTZ, fr.best) && ok
	}
	if !ok {
		t.Logf("fathom output:\n%s", fr.raw)
	}
	mu.Lock()
	stats["positions"]++
	stats["moves"] += len(moves)
	if p.EnPassant() != core.NoSquare {
		stats["ep"]++
	}
	if hm > 0 {
		stats["clock"]++
	}
	if fr.best != "" {
		stats["best"]++
	}
	mu.Unlock()
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
