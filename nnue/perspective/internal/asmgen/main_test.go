package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// generated are the files asmgen writes, in package perspective's
// directory.
var generated = []string{"simd_amd64.s", "simd_stubs_amd64.go"}

// TestAssemblyIsReproducible builds asmgen, runs it as the generate line
// of perspective's simd.go does, in a scratch directory, and requires the
// committed kernels to match byte for byte: they are never edited by
// hand, and `go generate ./...` changes nothing.
func TestAssemblyIsReproducible(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "asmgen")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	require.NoError(t, err, "go build: %s", out)
	cmd := exec.Command(bin, "-out", generated[0], "-stubs", generated[1], "-pkg", "perspective")
	cmd.Dir = dir
	out, err = cmd.CombinedOutput()
	require.NoError(t, err, "asmgen: %s", out)
	for _, name := range generated {
		want, err := os.ReadFile(filepath.Join(dir, name))
		require.NoError(t, err)
		have, err := os.ReadFile(filepath.Join("..", "..", name))
		require.NoError(t, err, "nnue/perspective/%s is missing: run go generate ./...", name)
		require.True(t, string(want) == string(have), "nnue/perspective/%s differs from what asmgen writes: run go generate ./... and never edit it by hand", name)
	}
}
