package opening_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/opening"
)

// oracleInstall installs Node.js and chessops, from the repository root.
const oracleInstall = "scripts/test-deps.sh"

// oracleLine is one line of testdata/lines.mjs's output.
type oracleLine struct {
	File  string `json:"file"`
	Line  int    `json:"line"`
	UCI   string `json:"uci"`
	EPD   string `json:"epd"`
	Error string `json:"error"`
}

// TestOracleChessops: chessops replays every line of the data to the same
// moves (in UCI) and the same position (its EPD) as gambit, and the
// package gives each line's UCI as chessops writes it.
func TestOracleChessops(t *testing.T) {
	t.Parallel() // node runs in its own process
	lines := readData(t)
	first := firstByEPD(lines)
	files, err := filepath.Glob(filepath.Join("data", "*.tsv"))
	require.NoError(t, err)
	for i := range files {
		files[i], err = filepath.Abs(files[i])
		require.NoError(t, err)
	}

	node, err := exec.LookPath("node")
	require.NoError(t, err, "Node.js runs the chessops oracle: run %s (from the repository root)", oracleInstall)
	_, err = os.Stat(filepath.Join("..", "san", "testdata", "oracle", "node_modules", "chessops", "package.json"))
	require.NoError(t, err, "chessops is not installed: run %s (from the repository root)", oracleInstall)
	cmd := exec.Command(node, append([]string{"lines.mjs"}, files...)...)
	cmd.Dir = "testdata"
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, "node lines.mjs: %s", stderr.String())

	sc := bufio.NewScanner(bytes.NewReader(out))
	n := 0
	for sc.Scan() {
		var o oracleLine
		require.NoError(t, json.Unmarshal(sc.Bytes(), &o))
		require.Less(t, n, len(lines), "chessops read more lines than the tests")
		l := &lines[n]
		n++
		require.Equal(t, l.File, o.File, "output line %d", n)
		require.Equal(t, l.Line, o.Line, "output line %d", n)
		require.Empty(t, o.Error, "%s line %d: chessops cannot replay %q", l.File, l.Line, l.PGN)
		require.Equal(t, o.EPD, l.EPD, "%s line %d (%s): the position, chessops then gambit", l.File, l.Line, l.PGN)
		require.Equal(t, o.UCI, l.UCI, "%s line %d (%s): the moves, chessops then gambit", l.File, l.Line, l.PGN)
		got, ok := opening.Lookup(&l.End)
		require.True(t, ok)
		if first[l.EPD] == l {
			require.Equal(t, o.UCI, got.UCI, "%s line %d: Opening.UCI", l.File, l.Line)
		}
	}
	require.NoError(t, sc.Err())
	require.Equal(t, len(lines), n, "lines chessops replayed")
}
