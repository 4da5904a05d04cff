package main

import (
	"flag"
	"fmt"
	"runtime"

	"github.com/gambit-chess/gambit/perft"
)

// counterOptions are the flags that say how to count: -threads and -hash.
type counterOptions struct {
	threads *int
	hashMB  *int
}

// counterFlags defines -threads and -hash on fs.
func counterFlags(fs *flag.FlagSet) counterOptions {
	return counterOptions{
		threads: fs.Int("threads", runtime.GOMAXPROCS(0), "goroutines to count on"),
		hashMB:  fs.Int("hash", 0, "hash table size in MB (0: no hashing)"),
	}
}

// counter returns the Counter the flags ask for, its hash table allocated.
func (o counterOptions) counter() (*perft.Counter, error) {
	if *o.threads < 1 {
		return nil, fmt.Errorf("-threads must be at least 1, not %d", *o.threads)
	}
	c := &perft.Counter{Threads: *o.threads}
	if *o.hashMB != 0 {
		t, err := perft.NewTable(*o.hashMB)
		if err != nil {
			return nil, fmt.Errorf("-hash: %w", err)
		}
		c.Table = t
	}
	return c, nil
}
