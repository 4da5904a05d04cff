package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/gamedb"
	"github.com/gambit-chess/gambit/pgn"
)

// TestIndexExploreFind: pgn index builds an index of the real files with
// one worker or two, appends, merges; explore and find answer what
// package gamedb answers, in text and JSON.
func TestIndexExploreFind(t *testing.T) {
	dir := t.TempDir()
	db1 := filepath.Join(dir, "one")
	status, stdout, stderr := runCmd(t, nil, "index", "-o", db1, "-j", "1", twicFile, lichessFile)
	require.Equal(t, exitOK, status, stderr)
	assert.Contains(t, stdout, "games       1548 (0 broken left out)")

	// Two workers and an append give the same index, game for game.
	db2 := filepath.Join(dir, "two")
	status, _, stderr = runCmd(t, nil, "index", "-o", db2, "-j", "2", twicFile)
	require.Equal(t, exitOK, status, stderr)
	status, _, stderr = runCmd(t, nil, "index", "-append", db2, lichessFile)
	require.Equal(t, exitOK, status, stderr)
	status, stdout, stderr = runCmd(t, nil, "index", "-compact", db2)
	require.Equal(t, exitOK, status, stderr)
	assert.Contains(t, stdout, "compacted")
	shards := filepath.Join(dir, "merged")
	status, stdout, stderr = runCmd(t, nil, "index", "-merge", "-o", shards, db2)
	require.Equal(t, exitOK, status, stderr)
	assert.Contains(t, stdout, "1548 games of 1 shard")

	moves := "1. e4 c5 2. Nf3 d6 3. d4"
	var first string
	for _, db := range []string{db1, db2, shards} {
		status, stdout, stderr = runCmd(t, nil, "explore", db, "-moves", moves)
		require.Equal(t, exitOK, status, stderr)
		if first == "" {
			first = stdout
		}
		assert.Equal(t, first, stdout)
	}
	assert.Contains(t, first, "opening   B5")
	assert.Contains(t, first, "cxd4")

	// The JSON agrees with the package.
	status, stdout, stderr = runCmd(t, nil, "explore", db1, "-moves", moves, "-json")
	require.Equal(t, exitOK, status, stderr)
	var ex struct {
		FEN   string `json:"fen"`
		Games int64  `json:"games"`
		Moves []struct {
			UCI   string `json:"uci"`
			SAN   string `json:"san"`
			Games int64  `json:"games"`
		} `json:"moves"`
		Opening struct{ ECO, Name string } `json:"opening"`
	}
	require.NoError(t, json.Unmarshal([]byte(stdout), &ex))
	db, err := gamedb.Open(db1)
	require.NoError(t, err)
	defer db.Close()
	p := core.StartPosition()
	for _, m := range []string{"e2e4", "c7c5", "g1f3", "d7d6", "d2d4"} {
		mv, err := p.ParseUCI(m)
		require.NoError(t, err)
		p.MakeMove(mv)
	}
	want, err := db.Explore(&p, gamedb.Filter{})
	require.NoError(t, err)
	assert.Equal(t, p.FEN(), ex.FEN)
	assert.Equal(t, want.Games, ex.Games)
	require.Len(t, ex.Moves, len(want.Moves))
	for i, m := range want.Moves {
		assert.Equal(t, p.UCI(m.Move), ex.Moves[i].UCI)
		assert.Equal(t, m.Games, ex.Moves[i].Games)
	}
	assert.NotEmpty(t, ex.Opening.ECO)

	// find: pages of the same list; -pgn writes games that read back.
	status, stdout, stderr = runCmd(t, nil, "find", db1, "-moves", moves, "-limit", "3", "-offset", "2", "-json")
	require.Equal(t, exitOK, status, stderr)
	var found struct {
		Total int64 `json:"total"`
		Games []struct {
			Game int64 `json:"game"`
			Ply  int   `json:"ply"`
		} `json:"games"`
	}
	require.NoError(t, json.Unmarshal([]byte(stdout), &found))
	page, err := db.Find(&p, gamedb.Filter{}, 2, 3)
	require.NoError(t, err)
	assert.Equal(t, page.Total, found.Total)
	require.Len(t, found.Games, 3)
	for i, h := range page.Hits {
		assert.Equal(t, h.Number, found.Games[i].Game)
		assert.Equal(t, 5, found.Games[i].Ply)
	}
	status, stdout, stderr = runCmd(t, nil, "find", db1, "-moves", moves, "-limit", "2", "-pgn")
	require.Equal(t, exitOK, status, stderr)
	r := pgn.NewReader(strings.NewReader(stdout))
	for range 2 {
		g, err := r.Next()
		require.NoError(t, err)
		assert.NotEqual(t, "?", g.Tags.Get("White"))
	}

	// Patterns and filters.
	status, stdout, stderr = runCmd(t, nil, "find", db1, "-material", "KRvKR", "-limit", "1")
	require.Equal(t, exitOK, status, stderr)
	assert.Contains(t, stdout, "reached material KRvKR (either colour)")
	status, stdout, stderr = runCmd(t, nil, "explore", db1, "-result", "1/2-1/2", "-speed", "blitz,bullet", "-min-rating", "1500", "-json")
	require.Equal(t, exitOK, status, stderr)
	var filtered struct{ Games, White, Black int64 }
	require.NoError(t, json.Unmarshal([]byte(stdout), &filtered))
	assert.Positive(t, filtered.Games)
	assert.Zero(t, filtered.White+filtered.Black)
}

func TestIndexErrors(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "db")
	status, _, stderr := runCmd(t, nil, "index", "-o", db, lichessFile)
	require.Equal(t, exitOK, status, stderr)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"index", twicFile}, "-o DB is needed"},
		{[]string{"index", "-o", db, twicFile}, "not empty"},
		{[]string{"index", "-append", db}, "an index and at least one FILE"},
		{[]string{"index", "-append", filepath.Join(dir, "none"), twicFile}, "no such file"},
		{[]string{"explore"}, "the index (DB) to read is needed"},
		{[]string{"explore", filepath.Join(dir, "none")}, "no such file"},
		{[]string{"explore", dir}, "is not an index"},
		{[]string{"explore", db, "-moves", "1. e4 e4"}, "-moves"},
		{[]string{"explore", db, "-fen", "nonsense"}, "-fen"},
		{[]string{"explore", db, "-from", "2020.13"}, "-from"},
		{[]string{"explore", db, "-result", "2-0"}, "-result"},
		{[]string{"explore", db, "-speed", "slow"}, "-speed"},
		{[]string{"explore", db, "-min-rating", "2000", "-max-rating", "1000"}, "-min-rating"},
		{[]string{"find", db, "-material", "KRvKR", "-moves", "1. e4"}, "not with -fen or -moves"},
		{[]string{"find", db, "-material", "KXvK"}, "-material"},
		{[]string{"find", db, "-pieces", "8/8"}, "-pieces"},
		{[]string{"find", db, "-json", "-pgn"}, "not both"},
		{[]string{"find", db, "-side", "w"}, "-side"},
	} {
		status, _, stderr := runCmd(t, nil, c.args...)
		assert.Equal(t, exitFail, status, "%v", c.args)
		assert.Contains(t, stderr, c.want, "%v", c.args)
	}
	status, stdout, stderr := runCmd(t, nil, "index", "-verify", db)
	require.Equal(t, exitOK, status, stderr)
	assert.Contains(t, stdout, "438 games, every page as written")
	// A damaged index is an error naming the file and the offset.
	seg := filepath.Join(db, "seg-000001.gdb")
	data, err := os.ReadFile(seg)
	require.NoError(t, err)
	for i := 600; i < len(data)-4096; i += 4096 {
		data[i] ^= 0x40 // a byte in every page after the header
	}
	require.NoError(t, os.WriteFile(seg, data, 0o644))
	status, _, stderr = runCmd(t, nil, "find", db, "-material", "KQvK")
	assert.Equal(t, exitFail, status)
	assert.Contains(t, stderr, seg+": corrupt index at offset")
	status, _, stderr = runCmd(t, nil, "index", "-verify", db)
	assert.Equal(t, exitBroken, status)
	assert.Contains(t, stderr, seg+": corrupt index at offset")

	// A broken game is said and left out; the rest is indexed.
	broken := filepath.Join(dir, "broken.pgn")
	require.NoError(t, os.WriteFile(broken, []byte("[Result \"1-0\"]\n\n1. e4 e5 2. Ke3 1-0\n\n[Result \"1-0\"]\n\n1. d4 1-0\n"), 0o644))
	status, stdout, stderr = runCmd(t, nil, "index", "-o", filepath.Join(dir, "b"), broken)
	assert.Equal(t, exitBroken, status)
	assert.Contains(t, stderr, "broken.pgn:3:")
	assert.Contains(t, stderr, "game 1: ")
	assert.Contains(t, stdout, "games       1 (1 broken left out)")
}
