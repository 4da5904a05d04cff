package perft

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/gambit-chess/gambit/core"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// maxNodes caps the expected count of a suite line that `go test` checks:
// 10 million by default, so the published suites run in seconds;
// GAMBIT_PERFT_MAX_NODES=0 checks every depth (make perft-suite).
func maxNodes(t *testing.T) uint64 {
	s := os.Getenv("GAMBIT_PERFT_MAX_NODES")
	if s == "" {
		return 10_000_000
	}
	n, err := strconv.ParseUint(s, 10, 64)
	require.NoError(t, err, "GAMBIT_PERFT_MAX_NODES")
	return n
}

// TestPublishedSuites runs the published perft suites: the standard
// positions, all 960 Chess960 start positions, and the tricky positions.
func TestPublishedSuites(t *testing.T) {
	limit := maxNodes(t)
	for _, file := range []string{"standard.epd", "chess960.epd", "tricky.perft"} {
		t.Run(file, func(t *testing.T) {
			t.Parallel()
			cases, err := ReadSuiteFile("../testdata/perft/" + file)
			require.NoError(t, err)
			require.NotEmpty(t, cases)
			checked := 0
			for _, c := range cases {
				p, err := core.ParseFEN(c.FEN)
				require.NoError(t, err, "%s line %d", file, c.Line)
				for _, e := range c.Counts {
					if limit > 0 && e.Nodes > limit {
						continue
					}
					got := Count(&p, e.Depth)
					if !assert.Equal(t, e.Nodes, got, "%s line %d (%s) depth %d: %s", file, c.Line, c.Name, e.Depth, c.FEN) {
						break
					}
					checked++
				}
			}
			t.Logf("%s: %d positions, %d counts checked", file, len(cases), checked)
		})
	}
}

func TestReadSuite(t *testing.T) {
	in := `# comment
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400

id kiwipete
epd r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -
perft 1 48
perft 2 2039
`
	cases, err := ReadSuite(strings.NewReader(in))
	require.NoError(t, err)
	require.Len(t, cases, 2)
	assert.Equal(t, Case{Name: "line 2", FEN: core.StartFEN, Line: 2, Counts: []Expect{{1, 20}, {2, 400}}}, cases[0])
	assert.Equal(t, "kiwipete", cases[1].Name)
	assert.Equal(t, 5, cases[1].Line)
	assert.Equal(t, []Expect{{1, 48}, {2, 2039}}, cases[1].Counts)

	for name, bad := range map[string]string{
		"perft before epd": "perft 1 20\n",
		"bad count":        core.StartFEN + " ;D1 x\n",
		"bad field":        core.StartFEN + " ;X1 20\n",
		"bad perft line":   "epd " + core.StartFEN + "\nperft 1\n",
	} {
		_, err := ReadSuite(strings.NewReader(bad))
		assert.Error(t, err, name)
		assert.Contains(t, err.Error(), "line", name)
	}
}

func TestDivideSumsToCount(t *testing.T) {
	p, err := core.ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	require.NoError(t, err)
	div := Divide(&p, 3)
	require.Len(t, div, 48)
	var sum uint64
	for _, d := range div {
		sum += d.Nodes
	}
	assert.Equal(t, uint64(97862), sum)
	assert.Equal(t, uint64(97862), Count(&p, 3))
	assert.Empty(t, Divide(&p, 0))
	assert.Equal(t, uint64(1), Count(&p, 0))
}

func TestCountAllocatesNothing(t *testing.T) {
	p := core.StartPosition()
	allocs := testing.AllocsPerRun(5, func() { Count(&p, 3) })
	assert.Zero(t, allocs)
}
