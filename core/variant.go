package core

import (
	"errors"
	"fmt"
	"strings"
)

// Variant is a set of rules a Position is played under: standard chess or
// one of the variants lichess offers. The zero value is Standard, so every
// position made by ParseFEN or StartPosition is a standard one. Chess960 is
// not a variant but a flag of its own (Position.Chess960), which combines
// with a variant's rules where they have castling.
//
// The rules are lichess's, as its variant library chessops implements
// them; docs/core.md lists them and where other programs differ.
type Variant uint8

// The variants.
const (
	// Standard is standard chess (and Chess960 with the Chess960 flag).
	Standard Variant = iota
	// Atomic: a capture explodes the capturing piece and every piece but
	// pawns next to the target square; a king never captures, kings that
	// touch cannot check each other, and exploding the other king wins.
	Atomic
	// Crazyhouse: a captured piece goes to the captor's pocket (a promoted
	// pawn as a pawn), and a move may drop a piece of the pocket on an
	// empty square instead (a pawn on none of the first and last ranks).
	Crazyhouse
	// ThreeCheck: a side that gives its third check wins.
	ThreeCheck
	// KingOfTheHill: a king that reaches d4, e4, d5 or e5 wins.
	KingOfTheHill
	// Antichess: captures are forced, the king is an ordinary piece (no
	// check, no castling, pawns may promote to it), and a side that has
	// lost every piece or has no move wins.
	Antichess
	// Horde: White has 36 pawns and no king; its pawns on the first rank
	// may advance two squares. Black wins by taking every white piece.
	Horde
	// RacingKings: no move may give check; the first king to reach the
	// eighth rank wins, but when White gets there first Black may still
	// draw by reaching it on the next move.
	RacingKings

	// variantCount is the number of variants.
	variantCount
)

// variantNames holds each variant's name as lichess's API and perft -variant
// write it.
var variantNames = [variantCount]string{
	Standard:      "chess",
	Atomic:        "atomic",
	Crazyhouse:    "crazyhouse",
	ThreeCheck:    "3check",
	KingOfTheHill: "kingofthehill",
	Antichess:     "antichess",
	Horde:         "horde",
	RacingKings:   "racingkings",
}

// String returns the variant's lichess name: "chess", "atomic",
// "crazyhouse", "3check", "kingofthehill", "antichess", "horde" or
// "racingkings".
func (v Variant) String() string {
	if v >= variantCount {
		return fmt.Sprintf("Variant(%d)", uint8(v))
	}
	return variantNames[v]
}

// ErrUnknownVariant is the error every ParseVariant failure matches with
// errors.Is.
var ErrUnknownVariant = errors.New("unknown variant")

// ErrUnsupportedVariant was the error ParseVariantFEN returned for a
// variant whose rules gambit did not play yet. gambit plays every Variant
// now, so nothing in core returns it; it stays for the callers that test
// for it.
var ErrUnsupportedVariant = errors.New("variant not supported yet")

// VariantError reports a variant name ParseVariant does not know.
type VariantError struct {
	Name string // the input
}

func (e *VariantError) Error() string {
	return fmt.Sprintf("core: unknown variant %q", e.Name)
}

// Unwrap returns ErrUnknownVariant.
func (e *VariantError) Unwrap() error { return ErrUnknownVariant }

// variantAliases maps a name, lower-cased with spaces, hyphens and
// underscores taken out, to its variant: the lichess API names, the PGN
// [Variant] tag values lichess writes ("Three-check", "King of the Hill",
// ...) and the names UCI_Variant uses.
var variantAliases = map[string]Variant{
	"chess":         Standard,
	"standard":      Standard,
	"chess960":      Standard,
	"fromposition":  Standard,
	"atomic":        Atomic,
	"crazyhouse":    Crazyhouse,
	"3check":        ThreeCheck,
	"threecheck":    ThreeCheck,
	"kingofthehill": KingOfTheHill,
	"koth":          KingOfTheHill,
	"antichess":     Antichess,
	"horde":         Horde,
	"racingkings":   RacingKings,
}

// ParseVariant reads a variant's name: its String form ("3check",
// "kingofthehill", ...) or the name lichess writes in a PGN [Variant] tag
// ("Standard", "Three-check", "King of the Hill", "Racing Kings",
// "Antichess", "Atomic", "Crazyhouse", "Horde"), in any case. "Chess960"
// and "From Position", which lichess also writes there, are standard
// chess: Chess960 is the Position's own flag, which the caller sets. It
// returns a *VariantError, matching ErrUnknownVariant, for any other name.
func ParseVariant(name string) (Variant, error) {
	key := strings.Map(func(r rune) rune {
		switch r {
		case ' ', '-', '_':
			return -1
		}
		if r >= 'A' && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}, name)
	if v, ok := variantAliases[key]; ok {
		return v, nil
	}
	return Standard, &VariantError{Name: name}
}

// Variant returns the rules the position is played under.
func (p *Position) Variant() Variant { return p.variant }

// variantStartFENs holds each variant's starting position.
var variantStartFENs = [variantCount]string{
	Standard:      StartFEN,
	Atomic:        StartFEN,
	Crazyhouse:    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
	ThreeCheck:    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
	KingOfTheHill: StartFEN,
	Antichess:     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
	Horde:         "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1",
	RacingKings:   "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
}

// VariantStartFEN returns the FEN of variant v's starting position, in
// the form Position.FEN writes it; "" for a value that is no variant.
func VariantStartFEN(v Variant) string {
	if v >= variantCount {
		return ""
	}
	return variantStartFENs[v]
}

// VariantStartPosition returns the starting position of variant v. It
// returns an error matching ErrUnknownVariant for a value that is no
// variant.
func VariantStartPosition(v Variant) (Position, error) {
	if v >= variantCount {
		return Position{}, fmt.Errorf("core: start position: %w: %d", ErrUnknownVariant, uint8(v))
	}
	return ParseVariantFEN(v, variantStartFENs[v])
}
