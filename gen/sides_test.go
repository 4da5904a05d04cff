package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// copyTemplates copies core's generator templates into dir.
func copyTemplates(t *testing.T, dir string) {
	t.Helper()
	for _, st := range sideTemplates {
		src, err := os.ReadFile(filepath.Join("..", "core", st.file))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, st.file), src, 0o644))
	}
}

// TestSidesAreReproducible specialises core's generator templates again
// and requires the committed copies (core/movegen_sides.go,
// core/pseudogen_sides.go) to match byte for byte: the files are never
// edited by hand, and `go generate ./...` changes nothing.
func TestSidesAreReproducible(t *testing.T) {
	dir := t.TempDir()
	copyTemplates(t, dir)
	require.NoError(t, writeSides(dir))
	for _, st := range sideTemplates {
		want, err := os.ReadFile(filepath.Join(dir, st.output))
		require.NoError(t, err)
		have, err := os.ReadFile(filepath.Join("..", "core", st.output))
		require.NoError(t, err, "core/%s is missing: run go generate ./...", st.output)
		require.True(t, string(want) == string(have), "core/%s differs from what gen writes: run go generate ./... and never edit it by hand", st.output)
		for _, v := range st.copies {
			assert.Contains(t, string(want), "func (p *Position) "+v.name+"(")
		}
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
	// A copy must give a constant for every name the first statement
	// declares.
	bad := sideTemplates[0]
	bad.copies = []sideVariant{{"generateWhite", []string{"White", "Black"}, "", false}}
	_, err = bad.source("template.go", src)
	assert.ErrorContains(t, err, "generateWhite has 2 constants for the 3 names")
}

// The command line: -sides writes the generator into -out from the template
// there; stray arguments and unknown flags are errors.
func TestRunFlags(t *testing.T) {
	dir := t.TempDir()
	copyTemplates(t, dir)
	require.NoError(t, run([]string{"-sides", "-out", dir}))
	for _, st := range sideTemplates {
		want, err := os.ReadFile(filepath.Join("..", "core", st.output))
		require.NoError(t, err)
		have, err := os.ReadFile(filepath.Join(dir, st.output))
		require.NoError(t, err)
		assert.True(t, string(want) == string(have), "gen -sides -out DIR writes core's %s", st.output)
	}

	assert.ErrorContains(t, run([]string{"-sides", "-out", t.TempDir()}), "sides: ")
	assert.ErrorContains(t, run([]string{"sides"}), "unexpected arguments")
	assert.Error(t, run([]string{"-bogus"}))
}
