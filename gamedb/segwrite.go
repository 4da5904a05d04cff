package gamedb

import (
	"cmp"
	"encoding/binary"
	"hash/crc32"
	"io"
	"math/bits"
	"os"
	"slices"
)

// segmentBuild is a segment being built in memory.
type segmentBuild struct {
	strings map[string]uint32
	strs    []string
	games   []gameRecord
	moves   []byte
	// in holds the postings as they come: a position's key, and the
	// game's number in the segment <<16 | the move played at its first
	// occurrence in the game (move16). keys and vals are them sorted.
	in         postingChunks
	keys, vals []uint64
}

// postingChunks holds postings in chunks of fixed size, so that adding
// them never copies those added before.
type postingChunks struct {
	keys, vals [][]uint64
	n          int
}

const chunkPostings = 1 << 20

// add adds postings, adding base to each val.
func (c *postingChunks) add(keys, vals []uint64, base uint64) {
	for len(keys) > 0 {
		last := len(c.keys) - 1
		if last < 0 || len(c.keys[last]) == chunkPostings {
			c.keys = append(c.keys, make([]uint64, 0, chunkPostings))
			c.vals = append(c.vals, make([]uint64, 0, chunkPostings))
			last++
		}
		n := min(len(keys), chunkPostings-len(c.keys[last]))
		c.keys[last] = append(c.keys[last], keys[:n]...)
		for _, v := range vals[:n] {
			c.vals[last] = append(c.vals[last], v+base)
		}
		keys, vals = keys[n:], vals[n:]
		c.n += n
	}
}

func newSegmentBuild() *segmentBuild {
	return &segmentBuild{strings: map[string]uint32{"": 0}, strs: []string{""}}
}

// intern returns the id of s in the segment's strings.
func (s *segmentBuild) intern(v string) uint32 {
	if id, ok := s.strings[v]; ok {
		return id
	}
	id := uint32(len(s.strs))
	s.strings[v] = id
	s.strs = append(s.strs, v)
	return id
}

// bucketBitsFor returns how many of a key's top bits choose its bucket in
// a segment of n postings: about 16 postings a bucket.
func bucketBitsFor(n int) uint32 {
	return uint32(max(1, bits.Len(uint(n/16))))
}

// write writes the segment to the file name (through name+".tmp",
// synced) and returns its size.
func (s *segmentBuild) write(name string, aggMin int) (int64, error) {
	s.keys, s.vals = sortPostings(&s.in)
	s.in = postingChunks{}
	h := header{
		games:      uint64(len(s.games)),
		postings:   uint64(len(s.keys)),
		bucketBits: bucketBitsFor(len(s.keys)),
		gameBytes:  3,
		aggMin:     uint32(aggMin),
		keyBits:    postingKeyBits,
	}
	if len(s.games) > 1<<24 {
		h.gameBytes = 4
	}
	var size int64
	err := writeFile(name, func(f *os.File) error {
		var err error
		size, err = s.writeTo(f, &h)
		return err
	})
	if err != nil {
		return 0, err
	}
	return size, nil
}

// writeTo writes the segment to f and returns its size.
func (s *segmentBuild) writeTo(f *os.File, h *header) (int64, error) {
	if _, err := f.Write(make([]byte, headerSize)); err != nil {
		return 0, err
	}
	w := newPageWriter(f, headerSize)
	le := binary.LittleEndian
	u32 := func(v uint32) { w.putUint(uint64(v), 4) }
	u64 := func(v uint64) { w.putUint(v, 8) }
	begin := func(sec int) { h.sections[sec].off = uint64(w.off) }
	end := func(sec int) { h.sections[sec].len = uint64(w.off) - h.sections[sec].off }

	begin(secStrings)
	u32(uint32(len(s.strs)))
	var off uint32
	for _, v := range s.strs {
		u32(off)
		off += uint32(len(v))
	}
	u32(off)
	for _, v := range s.strs {
		w.write([]byte(v))
	}
	end(secStrings)

	begin(secGames)
	var rec [gameSize]byte
	for i := range s.games {
		s.games[i].encode(rec[:])
		w.write(rec[:])
	}
	end(secGames)

	begin(secMoves)
	w.write(s.moves)
	end(secMoves)

	// The aggregates first, while equal keys are together; then each
	// group of postings that holds more than one position is put in game
	// order, a game once.
	aggKeys, aggData := s.aggregates(int(h.aggMin))
	h.aggCount = uint64(len(aggKeys))
	collide := s.orderGroups(h)
	h.postings = uint64(len(s.keys))

	bb := h.bucketBits
	begin(secBuckets)
	for b, i := uint64(0), 0; b <= 1<<bb; b++ {
		for i < len(s.keys) && s.keys[i]>>(64-bb) < b {
			i++
		}
		u32(uint32(i))
	}
	end(secBuckets)

	begin(secPostings)
	width := h.entryWidth()
	shift := 8 * h.gameBytes
	for i, k := range s.keys {
		w.putUint((h.prefix(k)&(1<<h.keyBits-1))<<shift|s.vals[i]>>16, width)
	}
	w.write(make([]byte, 8))
	end(secPostings)

	begin(secAggKeys)
	for _, k := range aggKeys {
		u64(k)
	}
	end(secAggKeys)
	begin(secAggOffs)
	for _, o := range aggData.offs {
		u64(o)
	}
	end(secAggOffs)
	begin(secAggData)
	w.write(aggData.data)
	end(secAggData)

	begin(secCollide)
	for _, c := range collide {
		u64(c)
	}
	end(secCollide)

	crcs := w.finish()
	if w.err != nil {
		return 0, w.err
	}
	h.sections[secPageCRCs].off = uint64(w.off)
	table := make([]byte, 4*len(crcs))
	for i, c := range crcs {
		le.PutUint32(table[4*i:], c)
	}
	if _, err := f.Write(table); err != nil {
		return 0, err
	}
	h.sections[secPageCRCs].len = uint64(len(table))
	size := w.off + int64(len(table))
	if _, err := f.WriteAt(h.encode(), 0); err != nil {
		return 0, err
	}
	return size, nil
}

// orderGroups puts each group of postings that holds more than one
// position (that shares the prefix that postings keep) in game order, a
// game once, and returns those groups' prefixes.
func (s *segmentBuild) orderGroups(h *header) []uint64 {
	var collide []uint64
	out := 0
	for i := 0; i < len(s.keys); {
		prefix := h.prefix(s.keys[i])
		j, mixed := i+1, false
		for j < len(s.keys) && h.prefix(s.keys[j]) == prefix {
			mixed = mixed || s.keys[j] != s.keys[i]
			j++
		}
		vals := s.vals[i:j]
		if mixed {
			collide = append(collide, prefix)
			slices.SortFunc(vals, func(a, b uint64) int { return cmp.Compare(a>>16, b>>16) })
			vals = slices.CompactFunc(vals, func(a, b uint64) bool { return a>>16 == b>>16 })
		}
		for _, v := range vals {
			s.keys[out], s.vals[out] = s.keys[i], v
			out++
		}
		i = j
	}
	s.keys, s.vals = s.keys[:out], s.vals[:out]
	return collide
}

// pageWriter writes a segment's sections a page at a time, with a
// CRC-32C of every pageSize bytes.
type pageWriter struct {
	w    io.Writer
	off  int64
	crcs []uint32
	page []byte
	fill int
	err  error
}

func newPageWriter(w io.Writer, off int64) *pageWriter {
	return &pageWriter{w: w, off: off, page: make([]byte, pageSize)}
}

func (w *pageWriter) write(b []byte) {
	for len(b) > 0 {
		n := copy(w.page[w.fill:], b)
		w.fill += n
		w.off += int64(n)
		b = b[n:]
		if w.fill == pageSize {
			w.flushPage()
		}
	}
}

// putUint writes the width low bytes of v, little endian.
func (w *pageWriter) putUint(v uint64, width int) {
	if w.fill+8 > pageSize {
		var b [8]byte
		binary.LittleEndian.PutUint64(b[:], v)
		w.write(b[:width])
		return
	}
	binary.LittleEndian.PutUint64(w.page[w.fill:], v)
	w.fill += width
	w.off += int64(width)
}

// flushPage writes the page so far and notes its CRC.
func (w *pageWriter) flushPage() {
	if w.fill == 0 {
		return
	}
	w.crcs = append(w.crcs, crc32.Checksum(w.page[:w.fill], castagnoli))
	if w.err == nil {
		_, w.err = w.w.Write(w.page[:w.fill])
	}
	w.fill = 0
}

// finish writes the last page and returns the pages' CRCs.
func (w *pageWriter) finish() []uint32 {
	w.flushPage()
	return w.crcs
}

// aggregateData is the aggregates section being written.
type aggregateData struct {
	offs []uint64
	data []byte
}

// aggregates returns the keys of the positions at least min games
// reached, in order, and their statistics.
func (s *segmentBuild) aggregates(minGames int) ([]uint64, aggregateData) {
	var keys []uint64
	var out aggregateData
	st := positionStats{index: make([]int32, 1<<16)}
	for i := 0; i < len(s.keys); {
		j := i + 1
		for j < len(s.keys) && s.keys[j] == s.keys[i] {
			j++
		}
		if j-i >= minGames {
			st.reset()
			for _, v := range s.vals[i:j] {
				g := uint32(v >> 16)
				st.add(&s.games[g], move16(v), int64(g))
			}
			keys = append(keys, s.keys[i])
			out.offs = append(out.offs, uint64(len(out.data)))
			out.data = st.appendTo(out.data)
		}
		i = j
	}
	out.offs = append(out.offs, uint64(len(out.data)))
	return keys, out
}
