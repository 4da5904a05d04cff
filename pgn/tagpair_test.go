package pgn

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// checkPlainTag holds plainTagPair to anyTagPair on the tag line that
// text begins with: when it reads a pair, it reads the name and value
// anyTagPair reads, and stops where it stops.
func checkPlainTag(t *testing.T, text string) (plain bool) {
	plainScan, anyScan := &tagScanners[0], &tagScanners[1]
	plainScan.reset(strings.NewReader(text))
	anyScan.reset(strings.NewReader(text))
	if !plainScan.ensure(len(text)) || !anyScan.ensure(len(text)) {
		return false // the empty text
	}
	name, value, ok := plainScan.plainTagPair()
	if !ok {
		require.Zero(t, plainScan.r, "%q: nothing is read when the pair is not plain", text)
		return false
	}
	var scratch []byte
	wantName, wantValue, err := anyScan.anyTagPair(&scratch)
	require.NoError(t, err, "%q: plainTagPair reads %q %q", text, name, value)
	require.Equal(t, string(wantName), string(name), "%q", text)
	require.Equal(t, string(wantValue), string(value), "%q", text)
	require.Equal(t, anyScan.r, plainScan.r, "%q: where the pair ends", text)
	return true
}

// tagScanners are checkPlainTag's, kept for their buffers.
var tagScanners [2]scanner

// TestPlainTagPair tries every tag line of the PGN files in testdata, and
// lines that are nearly plain.
func TestPlainTagPair(t *testing.T) {
	paths, err := filepath.Glob("../testdata/pgn/*.pgn")
	require.NoError(t, err)
	nasty, err := filepath.Glob("../testdata/pgn/nasty/*.pgn")
	require.NoError(t, err)
	plain, total := 0, 0
	for _, path := range append(paths, nasty...) {
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		for _, line := range bytes.SplitAfter(data, []byte("\n")) {
			if i := bytes.IndexByte(line, '['); i >= 0 {
				total++
				if checkPlainTag(t, string(line[i:])) {
					plain++
				}
			}
		}
	}
	require.Greater(t, plain, total/2, "the plain reading takes the common pairs")
	for _, line := range []string{
		`[Event "x"]`, `[Event "x"] `, `[Event "x"]]`, `[Event "x" ]`, `[Event  "x"]`, `[Event	"x"]`, `[Event "x"`,
		`[Event "x\"y"]`, `[Event "x\\"]`, `[Event "a "b" c"]`, `[Event "x` + "\n" + `"]`, `[Event ""]`, `[ Event "x"]`,
		`[Ev-ent "x"]`, `[Event "x"]` + "\r\n", `["x"]`, `[Event"x"]`, `[Event "x]"]`, `[Event "x"][Site "y"]`, `[É "x"]`,
	} {
		checkPlainTag(t, line)
	}
	t.Logf("%d tag lines, %d plain", total, plain)
}

// FuzzPlainTagPair holds plainTagPair to anyTagPair on any text.
func FuzzPlainTagPair(f *testing.F) {
	for _, s := range []string{`[Event "x"]`, `[Event "a "b" c"]`, `[Event "x\"y"]`, "[Event \"x\n\"]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if strings.HasPrefix(text, "[") {
			checkPlainTag(t, text)
		}
	})
}

// TestValueLength holds the eight-bytes-at-a-time scan to a byte loop:
// a stop byte (or a byte next to one that a borrow may confuse) at every
// place of texts of every length up to 40.
func TestValueLength(t *testing.T) {
	naive := func(b []byte) int {
		for i, c := range b {
			if c == '"' || c == '\\' || c == '\n' {
				return i
			}
		}
		return len(b)
	}
	for n := range 41 {
		for at := range n + 1 {
			for _, stop := range []byte{'"', '\\', '\n', 0, 0x80, 0xff, '!', '#', '[', 'a'} {
				for _, fill := range []byte{'a', 0x01, 0xff, '"' + 1, '\n' - 1} {
					b := bytes.Repeat([]byte{fill}, n)
					if at < n {
						b[at] = stop
					}
					require.Equal(t, naive(b), valueLength(b), "%q", b)
				}
			}
		}
	}
}
