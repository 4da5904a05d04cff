package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/pgncorpus"
)

// jsonGame is a line of pgn json.
type jsonGame struct {
	Game     int               `json:"game"`
	Tags     map[string]string `json:"tags"`
	StartFEN string            `json:"start_fen"`
	SAN      []string          `json:"moves_san"`
	UCI      []string          `json:"moves_uci"`
	FinalFEN string            `json:"final_fen"`
	Result   string            `json:"result"`
	Errors   []string          `json:"errors"`
}

// parseJSONLines reads pgn json's output.
func parseJSONLines(t testing.TB, out string) []jsonGame {
	t.Helper()
	var games []jsonGame
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var g jsonGame
		require.NoError(t, json.Unmarshal(sc.Bytes(), &g), "line %q", sc.Text())
		games = append(games, g)
	}
	require.NoError(t, sc.Err())
	return games
}

// TestOracleJSON runs pgn json on a chessops corpus (standard and
// Chess960 games with variations, comments, NAGs and real files' quirks)
// and checks every game's tags, start, mainline in SAN and UCI, final
// position and result against chessops. It cuts the file into small
// chunks, so that four workers share it, and reads it plain, gzipped and
// zstd-compressed, from a file and from standard input: the output must
// be the same every way.
//
// GAMBIT_PGN_ORACLE_GAMES and GAMBIT_PGN_ORACLE_SEED ask for another
// corpus (make pgn-deep).
func TestOracleJSON(t *testing.T) {
	path, want := pgncorpus.Write(t, "../..", pgncorpus.EnvInt(t, "GAMBIT_PGN_ORACLE_SEED", 11), pgncorpus.EnvInt(t, "GAMBIT_PGN_ORACLE_GAMES", 300))
	data, err := os.ReadFile(path)
	require.NoError(t, err)

	var out bytes.Buffer
	e := &env{stdin: bytes.NewReader(nil), stdout: &out, stderr: os.Stderr, workers: 4, chunk: 16 << 10}
	require.Equal(t, exitOK, jsonLines(e, path))
	got := parseJSONLines(t, out.String())
	require.Len(t, got, len(want))
	for i, w := range want {
		g := got[i]
		require.Equal(t, i+1, g.Game)
		require.Empty(t, g.Errors, "game %d", w.Game)
		require.Equal(t, w.StartFEN, g.StartFEN, "game %d: start", w.Game)
		require.Equal(t, w.SAN, g.SAN, "game %d: SAN", w.Game)
		require.Equal(t, w.FinalFEN, g.FinalFEN, "game %d: final position", w.Game)
		require.Equal(t, w.Result, g.Result, "game %d: result", w.Game)
		require.Equal(t, w.Tags, g.Tags, "game %d: tags", w.Game)
		// chessops writes castling as king takes rook; pgn json as UCI
		// engines expect it: the king's move, but in Chess960.
		p, err := core.ParseFEN(w.StartFEN)
		require.NoError(t, err)
		p.SetChess960(w.Chess960)
		require.Len(t, g.UCI, len(w.UCI), "game %d", w.Game)
		for k, u := range w.UCI {
			m, err := p.ParseUCI(u)
			require.NoError(t, err, "game %d ply %d", w.Game, k+1)
			mine, err := p.ParseUCI(g.UCI[k])
			require.NoError(t, err, "game %d ply %d: %s", w.Game, k+1, g.UCI[k])
			require.Equal(t, m, mine, "game %d ply %d: %s against chessops's %s", w.Game, k+1, g.UCI[k], u)
			if m.IsCastle() && !w.Chess960 {
				assert.Equal(t, p.CastleKingSquare(m).String(), g.UCI[k][2:4], "standard castling as the king's move")
			}
			p.MakeMove(m)
		}
	}

	// The same output from one worker, from compressed files, from stdin.
	reference := out.String()
	dir := t.TempDir()
	gz := filepath.Join(dir, "corpus.pgn.gz")
	var zbuf bytes.Buffer
	zw := gzip.NewWriter(&zbuf)
	zw.Write(data)
	require.NoError(t, zw.Close())
	require.NoError(t, os.WriteFile(gz, zbuf.Bytes(), 0o644))
	zst := filepath.Join(dir, "corpus.pgn.zst")
	enc, err := zstd.NewWriter(nil)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(zst, enc.EncodeAll(data, nil), 0o644))

	for _, tc := range []struct {
		name    string
		file    string
		stdin   []byte
		workers int
		chunk   int
	}{
		{"one worker", path, nil, 1, chunkSize},
		{"gzip", gz, nil, 2, 32 << 10},
		{"zstd", zst, nil, 3, 8 << 10},
		{"stdin", "-", data, 2, 64 << 10},
		{"zstd on stdin", "-", enc.EncodeAll(data, nil), 2, 64 << 10},
	} {
		out.Reset()
		e := &env{stdin: bytes.NewReader(tc.stdin), stdout: &out, stderr: os.Stderr, workers: tc.workers, chunk: tc.chunk}
		require.Equal(t, exitOK, jsonLines(e, tc.file), tc.name)
		require.Equal(t, reference, out.String(), tc.name)
	}

	// And through the command line.
	status, stdout, _ := runProcess(t, nil, "json", "-j", "2", zst)
	require.Equal(t, exitOK, status)
	require.Equal(t, reference, stdout)

	// pgn stats counts what chessops played.
	plies, results := 0, map[string]int{}
	for _, w := range want {
		plies += len(w.UCI)
		results[w.Result]++
	}
	status, stdout, _ = runCmd(t, nil, "stats", "-j", "2", path)
	require.Equal(t, exitOK, status)
	assert.Contains(t, stdout, "games       "+strconv.Itoa(len(want))+"\n")
	assert.Contains(t, stdout, "broken      0\n")
	assert.Contains(t, stdout, "plies       "+strconv.Itoa(plies)+" (mainline)\n")
	assert.Contains(t, stdout, "results     1-0 "+strconv.Itoa(results["1-0"])+", 0-1 "+strconv.Itoa(results["0-1"])+
		", 1/2-1/2 "+strconv.Itoa(results["1/2-1/2"])+", * "+strconv.Itoa(results["*"])+"\n")
}
