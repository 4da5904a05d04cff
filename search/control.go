package search

import (
	"time"
)

// poll checks the clock, the node budget and the stop signals; the search
// calls it every 1024 nodes.
func (w *worker) poll() {
	if w.ctl.check(w.nodes) {
		w.stop = true
	}
}

// control is what stops a search: the context, a node budget, the clock
// (soft and hard budgets), pondering.
type control struct {
	done      <-chan struct{}
	ponderHit <-chan struct{}
	pondering bool
	onHit     func() // computes the budget when a ponder search becomes ours

	start      time.Time
	soft, hard time.Duration // zero: no time limit
	nodeLimit  int64
	stopped    bool
	// depthOne is set once depth 1 is complete: the node and time limits
	// stop the search only after it, so that there is always a move of
	// depth 1 to play.
	depthOne bool
}

// check reports whether the search must stop now.
func (c *control) check(nodes int64) bool {
	if c.stopped {
		return true
	}
	if c.nodeLimit > 0 && nodes >= c.nodeLimit && c.depthOne {
		c.stopped = true
		return true
	}
	if nodes&1023 != 0 && c.nodeLimit > 0 {
		return false
	}
	select {
	case <-c.done:
		c.stopped = true
		return true
	default:
	}
	if c.pondering {
		select {
		case <-c.ponderHit:
			c.pondering = false
			c.onHit()
		default:
			return false
		}
	}
	if c.hard > 0 && c.depthOne && time.Since(c.start) >= c.hard {
		c.stopped = true
		return true
	}
	return false
}

// softOver reports whether the soft budget is spent, so that no new
// iteration should start; frac scales it (an iteration usually costs more
// than all the earlier ones).
func (c *control) softOver(frac float64) bool {
	if c.pondering || c.soft <= 0 {
		return false
	}
	return time.Since(c.start) >= time.Duration(float64(c.soft)*frac)
}
