package search

import (
	"bytes"
	_ "embed" // the built-in network
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

	"github.com/gambit-chess/gambit/nnue"
	"github.com/gambit-chess/gambit/nnue/perspective"
)

// The EvalFile option: a network replaces the hand-written evaluation.
// Two formats load, told apart by the file's first bytes:
//
//   - Stockfish 15.1's (package nnue), searched on with the final
//     evaluation Stockfish 15.1 searches on
//     (nnue.Evaluator.EvaluateFinalIncremental: the network's output
//     scaled by the material and damped by the 50-move counter; the
//     optimism 0, Stockfish's root-score optimism not implemented);
//   - gambit's own (package nnue/perspective, magic "GAMBITNN", trained
//     by cmd/trainnet), whose evaluation is in centipawns already. The
//     value BuiltinNetwork selects the one embedded in the binary.
//
// The Network is loaded once and shared read-only; each thread's worker
// has an evaluator of its own whose accumulators follow the search's
// moves (Reset at the root, Push after each MakeMove and null move, Pop
// after each unmake).

// BuiltinNetwork is the EvalFile value that selects gambit's own network,
// embedded in the binary (ownnet.gnn, trained by cmd/trainnet: see
// docs/engine.md). The program gambit-engine starts with it (an SPRT at
// 2+0.05 found it stronger than the hand-written evaluation); an Engine
// of New starts with the hand-written evaluation, whose results do not
// depend on a network, until SetDefaultEvalFile or SetOption chooses.
const BuiltinNetwork = "<builtin>"

// SetDefaultEvalFile sets the EvalFile option to value and declares value
// its default (Options): what an engine program calls once, before it
// serves, to start with a network, as gambit-engine does with
// BuiltinNetwork. It reports no note (Notes names the evaluation at the
// next isready as ever). An error is SetOption's, and changes nothing.
func (e *Engine) SetDefaultEvalFile(value string) error {
	if err := e.setEvalFile(value); err != nil {
		return err
	}
	e.evalDef, e.note = strings.TrimSpace(value), ""
	return nil
}

//go:embed ownnet.gnn
var builtinFile []byte

// builtin is the embedded network, read once.
var builtin = sync.OnceValues(func() (*perspective.Network, error) {
	return perspective.Load(bytes.NewReader(builtinFile))
})

// BuiltinNetworkDescription returns the description the embedded network
// carries (how it was trained), or the error of reading it.
func BuiltinNetworkDescription() (string, error) {
	n, err := builtin()
	if err != nil {
		return "", err
	}
	return n.Description, nil
}

// nnueScore turns the network's final evaluation (Stockfish's internal
// units, 361 to a pawn: nnue.PawnValue) into the search's centipawns, as Stockfish
// reports it (value*100/PawnValue), kept below the tablebase and mate
// scores.
func nnueScore(v int) int {
	s := v * 100 / nnue.PawnValue
	return min(max(s, -tbWinBound+1), tbWinBound-1)
}

// ownScore keeps gambit's own network's evaluation, in centipawns, below
// the tablebase and mate scores.
func ownScore(v int) int {
	return min(max(v, -tbWinBound+1), tbWinBound-1)
}

// setEvalFile loads the network of EvalFile (BuiltinNetwork for the
// embedded one), or goes back to the hand-written evaluation for "" and
// "<empty>". A file that cannot be loaded is an error, and the
// evaluation stays what it was.
func (e *Engine) setEvalFile(value string) error {
	path := strings.TrimSpace(value)
	if path == "" || path == "<empty>" {
		if e.net != nil || e.own != nil {
			e.tt.clear() // its static evaluations are the network's
		}
		e.net, e.own, e.evalFile = nil, nil, ""
	} else {
		sf, own, err := loadNetwork(path)
		if err != nil {
			return fmt.Errorf("search: EvalFile %q not loaded, evaluation unchanged (%s): %w", path, e.EvalName(), err)
		}
		e.net, e.own, e.evalFile = sf, own, path
		e.tt.clear()
	}
	e.applyNetwork()
	return nil
}

// setUseNNUE sets the Use NNUE option: false evaluates by hand whatever
// EvalFile loaded (the network stays loaded for true), as Stockfish
// 15.1's option of that name does.
func (e *Engine) setUseNNUE(on bool) {
	if e.noNNUE == !on {
		return
	}
	e.noNNUE = !on
	if e.net != nil || e.own != nil {
		e.tt.clear() // its static evaluations are the other evaluation's
	}
	e.applyNetwork()
}

// networks returns the networks the search evaluates with: EvalFile's,
// or none with Use NNUE false.
func (e *Engine) networks() (*nnue.Network, *perspective.Network) {
	if e.noNNUE {
		return nil, nil
	}
	return e.net, e.own
}

// applyNetwork gives every worker the networks of networks and sets the
// note that names the evaluation.
func (e *Engine) applyNetwork() {
	e.w.setNetwork(e.networks())
	for _, h := range e.helpers {
		h.w.setNetwork(e.networks())
	}
	e.note = "evaluation: " + e.EvalName()
}

// loadNetwork reads the network of path: the built-in one, a file of
// gambit's format (its first bytes perspective.Magic) or one of
// Stockfish 15.1's.
func loadNetwork(path string) (*nnue.Network, *perspective.Network, error) {
	if path == BuiltinNetwork {
		own, err := builtin()
		return nil, own, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	head := make([]byte, len(perspective.Magic))
	_, err = io.ReadFull(f, head)
	f.Close()
	if err == nil && perspective.IsFormat(head) {
		own, err := perspective.LoadFile(path)
		return nil, own, err
	}
	sf, err := nnue.LoadFile(path)
	return sf, nil, err
}

// EvalName names the evaluation the search uses: "hand-written", "NNUE
// FILE (Stockfish 15.1 format)", "NNUE FILE (gambit format,
// 768x256x2x1)" or "NNUE <builtin> (gambit's own network, 768x256x2x1)"
// with the EvalFile option set, and "hand-written (Use NNUE false)" with
// a network loaded but the Use NNUE option false.
func (e *Engine) EvalName() string {
	switch {
	case e.noNNUE && (e.net != nil || e.own != nil):
		return "hand-written (Use NNUE false)"
	case e.net != nil:
		return "NNUE " + e.evalFile + " (Stockfish 15.1 format)"
	case e.own != nil && e.evalFile == BuiltinNetwork:
		return fmt.Sprintf("NNUE %s (gambit's own network, %dx%dx2x1)", e.evalFile, perspective.Inputs, e.own.Hidden())
	case e.own != nil:
		return fmt.Sprintf("NNUE %s (gambit format, %dx%dx2x1)", e.evalFile, perspective.Inputs, e.own.Hidden())
	}
	return "hand-written"
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

// setNetwork gives w an evaluator of n or of own, or none for nil.
func (w *worker) setNetwork(n *nnue.Network, own *perspective.Network) {
	w.nn, w.useNN = nil, false
	w.own, w.useOwn = nil, false
	if n != nil {
		w.nn = n.NewEvaluator()
	}
	if own != nil {
		w.own = own.NewEvaluator()
	}
}

// startEval readies the evaluation for a search from w.pos: the
// network's accumulators are set from the root when w has a network and
// it can read the position (else the hand-written evaluation serves this
// search).
func (w *worker) startEval() {
	w.useNN = w.nn != nil && w.nn.Reset(&w.pos) == nil
	w.useOwn = w.own != nil
	if w.useOwn {
		w.own.Reset(&w.pos)
	}
}
