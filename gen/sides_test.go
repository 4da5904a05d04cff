package main

import (
	"fmt"
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
// core/pseudogen_sides.go, core/atomicgen_sides.go) to match byte for byte: the files are never
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
// function or first statement it would specialise wrongly, for each of
// core's templates.
func TestSidesRejectsChangedTemplate(t *testing.T) {
	for _, st := range sideTemplates {
		src, err := os.ReadFile(filepath.Join("..", "core", st.file))
		require.NoError(t, err)
		for name, tc := range map[string]struct{ old, new, msg string }{
			"renamed":         {"func (p *Position) " + st.fn + "(", "func (p *Position) generateAny(", "no function " + st.fn},
			"new parameter":   {st.fn + "(ml *MoveList, mode genMode)", st.fn + "(ml *MoveList, mode genMode, x bool)", "must be declared as"},
			"first statement": {st.first, "us, them := p.side(), p.side()^1", "first statement"},
			"syntax":          {"occ := p.byType[0]", "occ := := p.byType[0]", "expected"},
		} {
			t.Run(st.fn+"/"+name, func(t *testing.T) {
				require.Contains(t, string(src), tc.old)
				_, err := st.source("template.go", []byte(strings.Replace(string(src), tc.old, tc.new, 1)))
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.msg)
			})
		}
		// A copy must give a constant for every name the first statement
		// declares.
		bad := st
		c := st.copies[0]
		c.values = c.values[:len(c.values)-1]
		bad.copies = []sideVariant{c}
		_, err = bad.source("template.go", src)
		assert.ErrorContains(t, err, fmt.Sprintf("%s has %d constants for the %d names", c.name, len(c.values), len(c.values)+1))
	}
	// The standard template through sidesSource, which gen's -sides and
	// older callers use.
	src, err := os.ReadFile(filepath.Join("..", "core", sidesTemplate))
	require.NoError(t, err)
	_, err = sidesSource("template.go", []byte(strings.Replace(string(src), sidesFirst, "us, them := p.side(), p.side()^1", 1)))
	assert.ErrorContains(t, err, "first statement")
}

// TestSidesFoldTheSide checks what the copies are for: in each, the side to
// move is a constant (no copy reads p.side()), every counting copy has a nil
// list and counts every kind of move, and every copy is declared once.
func TestSidesFoldTheSide(t *testing.T) {
	for _, st := range sideTemplates {
		src, err := os.ReadFile(filepath.Join("..", "core", st.file))
		require.NoError(t, err)
		out, err := st.source(st.file, src)
		require.NoError(t, err)
		require.Contains(t, string(src), "p.side", "%s reads the side to move", st.file)
		assert.False(t, strings.Contains(string(out), "p.side"), "a copy of %s reads the side to move", st.fn)
		names, _, _ := strings.Cut(st.first, " :=")
		for _, v := range st.copies {
			decl := "func (p *Position) " + v.name + "("
			require.Equal(t, 1, strings.Count(string(out), decl), v.name)
			body := string(out)[strings.Index(string(out), decl):]
			body = body[:strings.Index(body, "\n}\n")]
			assert.Contains(t, body, fmt.Sprintf("const %s = %s", names, strings.Join(v.values, ", ")), v.name)
			if v.countOnly {
				assert.Contains(t, body, v.name+"() int {\n\tvar ml *MoveList // nil: count only\n\tconst mode = genAll\n", v.name)
			} else {
				assert.Contains(t, body, v.name+"(ml *MoveList, mode genMode) int {", v.name)
			}
		}
	}
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

// TestSidesSplitOnCheckAndPins checks the standard template's splits:
// every copy holds the rest of the body first for the side not in check,
// with the check mask a constant and no evasion code (no Between, no
// double check), inside that first with no piece pinned, the pin rays
// constants, then with pins; then as written, for evasions. gen refuses a
// template where a split's statement is missing, or the test of checkers
// that the first drops does not follow it.
func TestSidesSplitOnCheckAndPins(t *testing.T) {
	st := sideTemplates[0]
	require.Equal(t, []bodySplit{checkSplit, pinSplit}, st.splits)
	src, err := os.ReadFile(filepath.Join("..", "core", st.file))
	require.NoError(t, err)
	out, err := st.source(st.file, src)
	require.NoError(t, err)
	for _, v := range st.copies {
		decl := "func (p *Position) " + v.name + "("
		body := string(out)[strings.Index(string(out), decl):]
		body = body[:strings.Index(body, "\n}\n")]
		_, after, ok := strings.Cut(body, "\tif checkers == 0 {\n\t\tconst checkMask = ^Bitboard(0)\n")
		require.True(t, ok, "%s has no copy for the side not in check", v.name)
		quiet, evasions, ok := strings.Cut(after, "\n\t}\n\t"+checkSplit.at+"\n\tif checkers != 0 {")
		require.True(t, ok, "%s: the evasions do not follow the copy not in check", v.name)
		assert.NotContains(t, quiet, "Between(", v.name)
		assert.NotContains(t, quiet, "checkers.More()", v.name)
		assert.Contains(t, evasions, "checkers.More()", v.name)
		_, unpinned, ok := strings.Cut(quiet, "\t\tif pinHV|pinD == 0 {\n\t\t\tconst pinHV, pinD = Bitboard(0), Bitboard(0)\n\t\t\t"+pinSplit.at+"\n")
		require.True(t, ok, "%s has no copy for no piece pinned", v.name)
		_, _, ok = strings.Cut(unpinned, "\n\t\t}\n\t\t"+pinSplit.at+"\n")
		require.True(t, ok, "%s: the copy with pins does not follow the one without", v.name)
		assert.Equal(t, 3, strings.Count(body, "for b := p.byType[Knight]"), "%s: the knights' moves once in each case", v.name)
		assert.Equal(t, 3, strings.Count(body+"\n", "\treturn n\n"), "%s: each case returns", v.name)
	}

	for name, tc := range map[string]struct{ old, new, msg string }{
		"no check split": {"\t" + checkSplit.at + "\n", "\tcheckMask := Bitboard(0) ^ ^Bitboard(0)\n", "no statement"},
		"no test after":  {"if checkers != 0 {\n\t\tif checkers.More()", "if checkers != 1 {\n\t\tif checkers.More()", "must be followed by"},
		"no pin split":   {"\t" + pinSplit.at + "\n", "\tpinned := pinD | pinHV\n", "no piece pinned"},
	} {
		t.Run(name, func(t *testing.T) {
			require.Contains(t, string(src), tc.old)
			_, err := st.source("template.go", []byte(strings.Replace(string(src), tc.old, tc.new, 1)))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.msg)
		})
	}
}
