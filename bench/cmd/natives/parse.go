package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// The parsers below read what each program prints for one perft: the leaf
// count and, where the program prints one, its own time for the count
// (0 when it prints none). Each looks for the count of the depth asked for
// and fails when it is missing, so that a changed output format is an
// error and never a silent zero.

// parseGambit reads gambit's cmd/perft -json output: one JSON object.
func parseGambit(out []byte, depth int) (uint64, time.Duration, error) {
	var r struct {
		Depth   int      `json:"depth"`
		Nodes   *uint64  `json:"nodes"`
		Seconds *float64 `json:"seconds"`
	}
	if err := json.Unmarshal(bytes.TrimSpace(out), &r); err != nil {
		return 0, 0, fmt.Errorf("gambit's perft -json output %q: %w", shorten(out), err)
	}
	if r.Nodes == nil || r.Seconds == nil {
		return 0, 0, fmt.Errorf("gambit's perft -json output %q has no nodes or seconds", shorten(out))
	}
	if r.Depth != depth {
		return 0, 0, fmt.Errorf("gambit's perft counted depth %d, not %d", r.Depth, depth)
	}
	d, err := seconds(*r.Seconds)
	if err != nil {
		return 0, 0, fmt.Errorf("gambit's perft -json output: %w", err)
	}
	return *r.Nodes, d, nil
}

// parseQperft reads qperft (H.G. Muller's perft.c): it counts every depth
// from 1 up and prints a line for each,
//
//	perft( 6)=    119060324 ( 0.719 sec)
//
// of which the line of depth is the one wanted. Its time is CPU time
// (clock()), which for one thread is close to the wall clock.
func parseQperft(out []byte, depth int) (uint64, time.Duration, error) {
	prefix := fmt.Sprintf("perft(%2d)=", depth)
	var found bool
	var n uint64
	var t time.Duration
	err := eachLine(out, func(line string) error {
		rest, ok := strings.CutPrefix(strings.TrimSpace(line), prefix)
		if !ok {
			return nil
		}
		count, timing, ok := strings.Cut(rest, "(")
		if !ok {
			return fmt.Errorf("qperft line %q: no time in brackets", line)
		}
		var err error
		if n, err = strconv.ParseUint(strings.TrimSpace(count), 10, 64); err != nil {
			return fmt.Errorf("qperft line %q: %w", line, err)
		}
		secs, ok := strings.CutSuffix(strings.TrimSpace(timing), "sec)")
		if !ok {
			return fmt.Errorf("qperft line %q: the time does not end in \"sec)\"", line)
		}
		f, err := strconv.ParseFloat(strings.TrimSpace(secs), 64)
		if err != nil {
			return fmt.Errorf("qperft line %q: bad time %q", line, secs)
		}
		if t, err = seconds(f); err != nil {
			return fmt.Errorf("qperft line %q: %w", line, err)
		}
		found = true
		return nil
	})
	if err != nil {
		return 0, 0, err
	}
	if !found {
		return 0, 0, fmt.Errorf("qperft printed no %q line: %q", prefix, shorten(out))
	}
	return n, t, nil
}

// parseMPerft reads MPerft (Richard Delorme's mperft), whose result line
// has changed between versions; both forms are read:
//
//	perft  6 :       119060324 leaves in      0.512 s    232539695 leaves/s    (2.x)
//	perft  6:        119,060,324 positions in     0:00.512   232.540 Mpos/s  (5.x)
//
// The time is a number of seconds followed by "s", or [[d:]h:]m:ss.mmm.
func parseMPerft(out []byte, depth int) (uint64, time.Duration, error) {
	var found bool
	var n uint64
	var t time.Duration
	err := eachLine(out, func(line string) error {
		rest, ok := strings.CutPrefix(strings.TrimSpace(line), "perft")
		if !ok {
			return nil
		}
		ds, rest, ok := strings.Cut(rest, ":")
		if !ok {
			return nil
		}
		d, err := strconv.Atoi(strings.TrimSpace(ds))
		if err != nil || d != depth {
			return nil
		}
		f := strings.Fields(rest)
		// count, "leaves"|"positions", "in", time, ...
		if len(f) < 4 || f[2] != "in" || (f[1] != "leaves" && f[1] != "positions") {
			return fmt.Errorf("mperft line %q: not COUNT leaves|positions in TIME", line)
		}
		if n, err = strconv.ParseUint(strings.ReplaceAll(f[0], ",", ""), 10, 64); err != nil {
			return fmt.Errorf("mperft line %q: %w", line, err)
		}
		if t, err = parseClock(f[3]); err != nil {
			return fmt.Errorf("mperft line %q: %w", line, err)
		}
		found = true
		return nil
	})
	if err != nil {
		return 0, 0, err
	}
	if !found {
		return 0, 0, fmt.Errorf("mperft printed no perft %d line: %q", depth, shorten(out))
	}
	return n, t, nil
}

// parseClock reads a time as seconds ("0.512") or as [[d:]h:]m:ss.mmm.
func parseClock(s string) (time.Duration, error) {
	parts := strings.Split(s, ":")
	if len(parts) > 4 {
		return 0, fmt.Errorf("bad time %q", s)
	}
	f, err := strconv.ParseFloat(parts[len(parts)-1], 64)
	if err != nil {
		return 0, fmt.Errorf("bad time %q", s)
	}
	total := f
	unit := []float64{60, 3600, 86400}
	for i, p := range parts[:len(parts)-1] {
		v, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || v < 0 {
			return 0, fmt.Errorf("bad time %q", s)
		}
		total += float64(v) * unit[len(parts)-2-i]
	}
	d, err := seconds(total)
	if err != nil {
		return 0, fmt.Errorf("bad time %q: %w", s, err)
	}
	return d, nil
}

// maxSeconds bounds the times the parsers accept: a year, far beyond any
// perft run here, and far from time.Duration's limit.
const maxSeconds = 365 * 24 * 3600

// seconds converts a number of seconds to a Duration: it must be from 0 to
// maxSeconds (not NaN).
func seconds(f float64) (time.Duration, error) {
	if !(f >= 0 && f <= maxSeconds) {
		return 0, fmt.Errorf("time %v s is out of range", f)
	}
	return time.Duration(f * float64(time.Second)), nil
}

// eachLine calls fn on every line of out, stopping at its first error.
func eachLine(out []byte, fn func(string) error) error {
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for sc.Scan() {
		if err := fn(sc.Text()); err != nil {
			return err
		}
	}
	return sc.Err()
}

// shorten returns out for an error message, cut to a few hundred bytes.
func shorten(out []byte) string {
	const max = 300
	if len(out) > max {
		return string(out[:max]) + "…"
	}
	return string(out)
}
