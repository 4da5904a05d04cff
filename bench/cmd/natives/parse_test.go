package main

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
)

// The sample outputs below are written from each program's printf formats
// (qperft's "perft(%2d)= %12lld (%6.3f sec)"; MPerft 2.x's "perft %2d :
// %15llu leaves in %10.3f s %12.0f leaves/s" and 5.x's "perft %2d: %26s
// positions in %s %spos/s" with commas in the count and an m:ss.mmm
// time), filled with the published counts.

func TestParseQperft(t *testing.T) {
	var out strings.Builder
	out.WriteString("Quick Perft by H.G. Muller\nPerft mode: No hashing, bulk counting in horizon nodes\n\n")
	counts := []uint64{20, 400, 8902, 197281, 4865609, 119060324}
	for i, n := range counts {
		fmt.Fprintf(&out, "perft(%2d)= %12d (%6.3f sec)\n", i+1, n, float64(i)*0.125)
	}
	for depth := 1; depth <= len(counts); depth++ {
		n, own, err := parseQperft([]byte(out.String()), depth)
		if err != nil {
			t.Fatalf("depth %d: %v", depth, err)
		}
		if n != counts[depth-1] || own != time.Duration(depth-1)*125*time.Millisecond {
			t.Errorf("depth %d: got %d in %v, want %d in %v", depth, n, own, counts[depth-1], time.Duration(depth-1)*125*time.Millisecond)
		}
	}
	if _, _, err := parseQperft([]byte(out.String()), 7); err == nil {
		t.Error("depth 7, which the output lacks: no error")
	}
	for _, bad := range []string{
		"perft( 3)=         8902\n",               // no time
		"perft( 3)=         89x2 ( 0.001 sec)\n",  // bad count
		"perft( 3)=         8902 ( 0.001 min)\n",  // bad unit
		"perft( 3)=         8902 ( -0.001 sec)\n", // negative time
		"perft( 3)= 99999999999999999999999 ( 0.001 sec)\n",
	} {
		if _, _, err := parseQperft([]byte(bad), 3); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestParseMPerft(t *testing.T) {
	v2 := "Magic Perft (c) version 2.0 Richard Delorme\nw, KQkq\n" +
		fmt.Sprintf("perft %2d : %15d leaves in %10.3f s %12.0f leaves/s\nfull time: %10.3f s\n", 5, 193690690, 0.75, 193690690/0.75, 0.8)
	n, own, err := parseMPerft([]byte(v2), 5)
	if err != nil || n != 193690690 || own != 750*time.Millisecond {
		t.Errorf("2.x output: got %d, %v, %v; want 193690690 in 750ms", n, own, err)
	}
	v5 := "Magic Perft version 5.3\nPerft setting: no hashing; no multithreading; with bulk counting.\n" +
		fmt.Sprintf("perft %2d: %26s positions in %s %spos/s\n", 6, "119,060,324", "      0:01.250", "95.248 M") +
		"full time:        0:01.260 s\n"
	n, own, err = parseMPerft([]byte(v5), 6)
	if err != nil || n != 119060324 || own != 1250*time.Millisecond {
		t.Errorf("5.x output: got %d, %v, %v; want 119060324 in 1.25s", n, own, err)
	}
	if _, _, err := parseMPerft([]byte(v5), 5); err == nil {
		t.Error("depth 5, which the output lacks: no error")
	}
	for _, bad := range []string{
		"perft  6: 119,060,324 leaves\n",
		"perft  6: 119,060,324 nodes in 1.0 s\n",
		"perft  6: 119x060,324 positions in 0:01.000\n",
		"perft  6: 119,060,324 positions in 0:0x.000\n",
	} {
		if _, _, err := parseMPerft([]byte(bad), 6); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestParseClock(t *testing.T) {
	for _, c := range []struct {
		in   string
		want time.Duration
	}{
		{"0.512", 512 * time.Millisecond},
		{"0:00.719", 719 * time.Millisecond},
		{"2:03.500", 123500 * time.Millisecond},
		{"1:02:03.000", (3600 + 120 + 3) * time.Second},
		{"1:00:00:01.000", (86400 + 1) * time.Second},
	} {
		got, err := parseClock(c.in)
		if err != nil || got != c.want {
			t.Errorf("parseClock(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
	for _, bad := range []string{"", "x", "-1", "1:-2:00.0", "1:2:3:4:5.0", "1::2.0"} {
		if got, err := parseClock(bad); err == nil {
			t.Errorf("parseClock(%q) = %v, want an error", bad, got)
		}
	}
}

func TestParseGambit(t *testing.T) {
	n, own, err := parseGambit([]byte(`{"fen":"x","depth":4,"nodes":197281,"seconds":0.25,"nps":789124}`+"\n"), 4)
	if err != nil || n != 197281 || own != 250*time.Millisecond {
		t.Errorf("got %d, %v, %v; want 197281 in 250ms", n, own, err)
	}
	for _, bad := range []string{
		`{"depth":4,"nodes":197281,"seconds":0.25}{`,
		`{"depth":4,"seconds":0.25}`,
		`{"depth":4,"nodes":197281}`,
		`{"depth":3,"nodes":8902,"seconds":0.25}`,
		`{"depth":4,"nodes":197281,"seconds":-1}`,
		"perft(4) = 197281\n",
	} {
		if _, _, err := parseGambit([]byte(bad), 4); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// FuzzParsers checks that no output, however malformed, makes a parser
// panic, and that a count is only ever returned with no error.
func FuzzParsers(f *testing.F) {
	f.Add([]byte("perft( 2)=          400 ( 0.000 sec)\n"), 2)
	f.Add([]byte("perft  6:    119,060,324 positions in  0:00.719   165.553 Mpos/s\n"), 6)
	f.Add([]byte("perft  8 :     84998978956 leaves in      9.766 s   8703464369 leaves/s\n"), 8)
	f.Add([]byte(`{"depth":1,"nodes":20,"seconds":0.001}`), 1)
	f.Fuzz(func(t *testing.T, out []byte, depth int) {
		for _, parse := range []func([]byte, int) (uint64, time.Duration, error){parseGambit, parseQperft, parseMPerft} {
			if n, d, err := parse(out, depth); err != nil && (n != 0 || d != 0) {
				t.Errorf("an error (%v) with a count %d and time %v", err, n, d)
			} else if err == nil && d < 0 {
				t.Errorf("a negative time %v", d)
			}
		}
		if d, err := parseClock(string(out)); err == nil && d < 0 {
			t.Errorf("parseClock(%q) = %v", out, d)
		}
		if d, err := parseProcStat(out); err == nil && d < 0 {
			t.Errorf("parseProcStat(%q) = %v", out, d)
		}
	})
}

func TestParseProcStat(t *testing.T) {
	// proc(5)'s layout: pid (comm) state ppid ... utime stime ...; a
	// command name may hold spaces and brackets.
	stat := "4242 (a) b (c)) S 1 4242 4242 0 -1 4194560 1200 0 0 0 157 23 0 0 20 0 3 0 99 1000 200 18446744073709551615\n"
	got, err := parseProcStat([]byte(stat))
	if err != nil || got != 1800*time.Millisecond {
		t.Errorf("parseProcStat = %v, %v; want 1.8s (180 ticks)", got, err)
	}
	for _, bad := range []string{"", "4242 (x S 1 2", "4242 (x) S 1 2 3", "4242 (x) S 1 4242 4242 0 -1 4194560 1200 0 0 0 1x7 23 0"} {
		if _, err := parseProcStat([]byte(bad)); err == nil {
			t.Errorf("parseProcStat(%q): no error", bad)
		}
	}
	// This process's own CPU time reads.
	if _, err := processCPU(os.Getpid()); err != nil {
		t.Errorf("processCPU(self): %v", err)
	}
}
