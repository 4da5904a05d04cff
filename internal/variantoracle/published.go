package variantoracle

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Vector is one published perft count of testdata/variants: the position
// FEN, named ID in its file, has Nodes leaves Depth plies deep.
type Vector struct {
	ID, FEN string
	Depth   int
	Nodes   int64
}

// ReadVectors reads a .perft file of testdata/variants: blocks of
// "id NAME", "epd FEN" and "perft DEPTH NODES" lines, # starting a
// comment. It returns an error naming the line for any other line.
func ReadVectors(r io.Reader) ([]Vector, error) {
	var out []Vector
	var id, fen string
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		key, rest, _ := strings.Cut(text, " ")
		rest = strings.TrimSpace(rest)
		switch {
		case text == "" || strings.HasPrefix(text, "#"):
		case key == "id":
			id, fen = rest, ""
		case key == "epd" && rest != "":
			fen = rest
		case key == "perft":
			d, n, ok := strings.Cut(rest, " ")
			depth, errD := strconv.Atoi(d)
			nodes, errN := strconv.ParseInt(strings.TrimSpace(n), 10, 64)
			if !ok || errD != nil || errN != nil || depth < 1 || nodes < 0 {
				return nil, fmt.Errorf("variantoracle: line %d: %q is not perft DEPTH NODES", line, text)
			}
			if fen == "" {
				return nil, fmt.Errorf("variantoracle: line %d: perft before any epd", line)
			}
			out = append(out, Vector{id, fen, depth, nodes})
		default:
			return nil, fmt.Errorf("variantoracle: line %d: %q is not id, epd or perft", line, text)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("variantoracle: reading perft vectors: %w", err)
	}
	return out, nil
}
