package pgn

import (
	"bytes"
	"fmt"

	"github.com/gambit-chess/gambit/core"
)

// tag reads a tag pair and keeps what the start position needs.
func (r *Reader) tag(v Visitor) {
	s := &r.s
	line, col := s.line, s.column()
	name, value, ok := s.plainTagPair()
	if !ok {
		var err error
		if name, value, err = s.anyTagPair(&r.scratch); err != nil {
			r.fail(line, col, err)
			return
		}
	}
	switch string(name) {
	case "FEN":
		r.fen = append(r.fen[:0], value...)
		r.hasFEN, r.fenLine, r.fenCol = true, line, col
	case "Variant":
		r.variant = append(r.variant[:0], value...)
		if !r.hasFEN {
			r.fenLine, r.fenCol = line, col
		}
	}
	if ml, ok := v.(*mainlineVisitor); ok {
		ml.tags.add(name, value) // NextMainline's, without the interface
	} else {
		v.Tag(name, value)
	}
}

// setup sets up the start position from the FEN and Variant tags.
func (r *Reader) setup() error {
	chess960, err := variant960(r.variant)
	if err != nil {
		return err
	}
	if r.hasFEN {
		p, err := core.ParseFEN(string(r.fen))
		if err != nil {
			return fmt.Errorf("%w: %w", ErrStart, err)
		}
		r.pos = p
	} else {
		r.pos = startPosition
	}
	if chess960 {
		r.pos.SetChess960(true)
	}
	return nil
}

// variant960 reads a Variant tag: whether it is Chess960, or an error for
// a variant with other rules.
func variant960(v []byte) (bool, error) {
	v = bytes.TrimSpace(v)
	for _, name := range [...]string{"", "standard", "chess", "normal", "from position", "fromposition", "classical", "regular"} {
		if bytes.EqualFold(v, []byte(name)) {
			return false, nil
		}
	}
	for _, name := range [...]string{"chess960", "chess 960", "960", "fischerandom", "fischerrandom", "fischer random", "freestyle", "frc"} {
		if bytes.EqualFold(v, []byte(name)) {
			return true, nil
		}
	}
	return false, fmt.Errorf("%w: unsupported variant %q", ErrStart, v)
}
