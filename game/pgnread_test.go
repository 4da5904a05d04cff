package game_test

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// pgnGame is one game of a PGN file as the tests need it: the tags and the
// main line's move tokens, exactly as written (annotations included).
type pgnGame struct {
	tags  map[string]string
	moves []string
}

// readPGN reads the games of a plain PGN file with a simple token split of
// the movetext: tags, comments ({} and ;), variations, NAGs, move numbers
// and results are dropped. It is the san package's test helper, copied
// until package pgn has a reader; not a PGN reader itself.
func readPGN(t testing.TB, path string) []pgnGame {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()

	var games []pgnGame
	var cur *pgnGame
	inMoves := false // the current game's movetext has started
	comment := false // inside a {} comment, which may span lines
	depth := 0       // variation nesting
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for first := true; sc.Scan(); first = false {
		line := sc.Text()
		if first {
			line = strings.TrimPrefix(line, "\ufeff")
		}
		if !comment && depth == 0 && strings.HasPrefix(line, "[") {
			if cur == nil || inMoves {
				games = append(games, pgnGame{tags: map[string]string{}})
				cur, inMoves = &games[len(games)-1], false
			}
			name, value, ok := strings.Cut(strings.Trim(line, "[] \t"), " ")
			require.True(t, ok, "tag line %q", line)
			cur.tags[name] = strings.Trim(value, `"`)
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
				tok = stripMoveNumber(tok)
				switch {
				case tok == "", tok[0] == '$':
				case tok == "1-0", tok == "0-1", tok == "1/2-1/2", tok == "*":
				default:
					cur.moves = append(cur.moves, tok)
				}
			}
		}
	}
	require.NoError(t, sc.Err())
	return games
}

// stripMoveNumber removes a leading move number ("12.", "12...") from a
// token; castling with zeros ("0-0") has no dot and is left alone.
func stripMoveNumber(tok string) string {
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
