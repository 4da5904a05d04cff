package play_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/gambit-chess/gambit/cmd/play/internal/play"
	"github.com/gambit-chess/gambit/core"
)

// Parse reads what a person types: forgiving SAN, UCI, or a command.
func ExampleParse() {
	pos := core.StartPosition()
	for _, line := range []string{"nf3", "e2e4", "save game.pgn", "Nd5", "hello"} {
		in, err := play.Parse(&pos, line)
		switch {
		case err != nil:
			fmt.Println(err)
		case in.Kind == play.Move:
			fmt.Println("move", in.SAN)
		default:
			fmt.Println("command", in.Command, in.Arg)
		}
	}
	// Output:
	// move Nf3
	// move e4
	// command save game.pgn
	// illegal move "Nd5": no legal move fits it
	// "hello" is not a move or command (type help)
}

// A Session between two people: lines in, the screen out.
func ExampleSession() {
	s, err := play.New(context.Background(), play.Config{ASCII: true, NoColor: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, line := range []string{"f3", "e5", "g4", "Qh4"} {
		s.Handle(context.Background(), line)
	}
	for _, l := range s.Lines(24)[:14] {
		fmt.Println(strings.TrimRight(l, " "))
	}
	// Output:
	//   +-----------------+   Black
	// 8 | r n b[.]k b n r |     1. f3 e5
	// 7 | p p p p . p p p |     2. g4 Qh4#
	// 6 | . . . . . . . . |
	// 5 | . . . . p . . . |
	// 4 | . . . . . . P[q]|
	// 3 | . . . . . P . . |
	// 2 | P P P P P . . P |
	// 1 | R N B Q K!B N R |
	//   +-----------------+
	//     a b c d e f g h     White
	// Game over: 0-1, White is checkmated: Black wins
	// Type save FILE to keep the game, new to play again, or quit.
}
