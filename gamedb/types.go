package gamedb

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/gambit-chess/gambit/core"
)

// Result is a game's result.
type Result uint8

// Results. ResultUnknown is "*" or a game without a result: it counts in
// a position's games but in none of the three outcomes.
const (
	ResultUnknown Result = iota
	WhiteWins
	Draw
	BlackWins
)

// String returns the result as PGN writes it.
func (r Result) String() string {
	switch r {
	case WhiteWins:
		return "1-0"
	case Draw:
		return "1/2-1/2"
	case BlackWins:
		return "0-1"
	}
	return "*"
}

// ParseResult reads a result as PGN writes it ("1-0", "0-1", "1/2-1/2",
// "*").
func ParseResult(s string) (Result, error) {
	switch s {
	case "1-0":
		return WhiteWins, nil
	case "0-1":
		return BlackWins, nil
	case "1/2-1/2":
		return Draw, nil
	case "*":
		return ResultUnknown, nil
	}
	return 0, fmt.Errorf("gamedb: result %q: want 1-0, 0-1, 1/2-1/2 or *", s)
}

// resultOf reads a movetext's result token; anything else is unknown.
func resultOf(s string) Result {
	r, _ := ParseResult(s)
	return r
}

// Speed is the class of a game's time control, as lichess names them,
// from its TimeControl tag: the estimated duration is the base time plus
// 40 times the increment, in seconds.
type Speed uint8

// Speeds.
const (
	SpeedUnknown   Speed = iota // no TimeControl tag, or one gambit cannot read
	UltraBullet                 // under 30 s
	Bullet                      // under 3 minutes
	Blitz                       // under 8 minutes
	Rapid                       // under 25 minutes
	Classical                   // 25 minutes or more
	Correspondence              // TimeControl "-"
)

var speedNames = [...]string{"unknown", "ultrabullet", "bullet", "blitz", "rapid", "classical", "correspondence"}

// String returns the speed's name in lower case ("blitz").
func (s Speed) String() string {
	if int(s) < len(speedNames) {
		return speedNames[s]
	}
	return "speed(" + strconv.Itoa(int(s)) + ")"
}

// ParseSpeed reads a speed's name, in any case.
func ParseSpeed(s string) (Speed, error) {
	for i, n := range speedNames {
		if strings.EqualFold(s, n) {
			return Speed(i), nil
		}
	}
	return 0, fmt.Errorf("gamedb: speed %q: want one of %s", s, strings.Join(speedNames[1:], ", "))
}

// speedOf classifies a TimeControl tag: "base+increment" or "base" in
// seconds, "-" for correspondence; lichess's multi-stage forms
// ("40/7200:3600") take their first stage's base.
func speedOf(tc string) Speed {
	if tc == "-" {
		return Correspondence
	}
	if tc == "" || tc == "?" {
		return SpeedUnknown
	}
	stage, _, _ := strings.Cut(tc, ":")
	if _, after, ok := strings.Cut(stage, "/"); ok {
		stage = after
	}
	baseText, incText, _ := strings.Cut(stage, "+")
	base, err := strconv.Atoi(baseText)
	if err != nil || base < 0 {
		return SpeedUnknown
	}
	inc := 0
	if incText != "" {
		if inc, err = strconv.Atoi(incText); err != nil || inc < 0 {
			return SpeedUnknown
		}
	}
	switch est := base + 40*inc; {
	case est < 30:
		return UltraBullet
	case est < 180:
		return Bullet
	case est < 480:
		return Blitz
	case est < 1500:
		return Rapid
	}
	return Classical
}

// Date is a game's date with its unknown parts zero, packed so that dates
// compare in time order: year<<9 | month<<5 | day. The zero Date is
// unknown.
type Date uint32

// NewDate packs a date; 0 stands for an unknown part.
func NewDate(year, month, day int) Date {
	return Date(year<<9 | month<<5 | day)
}

// Year returns the year, 0 when unknown.
func (d Date) Year() int { return int(d >> 9) }

// Month returns the month, 0 when unknown.
func (d Date) Month() int { return int(d >> 5 & 15) }

// Day returns the day, 0 when unknown.
func (d Date) Day() int { return int(d & 31) }

// String returns the date as PGN writes it ("2023.04.??").
func (d Date) String() string {
	part := func(v, width int) string {
		if v == 0 {
			return strings.Repeat("?", width)
		}
		return fmt.Sprintf("%0*d", width, v)
	}
	return part(d.Year(), 4) + "." + part(d.Month(), 2) + "." + part(d.Day(), 2)
}

// ParseDate reads a PGN date ("2023.04.01", "2023.??.??", "????.??.??")
// or a prefix of one ("2023", "2023.04"); an unreadable part is unknown,
// and so is a date that is not one.
func ParseDate(s string) (Date, error) {
	parts := strings.Split(s, ".")
	if len(parts) > 3 || s == "" {
		return 0, fmt.Errorf("gamedb: date %q: want YYYY[.MM[.DD]]", s)
	}
	var v [3]int
	limits := [3]int{4095, 12, 31}
	for i, p := range parts {
		if strings.Trim(p, "?") == "" {
			continue
		}
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > limits[i] {
			return 0, fmt.Errorf("gamedb: date %q: want YYYY[.MM[.DD]]", s)
		}
		v[i] = n
	}
	return NewDate(v[0], v[1], v[2]), nil
}

// dateOf reads a Date tag; what cannot be read is unknown.
func dateOf(s string) Date {
	d, _ := ParseDate(s)
	return d
}

// Material is the material on the board: for each colour and each piece
// type from pawn to queen, how many (up to 63), six bits each; kings are
// not counted. Material from a position or ParseMaterial compare with ==.
type Material uint64

// MaterialOf returns the material on p's board.
func MaterialOf(p *core.Position) Material {
	var m Material
	for c := core.White; c <= core.Black; c++ {
		for t := core.Pawn; t <= core.Queen; t++ {
			m |= Material(min(p.Pieces(c, t).Count(), 63)) << materialShift(c, t)
		}
	}
	return m
}

func materialShift(c core.Color, t core.PieceType) uint {
	return uint(c&1)*30 + uint(t-core.Pawn)*6
}

// Count returns how many pieces of colour c and type t (pawn to queen) m
// holds.
func (m Material) Count(c core.Color, t core.PieceType) int {
	if t < core.Pawn || t > core.Queen {
		return 0
	}
	return int(m >> materialShift(c, t) & 63)
}

// Flip returns m with the colours swapped.
func (m Material) Flip() Material {
	const side = 1<<30 - 1
	return m>>30&side | m&side<<30
}

// String returns m as a material signature, White's pieces first:
// "KRPvKR".
func (m Material) String() string {
	var sb strings.Builder
	for c := core.White; c <= core.Black; c++ {
		if c == core.Black {
			sb.WriteByte('v')
		}
		sb.WriteByte('K')
		for t := core.Queen; t >= core.Pawn; t-- {
			sb.WriteString(strings.Repeat(string("PNBRQ"[t-core.Pawn]), m.Count(c, t)))
		}
	}
	return sb.String()
}

// ParseMaterial reads a material signature: White's pieces, "v", Black's
// ("KRPvKR", "KQvK"), each side with its king, in any order and either
// case.
func ParseMaterial(s string) (Material, error) {
	white, black, ok := strings.Cut(strings.ToUpper(s), "V")
	if !ok {
		return 0, fmt.Errorf("gamedb: material %q: want a signature such as KRPvKR", s)
	}
	var m Material
	for c, side := range [2]string{white, black} {
		if strings.Count(side, "K") != 1 {
			return 0, fmt.Errorf("gamedb: material %q: each side has one king (K)", s)
		}
		for _, r := range side {
			t := strings.IndexRune("PNBRQ", r)
			switch {
			case r == 'K':
				continue
			case t < 0:
				return 0, fmt.Errorf("gamedb: material %q: %q is not a piece (K, Q, R, B, N, P)", s, r)
			}
			pt := core.Pawn + core.PieceType(t)
			if m.Count(core.Color(c), pt) == 63 {
				return 0, fmt.Errorf("gamedb: material %q: too many pieces", s)
			}
			m += 1 << materialShift(core.Color(c), pt)
		}
	}
	return m, nil
}

// mayReach reports whether a game of a variant whose material only falls
// by captures and rises only by promotions (a pawn becoming a piece) can
// have had material m on its board at some point if it ended with
// material end: no colour ends with more pawns than m has, and the pieces
// it ends with beyond m's are at most the pawns it lost since.
func mayReach(end, m Material) bool {
	for c := core.White; c <= core.Black; c++ {
		lost := m.Count(c, core.Pawn) - end.Count(c, core.Pawn)
		if lost < 0 {
			return false
		}
		for t := core.Knight; t <= core.Queen; t++ {
			if extra := end.Count(c, t) - m.Count(c, t); extra > 0 {
				if lost -= extra; lost < 0 {
					return false
				}
			}
		}
	}
	return true
}
