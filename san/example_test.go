package san_test

import (
	"errors"
	"fmt"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/san"
)

func ExampleFormat() {
	// Two knights can reach d2, so SAN names the file of the one that moves.
	p, _ := core.ParseFEN("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1")
	m, _ := p.ParseUCI("b1d2")
	fmt.Println(san.Format(&p, m))
	// Output: Nbd2
}

func ExampleFormatStyle() {
	p := core.StartPosition()
	m, _ := p.ParseUCI("g1f3")
	fmt.Println(san.FormatStyle(&p, m, san.Long))
	fmt.Println(san.FormatStyle(&p, m, san.Figurine))
	fmt.Println(san.FormatStyle(&p, m, san.Long|san.Figurine))
	// Output:
	// Ng1-f3
	// ♘f3
	// ♘g1-f3
}

func ExampleParse() {
	p := core.StartPosition()
	for _, s := range []string{"Nf3", "Ng1f3!?", "Ng1-f3", "g1f3", "♘f3"} {
		m, err := san.Parse(&p, s)
		fmt.Println(s, m, err)
	}
	// Output:
	// Nf3 g1f3 <nil>
	// Ng1f3!? g1f3 <nil>
	// Ng1-f3 g1f3 <nil>
	// g1f3 g1f3 <nil>
	// ♘f3 g1f3 <nil>
}

func ExampleParse_game() {
	// Replaying a game: Parse each move, then play it.
	p := core.StartPosition()
	for _, s := range []string{"e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"} {
		m, err := san.Parse(&p, s)
		if err != nil {
			fmt.Println(err)
			return
		}
		p.MakeMove(m)
	}
	fmt.Println(p.FEN(), p.IsCheckmate())
	// Output: r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4 true
}

func ExampleParse_errors() {
	p, _ := core.ParseFEN("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1")
	_, err := san.Parse(&p, "Nd2")
	fmt.Println(err)
	fmt.Println(errors.Is(err, san.ErrAmbiguous))
	var me *san.MoveError
	if errors.As(err, &me) {
		fmt.Println(me.Candidates)
	}
	// Output:
	// san: ambiguous move "Nd2" in 4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1: candidates Nbd2, Nfd2
	// true
	// [Nbd2 Nfd2]
}

func ExampleParseStrict() {
	p := core.StartPosition()
	m, err := san.ParseStrict(&p, "Nf3")
	fmt.Println(m, err)
	_, err = san.ParseStrict(&p, "Ngf3")
	fmt.Println(err)
	// Output:
	// g1f3 <nil>
	// san: invalid move syntax "Ngf3" in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1: not canonical SAN (want "Nf3")
}

func ExampleAppendFormat() {
	// AppendFormat writes into a caller's buffer: no allocation at all.
	p := core.StartPosition()
	buf := make([]byte, 0, 256)
	for _, uci := range []string{"e2e4", "g1f3", "b1c3"} {
		m, _ := p.ParseUCI(uci)
		if len(buf) > 0 {
			buf = append(buf, ' ')
		}
		buf = san.AppendFormat(buf, &p, m, 0)
	}
	fmt.Println(string(buf))
	// Output: e4 Nf3 Nc3
}
