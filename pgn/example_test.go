package pgn_test

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/pgn"
	"github.com/gambit-chess/gambit/san"
)

const exampleGames = `[Event "Casual"]
[White "Anderssen"]
[Black "Kieseritzky"]
[Result "1-0"]

1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ 4. Kf1 b5!? (4... Nf6) 5. Bxb5 Nf6 1-0

[Event "Broken"]

1. e4 e5 2. Ke3 *

[Event "Blitz"]

1. d4 { [%clk 0:03:00] } 1... d5 { [%clk 0:02:58] } 2. c4 { [%clk 0:02:59] } *
`

func ExampleReader() {
	r := pgn.NewReader(strings.NewReader(exampleGames))
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println("error:", err)
			continue // the next game is read all the same
		}
		final := g.FinalPosition()
		fmt.Println(g.Tags.Get("Event"), len(g.MainlineMoves()), g.Result, final.FEN())
	}
	// Output:
	// Casual 10 1-0 rnb1kb1r/p1pp1ppp/5n2/1B6/4Pp1q/8/PPPP2PP/RNBQ1KNR w kq - 1 6
	// error: pgn: game 2, line 10, column 13: san: illegal move "Ke3" in rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2
	// Blitz 3 * rnbqkbnr/ppp1pppp/8/3p4/2PP4/8/PP2PPPP/RNBQKBNR b KQkq - 0 2
}

func ExampleReader_NextMainline() {
	r := pgn.NewReader(strings.NewReader(exampleGames))
	var g pgn.Mainline // reused: no allocation per move
	for {
		err := r.NextMainline(&g)
		if err == io.EOF {
			break
		}
		var perr *pgn.Error
		if errors.As(err, &perr) {
			fmt.Printf("game %d is broken at line %d: %v\n", perr.Game, perr.Line, errors.Is(err, san.ErrIllegal))
			continue
		}
		fmt.Println(g.Tags.Get("Event"), len(g.Moves), g.End.InCheck())
	}
	// Output:
	// Casual 10 false
	// game 2 is broken at line 10: true
	// Blitz 3 false
}

func ExampleReader_NextTags() {
	r := pgn.NewReader(strings.NewReader(exampleGames))
	for {
		tags, err := r.NextTags()
		if err == io.EOF {
			break
		}
		fmt.Println(tags.Get("Event"), len(tags))
	}
	// Output:
	// Casual 4
	// Broken 1
	// Blitz 1
}

// clocks is a Visitor that keeps the clock of every mainline move and
// skips the variations.
type clocks struct {
	pgn.BaseVisitor
	white bool
	times []string
}

func (c *clocks) Move(p *core.Position, m core.Move) { c.white = p.SideToMove() == core.White }

func (c *clocks) Comment(text []byte) {
	if d, ok := pgn.Clock(text); ok {
		side := "black"
		if c.white {
			side = "white"
		}
		c.times = append(c.times, fmt.Sprint(side, " ", d))
	}
}

func (c *clocks) BeginVariation() pgn.Action { return pgn.Skip }

func ExampleReader_Visit() {
	r := pgn.NewReader(strings.NewReader(exampleGames))
	for {
		c := &clocks{}
		err := r.Visit(c)
		if err == io.EOF {
			break
		}
		if err == nil && len(c.times) > 0 {
			fmt.Println(strings.Join(c.times, ", "))
		}
	}
	// Output:
	// white 3m0s, black 2m58s, white 2m59s
}

func ExampleWriter() {
	g, _ := pgn.NewReader(strings.NewReader(exampleGames)).Next()
	w := pgn.NewWriter(os.Stdout)
	w.OmitVariations = true
	w.Write(g)
	// Output:
	// [Event "Casual"]
	// [Site "?"]
	// [Date "????.??.??"]
	// [Round "?"]
	// [White "Anderssen"]
	// [Black "Kieseritzky"]
	// [Result "1-0"]
	//
	// 1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ 4. Kf1 b5 $5 5. Bxb5 Nf6 1-0
}

func ExampleParseComment() {
	c := pgn.ParseComment("Sharp! [%eval -1.25,24] [%clk 0:01:30] [%cal Rd8d1]")
	fmt.Println(c.Text, c.Eval.Centipawns, c.Eval.Depth, c.Clock, c.Shapes[0])
	// Output: Sharp! -125 24 1m30s Rd8d1
}

// A worker that reads many inputs in turn, such as the chunks of a large
// file, keeps one Reader and resets it for each: nothing is allocated per
// input but the tags of its games.
func ExampleReader_Reset() {
	chunks := []string{"1. e4 e5 2. Nf3 *\n", "[Event \"B\"]\n\n1. d4 d5 1/2-1/2\n\n[Event \"C\"]\n\n1. c4 1-0\n"}
	r := pgn.NewReader(strings.NewReader(""))
	var g pgn.Mainline
	for i, chunk := range chunks {
		r.Reset(strings.NewReader(chunk))
		for r.NextMainline(&g) == nil {
			fmt.Println(i, len(g.Moves), g.Result)
		}
	}
	// Output:
	// 0 3 *
	// 1 2 1/2-1/2
	// 1 1 1-0
}

// A lichess variant game: the Variant tag sets the rules the moves are
// read under; here an Antichess capture is forced and a pawn promotes to
// a king.
func ExampleReader_variant() {
	const text = `[Variant "Antichess"]
[FEN "8/4P3/8/8/8/8/1p6/k7 w - - 0 1"]

1. e8=K b1=Q 2. Kd7 Qb5 *
`
	g, err := pgn.NewReader(strings.NewReader(text)).Next()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Start.Variant(), pgn.VariantName(g.Start.Variant()))
	p := g.Position(g.End())
	fmt.Println(p.FEN())
	// Output:
	// antichess Antichess
	// 8/3K4/8/1q6/8/8/8/k7 w - - 2 3
}
