package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSidesAreReproducible specialises core's generator template again and
// requires the committed core/movegen_sides.go to match byte for byte: the
// file is never edited by hand, and `go generate ./...` changes nothing.
func TestSidesAreReproducible(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile(filepath.Join("..", "core", sidesTemplate))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, sidesTemplate), src, 0o644))
	require.NoError(t, writeSides(dir))
	want, err := os.ReadFile(filepath.Join(dir, sidesOutput))
	require.NoError(t, err)
	have, err := os.ReadFile(filepath.Join("..", "core", sidesOutput))
	require.NoError(t, err, "core/%s is missing: run go generate ./...", sidesOutput)
	require.True(t, string(want) == string(have), "core/%s differs from what gen writes: run go generate ./... and never edit it by hand", sidesOutput)
	for _, v := range sideVariants {
		assert.Contains(t, string(want), "func (p *Position) "+v.name+"(")
	}
}

// TestSidesRejectsChangedTemplate checks that gen refuses a template whose
// function or first statement it would specialise wrongly.
func TestSidesRejectsChangedTemplate(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "core", sidesTemplate))
	require.NoError(t, err)
	for name, tc := range map[string]struct{ old, new, msg string }{
		"renamed":         {"func (p *Position) generateSide(", "func (p *Position) generateAny(", "no function generateSide"},
		"new parameter":   {"generateSide(ml *MoveList, mode genMode)", "generateSide(ml *MoveList, mode genMode, x bool)", "must be declared as"},
		"first statement": {sidesFirst, "us, them := p.side, p.side^1", "first statement"},
		"syntax":          {"occ := p.byType[0]", "occ := := p.byType[0]", "expected"},
	} {
		t.Run(name, func(t *testing.T) {
			require.Contains(t, string(src), tc.old)
			_, err := sidesSource("template.go", []byte(strings.Replace(string(src), tc.old, tc.new, 1)))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.msg)
		})
	}
}

// The command line: -sides writes the generator into -out from the template
// there; stray arguments and unknown flags are errors.
func TestRunFlags(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile(filepath.Join("..", "core", sidesTemplate))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, sidesTemplate), src, 0o644))
	require.NoError(t, run([]string{"-sides", "-out", dir}))
	want, err := os.ReadFile(filepath.Join("..", "core", sidesOutput))
	require.NoError(t, err)
	have, err := os.ReadFile(filepath.Join(dir, sidesOutput))
	require.NoError(t, err)
	assert.True(t, string(want) == string(have), "gen -sides -out DIR writes core's %s", sidesOutput)

	assert.ErrorContains(t, run([]string{"-sides", "-out", t.TempDir()}), "sides: ")
	assert.ErrorContains(t, run([]string{"sides"}), "unexpected arguments")
	assert.Error(t, run([]string{"-bogus"}))
}
