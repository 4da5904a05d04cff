package pgn

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/san"
)

// positionsOf returns every position before a move (variations included)
// of the games in the PGN files of dir.
func positionsOf(t testing.TB, paths ...string) []core.Position {
	t.Helper()
	var out []core.Position
	for _, path := range paths {
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		rec := &positionRecorder{}
		r := NewReader(bytes.NewReader(data))
		for {
			err := r.Visit(rec)
			if err != nil && !isGameError(err) {
				break
			}
		}
		out = append(out, rec.positions...)
	}
	return out
}

type positionRecorder struct {
	BaseVisitor
	positions []core.Position
}

func (r *positionRecorder) Move(p *core.Position, m core.Move) {
	r.positions = append(r.positions, *p)
}

// resolveCases returns texts to try in p: every legal move's SAN and
// spellings of it that the fast path may or may not take, and texts that
// name no legal move here.
func resolveCases(p *core.Position, others []string) []string {
	var ml core.MoveList
	p.LegalMoves(&ml)
	var cases []string
	for _, m := range ml.Moves() {
		s := san.Format(p, m)
		long := san.FormatStyle(p, m, san.Long)
		cases = append(cases, s, strings.TrimRight(s, "+#"), s+"+", strings.ReplaceAll(s, "x", ""),
			strings.ReplaceAll(long, "-", ""), m.String(), strings.ReplaceAll(s, "=", ""))
		if m.Piece() != core.Pawn && !m.IsCastle() {
			// Over-disambiguated, with the from file and from square.
			from := m.From().String()
			cases = append(cases, s[:1]+from[:1]+s[1:], s[:1]+from[1:]+s[1:], s[:1]+from+s[1:])
		}
		if m.IsCastle() {
			cases = append(cases, strings.ReplaceAll(s, "O", "0"))
		}
	}
	return append(cases, others...)
}

// TestResolveMatchesParse holds the fast path to san.Parse: whenever it
// answers, it names the very move san.Parse returns, and it never answers
// where san.Parse fails. The positions are every one of the real games in
// testdata (standard and Chess960); the texts are each legal move in many
// spellings and the moves of other positions, which are mostly illegal.
func TestResolveMatchesParse(t *testing.T) {
	real, err := filepath.Glob("../testdata/pgn/*.pgn")
	require.NoError(t, err)
	nasty, err := filepath.Glob("../testdata/pgn/nasty/*.pgn")
	require.NoError(t, err)
	positions := positionsOf(t, append(real, nasty...)...)
	require.Greater(t, len(positions), 100000)
	step := 37 // a sample of the positions; GAMBIT_PGN_DEEP=1 tries all
	if os.Getenv(envDeep) != "" {
		step = 1
	}
	var prev []string
	answered, total := 0, 0
	for i := 0; i < len(positions); i += step {
		p := &positions[i]
		cases := resolveCases(p, prev)
		prev = prev[:0]
		for _, c := range cases {
			total++
			want, err := san.Parse(p, c)
			got, ok := resolve(p, []byte(c))
			if !ok {
				continue
			}
			answered++
			require.NoError(t, err, "resolve answered %v for %q in %s where san.Parse fails", got, c, p.FEN())
			require.Equal(t, want, got, "%q in %s", c, p.FEN())
		}
		var ml core.MoveList
		p.LegalMoves(&ml)
		for _, m := range ml.Moves() {
			prev = append(prev, san.Format(p, m))
		}
	}
	t.Logf("%d texts, the fast path answered %d", total, answered)
}

// FuzzResolve holds the fast path to san.Parse on any text in positions
// of real games: when it answers, san.Parse returns the same move.
func FuzzResolve(f *testing.F) {
	positions := positionsOf(f, "../testdata/pgn/cutechess-fischerrandom.pgn", "../testdata/pgn/kasparov-deep-blue-1997.pgn")
	for i, s := range []string{"e4", "Nf3", "O-O", "O-O-O", "exd5", "e8=Q", "Qh4+", "Kxh1", "Rad1", "N1f3", "0-0", "bxa1=N#", "e1g1"} {
		f.Add(uint16(i*37), s)
	}
	f.Fuzz(func(t *testing.T, index uint16, text string) {
		p := &positions[int(index)%len(positions)]
		got, ok := resolve(p, []byte(text))
		if !ok {
			return
		}
		want, err := san.Parse(p, text)
		require.NoError(t, err, "resolve answered %v for %q in %s", got, text, p.FEN())
		require.Equal(t, want, got, "%q in %s", text, p.FEN())
	})
}
