package posfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A file written is read back the same, plain and gzipped; "-" writes
// to the writer given; Close twice is one close.
func TestRoundTrip(t *testing.T) {
	const text = "8/8/8/8/8/8/8/K6k w - - 0 1;0;0.5\n"
	for _, name := range []string{"p.txt", "p.txt.gz"} {
		path := filepath.Join(t.TempDir(), name)
		w, err := Create(path, nil)
		require.NoError(t, err)
		_, err = io.WriteString(w, text)
		require.NoError(t, err)
		require.NoError(t, w.Close())
		require.NoError(t, w.Close())
		raw, err := os.ReadFile(path)
		require.NoError(t, err)
		assert.Equal(t, name == "p.txt", string(raw) == text, "gzipped only for .gz")
		r, err := Open(path)
		require.NoError(t, err)
		got, err := io.ReadAll(r)
		require.NoError(t, err)
		require.NoError(t, r.Close())
		assert.Equal(t, text, string(got))
	}
	var out bytes.Buffer
	w, err := Create("-", &out)
	require.NoError(t, err)
	_, err = io.WriteString(w, text)
	require.NoError(t, err)
	require.NoError(t, w.Close())
	assert.Equal(t, text, out.String())
}

// Errors name what failed.
func TestErrors(t *testing.T) {
	_, err := Create(filepath.Join(t.TempDir(), "no", "dir.txt"), nil)
	assert.ErrorContains(t, err, "writing the positions: open ")
	_, err = Open(filepath.Join(t.TempDir(), "missing.txt"))
	assert.ErrorContains(t, err, "reading positions: open ")
	bad := filepath.Join(t.TempDir(), "bad.txt.gz")
	require.NoError(t, os.WriteFile(bad, []byte("not gzip"), 0o644))
	_, err = Open(bad)
	assert.ErrorContains(t, err, "reading positions of "+bad)
}

// Lines gives the non-empty lines, trimmed, with their numbers, and
// returns f's error as it is.
func TestLines(t *testing.T) {
	path := filepath.Join(t.TempDir(), "p.txt")
	require.NoError(t, os.WriteFile(path, []byte("a\n\n  b \nc\n"), 0o644))
	var got []string
	require.NoError(t, Lines(path, func(n int, line string) error {
		got = append(got, fmt.Sprintf("%d:%s", n, line))
		return nil
	}))
	assert.Equal(t, []string{"1:a", "3:b", "4:c"}, got)
	stop := errors.New("stop")
	calls := 0
	err := Lines(path, func(int, string) error { calls++; return stop })
	assert.Same(t, stop, err)
	assert.Equal(t, 1, calls)
	assert.ErrorContains(t, Lines(filepath.Join(t.TempDir(), "missing"), nil), "reading positions: open ")
}
