package perspective

import (
	"fmt"
	"sync"

	"github.com/gambit-chess/gambit/core"
)

// The network's sizes and its usual quantisation.
const (
	// Inputs is the number of inputs of a perspective: 2 colours (the
	// perspective's own, then the other) x 6 piece types x 64 squares.
	Inputs = 2 * 6 * 64
	// DefaultHidden is the usual width of a perspective's hidden layer.
	DefaultHidden = 256
	// MaxHidden is the widest hidden layer a file may have.
	MaxHidden = 4096
	// DefaultQA is the usual scale of the transformer's weights and
	// biases, and the clipped ReLU's ceiling.
	DefaultQA = 255
	// DefaultQB is the usual scale of the output weights.
	DefaultQB = 64
	// DefaultScale turns the float network's output into centipawns.
	DefaultScale = 400
)

// Feature returns the input of piece pc on square sq seen from
// perspective persp: colour (0 for persp's own pieces, 1 for the other's)
// x 384 + (piece type - Pawn) x 64 + the square, its ranks turned over for
// Black. It returns -1 for NoPiece.
func Feature(persp core.Color, sq core.Square, pc core.Piece) int {
	t := pc.Type()
	if t < core.Pawn || t > core.King {
		return -1
	}
	s := int(sq)
	rel := 0
	if persp == core.Black {
		s ^= 56
	}
	if pc.Color() != persp {
		rel = 1
	}
	return rel*384 + int(t-core.Pawn)*64 + s
}

// Network is a quantised perspective network. It is read-only once an
// Evaluator uses it, and then safe for concurrent use; each goroutine
// evaluates through an Evaluator of its own. New, Load and LoadFile make
// one; the zero Network is not usable.
type Network struct {
	// Description is a free text carried by the file (how the network
	// was trained).
	Description string

	hidden        int
	qa, qb, scale int32
	ftWeights     []int16 // Inputs rows of hidden, by input
	ftBias        []int16 // hidden
	outWeights    []int16 // 2*hidden: the side to move's, then the other's
	outBias       int32

	pool sync.Pool // of *Evaluator, for Network.Evaluate
}

// New returns a network of hidden neurons a perspective with every weight
// 0, to be set through FeatureWeights, FeatureBias, OutputWeights and
// SetOutputBias, and the quantisation qa, qb, scale (the defaults are
// DefaultQA, DefaultQB and DefaultScale). It returns an error for a size
// or quantisation outside the format's ranges (hidden from 1 to
// MaxHidden, qa and qb from 1 to 32767, scale from 1 to 1<<20).
func New(hidden, qa, qb, scale int) (*Network, error) {
	switch {
	case hidden < 1 || hidden > MaxHidden:
		return nil, fmt.Errorf("perspective: hidden layer of %d neurons, want 1 to %d", hidden, MaxHidden)
	case qa < 1 || qa > 32767:
		return nil, fmt.Errorf("perspective: QA %d, want 1 to 32767", qa)
	case qb < 1 || qb > 32767:
		return nil, fmt.Errorf("perspective: QB %d, want 1 to 32767", qb)
	case scale < 1 || scale > maxScale:
		return nil, fmt.Errorf("perspective: scale %d, want 1 to %d", scale, maxScale)
	}
	n := &Network{
		hidden:     hidden,
		qa:         int32(qa),
		qb:         int32(qb),
		scale:      int32(scale),
		ftWeights:  make([]int16, Inputs*hidden),
		ftBias:     make([]int16, hidden),
		outWeights: make([]int16, 2*hidden),
	}
	n.pool.New = func() any { return n.NewEvaluator() }
	return n, nil
}

// maxScale is the largest Scale a file may have.
const maxScale = 1 << 20

// Hidden returns the number of hidden neurons of a perspective (H).
func (n *Network) Hidden() int { return n.hidden }

// Quantisation returns QA, QB and Scale.
func (n *Network) Quantisation() (qa, qb, scale int) {
	return int(n.qa), int(n.qb), int(n.scale)
}

// FeatureWeights returns the transformer's weights, Inputs rows of
// Hidden: input f's weight into neuron i is element f*Hidden+i. The slice
// is the network's own: set it before any Evaluator uses the network.
func (n *Network) FeatureWeights() []int16 { return n.ftWeights }

// FeatureBias returns the transformer's Hidden biases (the network's own
// slice).
func (n *Network) FeatureBias() []int16 { return n.ftBias }

// OutputWeights returns the output's 2*Hidden weights: the side to move's
// accumulator's first, then the other side's (the network's own slice).
func (n *Network) OutputWeights() []int16 { return n.outWeights }

// OutputBias returns the output's bias (in units of QA*QB).
func (n *Network) OutputBias() int32 { return n.outBias }

// SetOutputBias sets the output's bias (in units of QA*QB).
func (n *Network) SetOutputBias(b int32) { n.outBias = b }
