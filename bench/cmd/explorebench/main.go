// Command explorebench measures package gamedb on a collection of games,
// as make explore-bench runs it: the five figures of the position index
// beside their goals, and pgn-extract's positional search as the anchor
// where it runs.
//
//	explorebench -pgn PATH -corpus FILE [-db DIR] [-positions 1000] [-pgn-extract PATH]
//
// It builds the index with `pgn index` (the command users run, every
// core), then opens it and times, in the process, the explorer and the
// first page of find on positions drawn from the collection's own games
// (the start position first), a pattern scan that replays every game,
// and a material query for a rare ending. Each figure is printed beside
// its goal; the exit status is 0 whether or not the goals are met (the
// table says), 2 when something cannot be measured.
package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/klauspost/compress/zstd"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/gamedb"
)

func main() {
	pgnCmd := flag.String("pgn", "", "the pgn command (bin/pgn)")
	corpus := flag.String("corpus", "", "the collection (.pgn, .pgn.gz, .pgn.zst)")
	dbDir := flag.String("db", "", "the index to build (default: a temporary directory)")
	n := flag.Int("positions", 1000, "positions to query")
	extract := flag.String("pgn-extract", "/usr/games/pgn-extract", "pgn-extract, the anchor of the scan (\"\" for none)")
	anchorGames := flag.Int("anchor-games", 111000, "games of the collection pgn-extract scans (its whole run on 1,000,000 is long)")
	seed := flag.Uint64("seed", 1, "the seed of the positions drawn")
	flag.Parse()
	if *pgnCmd == "" || *corpus == "" {
		fail("explorebench: -pgn and -corpus are needed")
	}
	if err := run(*pgnCmd, *corpus, *dbDir, *n, *extract, *anchorGames, *seed); err != nil {
		fail("explorebench: " + err.Error())
	}
}

func fail(msg string) {
	fmt.Fprintln(os.Stderr, msg)
	os.Exit(2)
}

func run(pgnCmd, corpus, dbDir string, n int, extract string, anchorGames int, seed uint64) error {
	if dbDir == "" {
		tmp, err := os.MkdirTemp("", "explorebench")
		if err != nil {
			return err
		}
		defer os.RemoveAll(tmp)
		dbDir = filepath.Join(tmp, "db")
	} else if err := os.RemoveAll(dbDir); err != nil {
		return err
	}

	// 1. Build, as users do.
	cmd := exec.Command(pgnCmd, "index", "-o", dbDir, "-progress=false", corpus)
	cmd.Stderr = os.Stderr
	t0 := time.Now()
	out, err := cmd.Output()
	build := time.Since(t0)
	if err != nil {
		return fmt.Errorf("pgn index: %w\n%s", err, out)
	}
	db, err := gamedb.Open(dbDir)
	if err != nil {
		return err
	}
	defer db.Close()
	games := db.Len()
	size := dirSize(dbDir)

	// 2. Positions drawn from the games: the start position, then a
	// random ply of a random game.
	rng := rand.New(rand.NewPCG(seed, 11))
	start := core.StartPosition()
	positions := []core.Position{start}
	var plies int64
	for len(positions) < n {
		g := 1 + rng.Int64N(games)
		p, moves, err := db.Moves(g)
		if err != nil {
			return err
		}
		if p.Variant() != core.Standard {
			continue
		}
		ply := rng.IntN(len(moves) + 1)
		for _, m := range moves[:ply] {
			if m == core.NoMove {
				p.MakeNullMove()
			} else {
				p.MakeMove(m)
			}
		}
		positions = append(positions, p)
	}
	for g := int64(1); g <= games; g++ {
		gm, err := db.Game(g)
		if err != nil {
			return err
		}
		plies += int64(gm.Plies + 1)
	}

	// 3. The explorer and find's first page, each position once, in a
	// random order; the start position's own figures too.
	rng.Shuffle(len(positions), func(i, j int) { positions[i], positions[j] = positions[j], positions[i] })
	var explore, find []time.Duration
	var startExplore, startFind time.Duration
	for i := range positions {
		p := &positions[i]
		t := time.Now()
		if _, err := db.Explore(p, gamedb.Filter{}); err != nil {
			return err
		}
		d := time.Since(t)
		explore = append(explore, d)
		t = time.Now()
		if _, err := db.Find(p, gamedb.Filter{}, 0, 20); err != nil {
			return err
		}
		f := time.Since(t)
		find = append(find, f)
		if p.Hash() == start.Hash() {
			startExplore, startFind = d, f
		}
	}

	// 4. A scan that replays every game whole: pieces no game has.
	var never gamedb.Pieces
	never[core.White][core.Queen] = core.A1.Bitboard() | core.H8.Bitboard() | core.A8.Bitboard() | core.H1.Bitboard()
	runtime.GC()
	t0 = time.Now()
	for _, err := range db.Scan(gamedb.Pattern{Pieces: &never}, gamedb.Filter{}) {
		if err != nil {
			return err
		}
	}
	scan := time.Since(t0)

	// 5. A rare ending: the material prefilter passes over most games.
	rare, _ := gamedb.ParseMaterial("KRBvKRN")
	t0 = time.Now()
	found := 0
	for _, err := range db.Scan(gamedb.Pattern{Material: rare, EitherColour: true}, gamedb.Filter{}) {
		if err != nil {
			return err
		}
		found++
	}
	material := time.Since(t0)

	// The anchor: pgn-extract's positional match over the first games.
	anchor := ""
	if extract != "" {
		a, err := anchorScan(extract, corpus, anchorGames, &positions[len(positions)/2])
		if err != nil {
			return err
		}
		anchor = a
	}

	perGame := float64(size) / float64(games)
	fmt.Printf("# Position index: %d games, %d plies (%s)\n\n", games, plies, filepath.Base(corpus))
	fmt.Printf("| figure | measured | goal |\n|---|---|---|\n")
	fmt.Printf("| build (`pgn index`, %d cores) | %.1f s (%.0f games/s) | at most 20 s for 1,000,000 games |\n", runtime.NumCPU(), build.Seconds(), float64(games)/build.Seconds())
	fmt.Printf("| size | %.0f B a game (%.1f MB) | at most 1 KB a game |\n", perGame, float64(size)/1e6)
	fmt.Printf("| explorer, %d positions | p50 %s, p99 %s, start position %s | p50 at most 1 ms, p99 at most 10 ms |\n", len(explore), pct(explore, 50), pct(explore, 99), ms(startExplore))
	fmt.Printf("| find, first page of 20 | p50 %s, p99 %s, start position %s | p50 at most 1 ms, p99 at most 10 ms |\n", pct(find, 50), pct(find, 99), ms(startFind))
	fmt.Printf("| pattern scan, one core | %.1f M plies/s (%.2f s) | at least 7.5 M plies/s a core |\n", float64(plies)/scan.Seconds()/1e6, scan.Seconds())
	fmt.Printf("| material query KRBvKRN (either colour) | %s, %d games | under 1 s |\n", ms(material), found)
	if anchor != "" {
		fmt.Printf("\nAnchor: %s gamedb's scan above: %.0f games/s on one core.\n", anchor, float64(games)/scan.Seconds())
	}
	return nil
}

// anchorScan times pgn-extract's positional match (-H, the Polyglot key)
// over the collection's first games, written out as plain PGN, beside
// gamedb's scan of the same games.
func anchorScan(extract, corpus string, games int, p *core.Position) (string, error) {
	tmp, err := os.MkdirTemp("", "explorebench-anchor")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	plain := filepath.Join(tmp, "games.pgn")
	// The games as plain text: pgn-extract reads no zstd.
	if err := firstGames(corpus, plain, games); err != nil {
		return "", err
	}
	t0 := time.Now()
	cmd := exec.Command(extract, "-s", fmt.Sprintf("-H%016x", p.Hash()), "-o", filepath.Join(tmp, "out.pgn"), plain)
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("%s: %w\n%s", extract, err, out)
	}
	d := time.Since(t0)
	return fmt.Sprintf("pgn-extract -H (a positional match, replaying every game) over %d games: %.2f s, %.0f games/s.", games, d.Seconds(), float64(games)/d.Seconds()), nil
}

// firstGames writes the first n games of the collection to name as
// plain PGN text, as they are in it.
func firstGames(corpus, name string, n int) error {
	f, err := os.Open(corpus)
	if err != nil {
		return err
	}
	defer f.Close()
	var in io.Reader = bufio.NewReaderSize(f, 1<<20)
	switch {
	case strings.HasSuffix(corpus, ".zst"):
		zr, err := zstd.NewReader(in)
		if err != nil {
			return err
		}
		defer zr.Close()
		in = zr
	case strings.HasSuffix(corpus, ".gz"):
		gr, err := gzip.NewReader(in)
		if err != nil {
			return err
		}
		in = gr
	}
	out, err := os.Create(name)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(out, 1<<20)
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	seen := 0
	for sc.Scan() {
		line := sc.Bytes()
		if bytes.HasPrefix(line, []byte("[Event ")) {
			if seen++; seen > n {
				break
			}
		}
		w.Write(line)
		w.WriteByte('\n')
	}
	if err := sc.Err(); err != nil {
		out.Close()
		return err
	}
	if err := w.Flush(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

func dirSize(dir string) int64 {
	var size int64
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if fi, err := e.Info(); err == nil {
			size += fi.Size()
		}
	}
	return size
}

func pct(d []time.Duration, p int) string {
	s := slices.Clone(d)
	slices.Sort(s)
	return ms(s[min(len(s)-1, len(s)*p/100)])
}

func ms(d time.Duration) string { return fmt.Sprintf("%.3f ms", float64(d.Microseconds())/1000) }
