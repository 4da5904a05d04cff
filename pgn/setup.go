package pgn

import (
	"bytes"
	"fmt"
	"strings"
	"unicode"

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
		r.variantLine, r.variantCol = line, col
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

// setup sets up the start position from the FEN and Variant tags: the
// FEN's position under the variant's rules, or the variant's own start
// position without a FEN. An error comes with the line and column of the
// tag at fault.
func (r *Reader) setup() (line, col int, err error) {
	v, chess960, err := readVariant(r.variant)
	if err != nil {
		return r.variantLine, r.variantCol, err
	}
	if err := r.setupPosition(v); err != nil {
		return r.fenLine, r.fenCol, err
	}
	if chess960 {
		r.pos.SetChess960(true)
	}
	return 0, 0, nil
}

// setupPosition sets r.pos to the FEN tag's position in variant v, or to
// v's start position when there is no FEN tag.
func (r *Reader) setupPosition(v core.Variant) error {
	switch {
	case r.hasFEN:
		p, err := core.ParseVariantFEN(v, string(r.fen))
		if err != nil {
			return fmt.Errorf("%w: %w", ErrStart, err)
		}
		r.pos = p
	case v == core.Standard:
		r.pos = startPosition
	default:
		p, err := core.VariantStartPosition(v)
		if err != nil {
			return fmt.Errorf("%w: %w", ErrStart, err)
		}
		r.pos = p
	}
	return nil
}

// variantNames holds the Variant tag value lichess writes for each
// variant; standard chess has none ("Standard" is lichess's name for it).
var variantNames = map[core.Variant]string{
	core.Standard:      "Standard",
	core.Atomic:        "Atomic",
	core.Crazyhouse:    "Crazyhouse",
	core.ThreeCheck:    "Three-check",
	core.KingOfTheHill: "King of the Hill",
	core.Antichess:     "Antichess",
	core.Horde:         "Horde",
	core.RacingKings:   "Racing Kings",
}

// VariantName returns the value lichess writes in a PGN Variant tag for
// v, which the Writer writes and the Reader reads: "Standard",
// "Three-check", "King of the Hill", "Racing Kings", "Antichess", "Horde",
// "Atomic" or "Crazyhouse"; v.String() for a value that is no variant.
func VariantName(v core.Variant) string {
	if name, ok := variantNames[v]; ok {
		return name
	}
	return v.String()
}

// variantAliases holds more names other programs write in the Variant
// tag, lower-cased with spaces and hyphens taken out, beyond those
// core.ParseVariant reads.
var variantAliases = map[string]core.Variant{
	"zh":              core.Crazyhouse,
	"house":           core.Crazyhouse,
	"threecheckchess": core.ThreeCheck,
	"anti":            core.Antichess,
	"giveaway":        core.Antichess,
	"atomicchess":     core.Atomic,
	"hordechess":      core.Horde,
	"racing":          core.RacingKings,
}

// readVariant reads a Variant tag: the variant, whether it is Chess960,
// or an error matching ErrStart for a name gambit does not know.
func readVariant(tag []byte) (core.Variant, bool, error) {
	tag = bytes.TrimSpace(tag)
	for _, name := range [...]string{"", "standard", "chess", "normal", "from position", "fromposition", "classical", "regular"} {
		if bytes.EqualFold(tag, []byte(name)) {
			return core.Standard, false, nil
		}
	}
	for _, name := range [...]string{"chess960", "chess 960", "960", "fischerandom", "fischerrandom", "fischer random", "freestyle", "frc"} {
		if bytes.EqualFold(tag, []byte(name)) {
			return core.Standard, true, nil
		}
	}
	if v, err := core.ParseVariant(string(tag)); err == nil {
		return v, false, nil
	}
	key := strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' || r == '_' {
			return -1
		}
		return unicode.ToLower(r)
	}, string(tag))
	if v, ok := variantAliases[key]; ok {
		return v, false, nil
	}
	return core.Standard, false, fmt.Errorf("%w: unknown variant %q", ErrStart, tag)
}
