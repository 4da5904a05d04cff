package nnue_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/core"
	"github.com/gambit-chess/gambit/nnue"
)

var (
	netBytesOnce sync.Once
	netBytes     []byte
)

// networkBytes returns the exported network's bytes.
func networkBytes(t testing.TB) []byte {
	t.Helper()
	path := networkFile(t)
	netBytesOnce.Do(func() {
		var err error
		netBytes, err = os.ReadFile(path)
		require.NoError(t, err)
	})
	return netBytes
}

// The layout of Stockfish 15.1's file, as the loader must find it: a
// 12-byte header and the description, the transformer's hash, 1024 int16
// biases, 22528*1024 int16 weights and 22528*8 int32 PSQT weights, then
// eight stacks of a hash, 16 int32 biases, 16*1024 int8 weights, 32 int32
// biases, 32*32 int8 weights, one int32 bias and 32 int8 weights.
const (
	stackBytes = 4 + 16*4 + 16*1024 + 32*4 + 32*32 + 4 + 32
	ftBytes    = 4 + 1024*2 + nnue.Features*1024*2 + nnue.Features*8*4
)

func descLen(data []byte) int { return int(binary.LittleEndian.Uint32(data[8:])) }

func TestLoadTheExportedNetwork(t *testing.T) {
	data := networkBytes(t)
	d := descLen(data)
	require.Equal(t, 12+d+ftBytes+8*stackBytes, len(data), "the file's size is its layout's")
	n, err := nnue.Load(bytes.NewReader(data))
	require.NoError(t, err)
	assert.Len(t, n.Description, d)
	assert.Contains(t, n.Description, "nnue-pytorch")
	p := core.StartPosition()
	assert.Equal(t, network(t).Evaluate(&p), n.Evaluate(&p))
	// No byte of 15.1's file is LEB128-compressed: 15.1 has no such
	// reader, and the file has no "COMPRESSED_LEB128" marker.
	assert.False(t, bytes.Contains(data, []byte("COMPRESSED_LEB128")))
}

// A truncated file fails at the offset where it ends, naming the field.
func TestLoadTruncated(t *testing.T) {
	data := networkBytes(t)
	d := descLen(data)
	ft := 12 + d
	stack0 := ft + ftBytes
	cases := []struct {
		cut   int
		field string
	}{
		{0, "version"},
		{3, "version"},
		{4, "architecture hash"},
		{11, "description length"},
		{12, "description"},
		{12 + d/2, "description"},
		{ft, "feature transformer hash"},
		{ft + 4, "feature transformer biases"},
		{ft + 4 + 2048, "feature transformer weights"},
		{ft + 4 + 2048 + 1_000_001, "feature transformer weights"},
		{stack0 - 1, "feature transformer PSQT weights"},
		{stack0, "layer stack 0 hash"},
		{stack0 + 4 + 64 + 100, "layer stack 0 layer 1 weights"},
		{stack0 + 3*stackBytes + 4 + 64 + 16*1024 + 10, "layer stack 3 layer 2 biases"},
		{len(data) - 1, "layer stack 7 output weights"},
	}
	for _, c := range cases {
		_, err := nnue.Load(bytes.NewReader(data[:c.cut]))
		var fe *nnue.FormatError
		require.ErrorAs(t, err, &fe, "cut at %d", c.cut)
		assert.ErrorIs(t, err, nnue.ErrFormat)
		assert.ErrorIs(t, err, io.ErrUnexpectedEOF)
		assert.Equal(t, int64(c.cut), fe.Offset, "cut at %d: %v", c.cut, err)
		assert.Equal(t, c.field, fe.Field, "cut at %d: %v", c.cut, err)
	}
}

// A wrong version, hash or description length, or bytes after the end,
// fail at the offset of the field, with the file's name from LoadFile.
func TestLoadCorrupt(t *testing.T) {
	data := networkBytes(t)
	d := descLen(data)
	stack := func(i int) int { return 12 + d + ftBytes + i*stackBytes }
	cases := []struct {
		name   string
		change func([]byte) []byte
		offset int
		field  string
		detail string
	}{
		{"version", func(b []byte) []byte { b[0]++; return b }, 0, "version", "want 0x7af32f20"},
		{"architecture hash", func(b []byte) []byte { b[7] ^= 0x80; return b }, 4, "architecture hash", "want 0x1c102ef2"},
		{"description length", func(b []byte) []byte { b[11] = 1; return b }, 8, "description length", "more than"},
		{"transformer hash", func(b []byte) []byte { b[12+d] ^= 1; return b }, 12 + d, "feature transformer hash", "want 0x7f2344b8"},
		{"stack 0 hash", func(b []byte) []byte { b[stack(0)+2] ^= 4; return b }, stack(0), "layer stack 0 hash", "not Stockfish 15.1's architecture"},
		{"stack 7 hash", func(b []byte) []byte { b[stack(7)] ^= 4; return b }, stack(7), "layer stack 7 hash", "not Stockfish 15.1's architecture"},
		{"trailing byte", func(b []byte) []byte { return append(b, 0) }, len(data), "end of file", "more bytes"},
	}
	dir := t.TempDir()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := c.change(bytes.Clone(data))
			path := filepath.Join(dir, "bad.nnue")
			require.NoError(t, os.WriteFile(path, b, 0o644))
			_, err := nnue.LoadFile(path)
			var fe *nnue.FormatError
			require.ErrorAs(t, err, &fe)
			assert.ErrorIs(t, err, nnue.ErrFormat)
			assert.Equal(t, int64(c.offset), fe.Offset, "%v", err)
			assert.Equal(t, c.field, fe.Field)
			assert.Equal(t, path, fe.File)
			assert.Contains(t, err.Error(), path)
			assert.Contains(t, err.Error(), c.detail)
		})
	}
}

// failingReader returns err once n bytes have been read.
type failingReader struct {
	r   io.Reader
	n   int
	err error
}

func (f *failingReader) Read(p []byte) (int, error) {
	if f.n == 0 {
		return 0, f.err
	}
	p = p[:min(len(p), f.n)]
	k, err := f.r.Read(p)
	f.n -= k
	return k, err
}

// A read error is returned wrapped, at its offset.
func TestLoadReadError(t *testing.T) {
	data := networkBytes(t)
	disk := errors.New("disk on fire")
	_, err := nnue.Load(&failingReader{r: bytes.NewReader(data), n: 100_000, err: disk})
	var fe *nnue.FormatError
	require.ErrorAs(t, err, &fe)
	assert.ErrorIs(t, err, disk)
	assert.Equal(t, int64(100_000), fe.Offset)
	assert.Equal(t, "feature transformer weights", fe.Field)
}

func TestLoadFileMissing(t *testing.T) {
	_, err := nnue.LoadFile(filepath.Join(t.TempDir(), "none.nnue"))
	require.ErrorIs(t, err, os.ErrNotExist)
	assert.True(t, strings.HasPrefix(err.Error(), "nnue: "))
}
