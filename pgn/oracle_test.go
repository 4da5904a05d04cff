package pgn_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/internal/pgncorpus"
	"github.com/gambit-chess/gambit/pgn"
	"github.com/gambit-chess/gambit/san"
)

// Environment variables of the oracle test.
const (
	envCorpusGames = "GAMBIT_PGN_ORACLE_GAMES" // games in the corpus (default 300)
	envCorpusSeed  = "GAMBIT_PGN_ORACLE_SEED"  // its seed (default 1)
)

// TestOracleCorpus reads a corpus of random games that chessops played,
// standard and Chess960, with nested variations, comments, NAGs and the
// quirks of real files, and checks every game's tags, start position,
// mainline (as moves and as SAN) and final position against chessops,
// through Next, NextMainline and NextTags.
//
// GAMBIT_PGN_ORACLE_GAMES and GAMBIT_PGN_ORACLE_SEED ask for another
// corpus (make pgn-oracle-deep).
func TestOracleCorpus(t *testing.T) {
	t.Parallel()
	path, want := pgncorpus.Write(t, "..", pgncorpus.EnvInt(t, envCorpusSeed, 1), pgncorpus.EnvInt(t, envCorpusGames, 300))
	data, err := os.ReadFile(path)
	require.NoError(t, err)

	var stats struct{ games, chess960, variations, comments, nags, castles960 int }
	r := pgn.NewReader(bytes.NewReader(data))
	for i, w := range want {
		g, err := r.Next()
		require.NoError(t, err, "game %d", w.Game)
		checkOracleGame(t, w, g.Start, g.MainlineMoves(), g.Result)
		p := g.FinalPosition()
		require.Equal(t, w.FinalFEN, p.FEN(), "game %d: final position", w.Game)
		for name, value := range w.Tags {
			require.Equal(t, value, g.Tags.Get(name), "game %d: tag %s", w.Game, name)
		}
		stats.games++
		if w.Chess960 {
			stats.chess960++
		}
		countTree(g.Root, &stats.variations, &stats.comments, &stats.nags)
		_ = i
	}
	_, err = r.Next()
	require.Equal(t, io.EOF, err, "no more games")

	// The fast paths agree.
	r = pgn.NewReader(bytes.NewReader(data))
	var m pgn.Mainline
	for _, w := range want {
		require.NoError(t, r.NextMainline(&m), "game %d", w.Game)
		checkOracleGame(t, w, m.Start, m.Moves, m.Result)
		require.Equal(t, w.FinalFEN, m.End.FEN(), "game %d: final position", w.Game)
	}
	require.Equal(t, io.EOF, r.NextMainline(&m))
	r = pgn.NewReader(bytes.NewReader(data))
	for _, w := range want {
		tags, err := r.NextTags()
		require.NoError(t, err, "game %d", w.Game)
		require.Len(t, tags, len(w.Tags), "game %d", w.Game)
		for name, value := range w.Tags {
			require.Equal(t, value, tags.Get(name), "game %d: tag %s", w.Game, name)
		}
	}
	_, err = r.NextTags()
	require.Equal(t, io.EOF, err)

	t.Logf("%d games (%d Chess960), %d variations, %d comments, %d NAGs", stats.games, stats.chess960, stats.variations, stats.comments, stats.nags)
	// The corpus must keep exercising what it is for.
	assert.Positive(t, stats.chess960)
	assert.Positive(t, stats.variations)
	assert.Positive(t, stats.comments)
	assert.Positive(t, stats.nags)
}

// checkOracleGame compares a game's start, mainline and result with
// chessops's.
func checkOracleGame(t *testing.T, w pgncorpus.Game, start core.Position, moves []core.Move, result string) {
	t.Helper()
	require.Equal(t, w.StartFEN, start.FEN(), "game %d: start position", w.Game)
	require.Equal(t, w.Chess960, start.Chess960(), "game %d: Chess960", w.Game)
	require.Len(t, moves, len(w.UCI), "game %d: mainline length", w.Game)
	p := start
	for i, m := range moves {
		want, err := p.ParseUCI(w.UCI[i])
		require.NoError(t, err, "game %d ply %d: chessops's move %s", w.Game, i+1, w.UCI[i])
		require.Equal(t, want, m, "game %d ply %d: %s", w.Game, i+1, w.SAN[i])
		require.Equal(t, w.SAN[i], san.Format(&p, m), "game %d ply %d", w.Game, i+1)
		p.MakeMove(m)
	}
	require.Equal(t, w.Result, result, "game %d: result", w.Game)
}

func countTree(n *pgn.Node, variations, comments, nags *int) {
	for n != nil {
		*comments += len(n.Comments) + len(n.CommentsBefore)
		*nags += len(n.NAGs)
		for _, v := range n.Children[min(1, len(n.Children)):] {
			*variations++
			countTree(v, variations, comments, nags)
		}
		n = n.Next()
	}
}

// fileGame is one game of a testdata file as chessops reads it.
type fileGame struct {
	File   string   `json:"file"`
	Game   int      `json:"game"`
	Plies  int      `json:"plies"`
	SAN    []string `json:"san"`
	FEN    string   `json:"fen"`
	Result string   `json:"result"`
	Error  string   `json:"error"`
}

// TestFilesAgainstChessops reads every PGN file of testdata/pgn and
// checks the number of games and, for every game, the mainline's SAN and
// final position and the result against chessops.
func TestFilesAgainstChessops(t *testing.T) {
	t.Parallel()
	files := pgnFiles(t, false)
	abs := make([]string, len(files))
	var err error
	for i, f := range files {
		abs[i], err = filepath.Abs(f)
		require.NoError(t, err)
	}
	want := map[string][]fileGame{}
	sc := bufio.NewScanner(bytes.NewReader(pgncorpus.RunNode(t, "..", "files.mjs", abs...)))
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var g fileGame
		require.NoError(t, json.Unmarshal(sc.Bytes(), &g))
		want[g.File] = append(want[g.File], g)
	}
	require.NoError(t, sc.Err())

	for _, path := range files {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			f, err := os.Open(path)
			require.NoError(t, err)
			defer f.Close()
			got := readAll(t, f)
			require.Len(t, got, len(want[name]), "games")
			for i, w := range want[name] {
				require.Empty(t, w.Error, "chessops cannot read game %d", i+1)
				require.NoError(t, got[i].err, "game %d", i+1)
				g := got[i].game
				require.Equal(t, w.SAN, mainlineSAN(g), "game %d", i+1)
				p := g.FinalPosition()
				require.Equal(t, w.FEN, p.FEN(), "game %d: final position", i+1)
				require.Equal(t, w.Result, g.Tags.Get("Result"), "game %d: result tag", i+1)
			}
		})
	}
}
