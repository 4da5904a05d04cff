package search

import (
	"sync"
	"sync/atomic"

	"github.com/gambit-chess/gambit/core"
)

// Lazy SMP (the Threads option). With Threads above 1, a search runs
// Threads-1 helper threads beside the main one. Each helper is a worker
// of its own (its position, history of repetition keys, killers, history
// and counter-move tables, stack and principal variations) that runs its
// own iterative deepening over its own copy of the root moves; the
// threads share nothing but the transposition table (lock-free: see
// tt.go) and the group below. Helpers vary from the main thread by the
// depths they search: odd helpers take only the odd depths, even helpers
// only the even ones (depth 1 excepted), so that half of them are a ply
// ahead of the main thread and fill the table for its next iteration.
//
// The main thread alone reports, keeps the time and reads the stop
// signals, pondering and the mate limit; when it stops, it raises the
// group's stop flag, every helper ends within its next poll, and Search
// waits for all of them before it returns: no goroutine outlives a
// search. The move played is the main thread's (no voting). MultiPV
// lines are the main thread's too: helpers search one line each and
// share what they find through the table. Below the full Skill Level a
// search runs on the main thread only (its strength is set by its
// depth).
//
// Node counts are those of all threads: each thread adds what it
// searched to the group every publishEvery nodes when the search has a
// node limit (every poll, 1024 nodes, otherwise), and any thread stops
// when the nodes of all threads reach the limit (the main thread after
// depth 1, as with one thread), so that "go nodes N" overshoots N by at
// most publishEvery nodes a thread. A search with a node limit is exactly
// reproducible only with one thread.

// MaxThreads is the most threads the Threads option takes.
const MaxThreads = 64

// publishEvery is how many nodes a thread of a search with a node limit
// searches between two additions to its group's count.
const publishEvery = 64

// group is what the threads of one search share besides the table.
type group struct {
	stop   atomic.Bool  // raised when the main thread stops: every helper stops
	nodes  atomic.Int64 // the nodes of all threads, as far as they have told
	tbHits atomic.Int64 // their tablebase hits, the same way
	wg     sync.WaitGroup
}

// helper is one helper thread: its worker, control and root moves, made
// when the Threads option changes and reused by every search.
type helper struct {
	w   *worker
	ctl control
	rms []rootMove
}

// SetThreads sets the number of search threads, from 1 to MaxThreads:
// the helper threads' workers are made (or dropped) here, never during a
// search.
func (e *Engine) SetThreads(n int) {
	n = min(max(n, 1), MaxThreads)
	for len(e.helpers) < n-1 {
		w := &worker{tt: e.tt}
		w.setNetwork(e.networks())
		e.helpers = append(e.helpers, &helper{w: w})
	}
	clear(e.helpers[n-1:])
	e.helpers = e.helpers[:n-1]
}

// Threads returns the number of search threads (the Threads option).
func (e *Engine) Threads() int { return 1 + len(e.helpers) }

// noReport is the report of a helper's iterations: none.
func noReport(int, []rootMove, int) {}

// startHelpers starts the helper threads on the search the main worker w
// is set up for (position, history, tablebase settings), over copies of
// the root moves rms, and links w's control to the group. It does
// nothing with one thread.
func (e *Engine) startHelpers(w *worker, hist *core.History, rms []rootMove, maxDepth, mate int) {
	if len(e.helpers) == 0 {
		return
	}
	g := &e.group
	g.stop.Store(false)
	g.nodes.Store(0)
	g.tbHits.Store(0)
	w.ctl.group, w.ctl.pubNodes, w.ctl.pubTBHits = g, 0, 0
	for i, h := range e.helpers {
		hw := h.w
		hw.pos = w.pos
		hw.startEval()
		hw.hist = hist.Clone(maxPly + 8)
		hw.nodes, hw.seldepth, hw.stop = 0, 0, false
		hw.tb, hw.tbCard, hw.tbDepth, hw.tbRule50, hw.tbHits = w.tb, w.tbCard, w.tbDepth, w.tbRule50, 0
		h.ctl = control{helper: i + 1, group: g, nodeLimit: w.ctl.nodeLimit}
		hw.ctl = &h.ctl
		h.rms = copyRootMoves(h.rms, rms)
		g.wg.Add(1)
		go func() {
			defer g.wg.Done()
			hw.iterate(h.rms, maxDepth, 1, mate, noReport)
		}()
	}
}

// stopHelpers stops the helper threads and waits until every one has
// returned; it then returns the nodes and tablebase hits of all threads,
// w's included.
func (e *Engine) stopHelpers(w *worker) (nodes, tbHits int64) {
	nodes, tbHits = w.nodes, w.tbHits
	if len(e.helpers) == 0 || w.ctl.group == nil {
		return nodes, tbHits
	}
	e.group.stop.Store(true)
	e.group.wg.Wait()
	for _, h := range e.helpers {
		nodes += h.w.nodes
		tbHits += h.w.tbHits
	}
	return nodes, tbHits
}

// copyRootMoves copies src into dst, reusing dst's principal variations.
func copyRootMoves(dst, src []rootMove) []rootMove {
	if cap(dst) < len(src) {
		dst = append(dst[:cap(dst)], make([]rootMove, len(src)-cap(dst))...)
	}
	dst = dst[:len(src)]
	for i := range src {
		pv := dst[i].pv
		if pv == nil {
			pv = make([]core.Move, 0, maxPly+1)
		}
		dst[i] = src[i]
		dst[i].pv = append(pv[:0], src[i].pv...)
	}
	return dst
}
