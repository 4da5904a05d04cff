// Command storage measures the position index's storage against the
// embedded store it was chosen over: package gamedb's segments and
// CockroachDB's Pebble (pure-Go LSM), both fed the same postings (every
// distinct position of every game: its key and the game's number) from
// the same replay, one goroutine each, in interleaved rounds. Pebble gets
// only the postings, not the games, their moves or any statistics, which
// gamedb's size includes. make storage-bench runs it on TWIC 1599 ×100
// (docs/gamedb.md). It is a module of its own so that bench and CI do
// not carry Pebble's dependencies.
//
//	storage -in FILE.pgn [-rounds 3] [-dir DIR] [-lookups 1000]
package main

import (
	"encoding/binary"
	"flag"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/cockroachdb/pebble"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/gamedb"
	"github.com/gambit-chess/gambit/pgn"
)

func main() {
	in := flag.String("in", "", "the PGN file")
	rounds := flag.Int("rounds", 3, "interleaved rounds")
	dir := flag.String("dir", "", "where the stores go (default: a temporary directory)")
	lookups := flag.Int("lookups", 1000, "positions of the games looked up in each store")
	flag.Parse()
	if *in == "" {
		log.Fatal("storage: -in FILE is needed")
	}
	if *dir == "" {
		tmp, err := os.MkdirTemp("", "storage")
		if err != nil {
			log.Fatal(err)
		}
		defer os.RemoveAll(tmp)
		*dir = tmp
	}
	positions, err := samplePositions(*in, *lookups)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("# gamedb against Pebble: %s, %d rounds, one goroutine each\n\n", filepath.Base(*in), *rounds)
	fmt.Println("| round | store | build | size | lookup p50 | lookup p99 |")
	fmt.Println("|---|---|---|---|---|---|")
	for r := 1; r <= *rounds; r++ {
		order := []string{"gamedb", "pebble"}
		if r%2 == 0 {
			slices.Reverse(order)
		}
		for _, store := range order {
			path := filepath.Join(*dir, store)
			os.RemoveAll(path)
			var res result
			if store == "gamedb" {
				res, err = runGamedb(*in, path, positions)
			} else {
				res, err = runPebble(*in, path, positions)
			}
			if err != nil {
				log.Fatal(err)
			}
			fmt.Printf("| %d | %s | %s | %.1f MB (%d B a game) | %v | %v |\n", r, store, res.build,
				float64(res.size)/1e6, res.size/res.games, res.p50, res.p99)
			os.RemoveAll(path)
		}
	}
}

// result is one store's figures.
type result struct {
	build       string
	size, games int64
	p50, p99    time.Duration
}

// eachGame replays every game of the file, calling f with its number
// (from 1) and each distinct position, first occurrence first.
func eachGame(name string, f func(game uint32, p *core.Position)) (uint32, error) {
	file, err := os.Open(name)
	if err != nil {
		return 0, err
	}
	defer file.Close()
	r := pgn.NewReader(file)
	var g pgn.Mainline
	var n uint32
	seen := map[uint64]bool{}
	for {
		err := r.NextMainline(&g)
		if err == io.EOF {
			return n, nil
		}
		if err != nil {
			continue
		}
		n++
		clear(seen)
		p := g.Start
		visit := func() {
			if k := p.RepetitionKey(); !seen[k] {
				seen[k] = true
				f(n, &p)
			}
		}
		for _, m := range g.Moves {
			visit()
			if m == core.NoMove {
				p.MakeNullMove()
			} else {
				p.MakeMove(m)
			}
		}
		visit()
	}
}

// samplePositions draws positions of the games to look up.
func samplePositions(name string, n int) ([]core.Position, error) {
	rng := rand.New(rand.NewPCG(1, 2))
	var all []core.Position
	seen := 0
	_, err := eachGame(name, func(_ uint32, p *core.Position) {
		// Reservoir sampling: every position as likely.
		seen++
		if len(all) < n {
			all = append(all, *p)
		} else if i := rng.IntN(seen); i < n {
			all[i] = *p
		}
	})
	return all, err
}

func runGamedb(in, path string, positions []core.Position) (result, error) {
	start := time.Now()
	b, err := gamedb.Create(path, gamedb.BuildOptions{})
	if err != nil {
		return result{}, err
	}
	f, err := os.Open(in)
	if err != nil {
		return result{}, err
	}
	err = b.AddPGN(f, in, nil)
	f.Close()
	if err == nil {
		err = b.Commit()
	}
	if err != nil {
		return result{}, err
	}
	res := result{build: fmt.Sprintf("%.2f s", time.Since(start).Seconds()), size: dirSize(path)}
	db, err := gamedb.Open(path)
	if err != nil {
		return res, err
	}
	defer db.Close()
	res.games = db.Len()
	var lat []time.Duration
	for i := range positions {
		t := time.Now()
		if _, err := db.Find(&positions[i], gamedb.Filter{}, 0, 0); err != nil {
			return res, err
		}
		lat = append(lat, time.Since(t))
	}
	res.p50, res.p99 = percentiles(lat)
	return res, nil
}

func runPebble(in, path string, positions []core.Position) (result, error) {
	start := time.Now()
	db, err := pebble.Open(path, &pebble.Options{})
	if err != nil {
		return result{}, err
	}
	batch := db.NewBatch()
	var key [12]byte
	var werr error
	games, err := eachGame(in, func(game uint32, p *core.Position) {
		binary.BigEndian.PutUint64(key[:], p.RepetitionKey())
		binary.BigEndian.PutUint32(key[8:], game)
		batch.Set(key[:], nil, nil)
		if batch.Len() > 32<<20 && werr == nil {
			werr = batch.Commit(pebble.NoSync)
			batch = db.NewBatch()
		}
	})
	if err == nil {
		err = werr
	}
	if err == nil {
		err = batch.Commit(pebble.Sync)
	}
	if err == nil {
		err = db.Flush()
	}
	if err != nil {
		db.Close()
		return result{}, err
	}
	flushed := time.Since(start)
	if err := db.Compact([]byte{0}, []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, true); err != nil {
		db.Close()
		return result{}, err
	}
	res := result{build: fmt.Sprintf("%.2f s written and flushed, %.2f s compacted", flushed.Seconds(), time.Since(start).Seconds()), games: int64(games)}
	var lat []time.Duration
	for i := range positions {
		t := time.Now()
		var lo, hi [8]byte
		k := positions[i].RepetitionKey()
		binary.BigEndian.PutUint64(lo[:], k)
		binary.BigEndian.PutUint64(hi[:], k+1)
		it, err := db.NewIter(&pebble.IterOptions{LowerBound: lo[:], UpperBound: hi[:]})
		if err != nil {
			db.Close()
			return res, err
		}
		for it.First(); it.Valid(); it.Next() {
		}
		it.Close()
		lat = append(lat, time.Since(t))
	}
	res.p50, res.p99 = percentiles(lat)
	if err := db.Close(); err != nil {
		return res, err
	}
	res.size = dirSize(path)
	return res, nil
}

func percentiles(d []time.Duration) (time.Duration, time.Duration) {
	slices.Sort(d)
	return d[len(d)/2], d[len(d)*99/100]
}

func dirSize(dir string) int64 {
	var size int64
	filepath.Walk(dir, func(_ string, fi os.FileInfo, _ error) error {
		if fi != nil && !fi.IsDir() {
			size += fi.Size()
		}
		return nil
	})
	return size
}
