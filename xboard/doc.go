// Package xboard speaks the XBoard protocol (the Chess Engine
// Communication Protocol, CECP) both ways: it drives any XBoard engine, a
// local process or one served over TCP, and it serves an engine written
// in Go against engine.Searcher, the contract uci.Serve serves too.
//
// # Driving an engine
//
// Start runs a local engine and Dial connects to one over TCP; both do the
// protocol 2 handshake ("xboard", "protover 2", feature lines answered
// with accepted or rejected until done=1, or the protocol's 2-second wait
// for a protocol 1 engine that sends none) and return an *Engine, which
// implements engine.Player:
//
//	e, err := xboard.Start(ctx, "/usr/games/fairymax")
//	if err != nil {
//		return err
//	}
//	defer e.Close()
//	err = e.StartGame(ctx, core.StartPosition(), nil) // new, force, setboard or edit mode
//	r, err := e.Think(ctx, engine.Limits{WTime: time.Minute, BTime: time.Minute}, func(i engine.Info) {
//		fmt.Println(i.Depth, i.Score, i.PV) // thinking output, PV checked with core
//	})
//	err = e.Move(ctx, reply) // the opponent's move
//
// Moves go to the engine in coordinates (or SAN for san=1, after
// "usermove" for usermove=1); the engine's moves, in SAN or coordinates,
// are checked with core before they reach the caller, as are the moves of
// its thinking output. Time controls become "level", "st" or "sd", clocks
// "time" and "otim". Features shows what the engine declared; its option
// features are typed like UCI options (SetOption); SetMemory, SetCores,
// SetPonder ("hard", "easy"), OfferDraw ("draw"), GameOver ("result"),
// Analyze ("analyze" ... "exit") and MoveNow ("?") cover the rest, and
// Send writes a raw command.
//
// # Failures
//
// Every call honours its context and Config.Timeout: it returns when its
// context ends, within scheduling delay (milliseconds) of the deadline,
// but for Analyze, whose context is its end and which then waits up to
// Config.Timeout for the engine to leave analysis. A Think whose context
// ends gives no move and ctx's error, never both; the engine is told "?"
// and the next call waits for its move and sends it the kept game again.
// An error's message quotes one line of the engine's output. An engine that
// crashes, hangs, closes the connection, sends an illegal move or answers
// "Illegal move" or "Error" makes the call return an *EngineError
// matching ErrExited, ErrTimeout, ErrProtocol or ErrRejected, with the
// engine's last output. A search that runs past its time is told "?" and
// the engine killed when it still does not move. Close sends quit, kills
// the engine after Config.CloseGrace, and returns only when every
// goroutine and process of the Engine has ended.
//
// # Serving an engine
//
// An engine built on gambit implements engine.Searcher and calls
//
//	err := xboard.Serve(ctx, eng, os.Stdin, os.Stdout)
//
// or uci.Serve with the same eng: one implementation, either protocol
// (internal/goengine, a test engine, picks one with a flag). Serve
// negotiates features, keeps the game (force mode, new, setboard, edit,
// undo, remove, Chess960), turns level, st, sd, time and otim into
// engine.Limits, ponders after "hard", runs analyze mode, answers ping and
// "?", passes "egtpath syzygy DIR" to an engine's SyzygyPath option and
// "cores N" to its Threads option (announcing smp=1 when it has one),
// claims the mates it gives, and answers malformed input with
// "Error (...)" or "Illegal move". An engine served over TCP is reached
// with Dial, as for uci.
//
// # Variants
//
// A game of a core variant goes to an engine with "variant NAME", the
// variant's core name ("atomic", "crazyhouse", "3check",
// "kingofthehill", "antichess", "horde", "racingkings"; a Crazyhouse drop
// goes as "N@f3" and "P@e4", and san reads it back), the
// names of the CECP spec and Fairy-Stockfish, and StartGame fails with an
// error matching engine.ErrUnsupported when the engine's variants feature
// does not list it. Serve lists the variants an engine.VariantSearcher
// plays in its variants feature, after normal and fischerandom; after
// "variant NAME" the game, setboard and edit mode follow that variant's
// rules, and Serve claims the variant's result ("1-0 {White wins}") when
// a move ends the game by them. "new" goes back to normal chess.
//
// GNU Chess 6 can leave the last of several commands that arrive
// together unread until more input comes; Config.Nudge makes the Engine
// write an empty line while it waits, which wakes it, and Start sets it
// for a program named gnuchess.
package xboard
