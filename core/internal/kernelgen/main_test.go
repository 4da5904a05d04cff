package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// generated are the files kernelgen writes, in package core's directory.
var generated = []string{"kernel_amd64.s", "kernel_stubs_amd64.go", "kernel_layout_amd64.go"}

// TestAssemblyIsReproducible builds kernelgen, runs it as core's generate
// line does (the same arguments, which its output records) in a scratch
// directory, and requires the committed files to match byte for
// byte: they are never edited by hand, and `go generate ./...` changes
// nothing.
func TestAssemblyIsReproducible(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "kernelgen")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	require.NoError(t, err, "go build: %s", out)
	cmd := exec.Command(bin, "-out", generated[0], "-stubs", generated[1], "-layout", generated[2], "-pkg", "core")
	cmd.Dir = dir
	out, err = cmd.CombinedOutput()
	require.NoError(t, err, "kernelgen: %s", out)
	for _, name := range generated {
		want, err := os.ReadFile(filepath.Join(dir, name))
		require.NoError(t, err)
		have, err := os.ReadFile(filepath.Join("..", "..", name))
		require.NoError(t, err, "core/%s is missing: run go generate ./...", name)
		require.True(t, string(want) == string(have), "core/%s differs from what kernelgen writes: run go generate ./... and never edit it by hand", name)
	}
}
