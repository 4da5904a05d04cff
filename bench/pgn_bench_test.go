package bench

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	corentings "github.com/corentings/chess/v2"
	"github.com/gambit-chess/gambit/pgn"
	notnil "github.com/notnil/chess"
)

// The PGN benchmarks read the two samples of the pgn-reader benchmarks
// (testdata/pgn): Lichess games with a clock comment on every move, and
// over-the-board games of The Week in Chess, each repeated in memory to
// about 8 MB. One operation reads all of it; the MB/s figure is per core,
// and games/s is reported too.
var pgnFiles = []struct{ name, file string }{
	{"lichess", "lichess_db_1000k.pgn"},
	{"twic", "twic1599_1000k.pgn"},
}

// pgnRepeat is how many times each sample is repeated.
const pgnRepeat = 8

// pgnData returns a sample repeated pgnRepeat times, and its number of
// games.
func pgnData(tb testing.TB, file string) ([]byte, int) {
	tb.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "pgn", file))
	if err != nil {
		tb.Fatal(err)
	}
	games := 0
	r := pgn.NewReader(bytes.NewReader(data))
	for {
		if _, err := r.NextTags(); err == io.EOF {
			break
		}
		games++
	}
	return bytes.Repeat(data, pgnRepeat), games * pgnRepeat
}

// benchPGN runs read once per operation over each sample. read returns
// the games it read: all of them for gambit; a peer that cannot read some
// games (TestPGNSamples) reports the games it read.
func benchPGN(b *testing.B, read func(b *testing.B, data []byte) int) {
	for _, f := range pgnFiles {
		b.Run(f.name, func(b *testing.B) {
			data, games := pgnData(b, f.file)
			if !strings.Contains(b.Name(), "/"+libGambit+"/") && !strings.Contains(b.Name(), "/"+libPolyglot+"/") {
				// The Go peers are slow: one copy of the sample is
				// enough. Polyglot reads what gambit reads.
				data, games = data[:len(data)/pgnRepeat], games/pgnRepeat
			}
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				n = read(b, data)
			}
			if strings.HasPrefix(b.Name(), "BenchmarkPGN") && strings.Contains(b.Name(), "/"+libGambit+"/") && n != games {
				b.Fatalf("read %d games, want %d", n, games)
			}
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "games/s")
		})
	}
}

// BenchmarkPGNTags reads the tags only, skipping the movetext: (a).
func BenchmarkPGNTags(b *testing.B) {
	b.Run(libGambit, func(b *testing.B) {
		benchPGN(b, func(b *testing.B, data []byte) int {
			r := pgn.NewReader(bytes.NewReader(data))
			n := 0
			for {
				_, err := r.NextTags()
				if err == io.EOF {
					return n
				}
				if err != nil {
					b.Fatal(err)
				}
				n++
			}
		})
	})
}

// BenchmarkPGNMainline checks every mainline move's legality, SAN read
// into a legal move and played, without building a tree: (b).
func BenchmarkPGNMainline(b *testing.B) {
	b.Run(libGambit, func(b *testing.B) {
		benchPGN(b, func(b *testing.B, data []byte) int {
			r := pgn.NewReader(bytes.NewReader(data))
			var g pgn.Mainline
			n := 0
			for {
				err := r.NextMainline(&g)
				if err == io.EOF {
					return n
				}
				if err != nil {
					b.Fatal(err)
				}
				n++
			}
		})
	})
}

// BenchmarkPGNCheck checks every move, variations included, through a
// Visitor that keeps nothing: what pgn validate does.
func BenchmarkPGNCheck(b *testing.B) {
	b.Run(libGambit, func(b *testing.B) {
		benchPGN(b, func(b *testing.B, data []byte) int {
			r := pgn.NewReader(bytes.NewReader(data))
			n := 0
			for {
				err := r.Visit(pgn.BaseVisitor{})
				if err == io.EOF {
					return n
				}
				if err != nil {
					b.Fatal(err)
				}
				n++
			}
		})
	})
}

// BenchmarkPGNTree builds every game's whole tree, comments and NAGs
// included: (c). notnil/chess and corentings/chess build their Game (every
// move checked, a position kept per move) from the same text.
func BenchmarkPGNTree(b *testing.B) {
	b.Run(libGambit, func(b *testing.B) {
		benchPGN(b, func(b *testing.B, data []byte) int {
			r := pgn.NewReader(bytes.NewReader(data))
			n := 0
			for {
				_, err := r.Next()
				if err == io.EOF {
					return n
				}
				if err != nil {
					b.Fatal(err)
				}
				n++
			}
		})
	})
	b.Run(libNotnil, func(b *testing.B) {
		benchPGN(b, func(b *testing.B, data []byte) int { return notnilGames(b, data) })
	})
	b.Run(libCorentings, func(b *testing.B) {
		benchPGN(b, func(b *testing.B, data []byte) int { return corentingsGames(b, data) })
	})
}

func notnilGames(tb testing.TB, data []byte) int {
	s := notnil.NewScanner(bytes.NewReader(data))
	n := 0
	for s.Scan() {
		if s.Next() != nil {
			n++
		}
	}
	if err := s.Err(); err != nil && err != io.EOF {
		tb.Fatal(err)
	}
	return n
}

func corentingsGames(tb testing.TB, data []byte) int {
	s := corentings.NewScanner(bytes.NewReader(data))
	n := 0
	for s.HasNext() {
		if _, err := s.ParseNext(); err != nil {
			tb.Fatal(err)
		}
		n++
	}
	return n
}

// BenchmarkPGNWorkers runs the pgn command, `pgn stats -j N`, on each
// sample fed on standard input: every move checked, the input cut into
// chunks that N workers read, the results merged in order. The figures
// include starting the process; -j 2 against -j 1 is the parallel
// speed-up.
func BenchmarkPGNWorkers(b *testing.B) {
	bin := pgnBinary(b)
	for _, j := range []string{"1", "2"} {
		b.Run(libGambit+"/j"+j, func(b *testing.B) {
			benchPGN(b, func(b *testing.B, data []byte) int {
				cmd := exec.Command(bin, "stats", "-j", j)
				cmd.Stdin = bytes.NewReader(data)
				out, err := cmd.Output()
				if err != nil {
					b.Fatalf("pgn stats: %v", err)
				}
				return countGames(b, out)
			})
		})
	}
}

var (
	pgnBinOnce sync.Once
	pgnBin     string
	pgnBinErr  error
)

// pgnBinary builds the pgn command once, in the main module.
func pgnBinary(tb testing.TB) string {
	pgnBinOnce.Do(func() {
		dir, err := os.MkdirTemp("", "pgnbench")
		if err != nil {
			pgnBinErr = err
			return
		}
		pgnBin = filepath.Join(dir, "pgn")
		cmd := exec.Command("go", "build", "-o", pgnBin, "./cmd/pgn")
		cmd.Dir = ".."
		if out, err := cmd.CombinedOutput(); err != nil {
			pgnBinErr = err
			tb.Logf("%s", out)
		}
	})
	if pgnBinErr != nil {
		tb.Fatal(pgnBinErr)
	}
	return pgnBin
}
