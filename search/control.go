package search

import (
	"time"
)

// poll checks the clock, the node budget and the stop signals; the search
// calls it every 1024 nodes, and at every node under a node limit. A
// thread of a search with helpers first tells its group what it searched
// (see smp.go).
func (w *worker) poll() {
	c := w.ctl
	if c.group != nil && w.nodes-c.pubNodes >= publishEvery {
		c.publish(w.nodes, w.tbHits)
	}
	if c.check(w.nodes) {
		w.stop = true
	}
}

// control is what stops a search: the context, a node budget, the clock
// (soft and hard budgets), pondering; for a helper thread, its group's
// stop flag.
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

	// Lazy SMP (smp.go): the group of the search's threads, nil with one
	// thread; helper is 0 for the main thread, the helper's number from 1
	// for a helper; pubNodes and pubTBHits are what this thread has added
	// to the group's counts so far.
	group     *group
	helper    int
	pubNodes  int64
	pubTBHits int64
}

// check reports whether the search must stop now; nodes are the thread's
// own.
func (c *control) check(nodes int64) bool {
	if c.stopped {
		return true
	}
	if c.helper > 0 {
		// A helper stops with the main thread, or at the node limit.
		if c.group.stop.Load() || (c.nodeLimit > 0 && c.total(nodes) >= c.nodeLimit) {
			c.stopped = true
		}
		return c.stopped
	}
	if c.nodeLimit > 0 && c.depthOne && c.total(nodes) >= c.nodeLimit {
		return c.halt()
	}
	if nodes&1023 != 0 && c.nodeLimit > 0 {
		return false
	}
	select {
	case <-c.done:
		return c.halt()
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
		return c.halt()
	}
	return false
}

// halt stops the main thread's search and, at once, its helpers'; it
// returns true.
func (c *control) halt() bool {
	c.stopped = true
	if c.group != nil {
		c.group.stop.Store(true)
	}
	return true
}

// total returns the nodes of all the search's threads as far as known:
// this thread's own nodes, and what the others have told the group.
func (c *control) total(nodes int64) int64 {
	if c.group == nil {
		return nodes
	}
	return c.group.nodes.Load() + nodes - c.pubNodes
}

// totalTBHits is total for the tablebase hits.
func (c *control) totalTBHits(hits int64) int64 {
	if c.group == nil {
		return hits
	}
	return c.group.tbHits.Load() + hits - c.pubTBHits
}

// publish adds the nodes and tablebase hits searched since the last
// publish to the group's counts.
func (c *control) publish(nodes, tbHits int64) {
	c.group.nodes.Add(nodes - c.pubNodes)
	c.group.tbHits.Add(tbHits - c.pubTBHits)
	c.pubNodes, c.pubTBHits = nodes, tbHits
}

// skip reports whether the thread leaves out the iteration of depth (of
// at most maxDepth): a helper searches only the odd depths when its
// number is odd, the even ones when it is even, and always depth 1 and
// maxDepth.
func (c *control) skip(depth, maxDepth int) bool {
	return c.helper > 0 && depth > 1 && depth < maxDepth && (depth+c.helper)%2 == 1
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
