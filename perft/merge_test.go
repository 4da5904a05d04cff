package perft_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/fentest"
	"github.com/gambit-chess/gambit/perft"
)

// runAll splits and runs every unit.
func runAll(t *testing.T, fen string, depth, at int) []perft.Result {
	t.Helper()
	p := fentest.Position(t, fen)
	units, err := perft.Split(&p, depth, at)
	require.NoError(t, err)
	out := make([]perft.Result, len(units))
	for i, u := range units {
		out[i], err = u.Run(nil)
		require.NoError(t, err)
	}
	return out
}

// without returns rs less the results with the given ids.
func without(rs []perft.Result, ids ...int) []perft.Result {
	var out []perft.Result
outer:
	for _, r := range rs {
		for _, id := range ids {
			if r.ID == id {
				continue outer
			}
		}
		out = append(out, r)
	}
	return out
}

func TestMergeMissing(t *testing.T) {
	rs := runAll(t, core.StartFEN, 3, 2) // 400 units
	total, err := perft.Merge(rs)
	require.NoError(t, err)
	require.Equal(t, uint64(8902), total.Nodes)

	total, err = perft.Merge(without(rs, 7, 399))
	require.ErrorIs(t, err, perft.ErrMissingUnit)
	var me *perft.MissingError
	require.ErrorAs(t, err, &me)
	require.Len(t, me.Missing, 2)
	assert.Equal(t, rs[7].Unit, me.Missing[0])
	assert.Equal(t, rs[399].Unit, me.Missing[1])
	assert.Equal(t, 400, me.Units)
	assert.Contains(t, err.Error(), "2 of 400 units missing from perft(3) of "+core.StartFEN)
	assert.Contains(t, err.Error(), "7 ("+rs[7].Path+")")
	assert.Contains(t, err.Error(), "399 ("+rs[399].Path+")")
	assert.Equal(t, uint64(8902)-rs[7].Nodes-rs[399].Nodes, total.Nodes, "the total so far")

	// Many missing: the message names ten and counts the rest.
	_, err = perft.Merge(rs[:380])
	require.ErrorAs(t, err, &me)
	assert.Len(t, me.Missing, 20)
	assert.Contains(t, err.Error(), "and 10 more")

	_, err = perft.Merge(nil)
	assert.ErrorIs(t, err, perft.ErrMissingUnit)
}

func TestMergeDuplicate(t *testing.T) {
	rs := runAll(t, kiwipete, 2, 1)
	var m perft.Merger
	for _, r := range rs {
		require.NoError(t, m.Add(r))
	}
	// An identical repeat (a retried task) is ignored.
	require.NoError(t, m.Add(rs[5]))
	require.NoError(t, m.Add(rs[5]))
	assert.Equal(t, 2, m.Duplicates())
	// A repeat with another count means one of them is wrong.
	bad := rs[5]
	bad.Nodes++
	err := m.Add(bad)
	require.ErrorIs(t, err, perft.ErrDuplicateUnit)
	var ue *perft.UnitError
	require.ErrorAs(t, err, &ue)
	assert.Equal(t, 5, ue.ID)
	assert.Equal(t, rs[5].Path, ue.Path)
	total, err := m.Total()
	require.NoError(t, err, "no duplicate is added")
	assert.Equal(t, uint64(2039), total.Nodes)
}

// TestMergeOutOfOrderWithRepeats merges the results shuffled, with some
// repeated, as a batch system's output directory holds them.
func TestMergeOutOfOrderWithRepeats(t *testing.T) {
	rs := runAll(t, kiwipete, 3, 1)
	mixed := slices.Clone(rs)
	mixed = append(mixed, rs[3], rs[17], rs[3])
	rand.New(rand.NewPCG(1, 2)).Shuffle(len(mixed), func(i, j int) { mixed[i], mixed[j] = mixed[j], mixed[i] })
	var m perft.Merger
	for _, r := range mixed {
		require.NoError(t, m.Add(r))
	}
	total, err := m.Total()
	require.NoError(t, err)
	assert.Equal(t, uint64(97862), total.Nodes)
	assert.Equal(t, 3, m.Duplicates())
}

func TestMergeForeignAndInvalid(t *testing.T) {
	rs := runAll(t, kiwipete, 3, 1)
	other := func(fen string, depth, at int) perft.Result { return runAll(t, fen, depth, at)[0] }
	for _, tc := range []struct {
		name string
		bad  perft.Result
		kind error
	}{
		{"another root", other(core.StartFEN, 3, 1), perft.ErrForeignUnit},
		{"another depth", other(kiwipete, 4, 1), perft.ErrForeignUnit},
		{"another split", other(kiwipete, 3, 2), perft.ErrForeignUnit},
		{"chess960", func() perft.Result { r := rs[0]; r.Chess960 = true; return r }(), perft.ErrForeignUnit},
		{"path not in the run", func() perft.Result { r := rs[0]; r.Path = "a1a1"; return r }(), perft.ErrForeignUnit},
		{"wrong id", func() perft.Result { r := rs[0]; r.ID = 1; return r }(), perft.ErrInvalidUnit},
		{"wrong unit count", func() perft.Result { r := rs[0]; r.Units = 47; return r }(), perft.ErrInvalidUnit},
		{"wrong FEN", func() perft.Result { r := rs[0]; r.FEN = kiwipete; return r }(), perft.ErrInvalidUnit},
		{"wrong depth", func() perft.Result { r := rs[0]; r.Depth = 1; return r }(), perft.ErrInvalidUnit},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var m perft.Merger
			require.NoError(t, m.Add(rs[1]))
			err := m.Add(tc.bad)
			require.ErrorIs(t, err, tc.kind)
			var ue *perft.UnitError
			require.ErrorAs(t, err, &ue)

			// Merge reports it together with what is missing.
			all := append(without(rs, 0), tc.bad)
			_, err = perft.Merge(all)
			assert.ErrorIs(t, err, tc.kind)
			assert.ErrorIs(t, err, perft.ErrMissingUnit, "unit 0 is not there")
		})
	}

	// A first result whose root is not a position cannot start a merge.
	bad := rs[0]
	bad.Root = "not a fen"
	var m perft.Merger
	err := m.Add(bad)
	assert.ErrorIs(t, err, perft.ErrInvalidUnit)
	assert.True(t, errors.Is(err, core.ErrInvalidFEN))
	require.NoError(t, m.Add(rs[0]), "the next result starts it")
}
