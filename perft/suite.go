package perft

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// Case is one position of a perft suite with its expected counts.
type Case struct {
	Name   string   // the id, or "line N"
	FEN    string   // the position
	Line   int      // where the case starts in its file
	Counts []Expect // expected counts, by increasing depth
}

// Expect is an expected leaf count at a depth.
type Expect struct {
	Depth int
	Nodes uint64
}

// ReadSuite reads a perft suite in either of two formats, told apart line by
// line:
//
//	FEN ;D1 20 ;D2 400 ...         one position a line (EPD style)
//
//	id NAME                         blocks of lines
//	epd FEN
//	perft DEPTH NODES
//
// Empty lines and lines starting with '#' are ignored.
func ReadSuite(r io.Reader) ([]Case, error) {
	var cases []Case
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	var cur *Case
	pendingID := ""
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, rest, _ := strings.Cut(line, " ")
		switch key {
		case "id":
			pendingID = strings.TrimSpace(rest)
		case "epd":
			cases = append(cases, Case{Name: pendingID, FEN: strings.TrimSpace(rest), Line: n})
			if pendingID == "" {
				cases[len(cases)-1].Name = fmt.Sprintf("line %d", n)
			}
			pendingID = ""
			cur = &cases[len(cases)-1]
		case "perft":
			if cur == nil {
				return nil, fmt.Errorf("perft: suite line %d: perft before any epd line", n)
			}
			f := strings.Fields(rest)
			if len(f) != 2 {
				return nil, fmt.Errorf("perft: suite line %d: want \"perft DEPTH NODES\", have %q", n, line)
			}
			e, err := parseExpect(f[0], f[1])
			if err != nil {
				return nil, fmt.Errorf("perft: suite line %d: %w", n, err)
			}
			cur.Counts = append(cur.Counts, e)
		default:
			parts := strings.Split(line, ";")
			c := Case{Name: fmt.Sprintf("line %d", n), FEN: strings.TrimSpace(parts[0]), Line: n}
			for _, part := range parts[1:] {
				f := strings.Fields(part)
				if len(f) != 2 || len(f[0]) < 2 || f[0][0] != 'D' {
					return nil, fmt.Errorf("perft: suite line %d: want \";Dn count\", have %q", n, part)
				}
				e, err := parseExpect(f[0][1:], f[1])
				if err != nil {
					return nil, fmt.Errorf("perft: suite line %d: %w", n, err)
				}
				c.Counts = append(c.Counts, e)
			}
			cases = append(cases, c)
			cur = nil
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("perft: reading suite: %w", err)
	}
	return cases, nil
}

func parseExpect(depth, nodes string) (Expect, error) {
	d, err := strconv.Atoi(depth)
	if err != nil || d < 0 {
		return Expect{}, fmt.Errorf("bad depth %q", depth)
	}
	v, err := strconv.ParseUint(nodes, 10, 64)
	if err != nil {
		return Expect{}, fmt.Errorf("bad node count %q", nodes)
	}
	return Expect{Depth: d, Nodes: v}, nil
}

// ReadSuiteFile reads a suite file (see ReadSuite).
func ReadSuiteFile(path string) ([]Case, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("perft: %w", err)
	}
	defer f.Close()
	cases, err := ReadSuite(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return cases, nil
}
