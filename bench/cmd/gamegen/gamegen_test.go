package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/pgn"
	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// testSources loads the real source games once for all tests.
var testSources = sync.OnceValues(func() ([]source, error) {
	dir, err := findTestdata()
	if err != nil {
		return nil, err
	}
	return loadSources(dir)
})

// sources returns the real source games, failing the test without them.
func sources(t *testing.T) []source {
	t.Helper()
	s, err := testSources()
	require.NoError(t, err)
	return s
}

// sample is a generated sample: the records and the PGN text.
type sample struct {
	recs []record
	text []byte
}

// makeSample generates n games for seed with jobs goroutines.
func makeSample(t *testing.T, n int, seed uint64, jobs int) sample {
	t.Helper()
	var s sample
	err := each(n, seed, jobs, sources(t), func(rec *record) error {
		s.text = append(s.text, rec.text...)
		s.recs = append(s.recs, *rec)
		return nil
	})
	require.NoError(t, err)
	require.Len(t, s.recs, n)
	return s
}

// sample5k caches the 5,000-game sample of seed 7 that most tests read.
var sample5k struct {
	once sync.Once
	s    sample
}

// bigSample returns the 5,000-game sample, made on first use.
func bigSample(t *testing.T) sample {
	sample5k.once.Do(func() { sample5k.s = makeSample(t, 5000, 7, 2) })
	require.NotEmpty(t, sample5k.s.recs, "the sample could not be made")
	return sample5k.s
}

// readBack reads every game of text with pgn.Reader, failing on any error.
func readBack(t *testing.T, text []byte) []*pgn.Game {
	t.Helper()
	rd := pgn.NewReader(bytes.NewReader(text))
	var games []*pgn.Game
	for {
		g, err := rd.Next()
		if errors.Is(err, io.EOF) {
			return games
		}
		require.NoError(t, err, "game %d", len(games)+1)
		games = append(games, g)
	}
}

func TestSameOutputWhateverJobs(t *testing.T) {
	one := makeSample(t, 1500, 3, 1)
	three := makeSample(t, 1500, 3, 3)
	assert.True(t, bytes.Equal(one.text, three.text), "-j 1 and -j 3 wrote different files")
	other := makeSample(t, 200, 4, 2)
	assert.False(t, bytes.Equal(one.text[:len(other.text)/2], other.text[:len(other.text)/2]), "seeds 3 and 4 begin alike")
}

func TestCompressedFileSameWhateverJobs(t *testing.T) {
	dir := t.TempDir()
	var files [][]byte
	for _, jobs := range []string{"1", "2"} {
		out := filepath.Join(dir, "j"+jobs+".pgn.zst")
		var stderr bytes.Buffer
		code := run([]string{"-n", "600", "-seed", "5", "-j", jobs, "-o", out}, &stderr)
		require.Equal(t, 0, code, stderr.String())
		assert.Contains(t, stderr.String(), "gamegen: 600 games in "+out)
		b, err := os.ReadFile(out)
		require.NoError(t, err)
		files = append(files, b)
	}
	assert.Equal(t, files[0], files[1], "the .zst files differ between -j 1 and -j 2")
	zr, err := zstd.NewReader(bytes.NewReader(files[0]))
	require.NoError(t, err)
	defer zr.Close()
	text, err := io.ReadAll(zr)
	require.NoError(t, err)
	assert.Len(t, readBack(t, text), 600)
	assert.Equal(t, makeSample(t, 600, 5, 2).text, text, "the file is not what generate writes")
	// .pgn and .pgn.gz hold the same text.
	for _, name := range []string{"plain.pgn", "gzip.pgn.gz"} {
		out := filepath.Join(dir, name)
		var stderr bytes.Buffer
		require.Equal(t, 0, run([]string{"-n", "600", "-seed", "5", "-o", out}, &stderr), stderr.String())
		b, err := os.ReadFile(out)
		require.NoError(t, err)
		if strings.HasSuffix(name, ".gz") {
			zr, err := gzip.NewReader(bytes.NewReader(b))
			require.NoError(t, err)
			b, err = io.ReadAll(zr)
			require.NoError(t, err)
		}
		assert.Equal(t, text, b, name)
	}
}

func TestEveryGameDistinct(t *testing.T) {
	s := bigSample(t)
	games := readBack(t, s.text)
	require.Len(t, games, len(s.recs))
	seen := make(map[string]int, len(games))
	for i, g := range games {
		var key strings.Builder
		key.WriteString(g.Start.FEN())
		key.WriteString(g.Tags.Get("Variant"))
		for _, m := range g.MainlineMoves() {
			key.WriteString(" " + m.String())
		}
		if j, dup := seen[key.String()]; dup {
			t.Errorf("games %d and %d have the same moves", j+1, i+1)
		}
		seen[key.String()] = i
	}
}

func TestRepeatedGameDrawnAgain(t *testing.T) {
	// Fool's mate as a source: its prefix is its first three plies (the
	// game is shorter than the shortest prefix), after which the policy
	// mates at once (unless it blunders, one time in 333), so nearly
	// every game drawn from it is the same game. Only the first may be
	// written; the others are drawn again.
	fool := source{name: "fool", games: [][]core.Move{mustMoves(t, "f2f3", "e7e5", "g2g4", "d8h4")}}
	src := []source{fool, sources(t)[0]}
	seen := map[uint64]bool{}
	var fools, redrawn int
	err := each(400, 11, 2, src, func(rec *record) error {
		assert.False(t, seen[rec.hash], "hash repeated")
		seen[rec.hash] = true
		if rec.attempt > 0 {
			redrawn++
		}
		if rec.kind == kindStandard && rec.file == 0 && rec.plies == 4 {
			fools++
			assert.Equal(t, endCheckmate, rec.end)
			assert.Equal(t, "0-1", rec.result)
		}
		return nil
	})
	require.NoError(t, err)
	assert.Equal(t, 1, fools, "fool's mates written")
	assert.Greater(t, redrawn, 100, "games drawn again")
	// The same game at the same attempt is the same; another attempt is
	// another game.
	g := newGenerator(11, sources(t), newPoolsForSeed(11))
	a, err := g.generate(42, 0)
	require.NoError(t, err)
	b, err := g.generate(42, 1)
	require.NoError(t, err)
	assert.NotEqual(t, a.hash, b.hash)
	c, err := g.generate(42, 0)
	require.NoError(t, err)
	assert.Equal(t, a.text, c.text, "the same game and attempt gave another game")
}

func mustMoves(t *testing.T, uci ...string) []core.Move {
	t.Helper()
	p := core.StartPosition()
	var out []core.Move
	for _, s := range uci {
		m, err := p.ParseUCI(s)
		require.NoError(t, err)
		p.MakeMove(m)
		out = append(out, m)
	}
	return out
}

func TestReadBackWithReader(t *testing.T) {
	s := bigSample(t)
	games := readBack(t, s.text)
	require.Len(t, games, len(s.recs))
	for i, g := range games {
		rec := s.recs[i]
		require.Len(t, g.MainlineMoves(), rec.plies, "game %d", i+1)
		assert.Equal(t, rec.result, g.Result, "game %d", i+1)
		assert.Equal(t, rec.result, g.Tags.Get("Result"), "game %d", i+1)
		for _, name := range []string{"Event", "Site", "Date", "Round", "White", "Black"} {
			assert.NotEmpty(t, g.Tags.Get(name), "game %d: no %s", i+1, name)
		}
		assert.NotEqual(t, g.Tags.Get("White"), g.Tags.Get("Black"), "game %d", i+1)
		end := g.FinalPosition()
		switch rec.end {
		case endCheckmate:
			assert.True(t, end.IsCheckmate(), "game %d", i+1)
		case endStalemate:
			assert.True(t, end.IsStalemate(), "game %d", i+1)
		case endLength:
			assert.Equal(t, core.Ongoing, end.Status(), "game %d", i+1)
		}
	}
}

// prefixKey is the UCI text of moves.
func prefixKey(moves []core.Move) string {
	var b strings.Builder
	for _, m := range moves {
		b.WriteString(m.String())
		b.WriteByte(' ')
	}
	return b.String()
}

func TestPrefixesAreRealGames(t *testing.T) {
	// The real games, read here on their own: every prefix of 1 to 30
	// plies of each, by file.
	dir, err := findTestdata()
	require.NoError(t, err)
	prefixes := map[string]map[string]bool{}
	for _, name := range sourceNames {
		f, err := os.Open(filepath.Join(dir, name))
		require.NoError(t, err)
		rd := pgn.NewReader(f)
		prefixes[name] = map[string]bool{}
		for {
			g, err := rd.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				continue
			}
			moves := g.MainlineMoves()
			for k := 1; k <= min(prefixMax, len(moves)); k++ {
				prefixes[name][prefixKey(moves[:k])] = true
			}
		}
		f.Close()
	}
	s := bigSample(t)
	games := readBack(t, s.text)
	files := map[int]int{}
	standard := 0
	for i, g := range games {
		rec := s.recs[i]
		if rec.kind != kindStandard {
			continue
		}
		standard++
		files[rec.file]++
		moves := g.MainlineMoves()
		name := sourceNames[rec.file]
		assert.True(t, prefixes[name][prefixKey(moves[:rec.prefix])], "game %d: its first %d plies are no real game's of %s", i+1, rec.prefix, name)
		assert.GreaterOrEqual(t, rec.prefix, 1)
		assert.LessOrEqual(t, rec.prefix, prefixMax)
		real := sources(t)[rec.file].games[rec.source]
		if rec.prefix < prefixMin {
			assert.Equal(t, len(real)-1, rec.prefix, "game %d: a short prefix from a long game", i+1)
		}
		// The online games are the Lichess file's.
		_, hasTC := g.Tags.Lookup("TimeControl")
		assert.Equal(t, rec.file == 1, hasTC, "game %d", i+1)
	}
	// Prefix lengths uniform from 6 to 30 (shorter only for a shorter
	// game): a mean near 18, both ends drawn.
	var sum, shortest, longest int
	for _, rec := range s.recs {
		if rec.kind == kindStandard {
			sum += rec.prefix
			if rec.prefix == prefixMin {
				shortest++
			}
			if rec.prefix == prefixMax {
				longest++
			}
		}
	}
	assert.InDelta(t, 18, float64(sum)/float64(standard), 1, "mean prefix")
	assert.Positive(t, shortest)
	assert.Positive(t, longest)
	// Both files, with even odds.
	assert.InDelta(t, 0.5, float64(files[0])/float64(standard), 0.03)
	// The openings follow the sources: the first move's shares are the
	// real games', 1. e4 within a few points of its share there.
	e4 := func(gs [][]core.Move) float64 {
		n := 0
		for _, m := range gs {
			if m[0].String() == "e2e4" {
				n++
			}
		}
		return float64(n) / float64(len(gs))
	}
	var want float64
	for _, src := range sources(t) {
		want += e4(src.games) / float64(len(sources(t)))
	}
	var got [][]core.Move
	for i, g := range games {
		if s.recs[i].kind == kindStandard {
			got = append(got, g.MainlineMoves())
		}
	}
	assert.InDelta(t, want, e4(got), 0.03, "1. e4's share")
}

// signature returns a position's material as "KRPvKR": White's pieces,
// then Black's, kings first, from queen to pawn.
func signature(p *core.Position) string {
	var b strings.Builder
	for c := core.White; c <= core.Black; c++ {
		if c == core.Black {
			b.WriteByte('v')
		}
		b.WriteByte('K')
		for _, pt := range []core.PieceType{core.Queen, core.Rook, core.Bishop, core.Knight, core.Pawn} {
			b.WriteString(strings.Repeat(string(core.NewPiece(core.White, pt).Letter()), p.Pieces(c, pt).Count()))
		}
	}
	return b.String()
}

func TestEndingsReached(t *testing.T) {
	s := bigSample(t)
	games := readBack(t, s.text)
	var rook, minor, pawn, standard int
	sigs := map[string]int{}
	for i, g := range games {
		if s.recs[i].kind != kindStandard {
			continue
		}
		standard++
		p := g.Start
		var isRook, isMinor, isPawn bool
		gameSigs := map[string]bool{}
		for _, m := range g.MainlineMoves() {
			p.MakeMove(m)
			kings, pawns := p.ByType(core.King), p.ByType(core.Pawn)
			rooks, minors := p.ByType(core.Rook), p.ByType(core.Knight)|p.ByType(core.Bishop)
			occ := p.Occupied()
			switch {
			case occ == kings|pawns && pawns != 0:
				isPawn = true
			case occ == kings|pawns|rooks && rooks != 0:
				isRook = true
			case occ == kings|pawns|minors && minors != 0:
				isMinor = true
			}
			if occ.Count() <= 7 {
				gameSigs[signature(&p)] = true
			}
		}
		for sig := range gameSigs {
			sigs[sig]++
		}
		if isRook {
			rook++
		}
		if isMinor {
			minor++
		}
		if isPawn {
			pawn++
		}
	}
	share := func(n int) float64 { return float64(n) / float64(standard) }
	t.Logf("of %d standard games: rook endings %.1f%%, minor-piece endings %.1f%%, pawn endings %.1f%%",
		standard, 100*share(rook), 100*share(minor), 100*share(pawn))
	type sigCount struct {
		sig string
		n   int
	}
	var top []sigCount
	for sig, n := range sigs {
		top = append(top, sigCount{sig, n})
	}
	sort.Slice(top, func(i, j int) bool { return top[i].n > top[j].n || top[i].n == top[j].n && top[i].sig < top[j].sig })
	t.Logf("%d signatures of at most 7 pieces; the commonest: %v", len(top), top[:min(12, len(top))])
	// Seed 7 gives about 9%, 7% and 2.4%; the bounds leave room for
	// another seed or a small change of the policy, not for one that
	// keeps the material on the board.
	assert.Greater(t, share(rook), 0.06, "games that reach a rook ending")
	assert.Greater(t, share(minor), 0.04, "games that reach a minor-piece ending")
	assert.Greater(t, share(pawn), 0.012, "games that reach a pawn ending")
	assert.Positive(t, sigs["KRPvKR"]+sigs["KRvKRP"], "no game reached KRPvKR")
}

func TestDistributions(t *testing.T) {
	s := bigSample(t)
	games := readBack(t, s.text)
	n := float64(len(games))
	var plies []int
	var ends [endResignation + 1]int
	results := map[string]int{}
	var withTC, withoutElo, partial, chess960, variantGames, over200 int
	events, players := map[string]int{}, map[string]int{}
	tcs := map[string]int{}
	for i, g := range games {
		rec := s.recs[i]
		plies = append(plies, rec.plies)
		if rec.plies > 200 {
			over200++
		}
		ends[rec.end]++
		results[g.Result]++
		if tc, ok := g.Tags.Lookup("TimeControl"); ok {
			withTC++
			tcs[tc]++
		}
		if _, ok := g.Tags.Lookup("WhiteElo"); !ok {
			withoutElo++
		}
		if strings.Contains(g.Tags.Get("Date"), "?") {
			partial++
		}
		switch rec.kind {
		case kindChess960:
			chess960++
			assert.Equal(t, "Chess960", g.Tags.Get("Variant"))
			assert.True(t, g.Start.Chess960())
			assert.Equal(t, "1", g.Tags.Get("SetUp"))
		case kindVariant:
			variantGames++
			assert.NotEqual(t, core.Standard, g.Start.Variant())
			assert.Equal(t, pgn.VariantName(g.Start.Variant()), g.Tags.Get("Variant"))
		}
		events[g.Tags.Get("Event")]++
		players[g.Tags.Get("White")]++
		players[g.Tags.Get("Black")]++
	}
	slices.Sort(plies)
	t.Logf("plies: median %d, 90%% %d, 99%% %d, longest %d; over 200: %d", plies[len(plies)/2], plies[len(plies)*9/10], plies[len(plies)*99/100], plies[len(plies)-1], over200)
	t.Logf("endings: %v (length, mate, stalemate, material, repetition, fifty, variant win, loss, draw, resignation)", ends)
	t.Logf("results: %v", results)
	t.Logf("time controls: %v; without Elo %d, partial dates %d, Chess960 %d, variants %d, events %d, players %d", tcs, withoutElo, partial, chess960, variantGames, len(events), len(players))
	assert.InDelta(t, 80, plies[len(plies)/2], 15, "median length")
	assert.Positive(t, over200, "no game over 200 plies")
	assert.InDelta(t, 0.5, float64(withTC)/n, 0.05, "games with a TimeControl")
	assert.Positive(t, tcs["-"], "no correspondence game")
	assert.Positive(t, withoutElo)
	assert.Positive(t, partial)
	assert.Positive(t, ends[endCheckmate])
	assert.InDelta(t, 25, chess960, 15, "Chess960 games")
	assert.InDelta(t, 25, variantGames, 15, "variant games")
	for _, r := range []string{"1-0", "0-1", "1/2-1/2"} {
		assert.Greater(t, float64(results[r])/n, 0.15, "share of %s", r)
	}
	maxEvent := 0
	for e, k := range events {
		if !strings.HasPrefix(e, "Rated") && !strings.HasPrefix(e, "Casual") {
			maxEvent = max(maxEvent, k)
		}
	}
	assert.Greater(t, maxEvent, 20, "no event comes back")
	maxPlayer := 0
	for _, k := range players {
		maxPlayer = max(maxPlayer, k)
	}
	assert.Greater(t, maxPlayer, 10, "no player comes back")
}

func TestPGNExtractReadsThem(t *testing.T) {
	const pgnExtract = "/usr/games/pgn-extract"
	_, err := os.Stat(pgnExtract)
	require.NoError(t, err, "Debian's pgn-extract is missing: run scripts/test-deps.sh")
	// pgn-extract plays standard chess only: Atomic and Crazyhouse moves
	// are not moves to it; Chess960, Three-check and King of the Hill
	// games are chess moves and go in.
	s := bigSample(t)
	var keep bytes.Buffer
	kept := 0
	for _, rec := range s.recs {
		if rec.kind == kindVariant && (bytes.Contains(rec.text, []byte(`[Variant "Atomic"]`)) || bytes.Contains(rec.text, []byte(`[Variant "Crazyhouse"]`))) {
			continue
		}
		keep.Write(rec.text)
		kept++
	}
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in.pgn"), filepath.Join(dir, "out.pgn")
	require.NoError(t, os.WriteFile(in, keep.Bytes(), 0o644))
	cmd := exec.Command(pgnExtract, "-s", "-o", out, in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Run(), stderr.String())
	// It reports its progress ("Games: 1000") on standard error.
	complaints := regexp.MustCompile(`Games: [0-9]+\s*`).ReplaceAllString(stderr.String(), "")
	assert.Empty(t, complaints, "pgn-extract complained")
	b, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, kept, bytes.Count(b, []byte("[Event ")), "pgn-extract wrote another number of games")
}
