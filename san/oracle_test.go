package san_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/san"
)

// The chessops oracle: testdata/oracle/games.mjs plays random legal games
// with chessops (an independent TypeScript implementation, by the author of
// python-chess) and prints the SAN and FEN after every move.
const (
	oracleDir = "testdata/oracle"
	// oracleInstall is the command that installs Node.js and chessops,
	// from the repository root; make test runs it before the tests.
	oracleInstall = "scripts/test-deps.sh"
)

// Environment variables that change the oracle test.
const (
	envOracleGames = "GAMBIT_SAN_ORACLE_GAMES" // number of games (default 400)
	envOracleSeed  = "GAMBIT_SAN_ORACLE_SEED"  // the games' seed (default 1)
	envOracleFile  = "GAMBIT_SAN_ORACLE_FILE"  // replay this JSON-lines file instead
)

// oracleGame is one line of the oracle's output.
type oracleGame struct {
	Game     int    `json:"game"`
	Chess960 bool   `json:"chess960"`
	Start    string `json:"start"`
	Moves    []struct {
		UCI string `json:"uci"` // castling as king takes rook
		SAN string `json:"san"`
		FEN string `json:"fen"` // after the move
	} `json:"moves"`
}

// TestOracleChessops replays random standard and Chess960 games that
// chessops played: every move must parse (leniently and strictly) to the
// move chessops played, Format must write chessops's SAN, and the position
// after it must have chessops's FEN.
//
// GAMBIT_SAN_ORACLE_GAMES and GAMBIT_SAN_ORACLE_SEED ask for other games;
// GAMBIT_SAN_ORACLE_FILE replays a file of such lines instead, such as a
// held-out set made by another implementation.
func TestOracleChessops(t *testing.T) {
	t.Parallel() // node runs in its own process
	var src io.Reader
	path := os.Getenv(envOracleFile)
	if path != "" {
		f, err := os.Open(path)
		require.NoError(t, err)
		defer f.Close()
		src = f
	} else {
		games := envInt(t, envOracleGames, 400)
		seed := envInt(t, envOracleSeed, 1)
		src = bytes.NewReader(runOracle(t, seed, games))
	}

	var st oracleStats
	sc := bufio.NewScanner(src)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	failed := 0
	for sc.Scan() {
		var g oracleGame
		require.NoError(t, json.Unmarshal(sc.Bytes(), &g))
		if err := replayOracleGame(g, &st); err != nil {
			t.Errorf("game %d (chess960 %v, start %s): %v", g.Game, g.Chess960, g.Start, err)
			if failed++; failed >= 20 {
				t.Fatal("too many failures")
			}
		}
	}
	require.NoError(t, sc.Err())
	t.Logf("%s", st)
	require.Positive(t, st.games, "no games")
	if path == "" {
		// The generated games must keep exercising the hard cases; a change
		// to the script that lost them would weaken the test silently.
		assert.Positive(t, st.chess960, "Chess960 games")
		assert.Positive(t, st.castles960, "Chess960 castling")
		assert.Positive(t, st.castles-st.castles960, "standard castling")
		assert.Positive(t, st.promotions, "promotions")
		assert.Positive(t, st.enPassant, "en passant captures")
		assert.Positive(t, st.mates, "checkmates")
		assert.Positive(t, st.disambiguated, "disambiguated moves")
	}
}

// replayOracleGame plays g through gambit and returns the first
// disagreement with the oracle.
func replayOracleGame(g oracleGame, st *oracleStats) error {
	p, err := core.ParseFEN(g.Start)
	if err != nil {
		return err
	}
	if g.Chess960 {
		p.SetChess960(true)
		st.chess960++
	}
	if got := p.FEN(); got != g.Start {
		return fmt.Errorf("start FEN: gambit writes %s", got)
	}
	st.games++
	for i, mv := range g.Moves {
		fail := func(format string, args ...any) error {
			return fmt.Errorf("ply %d %s (%s) in %s: %s", i+1, mv.SAN, mv.UCI, p.FEN(), fmt.Sprintf(format, args...))
		}
		want, err := p.ParseUCI(mv.UCI)
		if err != nil {
			return fail("core cannot read the oracle's move: %v", err)
		}
		m, err := san.Parse(&p, mv.SAN)
		if err != nil {
			return fail("Parse: %v", err)
		}
		if m != want {
			return fail("Parse returned %v", m)
		}
		if strict, err := san.ParseStrict(&p, mv.SAN); err != nil || strict != want {
			return fail("ParseStrict returned %v, %v", strict, err)
		}
		if got := san.Format(&p, want); got != mv.SAN {
			return fail("Format wrote %q", got)
		}
		st.count(&p, want, mv.SAN)
		p.MakeMove(want)
		if got := p.FEN(); got != mv.FEN {
			return fail("FEN after the move:\n gambit   %s\n chessops %s", got, mv.FEN)
		}
	}
	return nil
}

// runOracle runs the chessops script and returns its output.
func runOracle(t *testing.T, seed, games int) []byte {
	t.Helper()
	node, err := exec.LookPath("node")
	require.NoError(t, err, "Node.js runs the chessops oracle: run %s (from the repository root)", oracleInstall)
	_, err = os.Stat(filepath.Join(oracleDir, "node_modules", "chessops", "package.json"))
	require.NoError(t, err, "chessops is not installed: run %s (from the repository root)", oracleInstall)

	cmd := exec.Command(node, "games.mjs", "--seed", strconv.Itoa(seed), "--games", strconv.Itoa(games))
	cmd.Dir = oracleDir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, "node games.mjs: %s", stderr.String())
	return out
}

// envInt reads a positive integer from the environment, or returns def.
func envInt(t *testing.T, name string, def int) int {
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	require.NoError(t, err, "%s", name)
	require.Positive(t, n, "%s", name)
	return n
}

// oracleStats counts what the replayed games covered.
type oracleStats struct {
	games, chess960, moves                     int
	castles, castles960, promotions, enPassant int
	captures, checks, mates, disambiguated     int
}

func (st *oracleStats) count(p *core.Position, m core.Move, text string) {
	st.moves++
	switch {
	case m.IsCastle():
		st.castles++
		if p.Chess960() {
			st.castles960++
		}
	case m.IsEnPassant():
		st.enPassant++
	}
	if m.IsPromotion() {
		st.promotions++
	}
	if m.IsCapture() {
		st.captures++
	}
	switch {
	case strings.HasSuffix(text, "#"):
		st.mates++
	case strings.HasSuffix(text, "+"):
		st.checks++
	}
	// A piece move longer than letter, 'x' and square is disambiguated.
	if m.Piece() != core.Pawn && !m.IsCastle() {
		n := len(strings.TrimRight(text, "+#"))
		if m.IsCapture() {
			n--
		}
		if n > 3 {
			st.disambiguated++
		}
	}
}

func (st oracleStats) String() string {
	return fmt.Sprintf("%d games (%d Chess960), %d moves: %d castlings (%d Chess960), %d promotions, "+
		"%d en passant, %d captures, %d checks, %d mates, %d disambiguated",
		st.games, st.chess960, st.moves, st.castles, st.castles960, st.promotions,
		st.enPassant, st.captures, st.checks, st.mates, st.disambiguated)
}
