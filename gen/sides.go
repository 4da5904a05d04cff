package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// The side-specialised move generators. Each template of core holds one
// function written for either side to move and, where the rules differ,
// for several variants; its first statement declares those choices as
// variables (us, them, and a variant's switch), read from the position.
// sidesSource turns the function into copies, each with that statement
// made constants and the move list either a parameter or nil (counting
// only), so that the compiler folds every test of them away.
//
// The templates and output files are read and written in the core
// directory, where `go run ../gen -sides` runs.

// sideTemplate is one template function and the copies gen makes of it.
type sideTemplate struct {
	file   string // the template file
	output string // the file the copies are written to
	fn     string // the template function
	// header is the declaration the template function must have, and
	// first its first statement, which each copy replaces with constants.
	header, first string
	// splits are the cases each copy holds the rest of the body once more
	// for, nested: each after the first within the copy of the one
	// before it (bodySplit).
	splits []bodySplit
	copies []sideVariant
}

// bodySplit is a case a copy is specialised for inside the function: from
// the statement at on, the rest of the body is written once more under
// `if cond {`, where consts makes values the case fixes constants for the
// compiler to fold, then as the template has it, for the other cases.
type bodySplit struct {
	at string // a statement at the top level of the template function's body
	// drop, if set, is the condition of the if statement that must follow
	// at: the case's copy leaves both out (consts declares what they set).
	drop          string
	cond, consts  string
	comment, name string // the copy's comment, and the case's name for errors
}

// The standard template's splits: first not in check (checkMask is all
// squares, and the evasion code and the test of checkers before castling
// fold away), then, in that copy, no piece pinned.
var (
	checkSplit = bodySplit{
		at: "checkMask := ^Bitboard(0)", drop: "checkers != 0",
		cond: "checkers == 0", consts: "const checkMask = ^Bitboard(0)",
		comment: "Not in check: the rest of the function once more, with the check mask a constant, so that the compiler folds it and every test of checkers away. Evasions follow.",
		name:    "not in check",
	}
	pinSplit = bodySplit{
		at:   "pinned := pinHV | pinD",
		cond: "pinHV|pinD == 0", consts: "const pinHV, pinD = Bitboard(0), Bitboard(0)",
		comment: "No piece pinned: the rest once more, with the pin rays constants, so that every test of them folds away. Pinned pieces follow.",
		name:    "no piece pinned",
	}
)

// sideVariant is one copy of a template function.
type sideVariant struct {
	name string // the function's name
	// values are the constants for the names the template's first
	// statement declares, in its order: the side to move, the other, and
	// any variant's switch.
	values []string
	// rules ends the sentence of the copy's doc comment after the side to
	// move: "" for standard chess, " in Racing Kings" for a variant.
	rules     string
	countOnly bool // the list is nil: the moves are only counted
}

// The standard template's names, which its tests name too.
const (
	sidesTemplate = "movegen_template.go"
	sidesOutput   = "movegen_sides.go"
	sidesFunc     = "generateSide"
	sidesHeader   = "func (p *Position) generateSide(ml *MoveList, mode genMode) int"
	sidesFirst    = "us, them, racing := p.side()&1, (p.side()^1)&1, p.variant == RacingKings"
)

// sideTemplates are core's templates: the legal generator of standard
// chess (and of the variants that move like it, Racing Kings filtered
// from it), the pseudo-legal one of the sides that have no check
// (Antichess, and Horde's side without a king), and Atomic's.
var sideTemplates = []sideTemplate{
	{
		file: sidesTemplate, output: sidesOutput, fn: sidesFunc,
		header: sidesHeader, first: sidesFirst, splits: []bodySplit{checkSplit, pinSplit},
		copies: []sideVariant{
			{"generateWhite", []string{"White", "Black", "false"}, "", false},
			{"generateBlack", []string{"Black", "White", "false"}, "", false},
			{"countWhite", []string{"White", "Black", "false"}, "", true},
			{"countBlack", []string{"Black", "White", "false"}, "", true},
			{"generateRacingWhite", []string{"White", "Black", "true"}, " in Racing Kings", false},
			{"generateRacingBlack", []string{"Black", "White", "true"}, " in Racing Kings", false},
			{"countRacingWhite", []string{"White", "Black", "true"}, " in Racing Kings", true},
			{"countRacingBlack", []string{"Black", "White", "true"}, " in Racing Kings", true},
		},
	},
	{
		file: "pseudogen_template.go", output: "pseudogen_sides.go", fn: "pseudoSide",
		header: "func (p *Position) pseudoSide(ml *MoveList, mode genMode) int",
		first:  "us, them, anti := p.side()&1, (p.side()^1)&1, p.variant == Antichess",
		copies: []sideVariant{
			{"generateAntichessWhite", []string{"White", "Black", "true"}, " in Antichess", false},
			{"generateAntichessBlack", []string{"Black", "White", "true"}, " in Antichess", false},
			{"countAntichessWhite", []string{"White", "Black", "true"}, " in Antichess", true},
			{"countAntichessBlack", []string{"Black", "White", "true"}, " in Antichess", true},
			{"generateHordeWhite", []string{"White", "Black", "false"}, " as Horde's side without a king", false},
			{"generateHordeBlack", []string{"Black", "White", "false"}, " as Horde's side without a king", false},
			{"countHordeWhite", []string{"White", "Black", "false"}, " as Horde's side without a king", true},
			{"countHordeBlack", []string{"Black", "White", "false"}, " as Horde's side without a king", true},
		},
	},
	{
		file: "atomicgen_template.go", output: "atomicgen_sides.go", fn: "atomicSide",
		header: "func (p *Position) atomicSide(ml *MoveList, mode genMode) int",
		first:  "us, them := p.side()&1, (p.side()^1)&1",
		copies: []sideVariant{
			{"generateAtomicWhite", []string{"White", "Black"}, " in Atomic", false},
			{"generateAtomicBlack", []string{"Black", "White"}, " in Atomic", false},
			{"countAtomicWhite", []string{"White", "Black"}, " in Atomic", true},
			{"countAtomicBlack", []string{"Black", "White"}, " in Atomic", true},
		},
	},
}

// writeSides reads every template in dir and writes its copies there.
func writeSides(dir string) error {
	for _, t := range sideTemplates {
		in := filepath.Join(dir, t.file)
		src, err := os.ReadFile(in)
		if err != nil {
			return err
		}
		out, err := t.source(in, src)
		if err != nil {
			return err
		}
		path := filepath.Join(dir, t.output)
		if err := os.WriteFile(path, out, 0o644); err != nil {
			return fmt.Errorf("writing %s: %w", path, err)
		}
	}
	return nil
}

// sidesSource returns the Go source of the standard template's copies,
// made from the template file src (named name, for errors).
func sidesSource(name string, src []byte) ([]byte, error) {
	return sideTemplates[0].source(name, src)
}

// source returns the Go source of t's copies, made from the template file
// src (named name, for errors).
func (t sideTemplate) source(name string, src []byte) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	var fn *ast.FuncDecl
	for _, d := range f.Decls {
		if d, ok := d.(*ast.FuncDecl); ok && d.Name.Name == t.fn {
			fn = d
		}
	}
	if fn == nil {
		return nil, fmt.Errorf("%s: no function %s", name, t.fn)
	}
	off := func(p token.Pos) int { return fset.Position(p).Offset }
	if h := string(src[off(fn.Pos()):off(fn.Body.Lbrace)]); h != t.header+" " {
		return nil, fmt.Errorf("%s: %s must be declared as %q, not %q", name, t.fn, t.header, h)
	}
	if len(fn.Body.List) == 0 {
		return nil, fmt.Errorf("%s: %s is empty", name, t.fn)
	}
	first := fn.Body.List[0]
	if s := string(src[off(first.Pos()):off(first.End())]); s != t.first {
		return nil, fmt.Errorf("%s: the first statement of %s must be %q, not %q", name, t.fn, t.first, s)
	}
	// The names the first statement declares, which become constants.
	names := make([]string, 0, 3)
	for _, e := range first.(*ast.AssignStmt).Lhs {
		names = append(names, e.(*ast.Ident).Name)
	}
	// The body after the first statement, to the closing brace.
	bodyStart, bodyEnd := off(first.End()), off(fn.Body.Rbrace)
	// Where the splits are: their statements' offsets.
	splits, err := findSplits(fset, src, fn, t.splits)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}

	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by go run ../gen -sides from %s; DO NOT EDIT.\n\npackage core\n", t.file)
	for _, v := range t.copies {
		if len(v.values) != len(names) {
			return nil, fmt.Errorf("%s: %s has %d constants for the %d names of %s's first statement", name, v.name, len(v.values), len(names), t.fn)
		}
		b.WriteString("\n")
		if v.countOnly {
			fmt.Fprintf(&b, "// %s counts the legal moves of %s to move%s, as %s does\n", v.name, v.values[0], v.rules, t.fn)
			b.WriteString("// with a nil list and every kind of move.\n")
			fmt.Fprintf(&b, "func (p *Position) %s() int {\n", v.name)
			b.WriteString("\tvar ml *MoveList // nil: count only\n")
			b.WriteString("\tconst mode = genAll\n")
		} else {
			fmt.Fprintf(&b, "// %s is %s for %s to move%s.\n", v.name, t.fn, v.values[0], v.rules)
			fmt.Fprintf(&b, "func (p *Position) %s(ml *MoveList, mode genMode) int {\n", v.name)
		}
		fmt.Fprintf(&b, "\tconst %s = %s", strings.Join(names, ", "), strings.Join(v.values, ", "))
		dead := deadRanges(fset, f, fn, names, v.values)
		writeSplit(&b, src, bodyStart, bodyEnd, splits, dead)
		b.WriteString("}\n")
	}
	out, err := format.Source(b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("%s: the specialised source does not parse: %w", name, err)
	}
	return out, nil
}

// foundSplit is a bodySplit found in a template: the offsets where its
// statement's line starts and where the lines of the case's copy start.
type foundSplit struct {
	bodySplit
	at, rest int
}

// findSplits finds each split's statement at the top level of fn's body,
// each after the one before, and checks that the if statement it drops
// follows it.
func findSplits(fset *token.FileSet, src []byte, fn *ast.FuncDecl, splits []bodySplit) ([]foundSplit, error) {
	off := func(p token.Pos) int { return fset.Position(p).Offset }
	lineStart := func(o int) int { return bytes.LastIndexByte(src[:o], '\n') + 1 }
	list := fn.Body.List
	var found []foundSplit
	from := 0
	for _, sp := range splits {
		i := from
		for i < len(list) && string(src[off(list[i].Pos()):off(list[i].End())]) != sp.at {
			i++
		}
		if i == len(list) {
			return nil, fmt.Errorf("%s: no statement %q to split the copies at (%s)", fn.Name.Name, sp.at, sp.name)
		}
		skip := 1 // the case's copy starts with at itself, or after what it drops
		if sp.drop == "" {
			skip = 0
		} else {
			is, ok := list[min(i+1, len(list)-1)].(*ast.IfStmt)
			if !ok || is.Init != nil || is.Else != nil || string(src[off(is.Cond.Pos()):off(is.Cond.End())]) != sp.drop {
				return nil, fmt.Errorf("%s: %q must be followed by `if %s { ... }` (%s)", fn.Name.Name, sp.at, sp.drop, sp.name)
			}
			skip = 2
		}
		if i+skip >= len(list) {
			return nil, fmt.Errorf("%s: nothing follows %q to copy (%s)", fn.Name.Name, sp.at, sp.name)
		}
		found = append(found, foundSplit{sp, lineStart(off(list[i].Pos())), lineStart(off(list[i+skip].Pos()))})
		from = i + skip
	}
	return found, nil
}

// writeSplit writes src[start:end] but the dead ranges, with the first of
// splits: to its statement, then the case's copy (with the other splits
// inside it), then from its statement on as written.
func writeSplit(b *bytes.Buffer, src []byte, start, end int, splits []foundSplit, dead [][2]int) {
	if len(splits) == 0 {
		b.Write(without(src, start, end, dead))
		return
	}
	sp := splits[0]
	b.Write(without(src, start, sp.at, dead))
	for _, line := range wrap(sp.comment, 70) {
		fmt.Fprintf(b, "// %s\n", line)
	}
	fmt.Fprintf(b, "if %s {\n%s\n", sp.cond, sp.consts)
	writeSplit(b, src, sp.rest, end, splits[1:], dead)
	b.WriteString("}\n")
	b.Write(without(src, sp.at, end, dead))
}

// wrap breaks text into lines of at most width bytes, at spaces.
func wrap(text string, width int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(text) {
		if line != "" && len(line)+1+len(w) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	return append(lines, line)
}

// deadRanges returns the byte ranges of fn's source that a copy with the
// given constants leaves out: each `if NAME { ... }` (no else) whose NAME
// is false there, and then each var declaration none of whose names is
// used any more, each with the comment right above it. A standard copy
// thus holds no trace of a variant's code: not only the machine code, but
// the source the compiler's inliner weighs is the same as if the variant
// had never been written.
func deadRanges(fset *token.FileSet, f *ast.File, fn *ast.FuncDecl, names, values []string) [][2]int {
	off := func(p token.Pos) int { return fset.Position(p).Offset }
	isFalse := map[string]bool{}
	for i, n := range names {
		isFalse[n] = values[i] == "false"
	}
	// above returns where stmt's lines start, the comment group ending on
	// the line before it included.
	above := func(n ast.Node) int {
		start := n.Pos()
		line := fset.Position(start).Line
		for _, cg := range f.Comments {
			if fset.Position(cg.End()).Line == line-1 {
				start = cg.Pos()
			}
		}
		return off(start)
	}
	var dead [][2]int
	inDead := func(p token.Pos) bool {
		o := off(p)
		for _, r := range dead {
			if o >= r[0] && o < r[1] {
				return true
			}
		}
		return false
	}
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		s, ok := n.(*ast.IfStmt)
		if !ok || s.Init != nil || s.Else != nil {
			return true
		}
		if id, ok := s.Cond.(*ast.Ident); ok && isFalse[id.Name] {
			dead = append(dead, [2]int{above(s), off(s.End())})
			return false
		}
		return true
	})
	if len(dead) == 0 {
		return nil
	}
	// The declarations left without a use.
	uses := map[string]int{}
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && !inDead(id.Pos()) {
			uses[id.Name]++
		}
		return true
	})
	for _, st := range fn.Body.List {
		d, ok := st.(*ast.DeclStmt)
		if !ok || inDead(d.Pos()) {
			continue
		}
		g := d.Decl.(*ast.GenDecl)
		if g.Tok != token.VAR {
			continue
		}
		used := false
		for _, sp := range g.Specs {
			for _, n := range sp.(*ast.ValueSpec).Names {
				used = used || uses[n.Name] > 1 // more than its declaration
			}
		}
		if !used {
			dead = append(dead, [2]int{above(d), off(d.End())})
		}
	}
	return dead
}

// without returns src[start:end] but the ranges of dead (offsets in src)
// that lie in it, each with the rest of its last line.
func without(src []byte, start, end int, dead [][2]int) []byte {
	slices.SortFunc(dead, func(a, b [2]int) int { return a[0] - b[0] })
	var out []byte
	at := start
	for _, r := range dead {
		if r[0] < start || r[1] > end {
			continue
		}
		// From the start of the range's first line to its last line's end.
		from := bytes.LastIndexByte(src[:r[0]], '\n') + 1
		to := r[1]
		if i := bytes.IndexByte(src[to:], '\n'); i >= 0 {
			to += i + 1
		}
		out = append(out, src[at:from]...)
		at = to
	}
	return append(out, src[at:end]...)
}
