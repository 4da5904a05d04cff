// Package uci speaks the Universal Chess Interface both ways: it drives any
// UCI engine, a local process or one served over TCP, and it runs the
// protocol for engines written in Go on top of gambit.
//
// # Driving an engine
//
// Start runs a local engine and Dial connects to one over TCP; both do the
// handshake and return the same *Engine, with the engine's ID and its
// Options parsed into types (check, spin, combo, button, string):
//
//	e, err := uci.Start(ctx, "/usr/games/stockfish")
//	if err != nil {
//		return err
//	}
//	defer e.Close()
//	err = e.SetOption(ctx, "MultiPV", "3")       // checked against the declaration
//	err = e.Position("startpos", "e2e4", "e7e5") // checked with core
//	s, err := e.Go(ctx, uci.Limits{Depth: 20})
//	for info := range s.Info() {                // parsed info lines as they come
//		fmt.Println(info.MultiPV, info.Depth, info.Score, info.PV)
//	}
//	best, err := s.Wait() // the legal best move and ponder move
//
// Search.Stop and Search.PonderHit steer a running search, Search.Lines
// holds the latest line of each MultiPV rank. Two calls cover what most
// programs need: BestMove asks for a move in a position and changes
// nothing, Play plays our move in the game the Engine keeps and returns the
// engine's reply, already played too. Send writes a raw command and
// Config.OnLine sees every line the engine prints.
//
// Every move an engine returns, in bestmove and in info lines, is checked
// for legality with core before it reaches the caller. Chess960 positions
// switch UCI_Chess960 on, and castling is written the way the engine
// expects.
//
// # Variants
//
// A game of a variant (a start position of core.ParseVariantFEN or
// core.VariantStartPosition, given to StartGame, Play's kept game or
// BestMove) sets the engine's UCI_Variant option to the variant's name
// ("3check", "kingofthehill", "antichess", "horde", "racingkings", ...,
// Fairy-Stockfish's and lichess's names; "chess" again for standard
// chess), and fails with an error matching engine.ErrUnsupported when the
// engine's UCI_Variant combo does not list it. Every move the engine
// sends is checked by the variant's rules. After SetOption("UCI_Variant",
// name) Position reads its FEN and "startpos" in that variant.
//
// # Failures
//
// Every call honours its context and Config.Timeout, and a search is
// bounded by its own time (or Config.SearchTimeout). A call returns when
// its context ends, within scheduling delay (milliseconds) of the
// deadline; a search whose context ends gives no move and ctx's error,
// never both a move and an error, and the engine's answer to the stop
// that follows is waited for by the next call that needs the engine
// idle. An error's message quotes one line of the engine's output. An engine that
// crashes, hangs, closes the connection or prints garbage where an answer
// is due makes the call return an *EngineError that matches ErrExited,
// ErrTimeout or ErrProtocol with errors.Is and carries the engine's last
// output (stderr included), which usually says why. An engine that misses a
// deadline is killed, never left running. Close sends quit, kills the
// engine after Config.CloseGrace, and returns only when every goroutine and
// process of the Engine has ended.
//
// # Serving an engine over TCP
//
// Any UCI engine can be served over TCP with socat, one engine process per
// connection:
//
//	socat TCP-LISTEN:9010,bind=127.0.0.1,reuseaddr,fork EXEC:/usr/games/stockfish
//
// and reached with
//
//	e, err := uci.Dial(ctx, "127.0.0.1:9010")
//
// The protocol has no authentication: bind to a loopback address, or reach
// a remote engine through an SSH tunnel. A Go engine can serve itself by
// calling Serve on each accepted net.Conn (see the Dial example).
//
// # Writing an engine
//
// An engine built on gambit implements engine.Searcher (options, new game,
// search with limits, a stop signal through its context, and an info
// callback; Searcher here is the same type) and calls
//
//	err := uci.Serve(ctx, engine, os.Stdin, os.Stdout)
//
// Serve keeps the position, answers isready at any time, handles stop,
// ponderhit, setoption, ucinewgame, debug and quit, holds bestmove back as
// UCI requires, and reports malformed input as "info string" without
// stopping. The same Searcher speaks XBoard through xboard.Serve. A
// Searcher that is an engine.VariantSearcher gets a UCI_Variant combo
// option with the variants it plays (and core plays): after "setoption
// name UCI_Variant value horde", "position startpos" and "position fen"
// are Horde positions and its Requests carry them. Other Searchers offer
// no UCI_Variant (gambit-engine's search is standard chess only).
//
// Limits, Info, Score, Option and SearchRequest are aliases of the
// protocol-neutral types of package engine, and *Engine implements
// engine.Player, so package game plays it like an XBoard engine.
package uci
