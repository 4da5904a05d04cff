package pgntext

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReadFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.pgn")
	text := "\ufeff[Event \"A\"]\n[White \"X\"]\n\n1. e4 {a {comment} e5 (1... c5 2. Nf3) 2.Nf3 $1 Nc6?! ; rest\n% escape\n3... a6 0-0 1-0\n\n" +
		"[Event \"B\"]\n\n1. d4 *\n"
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	games, err := ReadFile(path)
	require.NoError(t, err)
	require.Len(t, games, 2)
	assert.Equal(t, map[string]string{"Event": "A", "White": "X"}, games[0].Tags)
	assert.Equal(t, []string{"e4", "e5", "Nf3", "Nc6?!", "a6", "0-0"}, games[0].Moves)
	assert.Equal(t, []string{"d4"}, games[1].Moves)

	_, err = ReadFile(filepath.Join(t.TempDir(), "missing.pgn"))
	assert.Error(t, err)
	require.NoError(t, os.WriteFile(path, []byte("[Event]\n"), 0o644))
	_, err = ReadFile(path)
	assert.ErrorContains(t, err, ":1: tag line")
}

func TestStripMoveNumber(t *testing.T) {
	for in, want := range map[string]string{"12.": "", "12...": "", "1.e4": "e4", "3...Nf6": "Nf6", "0-0": "0-0", "e4": "e4", "12": ""} {
		assert.Equal(t, want, StripMoveNumber(in), in)
	}
}
