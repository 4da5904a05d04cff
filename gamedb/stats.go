package gamedb

import (
	"cmp"
	"encoding/binary"
	"slices"

	"github.com/gambit-chess/gambit/core"
)

// Outcomes counts games by result; games of unknown result ("*") count
// in Games and in none of the three others.
type Outcomes struct {
	Games, WhiteWins, Draws, BlackWins int64
}

func (o *Outcomes) add(r Result) {
	o.Games++
	switch r {
	case WhiteWins:
		o.WhiteWins++
	case Draw:
		o.Draws++
	case BlackWins:
		o.BlackWins++
	}
}

func (o *Outcomes) merge(p Outcomes) {
	o.Games += p.Games
	o.WhiteWins += p.WhiteWins
	o.Draws += p.Draws
	o.BlackWins += p.BlackWins
}

// MoveStats is what followed a position by one move: the games that
// played it there (at the position's first occurrence in the game).
type MoveStats struct {
	// Move is the move, legal in the position asked about; core.NoMove
	// is a null move ("--").
	Move core.Move
	Outcomes
	// RatedPlayers counts the players of those games with a rating, and
	// RatingSum adds their ratings up.
	RatedPlayers, RatingSum int64
	// LastPlayed is the latest date among those games (unknown dates
	// count as the earliest).
	LastPlayed Date
}

// AverageRating returns the average rating of the players with one, 0
// when none has.
func (m *MoveStats) AverageRating() int {
	if m.RatedPlayers == 0 {
		return 0
	}
	return int((m.RatingSum + m.RatedPlayers/2) / m.RatedPlayers)
}

// positionStats accumulates a position's statistics, from games or from
// stored aggregates.
type positionStats struct {
	total Outcomes
	ended Outcomes
	moves []moveAcc
	top   []topRef
	// index, when not nil, finds a move's place in moves: its index + 1
	// by move16, 0 for none (the builder's aggregates use it; queries,
	// with far fewer games a position, search moves).
	index []int32
}

// moveAcc is a MoveStats still keyed by its move16.
type moveAcc struct {
	m16 move16
	MoveStats
}

// topRef is a top game: its number in the index (or the segment, while
// one is built) and its rating score.
type topRef struct {
	game  int64
	score int
}

func (st *positionStats) reset() {
	if st.index != nil {
		for _, m := range st.moves {
			st.index[m.m16] = 0
		}
	}
	st.total, st.ended = Outcomes{}, Outcomes{}
	st.moves, st.top = st.moves[:0], st.top[:0]
}

// ratingScore ranks games for the top games: the average rating of the
// players that have one, 0 for a game without ratings.
func ratingScore(g *gameRecord) int {
	switch {
	case g.whiteElo > 0 && g.blackElo > 0:
		return (int(g.whiteElo) + int(g.blackElo)) / 2
	case g.whiteElo > 0:
		return int(g.whiteElo)
	}
	return int(g.blackElo)
}

// add counts a game that reached the position and played m there (or
// ended there: moveEnd).
func (st *positionStats) add(g *gameRecord, m move16, game int64) {
	r := Result(g.result)
	st.total.add(r)
	st.offerTop(topRef{game, ratingScore(g)})
	if m == moveEnd {
		st.ended.add(r)
		return
	}
	i := st.find(m)
	if i < 0 {
		st.moves = append(st.moves, moveAcc{m16: m})
		i = len(st.moves) - 1
		if st.index != nil {
			st.index[m] = int32(len(st.moves))
		}
	}
	a := &st.moves[i].MoveStats
	a.add(r)
	for _, e := range [2]uint16{g.whiteElo, g.blackElo} {
		if e > 0 {
			a.RatedPlayers++
			a.RatingSum += int64(e)
		}
	}
	a.LastPlayed = max(a.LastPlayed, Date(g.date))
}

// find returns the place of m in the moves, -1 if it has none.
func (st *positionStats) find(m move16) int {
	if st.index != nil {
		return int(st.index[m]) - 1
	}
	for i := range st.moves {
		if st.moves[i].m16 == m {
			return i
		}
	}
	return -1
}

// better orders top games: higher score first, then the earlier game.
func better(a, b topRef) int {
	if c := cmp.Compare(b.score, a.score); c != 0 {
		return c
	}
	return cmp.Compare(a.game, b.game)
}

// offerTop keeps t if it is among the TopGames best.
func (st *positionStats) offerTop(t topRef) {
	if len(st.top) == TopGames && better(t, st.top[TopGames-1]) >= 0 {
		return
	}
	i, _ := slices.BinarySearchFunc(st.top, t, better)
	if len(st.top) < TopGames {
		st.top = append(st.top, topRef{})
	}
	copy(st.top[i+1:], st.top[i:len(st.top)-1])
	st.top[i] = t
}

// merge adds the statistics of o, counted over other games.
func (st *positionStats) merge(o *positionStats) {
	st.total.merge(o.total)
	st.ended.merge(o.ended)
	for _, m := range o.moves {
		i := slices.IndexFunc(st.moves, func(a moveAcc) bool { return a.m16 == m.m16 })
		if i < 0 {
			st.moves = append(st.moves, m)
			continue
		}
		a := &st.moves[i].MoveStats
		a.merge(m.Outcomes)
		a.RatedPlayers += m.RatedPlayers
		a.RatingSum += m.RatingSum
		a.LastPlayed = max(a.LastPlayed, m.LastPlayed)
	}
	for _, t := range o.top {
		st.offerTop(t)
	}
}

// appendTo appends the statistics to an aggregates section (see aggHead).
func (st *positionStats) appendTo(b []byte) []byte {
	le := binary.LittleEndian
	b = le.AppendUint32(b, uint32(st.total.Games))
	b = le.AppendUint32(b, uint32(st.ended.Games))
	b = le.AppendUint32(b, uint32(st.ended.WhiteWins))
	b = le.AppendUint32(b, uint32(st.ended.Draws))
	b = le.AppendUint32(b, uint32(st.ended.BlackWins))
	b = le.AppendUint16(b, uint16(len(st.moves)))
	b = append(b, byte(len(st.top)), 0)
	for _, m := range st.moves {
		b = le.AppendUint16(b, uint16(m.m16))
		b = le.AppendUint16(b, 0)
		b = le.AppendUint32(b, uint32(m.Games))
		b = le.AppendUint32(b, uint32(m.WhiteWins))
		b = le.AppendUint32(b, uint32(m.Draws))
		b = le.AppendUint32(b, uint32(m.BlackWins))
		b = le.AppendUint32(b, uint32(m.RatedPlayers))
		b = le.AppendUint64(b, uint64(m.RatingSum))
		b = le.AppendUint32(b, uint32(m.LastPlayed))
	}
	for _, t := range st.top {
		b = le.AppendUint32(b, uint32(t.game))
	}
	return b
}
