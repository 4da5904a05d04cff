package pgn

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/san"
)

// checkScan holds scanMove to the general path on the window text begins
// (NUL after the text): when it reads a move, the token it ends is the
// run of symbol bytes the general path cuts out, its glyphs are those that
// play takes off the end, and parseSAN reads the rest as the same move.
func checkScan(t *testing.T, text string) (read bool) {
	var w [window]byte
	copy(w[:], text)
	var m sanMove
	g, end := scanMove(&w, &m)
	if end == 0 {
		return false
	}
	tok := w[:end]
	for _, c := range tok {
		require.NotZero(t, class[c]&clSymbol, "%q: a token of %q holds a byte that ends tokens", text, tok)
	}
	require.Less(t, end, window, "%q", text)
	require.Zero(t, class[w[end]]&clSymbol, "%q: the token %q goes on", text, tok)
	n := len(tok)
	for n > 0 && (tok[n-1] == '!' || tok[n-1] == '?') {
		n--
	}
	require.Equal(t, n, g, "%q: glyphs of %q", text, tok)
	want, ok := parseSAN(tok[:g])
	require.True(t, ok, "%q: scanMove reads %+v where parseSAN reads nothing", text, m)
	require.Equal(t, want, m, "%q", text)
	return true
}

// TestScanMoveMatchesParse tries every legal move's SAN in the positions
// of the real games in testdata, in many spellings, with marks, glyphs and
// what may follow a token, and junk; scanMove must read what parseSAN
// reads (checkScan), and must read the SAN that san.Format writes.
func TestScanMoveMatchesParse(t *testing.T) {
	real, err := filepath.Glob("../testdata/pgn/*.pgn")
	require.NoError(t, err)
	positions := positionsOf(t, real...)
	require.Greater(t, len(positions), 100000)
	after := []string{" ", "\n", "\r\n", ")", "{", "", "x", "1", "\xef\xbb\xbf", "$1", ".", "-"}
	suffixes := []string{"", "+", "#", "!", "?", "!!", "!?", "?!", "+!", "#??", "++", "!+", "+!+", "=Q", "=K", "=", "x"}
	var ml core.MoveList
	read, total, k := 0, 0, 0
	for i := 0; i < len(positions); i += 61 {
		p := &positions[i]
		p.LegalMoves(&ml)
		for _, m := range ml.Moves() {
			s := san.Format(p, m)
			require.True(t, checkScan(t, s+" "), "%q in %s: the fast path does not read it", s, p.FEN())
		}
		// Each spelling with a suffix and a follower in turn.
		for _, c := range resolveCases(p, nil) {
			k++
			total++
			if checkScan(t, c+suffixes[k%len(suffixes)]+after[k/len(suffixes)%len(after)]) {
				read++
			}
		}
	}
	for _, junk := range []string{"O-O-", "O-O-O-O", "O-", "Oo-O", "N", "Nx", "Nxe", "e", "e9", "i4", "exd", "e.p.", "ep",
		"e4e", "Nbd", "N1", "e8=", "e8=X", "a1=Q=Q", "O-O+!?x", strings.Repeat("+", 20), "e4" + strings.Repeat("+", 14)} {
		for _, a := range after {
			checkScan(t, junk+a)
		}
	}
	t.Logf("%d texts, the fast path read %d", total, read)
}

// FuzzScanMove holds scanMove to parseSAN on any window of text.
func FuzzScanMove(f *testing.F) {
	for _, s := range []string{"e4 ", "Nbxd7+! ", "O-O-O#\n", "exd8=Q+)", "R1a3?? {", "e8=K ", "12. e4", "e4" + strings.Repeat("!", 14)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		checkScan(t, text)
	})
}

// TestScanNumber reads move number tokens as the general path does.
func TestScanNumber(t *testing.T) {
	for _, c := range []struct {
		text string
		want int
	}{
		{"1. e4", 2}, {"12... Nf6", 5}, {"123.\n", 4}, {"1.e4", 0}, {"12 ", 0}, {"1-0 ", 0},
		{"9... Nf6", 4}, {"99... Nf6", 5}, {"9.. Nf6", 3}, {"9....", 5}, {"123... e5", 6},
		{"9. Nf3", 2}, {"99. e4", 3}, {"99.. e4", 4}, {"0. e4", 2}, {"1.\te4", 2}, {"12.e4", 0}, {"1.  e4", 2},
		{"1.)", 2}, {"1...…", 0}, {"1." + strings.Repeat(".", 14), 0}, {"", 0}, {"9.{", 2},
	} {
		t.Run(c.text, func(t *testing.T) {
			var w [window]byte
			copy(w[:], c.text)
			require.Equal(t, c.want, scanNumber(&w))
		})
	}
}
