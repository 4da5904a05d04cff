package xboard

import (
	"strconv"
	"strings"

	"github.com/gambit-chess/gambit/engine"
)

// features answers protover.
func (s *server) features() {
	name := strings.ReplaceAll(s.name, `"`, "'")
	smp := "0"
	if _, ok := s.threadsOption(); ok {
		smp = "1"
	}
	lines := []string{
		"feature done=0",
		`feature ping=1 setboard=1 playother=1 san=0 usermove=1 time=1 draw=1 sigint=0 sigterm=0 reuse=1 analyze=1 colors=0 nps=0 memory=0 smp=` + smp + ` debug=0`,
		`feature myname="` + name + `" variants="` + strings.Join(s.variantNames(), ",") + `"`,
	}
	if _, ok := s.syzygyOption(); ok {
		lines = append(lines, `feature egt="syzygy"`)
	}
	for _, o := range s.options {
		lines = append(lines, `feature option="`+strings.ReplaceAll(FormatOptionFeature(o), `"`, "'")+`"`)
	}
	s.write(append(lines, "feature done=1")...)
}

// variantNames returns the variants feature's names: normal, fischerandom
// and each served variant's.
func (s *server) variantNames() []string {
	names := []string{"normal", "fischerandom"}
	for _, v := range s.variants {
		names = append(names, v.String())
	}
	return names
}

// syzygyOption returns the engine's SyzygyPath option, the one
// "egtpath syzygy DIR" sets, when it declares one (a string option, as
// Stockfish names it).
func (s *server) syzygyOption() (engine.Option, bool) {
	o, ok := engine.FindOption(s.options, "SyzygyPath")
	return o, ok && o.Type == engine.TypeString
}

// threadsOption returns the engine's Threads option, the one "cores N"
// sets, when it declares one that takes more than one thread (a spin, as
// Stockfish names it).
func (s *server) threadsOption() (engine.Option, bool) {
	o, ok := engine.FindOption(s.options, "Threads")
	return o, ok && o.Type == engine.TypeSpin && o.Max > 1
}

// cmdCores handles "cores N": the engine's Threads option is set to N,
// within the option's bounds. An engine without such an option (smp=0)
// ignores it, as the protocol allows; a count that is not a number is an
// error.
func (s *server) cmdCores(line, arg string) {
	o, ok := s.threadsOption()
	if !ok {
		return
	}
	n, err := strconv.ParseInt(arg, 10, 64)
	if err != nil {
		s.fail("bad argument", line)
		return
	}
	v, err := o.Check(strconv.FormatInt(min(max(n, o.Min), o.Max), 10))
	if err != nil {
		s.fail("bad argument", line)
		return
	}
	s.setOption(o.Name, v, "cores")
}

// cmdEGTPath handles "egtpath TYPE PATH": for syzygy, PATH goes to the
// engine's SyzygyPath option; other types, and syzygy for an engine
// without that option, are ignored, as the protocol allows.
func (s *server) cmdEGTPath(line, arg string) {
	kind, path, _ := strings.Cut(arg, " ")
	o, ok := s.syzygyOption()
	if kind != "syzygy" || !ok {
		return
	}
	v, err := o.Check(strings.TrimSpace(path))
	if err != nil {
		s.fail("bad path", line)
		return
	}
	s.setOption(o.Name, v, "egtpath syzygy")
}

// cmdOption handles "option NAME=VALUE" and "option NAME" (a button).
func (s *server) cmdOption(line, arg string) {
	name, value, hasValue := strings.Cut(arg, "=")
	o, ok := engine.FindOption(s.options, strings.TrimSpace(name))
	if !ok {
		s.fail("unknown option", line)
		return
	}
	if o.Type == engine.TypeCheck && hasValue {
		switch strings.TrimSpace(value) {
		case "1":
			value = "true"
		case "0":
			value = "false"
		}
	}
	v, err := o.Check(value)
	if err != nil {
		s.fail("bad option value", line)
		return
	}
	s.setOption(o.Name, v, "option "+o.Name)
}

// setOption sets the engine's option name to the checked value v, after
// stopping a search that runs; the engine's error is written as a comment
// line after what (the command).
func (s *server) setOption(name, v, what string) {
	if s.run != nil {
		s.stopSearch(true)
	}
	if err := s.eng.SetOption(name, v); err != nil {
		s.write("# " + what + ": " + strings.ReplaceAll(err.Error(), "\n", " "))
	}
	s.notes(false)
}

// notes writes the engine's engine.Notifier lines, if it has any, as "#"
// comment lines.
func (s *server) notes(ready bool) {
	if n, ok := s.eng.(engine.Notifier); ok {
		for _, l := range n.Notes(ready) {
			s.write("# " + strings.ReplaceAll(l, "\n", " "))
		}
	}
}
