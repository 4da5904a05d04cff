package game

import (
	"fmt"
	"unicode/utf8"
)

// Tag is a PGN tag pair, such as Event "Casual game".
type Tag struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// SetTag sets a PGN tag; an empty value removes it. A name must be a PGN
// symbol (letters, digits and _, starting with a letter or digit) and a
// value valid UTF-8 on one line. Result, SetUp and FEN are written by the
// game from its start and outcome and cannot be set. It returns an error
// matching ErrInvalidTag otherwise.
func (g *Game) SetTag(name, value string) error {
	if err := checkTag(name, value); err != nil {
		return err
	}
	for i := range g.tags {
		if g.tags[i].Name == name {
			if value == "" {
				g.tags = append(g.tags[:i], g.tags[i+1:]...)
			} else {
				g.tags[i].Value = value
			}
			return nil
		}
	}
	if value != "" {
		g.tags = append(g.tags, Tag{Name: name, Value: value})
	}
	return nil
}

// Tag returns the value of a tag set with SetTag, and whether it is set.
func (g *Game) Tag(name string) (string, bool) {
	for _, t := range g.tags {
		if t.Name == name {
			return t.Value, true
		}
	}
	return "", false
}

// Tags returns the tags set with SetTag, in the order they were first set.
func (g *Game) Tags() []Tag { return append([]Tag(nil), g.tags...) }

// checkTag returns an error matching ErrInvalidTag unless name and value
// can be written as a PGN tag pair the game does not own.
func checkTag(name, value string) error {
	fail := func(msg string) error {
		return fmt.Errorf("game: %w %q: %s", ErrInvalidTag, name, msg)
	}
	switch name {
	case "Result", "SetUp", "FEN":
		return fail("the game writes it from its start position and outcome")
	case "":
		return fail("empty name")
	}
	if len(name) > 255 {
		return fail("name longer than 255 bytes")
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		letter := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
		if !letter && (i == 0 || c != '_') {
			return fail("a name is letters, digits and _, starting with a letter or digit")
		}
	}
	if !utf8.ValidString(value) {
		return fail("value is not valid UTF-8")
	}
	for _, r := range value {
		if r < ' ' || r == 0x7f {
			return fail("value holds a control character")
		}
	}
	return nil
}
