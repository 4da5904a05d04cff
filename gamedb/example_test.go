package gamedb_test

import (
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/gamedb"
	"github.com/gambit-chess/gambit/san"
)

// indexTWIC indexes a PGN file of real games in a temporary directory
// and opens the index; done removes it.
func indexTWIC() (db *gamedb.DB, done func()) {
	dir, err := os.MkdirTemp("", "gamedb")
	if err != nil {
		log.Fatal(err)
	}
	index := filepath.Join(dir, "twic")
	b, err := gamedb.Create(index, gamedb.BuildOptions{})
	if err != nil {
		log.Fatal(err)
	}
	f, err := os.Open("../testdata/pgn/twic1599_1000k.pgn")
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	// A broken game is passed to the function and left out.
	if err := b.AddPGN(f, "twic1599.pgn", func(err error) { log.Print(err) }); err != nil {
		log.Fatal(err)
	}
	if err := b.Commit(); err != nil {
		log.Fatal(err)
	}
	if db, err = gamedb.Open(index); err != nil {
		log.Fatal(err)
	}
	return db, func() { db.Close(); os.RemoveAll(dir) }
}

// Index a PGN file, then ask what was played after 1. e4 c5, and which
// games of a player reached the position.
func Example() {
	db, done := indexTWIC()
	defer done()

	p := core.StartPosition()
	for _, m := range []string{"e4", "c5"} {
		mv, err := san.Parse(&p, m)
		if err != nil {
			log.Fatal(err)
		}
		p.MakeMove(mv)
	}
	e, err := db.Explore(&p, gamedb.Filter{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%d games after 1. e4 c5\n", e.Games)
	for _, m := range e.Moves[:3] {
		fmt.Printf("%-4s %3d games, White scores %.0f%%\n", san.Format(&p, m.Move), m.Games,
			100*(float64(m.WhiteWins)+float64(m.Draws)/2)/float64(m.Games))
	}
	page, err := db.Find(&p, gamedb.Filter{Player: "Abdusattorov"}, 0, 1)
	if err != nil {
		log.Fatal(err)
	}
	g := page.Hits[0]
	fmt.Printf("%d of Abdusattorov's games; the first: %s - %s %s\n", page.Total, g.White, g.Black, g.Result)
	// Output:
	// 230 games after 1. e4 c5
	// Nf3  192 games, White scores 53%
	// c3    21 games, White scores 36%
	// Nc3   13 games, White scores 38%
	// 2 of Abdusattorov's games; the first: Abdusattorov,Nodirbek - Maghsoodloo,Parham 1-0
}

// Find the games that reached a rook ending with an extra pawn, either
// side having it.
func ExampleDB_Scan() {
	db, done := indexTWIC()
	defer done()

	m, err := gamedb.ParseMaterial("KRPvKR")
	if err != nil {
		log.Fatal(err)
	}
	n := 0
	for hit, err := range db.Scan(gamedb.Pattern{Material: m, EitherColour: true}, gamedb.Filter{}) {
		if err != nil {
			log.Fatal(err)
		}
		if n++; n <= 2 {
			fmt.Printf("game %d, ply %d: %s - %s %s\n", hit.Number, hit.Ply, hit.White, hit.Black, hit.Result)
		}
	}
	fmt.Println(n, "games")
	// Output:
	// game 67, ply 141: Praggnanandhaa,R - Abdusattorov,Nodirbek 1/2-1/2
	// game 81, ply 91: Postnikov,Artem - Afanasiev,Nikita 1/2-1/2
	// 17 games
}
