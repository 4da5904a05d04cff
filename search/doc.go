// Package search is gambit-engine's search, and the reference way to build
// an engine on gambit's core: it implements engine.Searcher, so uci.Serve
// and xboard.Serve turn it into a UCI or XBoard engine, and a program can
// also call Engine.Search directly.
//
// What it takes from core, and how:
//
//   - Move generation into a fixed-size core.MoveList kept per ply in the
//     search's own stack (LegalMoves at inner nodes, QuiescenceMoves in the
//     quiescence search), ordered in place with MoveList.PickBest: nothing
//     is allocated per node.
//   - Position.MakeMove / UnmakeMove with the Undo record, and
//     MakeNullMove / UnmakeNullMove for null-move pruning.
//   - Position.Hash as the transposition-table key; Position.LegalMove to
//     turn a 15-bit hash move back into a legal Move (or reject it).
//   - core.History for repetitions: the server's Request.History is cloned
//     (History.Clone) and the search pushes before each move and pops
//     after it (PushNull before a null move), so the game's positions count
//     without replaying its moves.
//   - SEE and SEEGreaterEqual for capture ordering and pruning, GivesCheck
//     to keep checks out of reductions and pruning, InCheck (cached by the
//     generator) for check extensions.
//
// The search: iterative deepening with aspiration windows, principal
// variation search, a lock-free transposition table (Hash option, hashfull,
// aging), move ordering by hash move, good captures by SEE and MVV-LVA,
// queen promotions, killers, counter-moves and history, null-move pruning,
// reverse futility, futility and late-move pruning, late-move reductions,
// check extensions, mate-distance pruning, SEE pruning of quiet moves at
// shallow depths, a quiescence search pruned by SEE and deltas that probes
// and stores the transposition table, draws by repetition, the fifty-move rule and bare
// material. The evaluation (Evaluate) is tapered between middlegame and
// endgame: material, piece-square tables, mobility, pawn structure
// (doubled, isolated, backward, passed pawns), passed pawns beyond their
// rank (path, stop square, the kings' distances, support, a rook
// behind), threats, king safety (pawn shield, attacks on the king zone,
// safe checks), bishop pair and rooks on open files, the pawn structure
// and the passed pawns kept per search thread in a pawn table; its
// values are weights fitted by cmd/tune to Stockfish's scores of quiet
// positions from real games (see eval.go and evalweights.go).
//
// Time: Limits.BudgetOverhead gives a soft and a hard budget from the
// clocks, the Move Overhead option taken from the clock (once per move
// still to come, within bounds), not from the budget; no iteration starts
// past about half the soft budget and the search stops at the hard one.
// Movetime searches its time less the overhead. Depth, nodes, mate,
// movetime, infinite and ponder (until Request.PonderHit) are honoured;
// a limit given as zero or less (Limits.MoveNow) plays the best move of
// depth 1 at once, and depth 1 is always completed before a time or node
// limit stops the search.
// Options: Hash, Clear Hash, Threads (1 to MaxThreads: Lazy SMP, helper
// threads each with its own iterative deepening sharing the lock-free
// transposition table, the main thread's move played; see
// Engine.SetThreads and smp.go), MultiPV, Ponder, OwnBook and
// BookFile (a Polyglot book, package polyglot), Move Overhead, Skill
// Level (20 is full strength; below it the depth is limited, and 0 is
// BitChess's one-ply material search), and Stockfish's SyzygyPath,
// SyzygyProbeDepth, SyzygyProbeLimit and Syzygy50MoveRule, EvalFile
// and Use NNUE.
//
// EvalFile (Stockfish's name; empty for the hand-written evaluation, as is
// "<empty>") loads a network in Stockfish 15.1's format with package nnue:
// the search then evaluates with it: its final evaluation as Stockfish
// 15.1 searches on it (nnue.Evaluator.EvaluateFinal with the optimism
// 0: the network's output scaled by the non-pawn material and damped by
// the 50-move counter), in centipawns as Stockfish reports its values
// (value*100/nnue.PawnValue), mate, tablebase and draw scores unchanged. Each thread's worker has an nnue.Evaluator whose
// accumulators are reset at the root and follow every move and null move
// made and unmade; the Network is shared read-only. A file in gambit's
// own format (package nnue/perspective, told by its magic; trained by
// cmd/trainnet) loads the same way, and its evaluation, in centipawns
// already, is the search's static evaluation (kept below the tablebase
// scores); the value BuiltinNetwork ("<builtin>") selects gambit's own
// network, embedded in the package (ownnet.gnn). New starts on the
// hand-written evaluation; Engine.SetDefaultEvalFile makes a network the
// starting evaluation and the option's declared default, as the program
// gambit-engine does with BuiltinNetwork. The check option Use NNUE
// (Stockfish 15.1's; true by default) set to false evaluates by hand
// with the network kept loaded. A file that cannot be
// loaded is SetOption's error and keeps the evaluation; Engine.Notes
// (engine.Notifier) names the evaluation in use after a load and at every
// isready.
//
// Syzygy tablebases (package syzygy), when SyzygyPath names them: a root
// the tables hold is searched over the moves of the best rank only
// (syzygy.Tablebase.ProbeRoot: WDL, then DTZ with the halfmove clock and
// the line's repetitions), so that a won endgame is converted before the
// fifty-move rule draws it; below a root they do not hold, positions
// reached by a capture or a pawn move with few enough pieces take their
// WDL value from the tables (stored in the transposition table, counted
// as tbhits). Without SyzygyPath nothing of this runs, and the bench
// signature is that of the search without tables.
package search
