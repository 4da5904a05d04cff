package bench

import (
	"bytes"
	"io"
	"regexp"
	"strconv"
	"testing"

	"github.com/gambit-chess/gambit/pgn"
)

var gamesLine = regexp.MustCompile(`(?m)^games\s+(\d+)$`)

// countGames reads the number of games from pgn stats's output.
func countGames(tb testing.TB, out []byte) int {
	m := gamesLine.FindSubmatch(out)
	if m == nil {
		tb.Fatalf("no games line in %s", out)
	}
	n, _ := strconv.Atoi(string(m[1]))
	return n
}

// TestPGNSamples checks that the benchmark samples read without an error,
// and logs how many games the peers read of them: notnil/chess loses some
// (its Scanner returns no game for them), which its figures count.
func TestPGNSamples(t *testing.T) {
	for _, f := range pgnFiles {
		data, games := pgnData(t, f.file)
		data, games = data[:len(data)/pgnRepeat], games/pgnRepeat
		r := pgn.NewReader(bytes.NewReader(data))
		n := 0
		for {
			_, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%s: %v", f.name, err)
			}
			n++
		}
		if n != games {
			t.Fatalf("%s: Next reads %d games, NextTags %d", f.name, n, games)
		}
		t.Logf("%s: %d games; notnil/chess reads %d, corentings/chess %d",
			f.name, games, notnilGames(t, data), corentingsGames(t, data))
	}
}
