package gamedb

import (
	"encoding/binary"
	"hash/crc32"
)

// A segment is one immutable file of an index: the games of one build or
// append, their moves, their positions' postings and the statistics of
// the positions many games reached. Its layout, all integers little
// endian:
//
//	header    headerSize bytes: magic, version, counts, the sections'
//	          offsets and lengths, and a CRC-32C of the header itself
//	strings   u32 count n, (n+1) u32 offsets into the bytes, the bytes;
//	          string 0 is "" (a tag the game does not have)
//	games     one gameSize record per game (see gameRecord)
//	moves     two bytes per ply (see move16)
//	buckets   (1<<bucketBits)+1 u32: where each bucket's postings start
//	postings  one entry per (position, game), entryWidth bytes: 24 bits of
//	          the key <<(8*gameBytes) | the game, sorted by key then game,
//	          and 8 bytes of padding
//	aggKeys   u64 keys of the positions at least aggMin games reached
//	aggOffs   (len(aggKeys)+1) u64 offsets into aggData
//	aggData   each such position's statistics (see aggregate)
//	collide   sorted u64: the key's top bucketBits+24 bits of every
//	          posting group that holds more than one position
//	pageCRCs  a CRC-32C of every pageSize bytes of the file from the end
//	          of the header to the start of pageCRCs
//
// A posting names a position by its bucket (the key's top bucketBits
// bits: where it is) and the next 24 bits of the key (what it holds), and
// a game by its number in the segment. A query checks every game it
// reports by replaying it, so a posting that only shares those bits with
// the position asked for never reaches an answer: a group of postings
// that holds one position (all but those listed in collide) is checked
// by replaying one of its games, the others game by game.
const (
	magic      = "GAMBITDB"
	version    = 1
	headerSize = 512
	gameSize   = 64
	pageSize   = 64 << 10
	// maxPostings bounds a segment's postings: buckets hold u32 indexes.
	maxPostings = 1<<32 - 1
)

// postingKeyBits is how many bits of a position's key below its bucket's
// a posting holds; tests make it small so that postings of different
// positions meet.
var postingKeyBits uint32 = 24

// prefix returns the top bucketBits+keyBits bits of key k: what a posting
// holds of it.
func (h *header) prefix(k uint64) uint64 { return k >> (64 - h.bucketBits - h.keyBits) }

// The sections of a segment, in file order.
const (
	secStrings = iota
	secGames
	secMoves
	secBuckets
	secPostings
	secAggKeys
	secAggOffs
	secAggData
	secCollide
	secPageCRCs
	numSections
)

var sectionNames = [numSections]string{
	"strings", "games", "moves", "buckets", "postings", "aggregate keys",
	"aggregate offsets", "aggregates", "collisions", "page checksums",
}

// header is a segment's header.
type header struct {
	games      uint64
	postings   uint64
	bucketBits uint32
	gameBytes  uint32 // bytes of a game number in a posting: 3 or 4
	aggMin     uint32
	aggCount   uint64
	keyBits    uint32 // bits of the key a posting holds: 24, fewer in tests
	sections   [numSections]struct{ off, len uint64 }
}

// Header field offsets.
const (
	hVersion    = 8
	hGames      = 16
	hPostings   = 24
	hBucketBits = 32
	hGameBytes  = 36
	hAggMin     = 40
	hAggCount   = 48
	hKeyBits    = 56
	hSections   = 64
	hCRC        = headerSize - 4
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// encode writes h into a header block.
func (h *header) encode() []byte {
	b := make([]byte, headerSize)
	copy(b, magic)
	le := binary.LittleEndian
	le.PutUint32(b[hVersion:], version)
	le.PutUint64(b[hGames:], h.games)
	le.PutUint64(b[hPostings:], h.postings)
	le.PutUint32(b[hBucketBits:], h.bucketBits)
	le.PutUint32(b[hGameBytes:], h.gameBytes)
	le.PutUint32(b[hAggMin:], h.aggMin)
	le.PutUint64(b[hAggCount:], h.aggCount)
	le.PutUint32(b[hKeyBits:], h.keyBits)
	for i, s := range h.sections {
		le.PutUint64(b[hSections+16*i:], s.off)
		le.PutUint64(b[hSections+16*i+8:], s.len)
	}
	le.PutUint32(b[hCRC:], crc32.Checksum(b[:hCRC], castagnoli))
	return b
}

// entryWidth is the width of a posting in bytes.
func (h *header) entryWidth() int { return 3 + int(h.gameBytes) }

// gameRecord is a game's fixed-size record, as laid out in the games
// section:
//
//	 0 u64 offset of its moves in the moves section
//	 8 u32 White, 12 Black, 16 Event, 20 Site, 24 Round (string ids)
//	28 u32 the start FEN's string id, 0 for the variant's start
//	32 u32 the source file's string id, 36 u32 the game's number in it
//	40 u32 date: year<<9 | month<<5 | day, unknown parts 0
//	44 u16 WhiteElo, 46 u16 BlackElo (0 when absent)
//	48 u16 plies of the mainline
//	50 u8 result, 51 u8 variant, 52 u8 time-control class, 53 u8 flags
//	56 u64 the material on the board at the end (see Material)
type gameRecord struct {
	moveOff                        uint64
	white, black, event, site, rnd uint32
	fen, source, sourceGame        uint32
	date                           uint32
	whiteElo, blackElo, plies      uint16
	result, variant, speed, flags  uint8
	material                       Material
}

// Game record flags.
const flagChess960 = 1

func (g *gameRecord) encode(b []byte) {
	le := binary.LittleEndian
	le.PutUint64(b[0:], g.moveOff)
	le.PutUint32(b[8:], g.white)
	le.PutUint32(b[12:], g.black)
	le.PutUint32(b[16:], g.event)
	le.PutUint32(b[20:], g.site)
	le.PutUint32(b[24:], g.rnd)
	le.PutUint32(b[28:], g.fen)
	le.PutUint32(b[32:], g.source)
	le.PutUint32(b[36:], g.sourceGame)
	le.PutUint32(b[40:], g.date)
	le.PutUint16(b[44:], g.whiteElo)
	le.PutUint16(b[46:], g.blackElo)
	le.PutUint16(b[48:], g.plies)
	b[50], b[51], b[52], b[53] = g.result, g.variant, g.speed, g.flags
	b[54], b[55] = 0, 0
	le.PutUint64(b[56:], uint64(g.material))
}

func (g *gameRecord) decode(b []byte) {
	le := binary.LittleEndian
	b = b[:gameSize]
	g.moveOff = le.Uint64(b[0:])
	g.white = le.Uint32(b[8:])
	g.black = le.Uint32(b[12:])
	g.event = le.Uint32(b[16:])
	g.site = le.Uint32(b[20:])
	g.rnd = le.Uint32(b[24:])
	g.fen = le.Uint32(b[28:])
	g.source = le.Uint32(b[32:])
	g.sourceGame = le.Uint32(b[36:])
	g.date = le.Uint32(b[40:])
	g.whiteElo = le.Uint16(b[44:])
	g.blackElo = le.Uint16(b[46:])
	g.plies = le.Uint16(b[48:])
	g.result, g.variant, g.speed, g.flags = b[50], b[51], b[52], b[53]
	g.material = Material(le.Uint64(b[56:]))
}

// An aggregate is the statistics of a position at least aggMin games of
// the segment reached, laid out in aggData as:
//
//	u32 games, u32 ended (games that ended in the position), u32 ended
//	White wins, draws, Black wins; u16 moves; u8 top games; u8 zero
//	then per move: u16 move, u16 zero, u32 games, white, draws, black,
//	u32 rated players, u64 sum of their ratings, u32 last date
//	then u32 each: the top games' numbers in the segment
const (
	aggHead    = 24
	aggMoveLen = 36
)
