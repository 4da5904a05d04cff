package game_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/engine"
	"github.com/gambit-chess/gambit/game"
	"github.com/gambit-chess/gambit/uci"
)

// Play moves in any notation and read how the game stands.
func Example() {
	g := game.New()
	_ = g.Move("f2f3")      // UCI
	_ = g.MoveSAN("e5")     // SAN
	_ = g.MoveIndex(14, 30) // square indices: g2 to g4
	if err := g.MoveSAN("Qh4"); err != nil {
		fmt.Println(err)
	}
	fmt.Println(g.Status(), g.Outcome().Result)
	fmt.Println(g.FEN())

	err := g.Move("e2e4")
	fmt.Println(errors.Is(err, game.ErrGameOver), err)
	// Output:
	// checkmate 0-1
	// rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3
	// true game: cannot move: game is over: 0-1 checkmate
}

// Threefold repetition makes a draw claimable; fivefold ends the game.
func ExampleGame_ClaimDraw() {
	g := game.New()
	for range 2 {
		for _, m := range []string{"Nf3", "Nf6", "Ng1", "Ng8"} {
			_ = g.MoveSAN(m)
		}
	}
	fmt.Println(g.Repetitions(), g.ClaimableDraw())
	s, err := g.ClaimDraw()
	fmt.Println(s, err, g.Outcome())
	// Output:
	// 3 threefold repetition
	// threefold repetition <nil> 1/2-1/2 threefold repetition
}

// A decided game says what its result is when decided again.
func ExampleGame_Resign() {
	g := game.New()
	_ = g.MoveSAN("e4")
	_ = g.Resign(core.Black)
	fmt.Println(g.Outcome())
	fmt.Println(g.Draw("agreed"))
	// Output:
	// 1-0 resignation: black resigns
	// game: cannot draw: game is over: 1-0 resignation: black resigns
}

func ExampleGame_Render() {
	g := game.New()
	_ = g.MoveSAN("e4")
	fmt.Print(g.Render(game.RenderOptions{Unicode: true, Flip: true}))
	// Output:
	//   +-----------------+
	// 1 | ♖ ♘ ♗ ♔ ♕ ♗ ♘ ♖ |
	// 2 | ♙ ♙ ♙ · ♙ ♙ ♙ ♙ |
	// 3 | · · · · · · · · |
	// 4 | · · · ♙ · · · · |
	// 5 | · · · · · · · · |
	// 6 | · · · · · · · · |
	// 7 | ♟ ♟ ♟ ♟ ♟ ♟ ♟ ♟ |
	// 8 | ♜ ♞ ♝ ♚ ♛ ♝ ♞ ♜ |
	//   +-----------------+
	//     h g f e d c b a
	// Side to move: black
	// Last move: e2e4 (e4)
	// FEN: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1
	// Status: ongoing
}

// Save a game in the binary form and restore it exactly.
func ExampleGame_MarshalBinary() {
	g := game.New()
	for _, m := range []string{"e4", "c5", "Nf3", "d6"} {
		_ = g.MoveSAN(m)
	}
	_ = g.SetTag("White", "Alice")
	data, _ := g.MarshalBinary()
	fmt.Println(len(data), "bytes")

	var restored game.Game
	if err := restored.UnmarshalBinary(data); err != nil {
		fmt.Println(err)
	}
	fmt.Println(restored.FEN())
	fmt.Println(restored.MovesUCI())

	data[5] ^= 1 // corrupt it
	fmt.Println(restored.UnmarshalBinary(data))
	// Output:
	// 28 bytes
	// rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3
	// [e2e4 c7c5 g1f3 d7d6]
	// game: invalid saved game (binary at byte 24): checksum mismatch
}

// Play against Stockfish, a local engine (DialEngine reaches one over TCP).
func ExampleGame_PlayAgainstEngine() {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	g := game.New()
	if err := g.StartEngine(ctx, "/usr/games/stockfish"); err != nil {
		fmt.Println(err)
		return
	}
	defer g.CloseEngine()
	reply, err := g.PlayAgainstEngine(ctx, "e4", uci.Limits{Depth: 10})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("the engine answers", reply.UCI)
	hint, _ := g.EngineHint(ctx, uci.Limits{Depth: 10})
	fmt.Println("the engine suggests", hint.UCI)
}

// Play against an XBoard engine, Fairy-Max, with clocks; Detect would find
// the protocol by itself.
func ExampleGame_StartEngineProtocol() {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	g := game.New()
	if err := g.StartEngineProtocol(ctx, game.XBoard, "/usr/games/fairymax"); err != nil {
		fmt.Println(err)
		return
	}
	defer g.CloseEngine()
	clocks := engine.Limits{WTime: time.Minute, BTime: time.Minute, WInc: time.Second, BInc: time.Second}
	reply, err := g.PlayAgainstEngine(ctx, "d4", clocks)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Player().Name(), "answers", reply.UCI)
}

// Read a game from PGN and write it back in export format.
func ExampleFromPGN() {
	g, err := game.FromPGN(strings.NewReader(`[White "Molinari"]
[Black "Bordais"]
[Result "0-1"]

1. e4 c5 2. c4 Nc6 3. Ne2 Nf6 4. Nbc3 Nb4 5. g3 Nd3# 0-1`))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Outcome())
	fmt.Print(g.PGN())
	// Output:
	// 0-1 checkmate
	// [Event "?"]
	// [Site "?"]
	// [Date "????.??.??"]
	// [Round "?"]
	// [White "Molinari"]
	// [Black "Bordais"]
	// [Result "0-1"]
	//
	// 1. e4 c5 2. c4 Nc6 3. Ne2 Nf6 4. Nbc3 Nb4 5. g3 Nd3# 0-1
}

// A variant game ends by its own rule: here a king reaches the centre in
// King of the Hill.
func ExampleNewVariant() {
	g, err := game.NewVariant(core.KingOfTheHill)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, m := range []string{"e4", "e5", "Ke2", "d5", "Kd3", "dxe4+", "Kxe4"} {
		if err := g.MoveSAN(m); err != nil {
			fmt.Println(err)
			return
		}
	}
	fmt.Println(g.Outcome())
	// Output: 1-0 variant end: king on the hill
}
