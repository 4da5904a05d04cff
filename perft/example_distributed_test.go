package perft_test

import (
	"errors"
	"fmt"
	"log"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/perft"
)

func ExampleCountParallel() {
	p := core.StartPosition()
	// Two goroutines; 0 would use every core. The count is Count's.
	fmt.Println(perft.CountParallel(&p, 5, 2))
	// Output:
	// 4865609
}

func ExampleCounter() {
	// A 16 MiB table: subtrees reached by transposition are counted once.
	table, err := perft.NewTable(16)
	if err != nil {
		log.Fatal(err)
	}
	c := perft.Counter{Threads: 2, Table: table}
	p, _ := core.ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	fmt.Println(c.Count(&p, 4))
	fmt.Println(table.Bytes()>>20, "MiB,", table.Entries(), "entries")
	// Output:
	// 4085603
	// 16 MiB, 786432 entries
}

func ExampleSplit() {
	p := core.StartPosition()
	// One unit per position two plies down: 400 subtrees of depth 2.
	units, err := perft.Split(&p, 4, 2)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(units), "units")
	for _, u := range units {
		if u.Path == "e2e4 e7e5" {
			fmt.Printf("%s after %s: %s, depth %d\n", u.Root, u.Path, u.FEN, u.Depth)
		}
	}

	// Each unit would normally run elsewhere ("perft unit"), as a JSON
	// line, its result line coming back to be merged ("perft merge").
	var m perft.Merger
	for _, u := range units {
		u, err := perft.ParseUnit(u.MarshalLine())
		if err != nil {
			log.Fatal(err)
		}
		r, err := u.Run(nil)
		if err != nil {
			log.Fatal(err)
		}
		if err := m.Add(r); err != nil {
			log.Fatal(err)
		}
	}
	total, err := m.Total()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("perft(%d) = %d from %d units\n", total.Depth, total.Nodes, total.Units)
	// Output:
	// 400 units
	// rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 after e2e4 e7e5: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2, depth 2
	// perft(4) = 197281 from 400 units
}

func ExampleMerger() {
	p := core.StartPosition()
	units, _ := perft.Split(&p, 3, 1)
	var m perft.Merger
	for _, u := range units {
		r, _ := u.Run(nil)
		switch u.Path {
		case "g1f3": // this result never came back
			continue
		case "e2e4": // this one came back twice: a retried task
			_ = m.Add(r)
		case "d2d4": // and this one twice with different counts
			bad := r
			bad.Nodes++
			_ = m.Add(bad)
		}
		if err := m.Add(r); err != nil {
			var ue *perft.UnitError
			errors.As(err, &ue)
			fmt.Println(ue.Path, errors.Is(err, perft.ErrDuplicateUnit))
		}
	}
	fmt.Println(m.Duplicates(), "identical repeat ignored")
	_, err := m.Total()
	var me *perft.MissingError
	if errors.As(err, &me) {
		for _, u := range me.Missing {
			fmt.Println(u.Path, "missing of", me.Units)
		}
	}
	// Output:
	// d2d4 true
	// 1 identical repeat ignored
	// g1f3 missing of 20
}
