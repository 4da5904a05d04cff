package uci

import (
	"math"
	"strconv"
	"strings"
)

// ParseOption reads an "option name ... type ..." line. Names, defaults and
// combo values may contain spaces; a string default written as "<empty>"
// reads as "". It returns a *ParseError when the line has no name, an
// unknown type, or a spin bound that is not a number.
func ParseOption(line string) (Option, error) {
	fail := func(msg string) (Option, error) {
		return Option{}, parseError("option", line, msg, ErrSyntax)
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
	for t := TypeCheck; t <= TypeString; t++ {
		if t.String() == typ[0] {
			o.Type = t
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

// setOptionLine builds the setoption command for a checked value.
func setOptionLine(o Option, value string) string {
	if o.Type == TypeButton {
		return "setoption name " + o.Name
	}
	return "setoption name " + o.Name + " value " + value
}
