package perft

import (
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/gambit-chess/gambit/core"
)

// Splitting the tree for goroutines: the positions a few plies below the
// root become jobs, taken one at a time from an atomic index, so that a
// goroutine that drew small subtrees simply takes more of them. Twenty or
// forty root moves are too few to balance two goroutines (one root move can
// hold a tenth of the tree); a few hundred jobs per goroutine are plenty.
const (
	// jobsPerThread is how many jobs per goroutine the split aims for.
	jobsPerThread = 64
	// maxSplitPly bounds how deep the split goes, and so the memory the
	// jobs take (a job is a Position value of a few hundred bytes).
	maxSplitPly = 4
)

// Counter counts the leaves of the move tree like Count, but can spread the
// work over several goroutines, look subtrees up in a hash table, and report
// progress. The zero value counts on all cores, without hashing. Counts are
// exact and do not depend on Threads or Table: only the speed does.
//
// A Counter may be reused, and used by several goroutines at once when
// Progress allows it.
type Counter struct {
	// Threads is the number of goroutines; 0 or less means
	// runtime.GOMAXPROCS(0), and 1 counts on the calling goroutine.
	Threads int
	// Table, when not nil, stores subtree counts by Zobrist key so that
	// transpositions are counted once. One table may serve any number of
	// Counters and goroutines at once.
	Table *Table
	// Progress, when not nil, is called after each job (a subtree a few
	// plies below the root) with the jobs done, the job total and the
	// leaves counted so far. Calls never overlap, but come from the
	// counting goroutines.
	Progress func(done, total int, nodes uint64)
	// Full makes and unmakes every move of the last ply, as CountFull
	// does, instead of counting them in bulk. A Table is not used with
	// it: a hashed subtree would not be made at all.
	Full bool
}

// CountParallel returns Count(p, depth), counted by threads goroutines (0 or
// less: one per core, runtime.GOMAXPROCS(0)). It splits the tree into the
// positions a few plies below the root and hands them out one by one, so the
// goroutines stay busy to the end; each works on its own copy of a
// position. The result is exactly Count's, whatever the number of threads.
// p is left as it was found.
func CountParallel(p *core.Position, depth, threads int) uint64 {
	c := Counter{Threads: threads}
	return c.Count(p, depth)
}

// Count returns the number of leaf nodes of the legal move tree of p to
// depth plies, the same number as the package-level Count. p is left as it
// was found.
func (c *Counter) Count(p *core.Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	_, counts := c.run(p, depth)
	var n uint64
	for _, v := range counts {
		n += v
	}
	return n
}

// Divide returns the leaf count below each legal root move, in generation
// order, like the package-level Divide.
func (c *Counter) Divide(p *core.Position, depth int) []MoveCount {
	if depth <= 0 {
		return nil
	}
	moves, counts := c.run(p, depth)
	out := make([]MoveCount, len(moves))
	for i, m := range moves {
		out[i] = MoveCount{Move: m, UCI: p.UCI(m), Nodes: counts[i]}
	}
	return out
}

// threads returns the number of goroutines to use.
func (c *Counter) threads() int {
	if c.Threads > 0 {
		return c.Threads
	}
	return runtime.GOMAXPROCS(0)
}

// job is a subtree to count: a position below the root move with index
// root.
type job struct {
	pos  core.Position
	root int
}

// run counts the tree to depth >= 1 and returns the root moves with the
// count below each.
func (c *Counter) run(p *core.Position, depth int) ([]core.Move, []uint64) {
	var ml core.MoveList
	p.LegalMoves(&ml)
	moves := slices.Clone(ml.Moves())
	counts := make([]uint64, len(moves))
	if depth == 1 {
		for i := range counts {
			counts[i] = 1
		}
		if c.Progress != nil {
			c.Progress(len(moves), len(moves), uint64(len(moves)))
		}
		return moves, counts
	}

	threads := c.threads()
	jobs := make([]job, len(moves))
	for i, m := range moves {
		jobs[i] = job{pos: *p, root: i}
		jobs[i].pos.MakeMove(m)
	}
	ply := 1
	for threads > 1 && len(jobs) < jobsPerThread*threads && ply < depth-1 && ply < maxSplitPly {
		jobs = expand(jobs)
		ply++
	}

	var salt uint64
	if c.Table != nil && !c.Full {
		salt = rootSalt(p)
	}
	left := depth - ply
	results := make([]uint64, len(jobs))
	var (
		next  atomic.Int64
		mu    sync.Mutex
		done  int
		nodes uint64
	)
	work := func() {
		for {
			i := int(next.Add(1) - 1)
			if i >= len(jobs) {
				return
			}
			// A copy on this goroutine's stack: the jobs slice is shared,
			// and neighbouring jobs are played on by other goroutines.
			pos := jobs[i].pos
			var n uint64
			switch {
			case c.Full:
				n = CountFull(&pos, left)
			case c.Table != nil:
				n = c.Table.count(&pos, left, salt)
			default:
				n = Count(&pos, left)
			}
			results[i] = n
			if c.Progress != nil {
				mu.Lock()
				done++
				nodes += n
				c.Progress(done, len(jobs), nodes)
				mu.Unlock()
			}
		}
	}
	if threads == 1 {
		work()
	} else {
		var wg sync.WaitGroup
		for range min(threads, len(jobs)) {
			wg.Go(work)
		}
		wg.Wait()
	}
	for i, j := range jobs {
		counts[j.root] += results[i]
	}
	return moves, counts
}

// expand replaces every job by the positions one ply below it. A job
// without legal moves is dropped: it is checkmate or stalemate with at
// least two plies left to count, so its count is 0.
func expand(jobs []job) []job {
	var out []job
	var ml core.MoveList
	for i := range jobs {
		j := &jobs[i]
		j.pos.LegalMoves(&ml)
		for _, m := range ml.Moves() {
			out = append(out, job{pos: j.pos, root: j.root})
			out[len(out)-1].pos.MakeMove(m)
		}
	}
	return out
}
