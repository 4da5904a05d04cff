package syzygy

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// pairs is one compressed sub-table: the values of a run of indices,
// stored in blocks of canonical-Huffman-coded symbols, each symbol
// standing for a value or for a pair of symbols ("RE-PAIR" compression).
type pairs struct {
	// constant is set when every position of the sub-table has the same
	// value, value: then nothing else is stored.
	constant bool
	value    [2]byte

	blockSize uint8 // log2 of the bytes in a block
	idxBits   uint8 // log2 of the indices between two index entries
	minLen    int   // shortest code length in bits
	maxLen    int   // longest code length in bits

	indexTable []byte // 6 bytes an entry: a block (LE32) and an offset (LE16)
	sizeTable  []byte // per block: the number of values in it, minus one (LE16)
	data       []byte // the blocks

	offset []uint16 // per code length: the first symbol of that length
	base   []uint64 // per code length: the smallest code, left-aligned
	symLen []uint8  // per symbol: the number of values it stands for, minus one
	symPat []byte   // per symbol: 3 bytes, two 12-bit halves

	numBlocks uint32 // entries of sizeTable
	realNum   uint32 // blocks in data
}

// errShort is what a reader reports when the file ends too early.
var errShort = errors.New("file ends too early")

// setupPairs reads the header of a sub-table of size positions at off and
// returns it with the offset after the header and the sizes of its index
// table, size table and data.
func setupPairs(buf []byte, off int, size uint64, wdl bool) (*pairs, int, [3]uint64, error) {
	var sizes [3]uint64
	if off+2 > len(buf) {
		return nil, 0, sizes, errShort
	}
	d := &pairs{}
	if buf[off]&0x80 != 0 {
		d.constant = true
		if wdl {
			d.value[0] = buf[off+1]
		}
		return d, off + 2, sizes, nil
	}
	if off+12 > len(buf) {
		return nil, 0, sizes, errShort
	}
	h := buf[off:]
	d.blockSize = h[1]
	d.idxBits = h[2]
	d.realNum = binary.LittleEndian.Uint32(h[4:])
	d.numBlocks = d.realNum + uint32(h[3])
	d.maxLen = int(h[8])
	d.minLen = int(h[9])
	if d.blockSize > 31 || d.idxBits == 0 || d.idxBits > 40 {
		return nil, 0, sizes, fmt.Errorf("block size 2^%d, index step 2^%d out of range", d.blockSize, d.idxBits)
	}
	if d.minLen < 1 || d.maxLen < d.minLen || d.maxLen > 64 {
		return nil, 0, sizes, fmt.Errorf("code lengths %d..%d out of range", d.minLen, d.maxLen)
	}
	n := d.maxLen - d.minLen + 1
	if off+12+2*n > len(buf) {
		return nil, 0, sizes, errShort
	}
	d.offset = make([]uint16, n)
	for i := range d.offset {
		d.offset[i] = binary.LittleEndian.Uint16(buf[off+10+2*i:])
	}
	numSyms := int(binary.LittleEndian.Uint16(buf[off+10+2*n:]))
	patStart := off + 12 + 2*n
	if patStart+3*numSyms > len(buf) {
		return nil, 0, sizes, errShort
	}
	d.symPat = buf[patStart : patStart+3*numSyms]
	next := patStart + 3*numSyms + numSyms&1

	// symLen: a leaf (second half 0xfff) stands for one value, a pair
	// for the values of both halves.
	d.symLen = make([]uint8, numSyms)
	state := make([]uint8, numSyms) // 0 new, 1 in progress, 2 done
	var walk func(s int, depth int) error
	walk = func(s int, depth int) error {
		if state[s] == 2 {
			return nil
		}
		if state[s] == 1 || depth > 4096 {
			return errors.New("symbol tree has a cycle")
		}
		state[s] = 1
		w := d.symPat[3*s:]
		s2 := int(w[2])<<4 | int(w[1]>>4)
		if s2 != 0xfff {
			s1 := int(w[1]&0xf)<<8 | int(w[0])
			if s1 >= numSyms || s2 >= numSyms {
				return fmt.Errorf("symbol %d refers to symbol %d or %d of %d", s, s1, s2, numSyms)
			}
			if err := walk(s1, depth+1); err != nil {
				return err
			}
			if err := walk(s2, depth+1); err != nil {
				return err
			}
			l := int(d.symLen[s1]) + int(d.symLen[s2]) + 1
			if l > 255 {
				return fmt.Errorf("symbol %d stands for more than 256 values", s)
			}
			d.symLen[s] = uint8(l)
		}
		state[s] = 2
		return nil
	}
	for s := 0; s < numSyms; s++ {
		if err := walk(s, 0); err != nil {
			return nil, 0, sizes, err
		}
	}

	// base[i] is the smallest code of length minLen+i, left-aligned in
	// 64 bits; the canonical code is rebuilt from the longest length up.
	d.base = make([]uint64, n)
	for i := n - 2; i >= 0; i-- {
		d.base[i] = (d.base[i+1] + uint64(d.offset[i]) - uint64(d.offset[i+1])) / 2
	}
	for i := 0; i < n; i++ {
		d.base[i] <<= uint(64 - (d.minLen + i))
	}

	sizes[0] = 6 * ((size + 1<<d.idxBits - 1) >> d.idxBits)
	sizes[1] = 2 * uint64(d.numBlocks)
	sizes[2] = uint64(d.realNum) << d.blockSize
	return d, next, sizes, nil
}

// errCorruptData is returned by decompress when the stream does not decode.
var errCorruptData = errors.New("compressed data does not decode")

// decompress returns the 3-byte pattern of the value stored at idx.
func (d *pairs) decompress(idx uint64) ([]byte, error) {
	if d.constant {
		return d.value[:], nil
	}
	mainIdx := idx >> d.idxBits
	lit := int64(idx&(1<<d.idxBits-1)) - int64(1)<<(d.idxBits-1)
	if 6*mainIdx+6 > uint64(len(d.indexTable)) {
		return nil, errCorruptData
	}
	e := d.indexTable[6*mainIdx:]
	block := binary.LittleEndian.Uint32(e)
	lit += int64(binary.LittleEndian.Uint16(e[4:]))

	if lit < 0 {
		for lit < 0 {
			if block == 0 {
				return nil, errCorruptData
			}
			block--
			lit += int64(binary.LittleEndian.Uint16(d.sizeTable[2*block:])) + 1
		}
	} else {
		for {
			if uint64(block)*2+2 > uint64(len(d.sizeTable)) {
				return nil, errCorruptData
			}
			n := int64(binary.LittleEndian.Uint16(d.sizeTable[2*block:]))
			if lit <= n {
				break
			}
			lit -= n + 1
			block++
		}
	}
	start := uint64(block) << d.blockSize
	if block >= d.realNum || start+8 > uint64(len(d.data)) {
		return nil, errCorruptData
	}
	// The code stream of a block may be read a few bytes past its end
	// (never past the data): those bits are never decoded.
	blk := d.data[start:]

	code := binary.BigEndian.Uint64(blk)
	pos := 8
	bits := 0 // bits of code consumed since the last refill
	base, offset, symLen := d.base, d.offset, d.symLen
	if len(offset) < len(base) {
		return nil, errCorruptData
	}
	var sym int
	for {
		// base's last entry is 0 (setupPairs makes it so), so the search
		// stops there at the latest.
		l := 0
		for code < base[l] {
			l++
		}
		n := l + d.minLen
		sym = int(offset[l]) + int((code-base[l])>>uint(64-n))
		if sym >= len(symLen) {
			return nil, errCorruptData
		}
		if lit < int64(symLen[sym])+1 {
			break
		}
		lit -= int64(symLen[sym]) + 1
		code <<= uint(n)
		bits += n
		if bits >= 32 {
			bits -= 32
			if pos+4 <= len(blk) {
				code |= uint64(binary.BigEndian.Uint32(blk[pos:])) << uint(bits)
			}
			pos += 4
		}
	}
	for d.symLen[sym] != 0 {
		w := d.symPat[3*sym:]
		s1 := int(w[1]&0xf)<<8 | int(w[0])
		if lit < int64(d.symLen[s1])+1 {
			sym = s1
		} else {
			lit -= int64(d.symLen[s1]) + 1
			sym = int(w[2])<<4 | int(w[1]>>4)
		}
	}
	return d.symPat[3*sym : 3*sym+3], nil
}
