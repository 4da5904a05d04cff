package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestTablesAreReproducible regenerates every table into a scratch directory
// and requires the committed tables/ to match byte for byte: tables/ is
// never edited by hand, and `go generate ./...` on a clean tree changes
// nothing.
func TestTablesAreReproducible(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, generate(dir))
	generated, err := filepath.Glob(filepath.Join(dir, "*.go"))
	require.NoError(t, err)
	require.NotEmpty(t, generated)
	for _, path := range generated {
		name := filepath.Base(path)
		want, err := os.ReadFile(path)
		require.NoError(t, err)
		have, err := os.ReadFile(filepath.Join("..", "tables", name))
		require.NoError(t, err, "tables/%s is missing: run go generate ./...", name)
		require.True(t, string(want) == string(have), "tables/%s differs from what gen writes: run go generate ./... and never edit tables/ by hand", name)
	}
	committed, err := filepath.Glob(filepath.Join("..", "tables", "*.go"))
	require.NoError(t, err)
	for _, path := range committed {
		name := filepath.Base(path)
		if name == "doc.go" {
			continue
		}
		_, err := os.Stat(filepath.Join(dir, name))
		require.NoError(t, err, "tables/%s is not written by gen: remove it", name)
	}
}
