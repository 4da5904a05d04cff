package xboard

import (
	"math"
	"strconv"
	"strings"

	"github.com/gambit-chess/gambit/engine"
)

// Feature is one name=value pair of a "feature" line. Value is unquoted;
// Quoted says it was written in double quotes (string features).
type Feature struct {
	Name   string
	Value  string
	Quoted bool
}

// ParseFeatures reads a "feature" line: name=value pairs, a value being a
// number or a double-quoted string that may hold spaces. It returns the
// pairs read before any error, and a *ParseError for a pair without "=",
// an empty name or an unterminated string.
func ParseFeatures(line string) ([]Feature, error) {
	fail := func(fs []Feature, msg string) ([]Feature, error) {
		return fs, parseError("feature", line, msg, ErrSyntax)
	}
	rest := strings.TrimLeft(line, " \t")
	if !strings.HasPrefix(rest, "feature") {
		return fail(nil, `does not start with "feature"`)
	}
	rest = rest[len("feature"):]
	var fs []Feature
	for {
		rest = strings.TrimLeft(rest, " \t")
		if rest == "" {
			return fs, nil
		}
		eq := strings.IndexByte(rest, '=')
		sp := strings.IndexAny(rest, " \t")
		if eq <= 0 || (sp >= 0 && sp < eq) {
			return fail(fs, "a feature without name=value")
		}
		f := Feature{Name: rest[:eq]}
		rest = rest[eq+1:]
		if strings.HasPrefix(rest, `"`) {
			end := strings.IndexByte(rest[1:], '"')
			if end < 0 {
				return fail(fs, "unterminated string for "+f.Name)
			}
			f.Value, f.Quoted = rest[1:1+end], true
			rest = rest[end+2:]
		} else {
			end := strings.IndexAny(rest, " \t")
			if end < 0 {
				end = len(rest)
			}
			f.Value = rest[:end]
			rest = rest[end:]
		}
		fs = append(fs, f)
	}
}

// Features are what an engine told about itself in its feature lines,
// with the protocol's defaults for what it did not tell.
type Features struct {
	// Protocol is 2 for an engine that sent features, 1 for one that
	// sent none within the handshake's wait.
	Protocol int
	MyName   string // myname: the engine's name; "" when not given
	// Variants lists the variants the engine plays (variants="normal,...");
	// nil when not given, which means normal chess only.
	Variants  []string
	Ping      bool // ping: the engine answers ping N with pong N
	SetBoard  bool // setboard: positions are sent as FEN; otherwise edit mode
	PlayOther bool // playother
	SAN       bool // san: the engine writes its moves in SAN
	UserMove  bool // usermove: moves are sent as "usermove MOVE"
	Time      bool // time: the engine takes time and otim (default on)
	Draw      bool // draw: the engine takes draw offers (default on)
	SigInt    bool // sigint: the engine wants SIGINT (default on; never sent by this package)
	SigTerm   bool // sigterm: the engine wants SIGTERM (default on; never sent by this package)
	Reuse     bool // reuse: one process plays several games (default on)
	Analyze   bool // analyze: the engine has an analyze mode (default on)
	Colors    bool // colors: the engine wants the white and black commands (default on)
	ICS       bool // ics
	Name      bool // name: the engine wants its opponent's name
	Pause     bool // pause
	NPS       bool // nps: the engine takes the nps command
	Debug     bool // debug
	Memory    bool // memory: the engine takes the memory command
	SMP       bool // smp: the engine takes the cores command
	Exclude   bool // exclude
	SetScore  bool // setscore
	Highlight bool // highlight
	// Options are the engine's option features, typed like UCI options.
	Options []engine.Option
}

// defaultFeatures are the protocol's defaults for an engine that says
// nothing of a feature.
func defaultFeatures() Features {
	return Features{Protocol: 1, Time: true, Draw: true, SigInt: true, SigTerm: true, Reuse: true, Analyze: true, Colors: true, NPS: true}
}

// HasVariant reports whether the engine plays the variant ("normal",
// "fischerandom").
func (f Features) HasVariant(v string) bool {
	if f.Variants == nil {
		return v == "normal"
	}
	for _, x := range f.Variants {
		if x == v {
			return true
		}
	}
	return false
}

// apply records one feature and reports whether it is one this package
// knows, which decides between "accepted" and "rejected".
func (f *Features) apply(ft Feature) bool {
	on := ft.Value == "1"
	flags := map[string]*bool{
		"ping": &f.Ping, "setboard": &f.SetBoard, "playother": &f.PlayOther, "san": &f.SAN,
		"usermove": &f.UserMove, "time": &f.Time, "draw": &f.Draw, "sigint": &f.SigInt,
		"sigterm": &f.SigTerm, "reuse": &f.Reuse, "analyze": &f.Analyze, "colors": &f.Colors,
		"ics": &f.ICS, "name": &f.Name, "pause": &f.Pause, "nps": &f.NPS, "debug": &f.Debug,
		"memory": &f.Memory, "smp": &f.SMP, "exclude": &f.Exclude, "setscore": &f.SetScore,
		"highlight": &f.Highlight,
	}
	if p, ok := flags[ft.Name]; ok {
		*p = on
		return true
	}
	switch ft.Name {
	case "myname":
		f.MyName = ft.Value
	case "variants":
		f.Variants = nil
		for _, v := range strings.Split(ft.Value, ",") {
			if v = strings.TrimSpace(v); v != "" {
				f.Variants = append(f.Variants, v)
			}
		}
	case "option":
		o, err := ParseOptionFeature(ft.Value)
		if err != nil {
			return false
		}
		f.Options = append(f.Options, o)
	case "done", "egt", "xedit", "acceptcaps":
		// done drives the handshake; the others are accepted and unused.
	default:
		return false
	}
	return true
}

// ParseOptionFeature reads the value of an option feature, "NAME -TYPE
// ...", into an engine.Option: -check becomes a check option with default
// "true" or "false", -spin and -slider spins with their bounds, -combo a
// combo (the value marked with * is the default, else the first), -button,
// -save and -reset buttons, -string, -file and -path strings.
func ParseOptionFeature(value string) (engine.Option, error) {
	fail := func(msg string) (engine.Option, error) {
		return engine.Option{}, parseError("option", value, msg, ErrSyntax)
	}
	// The name may hold spaces: it runs to " -type".
	types := []string{"check", "spin", "slider", "combo", "button", "save", "reset", "string", "file", "path"}
	at, typ := -1, ""
	for _, t := range types {
		i := strings.Index(value, " -"+t)
		end := i + 2 + len(t)
		if i > 0 && (end == len(value) || value[end] == ' ') && (at < 0 || i < at) {
			at, typ = i, t
		}
	}
	if at < 0 {
		return fail("no -type")
	}
	o := engine.Option{Name: strings.TrimSpace(value[:at]), Min: math.MinInt64, Max: math.MaxInt64}
	if o.Name == "" {
		return fail("no name")
	}
	args := strings.TrimSpace(value[at+2+len(typ):])
	switch typ {
	case "check":
		o.Type = engine.TypeCheck
		switch args {
		case "1":
			o.Default = "true"
		case "0", "":
			o.Default = "false"
		default:
			return fail("a check wants 0 or 1")
		}
	case "spin", "slider":
		o.Type = engine.TypeSpin
		f := strings.Fields(args)
		if len(f) != 3 {
			return fail("a spin wants a value, a min and a max")
		}
		var n [3]int64
		for i, s := range f {
			v, err := strconv.ParseInt(s, 10, 64)
			if err != nil {
				return fail("a spin wants numbers")
			}
			n[i] = v
		}
		if n[1] > n[2] {
			return fail("min above max")
		}
		o.Default, o.Min, o.Max = strconv.FormatInt(n[0], 10), n[1], n[2]
	case "combo":
		o.Type = engine.TypeCombo
		for _, v := range strings.Split(args, "///") {
			v = strings.TrimSpace(v)
			if strings.HasPrefix(v, "*") {
				v = strings.TrimSpace(v[1:])
				o.Default = v
			}
			if v == "" {
				return fail("an empty combo value")
			}
			o.Vars = append(o.Vars, v)
		}
		if len(o.Vars) == 0 {
			return fail("a combo without values")
		}
		if o.Default == "" {
			o.Default = o.Vars[0]
		}
	case "button", "save", "reset":
		o.Type = engine.TypeButton
	default: // string, file, path
		o.Type = engine.TypeString
		o.Default = args
	}
	return o, nil
}

// FormatOptionFeature writes o as the value of an option feature, the
// inverse of ParseOptionFeature.
func FormatOptionFeature(o engine.Option) string {
	switch o.Type {
	case engine.TypeCheck:
		if o.Default == "true" {
			return o.Name + " -check 1"
		}
		return o.Name + " -check 0"
	case engine.TypeSpin:
		lo, hi := o.Min, o.Max
		if lo == math.MinInt64 {
			lo = math.MinInt32
		}
		if hi == math.MaxInt64 {
			hi = math.MaxInt32
		}
		d := o.Default
		if d == "" {
			d = strconv.FormatInt(max(lo, 0), 10)
		}
		return o.Name + " -spin " + d + " " + strconv.FormatInt(lo, 10) + " " + strconv.FormatInt(hi, 10)
	case engine.TypeCombo:
		vs := make([]string, len(o.Vars))
		for i, v := range o.Vars {
			if v == o.Default {
				v = "*" + v
			}
			vs[i] = v
		}
		return o.Name + " -combo " + strings.Join(vs, " /// ")
	case engine.TypeButton:
		return o.Name + " -button"
	}
	return o.Name + " -string " + o.Default
}

// optionCommand is the "option" command setting o to v, a value checked
// by o.Check.
func optionCommand(o engine.Option, v string) string {
	switch o.Type {
	case engine.TypeButton:
		return "option " + o.Name
	case engine.TypeCheck:
		if v == "true" {
			return "option " + o.Name + "=1"
		}
		return "option " + o.Name + "=0"
	}
	return "option " + o.Name + "=" + v
}
