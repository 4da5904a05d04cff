package main

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
)

// The header pools: players and events, drawn once from the seed, so that
// the same players and events come back across many games, as the index's
// player and event filters need.
const (
	otbPlayers    = 30000 // over-the-board players: "Surname, Given"
	onlinePlayers = 30000 // online players: handles
	otbEvents     = 3000
)

// player is one player of a pool, with the rating that is theirs.
type player struct {
	name   string
	rating int
}

// event is an over-the-board event: its name, site, first day and rounds.
type event struct {
	name   string
	site   string
	year   int
	month  int
	day    int
	rounds int
}

// pools holds the players and events.
type pools struct {
	otb, online []player
	events      []event
}

var (
	syllables = []string{"an", "ber", "cha", "dor", "el", "fen", "gar", "hol", "is", "jan",
		"kov", "lin", "mar", "nov", "ol", "pet", "quin", "ros", "sen", "tal", "ur", "var",
		"wen", "xu", "yan", "zak", "bal", "cor", "dan", "ev", "fis", "gul", "har", "ik",
		"jor", "kar", "lem", "mos", "nik", "or", "pol", "rad", "sch", "tor", "ul", "vic"}
	surnameEnds = []string{"", "", "ov", "ova", "ski", "sen", "son", "ez", "i", "er", "ic", "ani", "ian", "ek", "ich", "ing"}
	givenNames  = []string{"Anna", "Boris", "Carlos", "Daria", "Elena", "Fabio", "Gata", "Hikaru",
		"Irina", "Jan", "Kateryna", "Levon", "Magnus", "Nana", "Olga", "Peter", "Qiang", "Radja",
		"Sofia", "Teimour", "Uwe", "Viswanathan", "Wesley", "Xiong", "Yifan", "Zoltan", "Alireza",
		"Bella", "Ding", "Erwin", "Fiona", "Gukesh", "Hou", "Ian", "Judit", "Koneru", "Leinier",
		"Maxime", "Nodirbek", "Pentala", "Richard", "Sam", "Tan", "Vidit", "Wei", "Arjun",
		"Dommaraju", "Ju", "Lei", "Mariya", "Nihal", "Praggnanandhaa", "Shakhriyar", "Vincent"}
	handleWords = []string{"knight", "rook", "pawn", "bishop", "queen", "gambit", "blitz", "tempo",
		"zugzwang", "fork", "pin", "skewer", "castle", "endgame", "opening", "tactic", "mate",
		"check", "sac", "storm", "dragon", "najdorf", "sicilian", "caro", "london", "italian",
		"grunfeld", "dutch", "tiger", "owl", "wolf", "fox", "bear", "eagle", "shark", "ninja",
		"silent", "dark", "swift", "lazy", "crazy", "happy", "grumpy", "mighty", "little", "big"}
	cities = []string{"Wijk aan Zee", "Reykjavik", "Linares", "Dortmund", "Biel", "Gibraltar",
		"Hastings", "Moscow", "St Petersburg", "Baku", "Tbilisi", "Yerevan", "Chennai", "Kolkata",
		"Shenzhen", "Hangzhou", "Saint Louis", "New York", "Sao Paulo", "Buenos Aires", "Madrid",
		"Barcelona", "Paris", "Cannes", "London", "Edinburgh", "Dublin", "Berlin", "Hamburg",
		"Prague", "Vienna", "Budapest", "Warsaw", "Wroclaw", "Riga", "Vilnius", "Tallinn",
		"Oslo", "Stavanger", "Stockholm", "Helsinki", "Copenhagen", "Amsterdam", "Brussels",
		"Zurich", "Geneva", "Rome", "Milan", "Athens", "Istanbul", "Cairo", "Tehran", "Dubai",
		"Tashkent", "Almaty", "Ulaanbaatar", "Tokyo", "Seoul", "Manila", "Jakarta", "Sydney",
		"Melbourne", "Auckland", "Toronto", "Montreal", "Mexico City", "Havana", "Lima"}
	eventKinds = []string{"Open", "Championship", "Masters", "Rapid", "Blitz", "Cup", "Festival",
		"Memorial", "Team Ch.", "Invitational", "Congress", "Classic"}
)

// newPoolsForSeed draws the pools of the collection of seed.
func newPoolsForSeed(seed uint64) *pools {
	return newPools(rand.New(rand.NewPCG(seed, 0x706f6f6c73)))
}

// newPools draws the pools from r.
func newPools(r *rand.Rand) *pools {
	p := &pools{}
	seen := make(map[string]bool)
	unique := func(draw func() string) string {
		for {
			if s := draw(); !seen[s] {
				seen[s] = true
				return s
			}
		}
	}
	for range otbPlayers {
		name := unique(func() string {
			b := []byte(syllables[r.IntN(len(syllables))])
			b[0] -= 'a' - 'A'
			for range 1 + r.IntN(2) {
				b = append(b, syllables[r.IntN(len(syllables))]...)
			}
			b = append(b, surnameEnds[r.IntN(len(surnameEnds))]...)
			return string(b) + ", " + givenNames[r.IntN(len(givenNames))]
		})
		p.otb = append(p.otb, player{name, rating(r, 2050, 230, 1200, 2850)})
	}
	for range onlinePlayers {
		name := unique(func() string {
			a, b := handleWords[r.IntN(len(handleWords))], handleWords[r.IntN(len(handleWords))]
			switch r.IntN(4) {
			case 0:
				return a + "_" + b
			case 1:
				return a + b + strconv.Itoa(r.IntN(10000))
			case 2:
				return string(a[0]-'a'+'A') + a[1:] + string(b[0]-'a'+'A') + b[1:] + strconv.Itoa(r.IntN(100))
			default:
				return a + strconv.Itoa(1950+r.IntN(60))
			}
		})
		p.online = append(p.online, player{name, rating(r, 1650, 350, 600, 3100)})
	}
	for range otbEvents {
		year := 1990 + int(36*math.Sqrt(r.Float64())) // more events in later years
		city := cities[r.IntN(len(cities))]
		kind := eventKinds[r.IntN(len(eventKinds))]
		name := unique(func() string {
			if r.IntN(3) == 0 {
				n := 1 + r.IntN(60)
				return fmt.Sprintf("%d%s %s %s", n, ordinal(n), city, kind)
			}
			return fmt.Sprintf("%s %s %d", city, kind, year)
		})
		p.events = append(p.events, event{name: name, site: city, year: year,
			month: 1 + r.IntN(12), day: 1 + r.IntN(20), rounds: 5 + r.IntN(7)})
	}
	return p
}

// ordinal returns the English suffix of n: "st", "nd", "rd" or "th".
func ordinal(n int) string {
	switch {
	case n%100 >= 11 && n%100 <= 13:
		return "th"
	case n%10 == 1:
		return "st"
	case n%10 == 2:
		return "nd"
	case n%10 == 3:
		return "rd"
	}
	return "th"
}

// rating draws a normal rating, clamped.
func rating(r *rand.Rand, mean, sd, lo, hi float64) int {
	return int(max(lo, min(hi, mean+sd*r.NormFloat64())))
}

// skewed draws an index below n, the low ones far more often (density
// proportional to 1/x^(2/3)): some players and events come back in
// thousands of games, most in a few dozen.
func skewed(r *rand.Rand, n int) int {
	u := r.Float64()
	return min(n-1, int(float64(n)*u*u*u))
}

// timeControl is a lichess-style time control with its share of online
// games.
type timeControl struct {
	tag    string
	weight int
}

// timeControls are the online games' time controls, with weights in
// thousandths.
var timeControls = []timeControl{
	{"15+0", 5}, {"60+0", 140}, {"120+1", 60}, {"180+0", 170}, {"180+2", 150},
	{"300+0", 150}, {"300+3", 100}, {"600+0", 90}, {"600+5", 60}, {"900+10", 40},
	{"1800+0", 15}, {"1800+20", 5}, {"-", 15},
}

// drawTimeControl draws a time control by weight.
func drawTimeControl(r *rand.Rand) string {
	k := r.IntN(1000)
	for _, tc := range timeControls {
		if k < tc.weight {
			return tc.tag
		}
		k -= tc.weight
	}
	return timeControls[0].tag
}

// speedName is lichess's name for a time control's speed class: the
// estimated duration base + 40 × increment, in seconds, below 30 is
// UltraBullet, below 180 Bullet, below 480 Blitz, below 1500 Rapid, else
// Classical; "-" is Correspondence.
func speedName(tc string) string {
	if tc == "-" {
		return "Correspondence"
	}
	var base, inc int
	if _, err := fmt.Sscanf(tc, "%d+%d", &base, &inc); err != nil {
		return "Classical"
	}
	switch t := base + 40*inc; {
	case t < 30:
		return "UltraBullet"
	case t < 180:
		return "Bullet"
	case t < 480:
		return "Blitz"
	case t < 1500:
		return "Rapid"
	}
	return "Classical"
}
