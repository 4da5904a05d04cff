package gamedb

import (
	"bytes"
	"cmp"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/enginetest"
	"github.com/gambit-chess/gambit/pgn"
)

// pickPositions chooses positions to ask the index for: up to n distinct
// positions of each class (a property such as "legal en passant" or
// "reached by one game"), at random with a fixed seed. It fails the test
// when one of the classes must has no position at all, so that what the
// test claims to cover is covered.
func pickPositions[K comparable](t *testing.T, classes map[string][]K, n int, must ...string) []K {
	t.Helper()
	for _, name := range must {
		require.NotEmpty(t, classes[name], "no position of class %q to test", name)
	}
	names := make([]string, 0, len(classes))
	for name := range classes {
		names = append(names, name)
	}
	slices.Sort(names)
	rng := rand.New(rand.NewPCG(38, 1))
	picked := map[K]bool{}
	var out []K
	for _, name := range names {
		var ks []K // the class's positions, each once, in their order
		seen := map[K]bool{}
		for _, k := range classes[name] {
			if !seen[k] {
				seen[k] = true
				ks = append(ks, k)
			}
		}
		rng.Shuffle(len(ks), func(i, j int) { ks[i], ks[j] = ks[j], ks[i] })
		for _, k := range ks[:min(n, len(ks))] {
			if !picked[k] {
				picked[k] = true
				out = append(out, k)
			}
		}
	}
	return out
}

// taggedCopy writes the games of files, in order, into one file with a
// [GambitGame "N"] tag before each game's tags, N its number in an index
// of the files: pgn-extract keeps the tag in the games it writes, so its
// output names the games it matched. It returns the file's path and how
// many games it tagged.
func taggedCopy(t *testing.T, files ...string) (string, int64) {
	t.Helper()
	var out bytes.Buffer
	var n int64
	for _, name := range files {
		data, err := os.ReadFile(name)
		require.NoError(t, err)
		inTags := false
		for line := range strings.Lines(string(data)) {
			tag := strings.HasPrefix(strings.TrimPrefix(line, "\ufeff"), "[")
			if tag && !inTags {
				n++
				fmt.Fprintf(&out, "[GambitGame \"%d\"]\n", n)
			}
			inTags = tag
			out.WriteString(line)
		}
		out.WriteString("\n")
	}
	path := filepath.Join(t.TempDir(), "tagged.pgn")
	require.NoError(t, os.WriteFile(path, out.Bytes(), 0o644))
	return path, n
}

// matchMark is the comment pgn-extract writes after the move that
// reaches a matched position (--markmatches).
const matchMark = "GambitMatch"

// pgnExtractMatches runs pgn-extract's positional match for a Polyglot
// key over file and returns the games it wrote (by their GambitGame tags),
// in order, each with the ply of its first match: the ply of the move
// marked with matchMark, or 0 (the start position) when none is. pgn-extract
// (Debian's 19.04) seeks matches in the first 300 plies of a game only,
// unless --matchplylimit says otherwise: a TWIC game of the real files
// reaches a position of another game at ply 301, which it then missed.
// gamedb indexes every ply, so the limit is lifted.
func pgnExtractMatches(prog, file string, key uint64) ([]reachedAt, error) {
	cmd := exec.Command(prog, "-s", "--matchplylimit", "1000000", "--markmatches", matchMark, fmt.Sprintf("-H%016x", key), file)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("pgn-extract -H%016x: %w: %s", key, err, stderr.String())
	}
	var games []reachedAt
	r := pgn.NewReader(bytes.NewReader(out))
	for {
		g, err := r.Next()
		if err == io.EOF {
			return games, nil
		}
		if err != nil {
			return nil, fmt.Errorf("reading pgn-extract's output: %w", err)
		}
		n, err := strconv.ParseInt(g.Tags.Get("GambitGame"), 10, 64)
		if err != nil {
			return nil, fmt.Errorf("a game pgn-extract wrote without its GambitGame tag: %w", err)
		}
		ply := 0
		for i, node := 1, g.Root.Next(); node != nil; i, node = i+1, node.Next() {
			if slices.ContainsFunc(node.Comments, func(c string) bool { return strings.TrimSpace(c) == matchMark }) {
				ply = i
				break
			}
		}
		games = append(games, reachedAt{n, ply})
	}
}

// polyglotKeys returns the Polyglot keys under which pgn-extract finds
// the games that reached p as gamedb counts them.
//
// gamedb keys a position by Position.RepetitionKey: the en-passant square
// counts only when an en-passant capture is legal, so that transpositions
// meet. Polyglot keys (core's Position.Hash, and pgn-extract's -H) hash the
// en-passant file whenever a pawn of the side to move stands next to the
// pawn that just advanced two squares, legal capture or not. So a
// position with a legal capture has one key in both; a position without
// one is one position for gamedb but several for Polyglot: the position
// without an en-passant square, and, for each file where a pawn may just
// have advanced two squares beside a pawn of the side to move that cannot
// take it (the capturer is pinned, or the capture uncovers a check along
// the rank), the same position with that en-passant square. The games
// gamedb finds are the union of pgn-extract's matches for these keys.
func polyglotKeys(t *testing.T, p *core.Position) []uint64 {
	t.Helper()
	keys := []uint64{p.RepetitionKey()}
	if p.EnPassant() != core.NoSquare {
		return keys
	}
	fields := strings.Fields(p.FEN())
	rank := "6"
	if p.SideToMove() == core.Black {
		rank = "3"
	}
	for file := 'a'; file <= 'h'; file++ {
		fields[3] = string(file) + rank
		q, err := core.ParseFEN(strings.Join(fields, " "))
		if err != nil {
			continue // no pawn can just have passed that square
		}
		// Hash differs: a pawn of the side to move stands beside, and
		// Polyglot hashes the file. RepetitionKey the same: it cannot
		// take, so gamedb counts the position as p.
		if q.Hash() != keys[0] && q.RepetitionKey() == keys[0] {
			keys = append(keys, q.Hash())
		}
	}
	return keys
}

// pgnExtractSample replays the games of files with package pgn to choose
// positions by class; the expected answers come from pgn-extract, not
// from this replay.
func pgnExtractSample(t *testing.T, files ...string) []core.Position {
	t.Helper()
	classes := map[string][]uint64{}
	positions := map[uint64]core.Position{}
	games := map[uint64]int{}
	plies := map[uint64]map[int]bool{}
	start := core.StartPosition()
	classes["start"] = []uint64{start.RepetitionKey()}
	eachGame(t, files, func(_ int64, g *pgn.Mainline) {
		p := g.Start
		seen := map[uint64]bool{}
		for ply := 0; ; ply++ {
			k := p.RepetitionKey()
			if p.Hash() != k {
				classes["en passant not legal"] = append(classes["en passant not legal"], k)
			}
			if !seen[k] {
				seen[k] = true
				positions[k] = p
				games[k]++
				if plies[k] == nil {
					plies[k] = map[int]bool{}
				}
				plies[k][ply] = true
				if ply > 300 {
					classes["past ply 300"] = append(classes["past ply 300"], k)
				}
			}
			if ply == len(g.Moves) {
				break
			}
			m := g.Moves[ply]
			them := p.SideToMove().Other()
			before := p.Castling() & castlingOf(them)
			p.MakeMove(m)
			if p.Castling()&castlingOf(them) != before {
				classes["castling lost to a capture"] = append(classes["castling lost to a capture"], p.RepetitionKey())
			}
		}
	})
	for k, n := range games {
		classes[countClass(n)] = append(classes[countClass(n)], k)
		if len(plies[k]) > 1 {
			classes["transposed"] = append(classes["transposed"], k)
		}
		if p := positions[k]; p.EnPassant() != core.NoSquare {
			classes["legal en passant"] = append(classes["legal en passant"], k)
		}
	}
	for _, ks := range classes {
		slices.Sort(ks) // the map's order must not choose the sample
	}
	keys := pickPositions(t, classes, pgnExtractPerClass, "start", "one game", "2-5 games", "6-50 games", "over 50 games",
		"transposed", "legal en passant", "en passant not legal", "castling lost to a capture", "past ply 300")
	out := make([]core.Position, len(keys))
	for i, k := range keys {
		out[i] = positions[k]
	}
	return out
}

// castlingOf returns the castling rights of colour c.
func castlingOf(c core.Color) core.CastlingRights {
	if c == core.White {
		return core.WhiteShort | core.WhiteLong
	}
	return core.BlackShort | core.BlackLong
}

// pgnExtractPerClass is how many positions of each class
// TestFindAgreesWithPgnExtract asks for: each costs pgn-extract a pass
// over the files (about 0.9 billion instructions).
const pgnExtractPerClass = 2

// TestFindAgreesWithPgnExtract: for positions of every class, the games
// Find gives, and the plies at which they first reached the position,
// are those of pgn-extract's positional match, taking the key difference
// of en-passant squares into account (polyglotKeys).
func TestFindAgreesWithPgnExtract(t *testing.T) {
	t.Parallel() // pgn-extract runs in its own processes
	prog := enginetest.Program(t, "pgn-extract")
	tagged, n := taggedCopy(t, oracleFiles...)
	db, err := Open(buildIndex(t, BuildOptions{}, oracleFiles...))
	require.NoError(t, err)
	defer db.Close()
	require.Equal(t, n, db.Len(), "games tagged and games indexed")

	// One pgn-extract run per Polyglot key, two at a time.
	type job struct {
		pos     int
		key     uint64
		extra   bool // a key with an en-passant square gamedb ignores
		matches []reachedAt
		err     error
	}
	sample := pgnExtractSample(t, oracleFiles...)
	var jobs []*job
	for i := range sample {
		for j, key := range polyglotKeys(t, &sample[i]) {
			jobs = append(jobs, &job{pos: i, key: key, extra: j > 0})
		}
	}
	var wg sync.WaitGroup
	slots := make(chan struct{}, 2)
	for _, j := range jobs {
		wg.Go(func() {
			slots <- struct{}{}
			defer func() { <-slots }()
			j.matches, j.err = pgnExtractMatches(prog, tagged, j.key)
		})
	}
	wg.Wait()

	want := make([]map[int64]int, len(sample))
	unions := 0
	for _, j := range jobs {
		require.NoError(t, j.err)
		if want[j.pos] == nil {
			want[j.pos] = map[int64]int{}
		}
		if j.extra && len(j.matches) > 0 {
			unions++
		}
		for _, m := range j.matches {
			if ply, ok := want[j.pos][m.Game]; !ok || m.Ply < ply {
				want[j.pos][m.Game] = m.Ply // the first of its keys the game reached
			}
		}
	}
	for i := range sample {
		var w []reachedAt
		for game, ply := range want[i] {
			w = append(w, reachedAt{game, ply})
		}
		slices.SortFunc(w, func(a, b reachedAt) int { return cmp.Compare(a.Game, b.Game) })
		require.Equal(t, w, findAll(t, db, &sample[i]), "%s (Polyglot keys %016x): pgn-extract's games, then Find's",
			sample[i].FEN(), polyglotKeys(t, &sample[i]))
	}
	// Games reach a position under an en-passant key that gamedb ignores:
	// the union was needed.
	require.Positive(t, unions, "no position matched under an en-passant key that gamedb ignores")
	t.Logf("%d positions, %d pgn-extract runs over %d games", len(sample), len(jobs), n)
}
