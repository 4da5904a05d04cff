package polyglot_test

import (
	"bytes"
	"fmt"
	"log"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/polyglot"
)

const exampleGames = `[Result "1-0"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0

[Result "1/2-1/2"]

1. e4 c5 2. Nf3 d6 1/2-1/2

[Result "0-1"]

1. d4 d5 2. c4 e6 0-1

[Result "1-0"]

1. e4 e5 2. Nf3 Nf6 1-0
`

// exampleBook builds a book of exampleGames and returns its bytes.
func exampleBook() []byte {
	b, err := polyglot.NewBuilder(polyglot.BuildOptions{MinGames: 1})
	if err != nil {
		log.Fatal(err)
	}
	defer b.Close()
	if err := b.ReadPGN(strings.NewReader(exampleGames)); err != nil {
		log.Fatal(err)
	}
	var out bytes.Buffer
	if _, err := b.WriteTo(&out); err != nil {
		log.Fatal(err)
	}
	return out.Bytes()
}

func ExampleBuilder() {
	// The options are Polyglot make-book's: here -max-ply 4 -min-game 1.
	b, err := polyglot.NewBuilder(polyglot.BuildOptions{MaxPly: 4, MinGames: 1})
	if err != nil {
		log.Fatal(err)
	}
	defer b.Close() // removes the runs spilled to disk, if any
	if err := b.ReadPGN(strings.NewReader(exampleGames)); err != nil {
		log.Fatal(err)
	}
	var book bytes.Buffer
	n, err := b.WriteTo(&book)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%+v, %d entries\n", b.Stats(), n/polyglot.EntrySize)
	// Output:
	// {Games:4 Broken:0 Skipped:0}, 7 entries
}

func ExampleOpen() {
	path := filepath.Join(os.TempDir(), "gambit-example.bin")
	if err := os.WriteFile(path, exampleBook(), 0o644); err != nil {
		log.Fatal(err)
	}
	defer os.Remove(path)

	book, err := polyglot.Open(path) // mapped into memory and checked
	if err != nil {
		log.Fatal(err) // a *polyglot.FormatError for a bad book
	}
	defer book.Close()
	pos := core.StartPosition()
	es, err := book.Entries(&pos, nil)
	if err != nil {
		log.Fatal(err)
	}
	for _, e := range es {
		fmt.Println(pos.UCI(e.Move), e.Weight) // 1. d4 lost its one game: dropped
	}
	// Output:
	// e2e4 5
}

func ExampleBook_Entries() {
	book, err := polyglot.NewBytes(exampleBook())
	if err != nil {
		log.Fatal(err)
	}
	// After 1. e4: 1... e5 lost twice (weight 0, dropped), 1... c5 drew.
	pos, _ := core.ParseFEN("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
	var buf [core.MaxMoves]polyglot.Entry // no allocation
	es, err := book.Entries(&pos, buf[:0])
	if err != nil {
		log.Fatal(err)
	}
	for _, e := range es {
		fmt.Println(pos.UCI(e.Move), e.Weight, e.Learn)
	}
	// Output:
	// c7c5 1 0
}

func ExampleBook_Pick() {
	book, err := polyglot.NewBytes(exampleBook())
	if err != nil {
		log.Fatal(err)
	}
	pos := core.StartPosition()
	best, ok, _ := book.Pick(&pos, polyglot.PickOptions{Choice: polyglot.Best})
	fmt.Println(pos.UCI(best.Move), ok)

	// A game's book moves, at random by weight, reproducibly, up to ply 3.
	opt := polyglot.PickOptions{Choice: polyglot.Weighted, Rand: rand.New(rand.NewPCG(1, 2)), MaxPly: 3}
	for {
		e, ok, err := book.Pick(&pos, opt)
		if err != nil {
			log.Fatal(err)
		}
		if !ok {
			break
		}
		fmt.Print(pos.UCI(e.Move), " ")
		pos.MakeMove(e.Move)
	}
	fmt.Println()
	// Output:
	// e2e4 true
	// e2e4 c7c5 g1f3
}

func ExampleMerge() {
	b1, _ := polyglot.NewBytes(exampleBook())
	pos := core.StartPosition()
	m, _ := pos.ParseUCI("c2c4")
	b2, _ := polyglot.NewBytes(polyglot.AppendEntry(nil, polyglot.RawEntry{Key: pos.Hash(), Move: polyglot.EncodeMove(m), Weight: 7}))
	var out bytes.Buffer
	if _, err := polyglot.Merge(&out, b1, b2); err != nil {
		log.Fatal(err)
	}
	merged, _ := polyglot.NewBytes(out.Bytes())
	es, _ := merged.Entries(&pos, nil)
	for _, e := range es {
		fmt.Println(pos.UCI(e.Move), e.Weight)
	}
	// Output:
	// e2e4 5
	// c2c4 7
}
