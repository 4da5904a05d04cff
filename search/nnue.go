package search

import (
	"fmt"
	"strings"

	"github.com/gambit-chess/gambit/nnue"
)

// The EvalFile option: a network in Stockfish 15.1's format (package
// nnue) replaces the hand-written evaluation, with the final evaluation
// Stockfish 15.1 searches on (nnue.Evaluator.EvaluateFinalIncremental:
// the network's output scaled by the material and damped by the 50-move
// counter; the optimism 0, Stockfish's root-score optimism not
// implemented). The Network is loaded once
// and shared read-only; each thread's worker has an nnue.Evaluator of its
// own whose accumulators follow the search's moves (Reset at the root,
// Push after each MakeMove and null move, Pop after each unmake).

// nnueScore turns the network's final evaluation (Stockfish's internal
// units, 361 to a pawn: nnue.PawnValue) into the search's centipawns, as Stockfish
// reports it (value*100/PawnValue), kept below the tablebase and mate
// scores.
func nnueScore(v int) int {
	s := v * 100 / nnue.PawnValue
	return min(max(s, -tbWinBound+1), tbWinBound-1)
}

// setEvalFile loads the network of EvalFile, or goes back to the
// hand-written evaluation for "" and "<empty>". A file that cannot be
// loaded is an error, and the evaluation stays what it was.
func (e *Engine) setEvalFile(value string) error {
	path := strings.TrimSpace(value)
	if path == "" || path == "<empty>" {
		if e.net != nil {
			e.tt.clear() // its static evaluations are the network's
		}
		e.net, e.evalFile = nil, ""
	} else {
		n, err := nnue.LoadFile(path)
		if err != nil {
			return fmt.Errorf("search: EvalFile %q not loaded, evaluation unchanged (%s): %w", path, e.EvalName(), err)
		}
		e.net, e.evalFile = n, path
		e.tt.clear()
	}
	e.w.setNetwork(e.net)
	for _, h := range e.helpers {
		h.w.setNetwork(e.net)
	}
	e.note = "evaluation: " + e.EvalName()
	return nil
}

// EvalName names the evaluation the search uses: "hand-written", or
// "NNUE FILE (Stockfish 15.1 format)" with the EvalFile option set.
func (e *Engine) EvalName() string {
	if e.net == nil {
		return "hand-written"
	}
	return "NNUE " + e.evalFile + " (Stockfish 15.1 format)"
}

// Notes implements engine.Notifier: after an EvalFile was loaded (or
// emptied), and at every isready (XBoard ping), the evaluation in use.
func (e *Engine) Notes(ready bool) []string {
	note := e.note
	e.note = ""
	if ready {
		note = "evaluation: " + e.EvalName()
	}
	if note == "" {
		return nil
	}
	return []string{note}
}

// setNetwork gives w an evaluator of n, or none for nil.
func (w *worker) setNetwork(n *nnue.Network) {
	w.nn, w.useNN = nil, false
	if n != nil {
		w.nn = n.NewEvaluator()
	}
}

// startEval readies the evaluation for a search from w.pos: the
// network's accumulators are set from the root when w has a network and
// it can read the position (else the hand-written evaluation serves this
// search).
func (w *worker) startEval() {
	w.useNN = w.nn != nil && w.nn.Reset(&w.pos) == nil
}
