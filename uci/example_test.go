package uci_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/uci"
)

// Analyse a position with Stockfish: info lines as they come, then the best
// move. After 1.f3 e5 2.g4, black mates at once.
func Example() {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	e, err := uci.Start(ctx, "/usr/games/stockfish") // Debian's stockfish package
	if err != nil {
		fmt.Println(err)
		return
	}
	defer e.Close()

	if err := e.Position("startpos", "f2f3", "e7e5", "g2g4"); err != nil {
		fmt.Println(err)
		return
	}
	s, err := e.Go(ctx, uci.Limits{Depth: 5})
	if err != nil {
		fmt.Println(err)
		return
	}
	var score *uci.Score
	for info := range s.Info() {
		if info.Score != nil {
			score = info.Score
		}
	}
	best, err := s.Wait()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(best.UCI, score)
	// Output:
	// d8h4 mate 1
}

// Ask for a move without touching the game the Engine keeps.
func ExampleEngine_BestMove() {
	ctx := context.Background()
	e, err := uci.Start(ctx, "/usr/games/stockfish")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer e.Close()

	pos, _ := core.ParseFEN("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1") // back-rank mate
	best, err := e.BestMove(ctx, pos, uci.Limits{Depth: 5})
	if err != nil {
		fmt.Println(err)
		return
	}
	pos.MakeMove(best.Move)
	fmt.Println(best.UCI, pos.Status())
	// Output:
	// a1a8 checkmate
}

// Play a move and get the engine's reply, Binbo style: the Engine keeps the
// game in sync.
func ExampleEngine_Play() {
	ctx := context.Background()
	e, err := uci.Start(ctx, "/usr/games/stockfish")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer e.Close()

	if err := e.NewGame(ctx); err != nil {
		fmt.Println(err)
		return
	}
	limits := uci.Limits{Depth: 4}
	for _, ours := range []string{"f2f3", "g2g4"} {
		reply, err := e.Play(ctx, ours, limits)
		if err != nil {
			fmt.Println(err)
			return
		}
		if ours == "g2g4" {
			fmt.Println("reply to g4:", reply.UCI)
		}
	}
	pos := e.CurrentPosition()
	fmt.Println(pos.Status())
	// Output:
	// reply to g4: d8h4
	// checkmate
}

// Three best lines at once with MultiPV.
func ExampleSearch_Lines() {
	ctx := context.Background()
	e, err := uci.Start(ctx, "/usr/games/stockfish")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer e.Close()

	if err := e.SetOption(ctx, "MultiPV", "3"); err != nil {
		fmt.Println(err)
		return
	}
	s, err := e.Go(ctx, uci.Limits{Depth: 8})
	if err != nil {
		fmt.Println(err)
		return
	}
	if _, err := s.Wait(); err != nil {
		fmt.Println(err)
		return
	}
	for _, l := range s.Lines() {
		fmt.Println(l.MultiPV, l.Depth, len(l.PV) > 0)
	}
	// Output:
	// 1 8 true
	// 2 8 true
	// 3 8 true
}

// randomMover is an engine in a few lines: it plays a random legal move.
type randomMover struct{}

func (randomMover) ID() (string, string)           { return "Random 1.0", "Example" }
func (randomMover) Options() []uci.Option          { return nil }
func (randomMover) SetOption(name, v string) error { return nil }
func (randomMover) NewGame()                       {}

func (randomMover) Search(ctx context.Context, req uci.SearchRequest, info func(uci.Info)) (core.Move, core.Move) {
	var ml core.MoveList
	req.Position.LegalMoves(&ml)
	if ml.Len() == 0 {
		return core.NoMove, core.NoMove
	}
	return ml.At(rand.IntN(ml.Len())), core.NoMove
}

// Serve runs the protocol for an engine written in Go. Here the GUI's
// commands come from a string; a real engine reads os.Stdin.
func ExampleServe() {
	gui := strings.NewReader(`uci
isready
position fen k7/8/8/8/8/8/1r6/K7 w - - 0 1
go wtime 1000 btime 1000
quit
`)
	if err := uci.Serve(context.Background(), randomMover{}, gui, os.Stdout); err != nil {
		fmt.Println(err)
	}
	// Output:
	// id name Random 1.0
	// id author Example
	// option name UCI_Chess960 type check default false
	// uciok
	// readyok
	// bestmove a1b2
}

// A Go engine served over TCP by Serve, one connection at a time, and
// reached with Dial. For any other engine, socat does the serving (see the
// package documentation).
func ExampleDial() {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Println(err)
		return
	}
	var wg sync.WaitGroup
	wg.Go(func() {
		for {
			conn, err := l.Accept()
			if err != nil {
				return // listener closed
			}
			_ = uci.Serve(context.Background(), randomMover{}, conn, conn)
			conn.Close()
		}
	})
	defer wg.Wait()
	defer l.Close()

	ctx := context.Background()
	e, err := uci.Dial(ctx, l.Addr().String())
	if err != nil {
		fmt.Println(err)
		return
	}
	defer e.Close()
	fmt.Println(e.ID().Name)
	reply, err := e.Play(ctx, "e2e4", uci.Limits{Depth: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	pos := core.StartPosition()
	pos.MakeMove(mustMove(pos.ParseUCI("e2e4")))
	_, err = pos.ParseUCI(reply.UCI)
	fmt.Println("legal reply:", err == nil)
	// Output:
	// Random 1.0
	// legal reply: true
}

func mustMove(m core.Move, err error) core.Move {
	if err != nil {
		panic(err)
	}
	return m
}

// Read an info line as Stockfish prints it.
func ExampleParseInfo() {
	pos := core.StartPosition()
	info, err := uci.ParseInfo("info depth 12 seldepth 15 multipv 1 score cp 31 wdl 62 901 37 nodes 52118 nps 1085791 hashfull 21 tbhits 0 time 48 pv e2e4 e7e5 g1f3", pos)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(info.Depth, info.Score, info.WDL.Win, info.Time, len(info.PV))
	// Output:
	// 12 cp 31 62 48ms 3
}
