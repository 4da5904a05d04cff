package main

import (
	"flag"
	"fmt"
	"runtime"

	"github.com/gambit-chess/gambit/perft"
)

// counterOptions are the flags that say how to count: -threads, -hash and
// -full.
type counterOptions struct {
	threads *int
	hashMB  *int
	full    *bool
}

// counterFlags defines -threads, -hash and -full on fs.
func counterFlags(fs *flag.FlagSet) counterOptions {
	return counterOptions{
		threads: fs.Int("threads", runtime.GOMAXPROCS(0), "goroutines to count on"),
		hashMB:  fs.Int("hash", 0, "hash table size in MB (0: no hashing)"),
		full:    fs.Bool("full", false, "make and unmake every leaf move instead of counting the last ply in bulk (slower; not with -hash)"),
	}
}

// counter returns the Counter the flags ask for, its hash table allocated.
func (o counterOptions) counter() (*perft.Counter, error) {
	if *o.threads < 1 {
		return nil, fmt.Errorf("-threads must be at least 1, not %d", *o.threads)
	}
	c := &perft.Counter{Threads: *o.threads, Full: *o.full}
	if *o.full && *o.hashMB != 0 {
		return nil, fmt.Errorf("-full and -hash do not go together: a hashed subtree is not made")
	}
	if *o.hashMB != 0 {
		t, err := perft.NewTable(*o.hashMB)
		if err != nil {
			return nil, fmt.Errorf("-hash: %w", err)
		}
		c.Table = t
	}
	return c, nil
}
