package main

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/match"
)

const usage = `usage: match -engine cmd=PATH [name=NAME] [proto=auto|uci|xboard] [args="A B"] [arg=A]
               [dir=DIR] [option.NAME=VALUE] [tc=40/60|10+0.1|inf] [st=SEC]
               [depth=N] [nodes=N] [timemargin=MS] [timeout=SEC]
             -engine ... [-engine ...] [-each OPTIONS]
             [-tournament match|roundrobin|gauntlet] [-rounds N] [-games 1|2] [-repeat]
             [-concurrency N] [-srand N] [-recover] [-variant NAME]
             [-openings file=FILE [format=epd|pgn|bin] [order=sequential|random]
                        [plies=N] [start=N]]
             [-draw movenumber=N movecount=N score=CP] [-resign movecount=N score=CP
              [twosided=true]] [-maxmoves N]
             [-sprt elo0=E0 elo1=E1 [alpha=0.05] [beta=0.05] [model=normalized|logistic]]
             [-pgnout FILE] [-epdout FILE] [-json FILE] [-event NAME] [-site NAME] [-quiet]
exit status with -sprt: 0 H1 accepted, 1 H0 accepted, 2 no decision; 3 error
`

// options are the parsed command line.
type options struct {
	cfg                  match.Config
	pgnout, epdout, json string
	quiet, help          bool
}

// parseArgs reads the command line.
func parseArgs(args []string) (*options, error) {
	o := &options{}
	o.cfg.Games = 2
	o.cfg.Rounds = 1
	var engines [][]string
	var each []string
	// group returns the key=value tokens that follow args[i].
	group := func(i int) ([]string, int) {
		var out []string
		j := i + 1
		for ; j < len(args) && !strings.HasPrefix(args[j], "-"); j++ {
			out = append(out, args[j])
		}
		return out, j - 1
	}
	value := func(i int) (string, error) {
		if i+1 >= len(args) {
			return "", fmt.Errorf("%s needs a value", args[i])
		}
		return args[i+1], nil
	}
	intValue := func(i int) (int, error) {
		v, err := value(i)
		if err != nil {
			return 0, err
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return 0, fmt.Errorf("%s %q: want a number", args[i], v)
		}
		return n, nil
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		flag := "-" + strings.TrimLeft(a, "-")
		var err error
		switch flag {
		case "-h", "-help":
			o.help = true
		case "-engine":
			var g []string
			g, i = group(i)
			engines = append(engines, g)
		case "-each":
			var g []string
			g, i = group(i)
			each = append(each, g...)
		case "-rounds":
			o.cfg.Rounds, err = intValue(i)
			i++
		case "-games":
			o.cfg.Games, err = intValue(i)
			i++
		case "-concurrency":
			o.cfg.Concurrency, err = intValue(i)
			i++
		case "-maxmoves":
			o.cfg.MaxMoves, err = intValue(i)
			i++
		case "-srand":
			var n int
			n, err = intValue(i)
			o.cfg.Seed = uint64(n)
			i++
		case "-repeat":
			o.cfg.Repeat = true
		case "-recover":
			o.cfg.Recover = true
		case "-quiet":
			o.quiet = true
		case "-tournament":
			o.cfg.Tournament, err = value(i)
			i++
		case "-variant":
			var name string
			if name, err = value(i); err == nil {
				o.cfg.Variant, err = parseVariant(name)
			}
			i++
		case "-pgnout":
			o.pgnout, err = value(i)
			i++
		case "-epdout":
			o.epdout, err = value(i)
			i++
		case "-json":
			o.json, err = value(i)
			i++
		case "-event":
			o.cfg.Event, err = value(i)
			i++
		case "-site":
			o.cfg.Site, err = value(i)
			i++
		case "-openings":
			var g []string
			g, i = group(i)
			err = parseOpenings(&o.cfg.Openings, g)
		case "-draw":
			var g []string
			g, i = group(i)
			o.cfg.Draw = &match.DrawRule{}
			err = parseInts(g, map[string]*int{"movenumber": &o.cfg.Draw.MoveNumber, "movecount": &o.cfg.Draw.MoveCount, "score": &o.cfg.Draw.Score})
		case "-resign":
			var g []string
			g, i = group(i)
			o.cfg.Resign = &match.ResignRule{}
			err = parseResign(o.cfg.Resign, g)
		case "-sprt":
			var g []string
			g, i = group(i)
			o.cfg.SPRT, err = parseSPRT(g)
		default:
			err = fmt.Errorf("unknown option %q", a)
		}
		if err != nil {
			return nil, err
		}
	}
	if o.help {
		return o, nil
	}
	for n, g := range engines {
		var e match.EngineConfig
		if err := parseEngine(&e, each); err != nil {
			return nil, fmt.Errorf("-each: %w", err)
		}
		if err := parseEngine(&e, g); err != nil {
			return nil, fmt.Errorf("-engine %d: %w", n+1, err)
		}
		o.cfg.Engines = append(o.cfg.Engines, e)
	}
	if len(o.cfg.Engines) < 2 {
		return nil, fmt.Errorf("give at least two -engine")
	}
	return o, nil
}

// parseVariant reads -variant: a variant by the names perft takes
// (atomic, 3check, kingofthehill, antichess, horde, racingkings; chess
// for standard chess) or lichess's PGN names. Chess960 is no variant
// here: its positions come from the openings.
func parseVariant(name string) (core.Variant, error) {
	v, err := core.ParseVariant(name)
	if err != nil {
		return 0, fmt.Errorf("-variant: %w", err)
	}
	if strings.EqualFold(name, "chess960") {
		return 0, fmt.Errorf("-variant %s: Chess960 positions come from -openings (an EPD or PGN file of them)", name)
	}
	return v, nil
}

// split cuts key=value.
func split(kv string) (string, string, error) {
	k, v, ok := strings.Cut(kv, "=")
	if !ok {
		return "", "", fmt.Errorf("%q: want key=value", kv)
	}
	return k, v, nil
}

// parseEngine applies engine settings.
func parseEngine(e *match.EngineConfig, kvs []string) error {
	for _, kv := range kvs {
		k, v, err := split(kv)
		if err != nil {
			return err
		}
		switch {
		case k == "cmd":
			e.Cmd = v
		case k == "name":
			e.Name = v
		case k == "dir":
			e.Dir = v
		case k == "proto":
			if v != "uci" && v != "xboard" && v != "auto" {
				return fmt.Errorf("proto=%s: want uci, xboard or auto", v)
			}
			e.Proto = v
		case k == "args":
			e.Args = append(e.Args, strings.Fields(v)...)
		case k == "arg":
			e.Args = append(e.Args, v)
		case strings.HasPrefix(k, "option."):
			e.Options = append(e.Options, match.Option{Name: strings.TrimPrefix(k, "option."), Value: v})
		case k == "tc":
			tc, err := match.ParseTimeControl(v)
			if err != nil {
				return err
			}
			tc.MoveTime, tc.Depth, tc.Nodes, tc.Margin = e.TC.MoveTime, e.TC.Depth, e.TC.Nodes, e.TC.Margin
			e.TC = tc
		case k == "st":
			f, err := strconv.ParseFloat(v, 64)
			if err != nil || f <= 0 {
				return fmt.Errorf("st=%s: want seconds", v)
			}
			e.TC.MoveTime = time.Duration(f * float64(time.Second))
		case k == "timemargin":
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				return fmt.Errorf("timemargin=%s: want milliseconds", v)
			}
			e.TC.Margin = time.Duration(n) * time.Millisecond
		case k == "timeout":
			f, err := strconv.ParseFloat(v, 64)
			if err != nil || f <= 0 {
				return fmt.Errorf("timeout=%s: want seconds", v)
			}
			e.Timeout = time.Duration(f * float64(time.Second))
		case k == "depth":
			n, err := strconv.Atoi(v)
			if err != nil || n <= 0 {
				return fmt.Errorf("depth=%s: want a positive number", v)
			}
			e.TC.Depth = n
		case k == "nodes":
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || n <= 0 {
				return fmt.Errorf("nodes=%s: want a positive number", v)
			}
			e.TC.Nodes = n
		default:
			return fmt.Errorf("unknown engine setting %q", k)
		}
	}
	return nil
}

func parseOpenings(o *match.Openings, kvs []string) error {
	for _, kv := range kvs {
		k, v, err := split(kv)
		if err != nil {
			return fmt.Errorf("-openings: %w", err)
		}
		switch k {
		case "file":
			o.File = v
		case "format":
			o.Format = v
		case "order":
			o.Order = v
		case "plies", "start":
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				return fmt.Errorf("-openings %s=%s: want a number", k, v)
			}
			if k == "plies" {
				o.Plies = n
			} else {
				o.Start = n
			}
		case "policy":
			// cutechess-cli's policy=default|encounter|round: openings
			// here are always shared by a round's games (-repeat).
		default:
			return fmt.Errorf("-openings: unknown setting %q", k)
		}
	}
	return nil
}

func parseInts(kvs []string, into map[string]*int) error {
	for _, kv := range kvs {
		k, v, err := split(kv)
		if err != nil {
			return err
		}
		p, ok := into[k]
		if !ok {
			return fmt.Errorf("unknown setting %q", k)
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return fmt.Errorf("%s=%s: want a number", k, v)
		}
		*p = n
	}
	return nil
}

func parseResign(r *match.ResignRule, kvs []string) error {
	var rest []string
	for _, kv := range kvs {
		if k, v, _ := strings.Cut(kv, "="); k == "twosided" {
			b, err := strconv.ParseBool(v)
			if err != nil {
				return fmt.Errorf("-resign twosided=%s: want true or false", v)
			}
			r.TwoSided = b
			continue
		}
		rest = append(rest, kv)
	}
	if err := parseInts(rest, map[string]*int{"movecount": &r.MoveCount, "score": &r.Score}); err != nil {
		return fmt.Errorf("-resign: %w", err)
	}
	return nil
}

func parseSPRT(kvs []string) (*match.SPRT, error) {
	s := &match.SPRT{Alpha: 0.05, Beta: 0.05}
	for _, kv := range kvs {
		k, v, err := split(kv)
		if err != nil {
			return nil, fmt.Errorf("-sprt: %w", err)
		}
		if k == "model" {
			if s.Model, err = match.ParseModel(v); err != nil {
				return nil, err
			}
			continue
		}
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return nil, fmt.Errorf("-sprt %s=%s: want a number", k, v)
		}
		switch k {
		case "elo0":
			s.Elo0 = f
		case "elo1":
			s.Elo1 = f
		case "alpha":
			s.Alpha = f
		case "beta":
			s.Beta = f
		default:
			return nil, fmt.Errorf("-sprt: unknown setting %q", k)
		}
	}
	if err := s.Validate(); err != nil {
		return nil, err
	}
	return s, nil
}
