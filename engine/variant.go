package engine

import "github.com/gambit-chess/gambit/core"

// VariantSearcher is a Searcher that plays chess variants besides
// standard chess. uci.Serve declares the UCI_Variant option with them and
// xboard.Serve lists them in its variants feature; once the GUI chooses
// one, every Request's Position (and Start) is a position of that variant
// (core.Position.Variant), read and checked by core under its rules. A
// Searcher that is not a VariantSearcher plays standard chess (and
// Chess960) only, and its server offers no variant.
type VariantSearcher interface {
	Searcher
	// Variants returns the variants the engine plays, standard chess
	// aside. It is called once, when the server starts.
	Variants() []core.Variant
}

// SearcherVariants returns the variants s plays, standard chess aside:
// those a VariantSearcher lists that core plays too (core.VariantStartPosition
// sets them up), each once, in s's order; nil for any other Searcher.
func SearcherVariants(s Searcher) []core.Variant {
	vs, ok := s.(VariantSearcher)
	if !ok {
		return nil
	}
	var out []core.Variant
	for _, v := range vs.Variants() {
		if _, err := core.VariantStartPosition(v); err != nil || v == core.Standard {
			continue
		}
		dup := false
		for _, w := range out {
			dup = dup || w == v
		}
		if !dup {
			out = append(out, v)
		}
	}
	return out
}

// VariantStart returns the start position of variant v, or standard
// chess's for a value core does not play: what a server starts a game of
// the variant its GUI chose from, and a client the game of the variant
// its engine was set to.
func VariantStart(v core.Variant) core.Position {
	p, err := core.VariantStartPosition(v)
	if err != nil {
		return core.StartPosition()
	}
	return p
}
