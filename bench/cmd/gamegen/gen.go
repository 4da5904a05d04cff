package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strconv"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/pgn"
)

// The share of non-standard starts, and the prefix lengths.
const (
	chess960Share = 0.005 // Chess960 games from a random one of the 960 starts
	variantShare  = 0.005 // lichess variant games, from the variant's start
	prefixMin     = 6     // a real game's prefix has prefixMin to prefixMax plies
	prefixMax     = 30
)

// variants are the lichess variants played.
var variants = [...]core.Variant{core.ThreeCheck, core.KingOfTheHill, core.Atomic, core.Crazyhouse}

// kind is what a game starts from.
type kind uint8

const (
	kindStandard kind = iota // a prefix of a real game
	kindChess960             // a Chess960 start position
	kindVariant              // a lichess variant's start position
)

// record is one generated game, with what it was made from (for the
// tests).
type record struct {
	text    []byte // the PGN, ending in a blank line
	hash    uint64 // of the start and the moves: equal games, equal hashes
	attempt int    // the draw that made it: 0, or more after repeats
	kind    kind
	file    int // the source file (kindStandard)
	source  int // the source game in it
	prefix  int // the plies taken from it
	plies   int
	end     ending
	result  string
}

// generator makes games; each goroutine has its own.
type generator struct {
	seed    uint64
	sources []source
	pools   *pools
	pcg     rand.PCG
	r       *rand.Rand
	play    playout
	game    *pgn.Game
	buf     bytes.Buffer
	w       *pgn.Writer
}

// newGenerator returns a generator for seed over the sources and pools,
// which it only reads.
func newGenerator(seed uint64, sources []source, p *pools) *generator {
	g := &generator{seed: seed, sources: sources, pools: p}
	g.r = rand.New(&g.pcg)
	g.w = pgn.NewWriter(&g.buf)
	return g
}

// mix is SplitMix64's finaliser: a bijection of uint64 whose outputs look
// independent for consecutive inputs.
func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// generate makes game number i of the collection at its attempt-th draw
// (0 first; another when the game repeats an earlier one). The game
// depends on the seed, i and attempt only.
func (g *generator) generate(i, attempt int) (record, error) {
	g.pcg.Seed(mix(g.seed^mix(uint64(i))), mix(uint64(attempt)+0x5851f42d4c957f2d))
	r := g.r
	rec := record{file: -1, source: -1, attempt: attempt}
	u := r.Float64()
	switch {
	case u < chess960Share:
		rec.kind = kindChess960
		start, err := chess960Position(r.IntN(960))
		if err != nil {
			return rec, err
		}
		g.play.reset(start)
		g.play.playTo(drawLength(r, 2), r)
	case u < chess960Share+variantShare:
		rec.kind = kindVariant
		v := variants[r.IntN(len(variants))]
		start, err := core.VariantStartPosition(v)
		if err != nil {
			return rec, fmt.Errorf("game %d: %w", i, err)
		}
		g.play.reset(start)
		g.play.playTo(drawLength(r, 2), r)
	default:
		rec.kind = kindStandard
		rec.file = r.IntN(len(g.sources))
		games := g.sources[rec.file].games
		rec.source = r.IntN(len(games))
		moves := games[rec.source]
		rec.prefix = min(prefixMin+r.IntN(prefixMax-prefixMin+1), len(moves)-1)
		g.play.reset(core.StartPosition())
		for _, m := range moves[:rec.prefix] {
			if !g.play.pos.IsLegal(m) {
				return rec, fmt.Errorf("game %d: move %d of source game %d of %s is not legal", i, len(g.play.moves)+1, rec.source+1, g.sources[rec.file].name)
			}
			g.play.push(m)
		}
		g.play.playTo(drawLength(r, rec.prefix+2), r)
	}
	g.play.decide(r)
	rec.plies, rec.end, rec.result = len(g.play.moves), g.play.end, g.play.result
	rec.hash = g.play.hash()
	g.buildGame(&rec)
	g.buf.Reset()
	if err := g.w.Write(g.game); err != nil {
		return rec, fmt.Errorf("game %d: writing: %w", i, err)
	}
	rec.text = bytes.Clone(g.buf.Bytes())
	return rec, nil
}

// hash returns a 64-bit hash of the game's start position, rules and
// moves.
func (g *playout) hash() uint64 {
	h := mix(g.start.Hash() ^ uint64(g.start.Variant())<<56)
	if g.start.Chess960() {
		h = mix(h ^ 1)
	}
	for _, m := range g.moves {
		h = mix(h ^ uint64(m))
	}
	return h
}

// buildGame builds g.game from the playout: its tags drawn from g.r, its
// start, moves and result.
func (g *generator) buildGame(rec *record) {
	r := g.r
	game := pgn.NewGame()
	game.Start = g.play.start
	node := game.Root
	for _, m := range g.play.moves {
		node = node.Add(m)
	}
	game.Result = rec.result
	online := rec.kind != kindStandard || g.sources[rec.file].name == sourceNames[1]
	tags := &game.Tags
	var white, black player
	if online {
		white, black = g.pair(g.pools.online, r)
		tc := drawTimeControl(r)
		name := speedName(tc)
		switch {
		case rec.kind == kindChess960:
			name = "Chess960"
		case rec.kind == kindVariant:
			name = pgn.VariantName(g.play.start.Variant())
		}
		rated := "Rated"
		if r.IntN(10) == 0 {
			rated = "Casual"
		}
		tags.Set("Event", rated+" "+name+" game")
		tags.Set("Site", "Internet")
		tags.Set("Date", onlineDate(r))
		tags.Set("Round", "-")
		tags.Set("White", white.name)
		tags.Set("Black", black.name)
		tags.Set("Result", rec.result)
		tags.Set("WhiteElo", strconv.Itoa(white.rating+r.IntN(61)-30))
		tags.Set("BlackElo", strconv.Itoa(black.rating+r.IntN(61)-30))
		tags.Set("TimeControl", tc)
		if rec.kind == kindChess960 {
			tags.Set("Variant", "Chess960")
		}
	} else {
		e := g.pools.events[skewed(r, len(g.pools.events))]
		white, black = g.pair(g.pools.otb, r)
		round := 1 + r.IntN(e.rounds)
		tags.Set("Event", e.name)
		tags.Set("Site", e.site)
		tags.Set("Date", otbDate(r, e, round))
		roundTag := strconv.Itoa(round)
		if r.IntN(3) == 0 {
			roundTag += "." + strconv.Itoa(1+r.IntN(40))
		}
		tags.Set("Round", roundTag)
		tags.Set("White", white.name)
		tags.Set("Black", black.name)
		tags.Set("Result", rec.result)
		if r.IntN(100) >= 8 { // 8% of over-the-board games have no ratings
			tags.Set("WhiteElo", strconv.Itoa(white.rating+r.IntN(21)-10))
			tags.Set("BlackElo", strconv.Itoa(black.rating+r.IntN(21)-10))
		}
	}
	g.game = game
}

// pair draws two different players of a pool.
func (g *generator) pair(pool []player, r *rand.Rand) (player, player) {
	a := skewed(r, len(pool))
	b := skewed(r, len(pool))
	for b == a {
		b = r.IntN(len(pool))
	}
	return pool[a], pool[b]
}

// onlineDate draws an online game's date: 2013 to 2026, later years more
// often (as online play grew).
func onlineDate(r *rand.Rand) string {
	year := 2013 + int(14*sqrtFloat(r))
	return fmt.Sprintf("%04d.%02d.%02d", year, 1+r.IntN(12), 1+r.IntN(28))
}

// sqrtFloat draws from [0, 1) with density 2x.
func sqrtFloat(r *rand.Rand) float64 { return max(r.Float64(), r.Float64()) }

// otbDate returns the date of round round of event e; some dates are
// partial, as in real databases: 5% "YYYY.??.??", 1% "YYYY.MM.??", 0.5%
// "????.??.??".
func otbDate(r *rand.Rand, e event, round int) string {
	switch k := r.IntN(1000); {
	case k < 5:
		return "????.??.??"
	case k < 15:
		return fmt.Sprintf("%04d.%02d.??", e.year, e.month)
	case k < 65:
		return fmt.Sprintf("%04d.??.??", e.year)
	}
	return fmt.Sprintf("%04d.%02d.%02d", e.year, e.month, min(28, e.day+round-1))
}
