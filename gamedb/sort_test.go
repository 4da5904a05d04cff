package gamedb

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSortPostings: the radix sort orders postings by key and keeps the
// order of equal keys, on runs short and long, keys that share bytes and
// keys that repeat.
func TestSortPostings(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{0, 1, 2, 31, 32, 1000, 200000} {
		keys, vals := make([]uint64, n), make([]uint64, n)
		for i := range keys {
			switch rng.IntN(4) {
			case 0:
				keys[i] = rng.Uint64()
			case 1:
				keys[i] = rng.Uint64() & 0xffff0000000000ff // long runs sharing bytes
			case 2:
				keys[i] = uint64(rng.IntN(50)) << 40 // repeats
			default:
				keys[i] = 0x1234000000000000 | rng.Uint64()&0xffffff
			}
			vals[i] = uint64(i)
		}
		type kv struct{ k, v uint64 }
		want := make([]kv, n)
		for i := range keys {
			want[i] = kv{keys[i], vals[i]}
		}
		slices.SortStableFunc(want, func(a, b kv) int { return cmp.Compare(a.k, b.k) })
		var in postingChunks
		for len(keys) > 0 { // in uneven pieces, as batches come
			m := min(len(keys), 1+rng.IntN(70000))
			in.add(keys[:m], vals[:m], 0)
			keys, vals = keys[m:], vals[m:]
		}
		keys, vals = sortPostings(&in)
		require.Len(t, keys, n)
		for i := range want {
			require.Equal(t, want[i], kv{keys[i], vals[i]}, "n %d, at %d", n, i)
		}
	}
}
