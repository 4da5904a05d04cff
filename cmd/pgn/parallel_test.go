package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// manyGames returns n small games, one per chunk of a small chunk size.
func manyGames(n int) []byte {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "[Event \"%d\"]\n\n1. e4 e5 *\n\n", i)
	}
	return []byte(b.String())
}

// TestProcessIsParallel checks that workers read chunks at the same time:
// each chunk's work waits until as many chunks as workers are in work at
// once, which only happens if the pipeline runs them together.
func TestProcessIsParallel(t *testing.T) {
	const workers = 3
	var inWork, peak atomic.Int32
	all := make(chan struct{})
	var once atomic.Bool
	err := process(newSplitter(bytes.NewReader(manyGames(60)), 64), workers, func(_ *worker, c chunk) int {
		n := inWork.Add(1)
		for {
			p := peak.Load()
			if n <= p || peak.CompareAndSwap(p, n) {
				break
			}
		}
		if n == workers && once.CompareAndSwap(false, true) {
			close(all)
		}
		select {
		case <-all:
		case <-time.After(10 * time.Second):
		}
		inWork.Add(-1)
		return 0
	}, func(chunk, int) {})
	require.NoError(t, err)
	assert.Equal(t, int32(workers), peak.Load(), "chunks in work at once")
}

// TestProcessKeepsOrder gives chunks work of random length: the results
// come out in the chunks' order all the same.
func TestProcessKeepsOrder(t *testing.T) {
	data := manyGames(200)
	var got []int
	lines := 1
	err := process(newSplitter(bytes.NewReader(data), 100), 4, func(_ *worker, c chunk) int {
		time.Sleep(time.Duration(rand.IntN(2000)) * time.Microsecond)
		return c.seq
	}, func(c chunk, seq int) {
		require.Equal(t, lines, c.line, "chunk %d starts on the line after the last chunk", seq)
		lines += bytes.Count(c.data, []byte("\n"))
		got = append(got, seq)
	})
	require.NoError(t, err)
	require.NotEmpty(t, got)
	for i, seq := range got {
		require.Equal(t, i, seq)
	}
}
