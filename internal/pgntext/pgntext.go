// Package pgntext splits the movetext of PGN files into move tokens for the
// tests of the san and game packages. It is deliberately simple and
// independent of package pgn, so that those tests can check real files' SAN
// exactly as written (check and mate marks, annotations) without depending
// on the reader that is itself tested against them. It is not a PGN reader:
// escapes inside comments and similar corners are out of its scope.
package pgntext

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

// Game is one game of a PGN file: its tags and its main line's move tokens,
// exactly as written (check marks and suffix annotations included).
type Game struct {
	Tags  map[string]string
	Moves []string
}

// ReadFile reads the games of a plain PGN file with a simple token split of
// the movetext: tags, comments ({} and ;), variations, NAGs, move numbers
// and results are dropped.
func ReadFile(path string) ([]Game, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()

	var games []Game
	var cur *Game
	inMoves := false // the current game's movetext has started
	comment := false // inside a {} comment, which may span lines
	depth := 0       // variation nesting
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for lineNo := 1; sc.Scan(); lineNo++ {
		line := sc.Text()
		if lineNo == 1 {
			line = strings.TrimPrefix(line, "\ufeff")
		}
		if !comment && depth == 0 && strings.HasPrefix(line, "[") {
			if cur == nil || inMoves {
				games = append(games, Game{Tags: map[string]string{}})
				cur, inMoves = &games[len(games)-1], false
			}
			name, value, ok := strings.Cut(strings.Trim(line, "[] \t"), " ")
			if !ok {
				return nil, fmt.Errorf("%s:%d: tag line %q has no value", path, lineNo, line)
			}
			cur.Tags[name] = strings.Trim(value, `"`)
			continue
		}
		if strings.HasPrefix(line, "%") || cur == nil {
			continue
		}
		for len(line) > 0 {
			switch {
			case comment:
				end := strings.IndexByte(line, '}')
				if end < 0 {
					line = ""
					continue
				}
				comment, line = false, line[end+1:]
			case line[0] == '{':
				comment, line = true, line[1:]
			case line[0] == ';':
				line = ""
			case line[0] == '(':
				depth, line = depth+1, line[1:]
			case line[0] == ')':
				depth, line = depth-1, line[1:]
			case line[0] == ' ' || line[0] == '\t' || line[0] == '\r':
				line = line[1:]
			default:
				end := strings.IndexAny(line, " \t\r{};()")
				if end < 0 {
					end = len(line)
				}
				tok := line[:end]
				line = line[end:]
				inMoves = true
				if depth > 0 {
					continue
				}
				tok = StripMoveNumber(tok)
				switch {
				case tok == "", tok[0] == '$':
				case tok == "1-0", tok == "0-1", tok == "1/2-1/2", tok == "*":
				default:
					cur.Moves = append(cur.Moves, tok)
				}
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return games, nil
}

// StripMoveNumber removes a leading move number ("12.", "12...") from a
// token; castling with zeros ("0-0") has no dot and is left alone.
func StripMoveNumber(tok string) string {
	i := 0
	for i < len(tok) && tok[i] >= '0' && tok[i] <= '9' {
		i++
	}
	if i > 0 && i < len(tok) && tok[i] == '.' {
		return strings.TrimLeft(tok[i:], ".")
	}
	if i == len(tok) {
		return "" // a bare move number
	}
	return tok
}
