package pgn

// Tag is one tag pair of a game's header, [Name "Value"], with the value's
// escapes (\" and \\) resolved.
type Tag struct {
	Name, Value string
}

// Tags are a game's tag pairs in file order.
type Tags []Tag

// Get returns the value of the first tag called name, or "".
func (t Tags) Get(name string) string {
	v, _ := t.Lookup(name)
	return v
}

// Lookup returns the value of the first tag called name and whether there
// is one.
func (t Tags) Lookup(name string) (string, bool) {
	for i := range t {
		if t[i].Name == name {
			return t[i].Value, true
		}
	}
	return "", false
}

// Set sets the value of the first tag called name, or appends the tag.
func (t *Tags) Set(name, value string) {
	for i := range *t {
		if (*t)[i].Name == name {
			(*t)[i].Value = value
			return
		}
	}
	*t = append(*t, Tag{name, value})
}

// Delete removes every tag called name.
func (t *Tags) Delete(name string) {
	out := (*t)[:0]
	for _, tag := range *t {
		if tag.Name != name {
			out = append(out, tag)
		}
	}
	clear((*t)[len(out):])
	*t = out
}
