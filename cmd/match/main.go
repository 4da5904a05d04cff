// Command match runs engine matches, round robins, gauntlets and SPRTs
// between UCI and XBoard engines, with options in the style of
// cutechess-cli and fastchess:
//
//	match -engine cmd=./head name=head -engine cmd=./base name=base \
//	    -each proto=uci tc=10+0.1 option.Hash=16 \
//	    -openings file=book.epd format=epd order=random \
//	    -games 2 -repeat -rounds 5000 -concurrency 2 \
//	    -sprt elo0=0 elo1=5 alpha=0.05 beta=0.05 \
//	    -pgnout games.pgn -json summary.json
//
// An engine's protocol is detected when proto= does not name it: UCI if
// it answers "uci" as UCI engines do, else XBoard (see match.DetectTimeout).
//
// -variant NAME plays a variant by lichess's rules (atomic, 3check,
// kingofthehill, antichess, horde, racingkings: perft's names): each
// engine is told it (setoption name UCI_Variant value NAME, or XBoard's
// variant NAME) and an engine that does not list it is refused before
// any game; games start from the variant's start or from the openings
// (EPD or PGN, in the variant's FEN forms; no Polyglot book), end by the
// variant's rules as well as chess's, and the PGN has the Variant tag.
// It prints a progress line after every game and a summary at the end
// (none when no game could start).
// With -sprt its exit status is 0 when H1 is accepted (the first engine
// is better by elo1), 1 when H0 is, and 2 when the test ended without a
// decision; without it 0. An error (a bad option, an engine that cannot
// start or fails without -recover) exits with 3 (a usage error is one line
// and a hint to run match -h, as with every command, but its status is 3,
// not 2, which -sprt gives "no decision"); -h prints the usage with status
// 0. Ctrl-C (SIGINT) ends with the summary of the games played and status
// 2 with -sprt, 130 without.
//
// The engines are named alike in the game lines, the PGN and the summary:
// by name= when given, else by the name each gives itself, with its
// command after it where two are the same (see match.Run).
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/gambit-chess/gambit/internal/cli"
	"github.com/gambit-chess/gambit/match"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// Exit statuses.
const (
	exitH1          = 0
	exitH0          = 1
	exitUndecided   = 2
	exitError       = 3
	exitInterrupted = 130
)

func run(args []string, stdout, stderr io.Writer) int {
	o, err := parseArgs(args)
	if err != nil {
		// A usage error is one line and the hint, as every command's,
		// but with status 3: with -sprt, 2 means "no decision".
		cli.Usage(stderr, "match", err)
		return exitError
	}
	if o.help {
		fmt.Fprint(stdout, usage)
		return 0
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var files []*os.File
	defer func() {
		for _, f := range files {
			_ = f.Close()
		}
	}()
	create := func(name string) (*os.File, error) {
		f, err := os.OpenFile(name, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
		return f, nil
	}
	if o.pgnout != "" {
		f, err := create(o.pgnout)
		if err != nil {
			cli.Fail(stderr, "match", err)
			return exitError
		}
		o.cfg.PGN = f
	}
	if o.epdout != "" {
		f, err := create(o.epdout)
		if err != nil {
			cli.Fail(stderr, "match", err)
			return exitError
		}
		o.cfg.EPD = f
	}
	if !o.quiet {
		o.cfg.Progress = func(p match.Progress) {
			if g := p.Last; g != nil {
				fmt.Fprintf(stdout, "Finished game %d.%d (%s vs %s): %s {%s}\n", g.Round, g.Game, g.White, g.Black, g.Result, g.Reason)
				if g.Termination == match.TermTimeForfeit {
					fmt.Fprintf(stdout, "  time loss: took %v of %v (engine's own last report: %v)\n", g.ForfeitElapsed, g.ForfeitAllowed, g.ForfeitEngineTime)
				}
			}
			fmt.Fprintln(stdout, p.String())
		}
	}
	res, err := match.Run(ctx, o.cfg)
	if res != nil && (len(res.Games) > 0 || err == nil || res.Interrupted) {
		// No summary of a match that never started.
		summary(stdout, res)
		if o.json != "" {
			if werr := writeJSON(o.json, res); werr != nil {
				cli.Fail(stderr, "match", werr)
				if err == nil {
					err = werr
				}
			}
		}
	}
	if err != nil {
		cli.Fail(stderr, "match", err)
		if errors.Is(err, match.ErrConfig) || res == nil || !res.Interrupted {
			return exitError
		}
	}
	if res.SPRT != nil {
		switch res.SPRT.Decision {
		case match.AcceptH1:
			return exitH1
		case match.AcceptH0:
			return exitH0
		}
		return exitUndecided
	}
	if res.Interrupted {
		return exitInterrupted
	}
	return 0
}

// summary prints the results at the end of a run.
func summary(w io.Writer, res *match.Result) {
	if res.Interrupted {
		fmt.Fprintln(w, "Interrupted.")
	}
	fmt.Fprintf(w, "Played %d games in %s\n", len(res.Games), plainDuration(res.Duration))
	for _, p := range res.Pairings {
		fmt.Fprintf(w, "%s vs %s: W-D-L %d-%d-%d (%d games)  %v  DR %.2f%%",
			p.Name1, p.Name2, p.WDL.Wins, p.WDL.Draws, p.WDL.Losses, p.WDL.Games(), p.Estimate, p.DrawRatio*100)
		if p.Pentanomial.Pairs() > 0 {
			c := p.Pentanomial.Counts()
			fmt.Fprintf(w, "  Ptnml(0-2) [%d, %d, %d, %d, %d]", c[0], c[1], c[2], c[3], c[4])
		}
		fmt.Fprintln(w)
	}
	if s := res.SPRT; s != nil {
		llr := fmt.Sprintf("%.2f", s.LLR)
		if llr == "-0.00" {
			llr = "0.00" // an even match, as Estimate prints its Elo
		}
		fmt.Fprintf(w, "SPRT [%g, %g] %s alpha %g beta %g: LLR %s (%.2f, %.2f) %s\n",
			s.Elo0, s.Elo1, s.Model, s.Alpha, s.Beta, llr, s.Lower, s.Upper, decisionText(s.Decision))
	}
	fmt.Fprintf(w, "Time losses: %d%s\n", res.TimeLosses, timeLosers(res.Clocks))
	for _, u := range res.Clocks {
		if u.Games > 0 {
			fmt.Fprintf(w, "Clock left at the end, %s: %.1f%% of its base time on average (min %.1f%%, max %.1f%%) over %d games, %d lost on time\n",
				u.Name, u.MeanLeft*100, u.MinLeft*100, u.MaxLeft*100, u.Games, u.TimeLosses)
		}
	}
	if t := terminations(res.Terminations); t != "" {
		fmt.Fprintf(w, "Terminations: %s\n", t)
	}
	o := res.Overhead
	if o.Moves > 0 {
		fmt.Fprintf(w, "Runner overhead (engine move to next go) over %d moves: mean %s, median %s, p99 %s, max %s\n",
			o.Moves, plainDuration(o.Mean), plainDuration(o.Median), plainDuration(o.P99), plainDuration(o.Max))
	}
}

// timeLosers names the engines that lost on time with their counts, " (a
// 2, b 1)", or returns "" when none did.
func timeLosers(clocks []match.ClockUse) string {
	var parts []string
	for _, u := range clocks {
		if u.TimeLosses > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", u.Name, u.TimeLosses))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, ", ") + ")"
}

// terminations writes the count of each way the games ended, the most
// common first: "normal 12, adjudication 3".
func terminations(counts map[string]int) string {
	names := make([]string, 0, len(counts))
	for name, n := range counts {
		if n > 0 {
			names = append(names, name)
		}
	}
	sort.Slice(names, func(i, j int) bool {
		if counts[names[i]] != counts[names[j]] {
			return counts[names[i]] > counts[names[j]]
		}
		return names[i] < names[j]
	})
	parts := make([]string, len(names))
	for i, name := range names {
		parts[i] = fmt.Sprintf("%s %d", name, counts[name])
	}
	return strings.Join(parts, ", ")
}

// plainDuration writes d with three significant figures at most, in the
// unit that suits it: "0.21 ms", "432 ms", "1.5 s", "4 min 05 s",
// "1 h 02 min".
func plainDuration(d time.Duration) string {
	switch {
	case d < time.Millisecond:
		return fmt.Sprintf("%.2f ms", float64(d)/float64(time.Millisecond))
	case d < 10*time.Millisecond:
		return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond))
	case d < time.Second:
		return fmt.Sprintf("%d ms", d.Round(time.Millisecond)/time.Millisecond)
	case d < time.Minute:
		return fmt.Sprintf("%.1f s", d.Seconds())
	case d < time.Hour:
		d = d.Round(time.Second)
		return fmt.Sprintf("%d min %02d s", d/time.Minute, d%time.Minute/time.Second)
	}
	d = d.Round(time.Minute)
	return fmt.Sprintf("%d h %02d min", d/time.Hour, d%time.Hour/time.Minute)
}

func decisionText(d match.Decision) string {
	switch d {
	case match.AcceptH1:
		return "H1 accepted"
	case match.AcceptH0:
		return "H0 accepted"
	}
	return "no decision"
}

// writeJSON writes the summary of the run.
func writeJSON(name string, res *match.Result) error {
	data, err := json.MarshalIndent(res, "", "  ")
	if err != nil {
		return fmt.Errorf("json summary: %w", err)
	}
	if err := os.WriteFile(name, append(data, '\n'), 0o644); err != nil {
		return fmt.Errorf("json summary: %w", err)
	}
	return nil
}
