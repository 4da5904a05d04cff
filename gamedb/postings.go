package gamedb

import "encoding/binary"

// group is the postings of a segment whose position shares a key's top
// bucketBits+keyBits bits: its games, in order. When mixed, they reached more
// than one position, and each must be checked.
type group struct {
	lo, hi uint64
	mixed  bool
}

func (g group) len() uint64 { return g.hi - g.lo }

// entry reads posting i: its key bits and its game.
func (s *segment) entry(i uint64) (uint32, uint64, error) {
	w := uint64(s.h.entryWidth())
	b, err := s.bytes(secPostings, i*w, 8)
	if err != nil {
		return 0, 0, err
	}
	e := binary.LittleEndian.Uint64(b) & (1<<(8*w) - 1)
	shift := 8 * s.h.gameBytes
	game := e & (1<<shift - 1)
	if game >= s.h.games {
		return 0, 0, s.corrupt(int64(s.h.sections[secPostings].off+i*w), "posting %d names game %d of %d", i, game, s.h.games)
	}
	return uint32(e >> shift), game, nil
}

// lookup finds the postings of key k.
func (s *segment) lookup(k uint64) (group, error) {
	bb := s.h.bucketBits
	bucket := k >> (64 - bb)
	b, err := s.bytes(secBuckets, 4*bucket, 8)
	if err != nil {
		return group{}, err
	}
	lo, hi := uint64(binary.LittleEndian.Uint32(b)), uint64(binary.LittleEndian.Uint32(b[4:]))
	if lo > hi || hi > s.h.postings {
		return group{}, s.corrupt(int64(s.h.sections[secBuckets].off+4*bucket), "bucket %d holds postings %d to %d of %d", bucket, lo, hi, s.h.postings)
	}
	fp := uint32(s.h.prefix(k) & (1<<s.h.keyBits - 1))
	// The first posting of the bucket whose key bits are fp or more, then
	// the first past them.
	search := func(lo, hi uint64, past bool) (uint64, error) {
		for lo < hi {
			mid := lo + (hi-lo)/2
			f, _, err := s.entry(mid)
			if err != nil {
				return 0, err
			}
			if f < fp || past && f == fp {
				lo = mid + 1
			} else {
				hi = mid
			}
		}
		return lo, nil
	}
	first, err := search(lo, hi, false)
	if err != nil {
		return group{}, err
	}
	last, err := search(first, hi, true)
	if err != nil || first == last {
		return group{lo: first, hi: first}, err
	}
	mixed, err := s.collides(s.h.prefix(k))
	return group{lo: first, hi: last, mixed: mixed}, err
}

// collides reports whether the group of prefix holds more than one
// position.
func (s *segment) collides(prefix uint64) (bool, error) {
	n := s.h.sections[secCollide].len / 8
	if n == 0 {
		return false, nil
	}
	b, err := s.bytes(secCollide, 0, 8*n)
	if err != nil {
		return false, err
	}
	lo, hi := uint64(0), n
	for lo < hi {
		mid := lo + (hi-lo)/2
		if binary.LittleEndian.Uint64(b[8*mid:]) < prefix {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo < n && binary.LittleEndian.Uint64(b[8*lo:]) == prefix, nil
}

// aggregate returns the stored statistics of key k, with their games
// numbered in the index, and whether the segment has them.
func (s *segment) aggregate(k uint64, st *positionStats) (bool, error) {
	n := s.h.aggCount
	lo, hi := uint64(0), n
	for lo < hi {
		mid := lo + (hi-lo)/2
		b, err := s.bytes(secAggKeys, 8*mid, 8)
		if err != nil {
			return false, err
		}
		if binary.LittleEndian.Uint64(b) < k {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo == n {
		return false, nil
	}
	b, err := s.bytes(secAggKeys, 8*lo, 8)
	if err != nil || binary.LittleEndian.Uint64(b) != k {
		return false, err
	}
	offs, err := s.bytes(secAggOffs, 8*lo, 16)
	if err != nil {
		return false, err
	}
	le := binary.LittleEndian
	from, to := le.Uint64(offs), le.Uint64(offs[8:])
	at := int64(s.h.sections[secAggData].off + from)
	if from > to {
		return false, s.corrupt(int64(s.h.sections[secAggOffs].off+8*lo), "aggregate %d ends before it starts", lo)
	}
	d, err := s.bytes(secAggData, from, to-from)
	if err != nil {
		return false, err
	}
	if len(d) < aggHead {
		return false, s.corrupt(at, "aggregate of %d bytes", len(d))
	}
	st.reset()
	st.total.Games = int64(le.Uint32(d))
	st.ended = Outcomes{int64(le.Uint32(d[4:])), int64(le.Uint32(d[8:])), int64(le.Uint32(d[12:])), int64(le.Uint32(d[16:]))}
	nm, nt := int(le.Uint16(d[20:])), int(d[22])
	if len(d) != aggHead+nm*aggMoveLen+4*nt || nt > TopGames {
		return false, s.corrupt(at, "aggregate of %d bytes for %d moves and %d top games", len(d), nm, nt)
	}
	st.total.merge(Outcomes{0, st.ended.WhiteWins, st.ended.Draws, st.ended.BlackWins})
	sum := st.ended.Games
	for i := range nm {
		m := d[aggHead+i*aggMoveLen:]
		a := moveAcc{m16: move16(le.Uint16(m))}
		a.Outcomes = Outcomes{int64(le.Uint32(m[4:])), int64(le.Uint32(m[8:])), int64(le.Uint32(m[12:])), int64(le.Uint32(m[16:]))}
		a.RatedPlayers = int64(le.Uint32(m[20:]))
		a.RatingSum = int64(le.Uint64(m[24:]))
		a.LastPlayed = Date(le.Uint32(m[32:]))
		st.moves = append(st.moves, a)
		st.total.merge(Outcomes{0, a.WhiteWins, a.Draws, a.BlackWins})
		sum += a.Games
	}
	if sum != st.total.Games {
		return false, s.corrupt(at, "aggregate of %d games whose moves and ends count %d", st.total.Games, sum)
	}
	var rec gameRecord
	for i := range nt {
		g := uint64(le.Uint32(d[aggHead+nm*aggMoveLen+4*i:]))
		if err := s.game(g, &rec); err != nil {
			return false, err
		}
		st.top = append(st.top, topRef{s.base + int64(g) + 1, ratingScore(&rec)})
	}
	return true, nil
}
