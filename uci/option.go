package uci

import (
	"math"
	"strconv"
	"strings"
)

// OptionType is the type an engine declares for an option.
type OptionType uint8

// The option types of the UCI protocol.
const (
	TypeCheck  OptionType = iota + 1 // a boolean: "true" or "false"
	TypeSpin                         // an integer between Min and Max
	TypeCombo                        // one of Vars
	TypeButton                       // no value: setting it triggers an action
	TypeString                       // any text
)

var optionTypeNames = [...]string{"", "check", "spin", "combo", "button", "string"}

// String returns the type's protocol name ("check", "spin", ...).
func (t OptionType) String() string {
	if int(t) < len(optionTypeNames) && t != 0 {
		return optionTypeNames[t]
	}
	return "OptionType(" + strconv.Itoa(int(t)) + ")"
}

// Option is an option an engine declares with an "option" line.
type Option struct {
	Name    string
	Type    OptionType
	Default string   // the default as text; "" when there is none
	Min     int64    // spin only; math.MinInt64 when the engine gave no min
	Max     int64    // spin only; math.MaxInt64 when the engine gave no max
	Vars    []string // combo only: the allowed values
}

// ParseOption reads an "option name ... type ..." line. Names, defaults and
// combo values may contain spaces; a string default written as "<empty>"
// reads as "". It returns a *ParseError when the line has no name, an
// unknown type, or a spin bound that is not a number.
func ParseOption(line string) (Option, error) {
	fail := func(msg string) (Option, error) {
		return Option{}, &ParseError{What: "option", Line: line, Msg: msg, Err: ErrSyntax}
	}
	t := tokens{line: line}
	if w, _ := t.next(); w != "option" {
		return fail(`does not start with "option"`)
	}
	// Every field runs until the next keyword, which is how names like
	// "Skill Level" and combo values like "Solid Style" keep their spaces.
	fields := map[string][]string{}
	var vars [][]string
	key := ""
	for {
		w, ok := t.next()
		if !ok {
			break
		}
		switch w {
		case "name", "type", "default", "min", "max":
			if _, dup := fields[w]; dup {
				return fail("repeated " + w)
			}
			key = w
			fields[w] = []string{}
			continue
		case "var":
			key = w
			vars = append(vars, []string{})
			continue
		}
		switch key {
		case "":
			return fail("text before the name")
		case "var":
			vars[len(vars)-1] = append(vars[len(vars)-1], w)
		default:
			fields[key] = append(fields[key], w)
		}
	}
	o := Option{Name: strings.Join(fields["name"], " "), Min: math.MinInt64, Max: math.MaxInt64}
	if o.Name == "" {
		return fail("no name")
	}
	typ, ok := fields["type"]
	if !ok || len(typ) != 1 {
		return fail("no type")
	}
	for i, n := range optionTypeNames {
		if i > 0 && n == typ[0] {
			o.Type = OptionType(i)
		}
	}
	if o.Type == 0 {
		return fail("unknown type " + strconv.Quote(typ[0]))
	}
	o.Default = strings.Join(fields["default"], " ")
	if o.Type == TypeString && o.Default == "<empty>" {
		o.Default = ""
	}
	for _, k := range []string{"min", "max"} {
		v, ok := fields[k]
		if !ok {
			continue
		}
		if o.Type != TypeSpin {
			return fail(k + " on a " + o.Type.String() + " option")
		}
		if len(v) != 1 {
			return fail(k + " is not one number")
		}
		n, err := strconv.ParseInt(v[0], 10, 64)
		if err != nil {
			return fail(k + " is not a number")
		}
		if k == "min" {
			o.Min = n
		} else {
			o.Max = n
		}
	}
	if o.Min > o.Max {
		return fail("min above max")
	}
	if len(vars) > 0 && o.Type != TypeCombo {
		return fail("var on a " + o.Type.String() + " option")
	}
	for _, v := range vars {
		if len(v) == 0 {
			return fail("empty var")
		}
		o.Vars = append(o.Vars, strings.Join(v, " "))
	}
	return o, nil
}

// String returns the option as the "option" line an engine prints.
func (o Option) String() string {
	var b strings.Builder
	b.WriteString("option name ")
	b.WriteString(o.Name)
	b.WriteString(" type ")
	b.WriteString(o.Type.String())
	switch {
	case o.Type == TypeString && o.Default == "":
		b.WriteString(" default <empty>")
	case o.Default != "":
		b.WriteString(" default ")
		b.WriteString(o.Default)
	}
	if o.Type == TypeSpin {
		if o.Min != math.MinInt64 {
			b.WriteString(" min ")
			b.WriteString(strconv.FormatInt(o.Min, 10))
		}
		if o.Max != math.MaxInt64 {
			b.WriteString(" max ")
			b.WriteString(strconv.FormatInt(o.Max, 10))
		}
	}
	for _, v := range o.Vars {
		b.WriteString(" var ")
		b.WriteString(v)
	}
	return b.String()
}

// Check tells whether value suits the option and returns it in the form to
// send: "true"/"false" for a check (any case accepted), the combo value as
// the engine spelled it (UCI matches them without regard to case), the
// number for a spin. It returns an *OptionError matching ErrOptionValue.
func (o Option) Check(value string) (string, error) {
	fail := func(msg string) (string, error) {
		return "", &OptionError{Name: o.Name, Value: value, Msg: msg, Err: ErrOptionValue}
	}
	if strings.ContainsAny(value, "\r\n") {
		return fail("line break in the value")
	}
	switch o.Type {
	case TypeCheck:
		switch strings.ToLower(value) {
		case "true":
			return "true", nil
		case "false":
			return "false", nil
		}
		return fail("want true or false")
	case TypeSpin:
		n, err := strconv.ParseInt(strings.TrimSpace(value), 10, 64)
		if err != nil {
			return fail("not an integer")
		}
		if n < o.Min || n > o.Max {
			return fail("outside " + strconv.FormatInt(o.Min, 10) + ".." + strconv.FormatInt(o.Max, 10))
		}
		return strconv.FormatInt(n, 10), nil
	case TypeCombo:
		for _, v := range o.Vars {
			if strings.EqualFold(v, value) {
				return v, nil
			}
		}
		return fail("want one of " + strings.Join(o.Vars, ", "))
	case TypeButton:
		if value != "" {
			return fail("a button takes no value")
		}
		return "", nil
	}
	return value, nil
}

// findOption returns the option whose name matches name without regard to
// case, as UCI asks.
func findOption(opts []Option, name string) (Option, bool) {
	for _, o := range opts {
		if strings.EqualFold(o.Name, name) {
			return o, true
		}
	}
	return Option{}, false
}

// setOptionLine builds the setoption command for a checked value.
func setOptionLine(o Option, value string) string {
	if o.Type == TypeButton {
		return "setoption name " + o.Name
	}
	return "setoption name " + o.Name + " value " + value
}
