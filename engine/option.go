package engine

import (
	"math"
	"strconv"
	"strings"
)

// OptionType is the type an engine declares for an option.
type OptionType uint8

// The option types, as UCI names them; XBoard's option features map
// onto them (check, spin, combo, button, string; file and path are strings).
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

// String returns the option as the UCI "option" line an engine prints.
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

// FindOption returns the option whose name matches name without regard to
// case, as UCI asks; XBoard GUIs match names exactly, and so does
// an exact match win over a case-insensitive one.
func FindOption(opts []Option, name string) (Option, bool) {
	for _, o := range opts {
		if o.Name == name {
			return o, true
		}
	}
	for _, o := range opts {
		if strings.EqualFold(o.Name, name) {
			return o, true
		}
	}
	return Option{}, false
}
