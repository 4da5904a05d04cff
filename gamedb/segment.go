package gamedb

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"sync/atomic"

	"github.com/gambit-chess/gambit/internal/mmapfile"
)

// ErrCorrupt is what a CorruptError matches with errors.Is.
var ErrCorrupt = errors.New("gamedb: corrupt index")

// CorruptError is the error for an index file that is damaged, truncated
// or not an index: it names the file and the offset (or, for the
// manifest, the line) where the damage shows.
type CorruptError struct {
	File   string
	Offset int64 // -1 when a line is named instead
	Line   int
	Msg    string
}

// Error names the file, the offset or line, and the damage.
func (e *CorruptError) Error() string {
	if e.Offset < 0 {
		return fmt.Sprintf("gamedb: %s:%d: corrupt index: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("gamedb: %s: corrupt index at offset %d: %s", e.File, e.Offset, e.Msg)
}

// Unwrap makes a CorruptError match ErrCorrupt.
func (e *CorruptError) Unwrap() error { return ErrCorrupt }

// segment is an open segment file: mapped (or read) whole, its header
// checked; every other byte is checked against its page's CRC the first
// time a query reads it.
type segment struct {
	name     string
	data     []byte
	unmap    func() error
	h        header
	base     int64 // the number of its first game in the index
	verified []atomic.Uint64
	crcs     []byte
	// strings
	nstrings uint32
	stroffs  []byte
	strbytes []byte
}

// openSegment opens the segment file name.
func openSegment(name string, base int64) (*segment, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("gamedb: %w", err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("gamedb: %w", err)
	}
	data, unmap, err := mmapfile.Map(f, st.Size())
	if err != nil {
		return nil, fmt.Errorf("gamedb: map %s: %w", name, err)
	}
	if data == nil && st.Size() > 0 {
		if data, err = io.ReadAll(f); err != nil {
			return nil, fmt.Errorf("gamedb: %w", err)
		}
		unmap = func() error { return nil }
	}
	s, err := newSegment(name, data, base)
	if err != nil {
		unmap()
		return nil, err
	}
	s.unmap = unmap
	return s, nil
}

// newSegment checks a segment's header and layout.
func newSegment(name string, data []byte, base int64) (*segment, error) {
	s := &segment{name: name, data: data, base: base, unmap: func() error { return nil }}
	bad := func(off int64, format string, args ...any) (*segment, error) {
		return nil, &CorruptError{File: name, Offset: off, Msg: fmt.Sprintf(format, args...)}
	}
	if len(data) < headerSize {
		return bad(int64(len(data)), "the file is %d bytes, shorter than a header (%d): truncated or not an index", len(data), headerSize)
	}
	if string(data[:8]) != magic {
		return bad(0, "not a gambit game index (no %q at the start)", magic)
	}
	le := binary.LittleEndian
	if v := le.Uint32(data[hVersion:]); v != version {
		return bad(hVersion, "format version %d, this gambit reads version %d", v, version)
	}
	if got, want := crc32.Checksum(data[:hCRC], castagnoli), le.Uint32(data[hCRC:]); got != want {
		return bad(hCRC, "header checksum %08x, want %08x", got, want)
	}
	h := &s.h
	h.games = le.Uint64(data[hGames:])
	h.postings = le.Uint64(data[hPostings:])
	h.bucketBits = le.Uint32(data[hBucketBits:])
	h.gameBytes = le.Uint32(data[hGameBytes:])
	h.aggMin = le.Uint32(data[hAggMin:])
	h.aggCount = le.Uint64(data[hAggCount:])
	h.keyBits = le.Uint32(data[hKeyBits:])
	size := uint64(len(data))
	end := uint64(headerSize)
	for i := range h.sections {
		sec := &h.sections[i]
		sec.off = le.Uint64(data[hSections+16*i:])
		sec.len = le.Uint64(data[hSections+16*i+8:])
		if sec.off != end || sec.len > size-sec.off {
			return bad(int64(min(sec.off, size)), "the %s section (%d bytes at %d) does not fit a %d-byte file: truncated?", sectionNames[i], sec.len, sec.off, size)
		}
		end = sec.off + sec.len
	}
	if end != size {
		return bad(int64(end), "%d bytes after the last section", size-end)
	}
	switch {
	case h.bucketBits < 1 || h.bucketBits > 40:
		return bad(hBucketBits, "bucket bits %d", h.bucketBits)
	case h.keyBits > 24:
		return bad(hKeyBits, "key bits %d", h.keyBits)
	case h.gameBytes != 3 && h.gameBytes != 4:
		return bad(hGameBytes, "game bytes %d", h.gameBytes)
	case h.games > uint64(1)<<(8*h.gameBytes) || h.games > 1<<32-1:
		return bad(hGames, "%d games do not fit %d-byte game numbers", h.games, h.gameBytes)
	case h.sections[secGames].len != h.games*gameSize:
		return bad(int64(h.sections[secGames].off), "games section of %d bytes for %d games", h.sections[secGames].len, h.games)
	case h.sections[secBuckets].len != (uint64(1)<<h.bucketBits+1)*4:
		return bad(int64(h.sections[secBuckets].off), "buckets section of %d bytes for %d bucket bits", h.sections[secBuckets].len, h.bucketBits)
	case h.postings > maxPostings || h.sections[secPostings].len != h.postings*uint64(h.entryWidth())+8:
		return bad(int64(h.sections[secPostings].off), "postings section of %d bytes for %d postings", h.sections[secPostings].len, h.postings)
	case h.sections[secAggKeys].len != h.aggCount*8:
		return bad(int64(h.sections[secAggKeys].off), "aggregate keys section of %d bytes for %d keys", h.sections[secAggKeys].len, h.aggCount)
	case h.sections[secAggOffs].len != (h.aggCount+1)*8:
		return bad(int64(h.sections[secAggOffs].off), "aggregate offsets section of %d bytes for %d keys", h.sections[secAggOffs].len, h.aggCount)
	case h.sections[secCollide].len%8 != 0:
		return bad(int64(h.sections[secCollide].off), "collisions section of %d bytes", h.sections[secCollide].len)
	}
	pages := (h.sections[secPageCRCs].off - headerSize + pageSize - 1) / pageSize
	if h.sections[secPageCRCs].len != 4*pages {
		return bad(int64(h.sections[secPageCRCs].off), "%d bytes of page checksums for %d pages", h.sections[secPageCRCs].len, pages)
	}
	s.crcs = s.section(secPageCRCs)
	s.verified = make([]atomic.Uint64, (pages+63)/64)

	// The strings' table, checked whole now: every query names games.
	strs, err := s.bytes(secStrings, 0, h.sections[secStrings].len)
	if err != nil {
		return nil, err
	}
	if len(strs) < 8 {
		return bad(int64(h.sections[secStrings].off), "strings section of %d bytes", len(strs))
	}
	s.nstrings = le.Uint32(strs)
	if uint64(s.nstrings) > (uint64(len(strs))-8)/4 {
		return bad(int64(h.sections[secStrings].off), "%d strings in a %d-byte section", s.nstrings, len(strs))
	}
	s.stroffs = strs[4 : 4+4*(int(s.nstrings)+1)]
	s.strbytes = strs[4+4*(int(s.nstrings)+1):]
	prev := uint32(0)
	for i := 0; i <= int(s.nstrings); i++ {
		o := le.Uint32(s.stroffs[4*i:])
		if o < prev || uint64(o) > uint64(len(s.strbytes)) {
			return bad(int64(h.sections[secStrings].off)+4+4*int64(i), "string offset %d out of order or past the section", o)
		}
		prev = o
	}
	if prev != uint32(len(s.strbytes)) {
		return bad(int64(h.sections[secStrings].off), "strings end at %d of %d bytes", prev, len(s.strbytes))
	}
	if s.nstrings == 0 || le.Uint32(s.stroffs) != 0 || le.Uint32(s.stroffs[4:]) != 0 {
		return bad(int64(h.sections[secStrings].off), "string 0 is not empty")
	}
	return s, nil
}

// section returns a section's bytes, unchecked.
func (s *segment) section(sec int) []byte {
	return s.data[s.h.sections[sec].off : s.h.sections[sec].off+s.h.sections[sec].len]
}

// bytes returns n bytes at off in a section, their pages checked.
func (s *segment) bytes(sec int, off, n uint64) ([]byte, error) {
	secOff, secLen := s.h.sections[sec].off, s.h.sections[sec].len
	if off > secLen || n > secLen-off {
		return nil, s.corrupt(int64(secOff+min(off, secLen)), "%d bytes at %d past the end of the %s section (%d bytes)", n, off, sectionNames[sec], secLen)
	}
	if err := s.verify(secOff+off, n); err != nil {
		return nil, err
	}
	return s.data[secOff+off : secOff+off+n], nil
}

// verify checks the pages of n bytes at the file offset off.
func (s *segment) verify(off, n uint64) error {
	if n == 0 {
		return nil
	}
	dataEnd := s.h.sections[secPageCRCs].off
	first := (off - headerSize) / pageSize
	last := (off + n - 1 - headerSize) / pageSize
	for p := first; p <= last; p++ {
		word, bit := &s.verified[p/64], uint64(1)<<(p%64)
		if word.Load()&bit != 0 {
			continue
		}
		lo := headerSize + p*pageSize
		hi := min(lo+pageSize, dataEnd)
		got := crc32.Checksum(s.data[lo:hi], castagnoli)
		if want := binary.LittleEndian.Uint32(s.crcs[4*p:]); got != want {
			return s.corrupt(int64(lo), "page checksum %08x, want %08x: the %d bytes from offset %d are damaged", got, want, hi-lo, lo)
		}
		word.Or(bit)
	}
	return nil
}

func (s *segment) corrupt(off int64, format string, args ...any) error {
	return &CorruptError{File: s.name, Offset: off, Msg: fmt.Sprintf(format, args...)}
}

// str returns string id.
func (s *segment) str(id uint32) (string, error) {
	if id >= s.nstrings {
		return "", s.corrupt(int64(s.h.sections[secStrings].off), "string %d of %d", id, s.nstrings)
	}
	le := binary.LittleEndian
	lo, hi := le.Uint32(s.stroffs[4*id:]), le.Uint32(s.stroffs[4*id+4:])
	return string(s.strbytes[lo:hi]), nil
}

// game reads the record of game i of the segment.
func (s *segment) game(i uint64, g *gameRecord) error {
	if i >= s.h.games {
		return s.corrupt(int64(s.h.sections[secGames].off), "game %d of %d", i, s.h.games)
	}
	b, err := s.bytes(secGames, i*gameSize, gameSize)
	if err != nil {
		return err
	}
	g.decode(b)
	return nil
}

// moves returns the moves of a game.
func (s *segment) moves(g *gameRecord) ([]byte, error) {
	return s.bytes(secMoves, g.moveOff, 2*uint64(g.plies))
}

func (s *segment) close() error { return s.unmap() }
