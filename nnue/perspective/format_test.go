package perspective_test

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/nnue/perspective"
)

func encode(t testing.TB, n *perspective.Network) []byte {
	t.Helper()
	var b bytes.Buffer
	k, err := n.WriteTo(&b)
	require.NoError(t, err)
	require.Equal(t, int64(b.Len()), k)
	return b.Bytes()
}

// A network written and read back is the same network, byte for byte
// and evaluation for evaluation, through a file too.
func TestRoundTrip(t *testing.T) {
	n := randomNetwork(t, 24, 10)
	b := encode(t, n)
	assert.Len(t, b, 36+len(n.Description)+2*(perspective.Inputs*24+24+48)+8)
	assert.True(t, perspective.IsFormat(b))
	m, err := perspective.Load(bytes.NewReader(b))
	require.NoError(t, err)
	assert.Equal(t, n.Description, m.Description)
	assert.Equal(t, n.FeatureWeights(), m.FeatureWeights())
	assert.Equal(t, n.FeatureBias(), m.FeatureBias())
	assert.Equal(t, n.OutputWeights(), m.OutputWeights())
	assert.Equal(t, n.OutputBias(), m.OutputBias())
	assert.Equal(t, b, encode(t, m))
	for _, p := range randomPositions(t, 20, 11) {
		assert.Equal(t, n.Evaluate(&p), m.Evaluate(&p))
	}
	path := filepath.Join(t.TempDir(), "net.gnn")
	require.NoError(t, os.WriteFile(path, b, 0o644))
	f, err := perspective.LoadFile(path)
	require.NoError(t, err)
	assert.Equal(t, n.FeatureWeights(), f.FeatureWeights())
}

// Every truncation of a file is a *FormatError at the offset where the
// file ends, naming the field it ends in, with io.ErrUnexpectedEOF.
func TestTruncated(t *testing.T) {
	b := encode(t, randomNetwork(t, 8, 12))
	fields := map[string]bool{}
	for k := range len(b) {
		_, err := perspective.Load(bytes.NewReader(b[:k]))
		var fe *perspective.FormatError
		require.ErrorAs(t, err, &fe, "truncated at %d", k)
		assert.ErrorIs(t, err, perspective.ErrFormat)
		assert.ErrorIs(t, err, io.ErrUnexpectedEOF)
		assert.Equal(t, int64(k), fe.Offset, "truncated at %d: %v", k, err)
		fields[fe.Field] = true
	}
	for _, f := range []string{"magic", "version", "inputs", "hidden", "QA", "QB", "scale", "description length", "description", "feature weights", "feature biases", "output weights", "output bias", "checksum"} {
		assert.True(t, fields[f], "a truncation in %s", f)
	}
}

// Each wrong field is a *FormatError naming it, at its offset, in the
// file's name; so are a damaged weight (the checksum) and trailing bytes.
func TestMalformed(t *testing.T) {
	good := encode(t, randomNetwork(t, 8, 13))
	put := func(off int, v uint32) []byte {
		b := bytes.Clone(good)
		binary.LittleEndian.PutUint32(b[off:], v)
		return b
	}
	resum := func(b []byte) []byte {
		binary.LittleEndian.PutUint32(b[len(b)-4:], crc32.ChecksumIEEE(b[:len(b)-4]))
		return b
	}
	flipped := bytes.Clone(good)
	flipped[200] ^= 1
	for _, c := range []struct {
		name  string
		data  []byte
		field string
		off   int64
	}{
		{"magic", append([]byte("GAMBITNX"), good[8:]...), "magic", 0},
		{"stockfish", put(0, 0x7AF32F20), "magic", 0},
		{"version", put(8, 2), "version", 8},
		{"inputs", put(12, 769), "inputs", 12},
		{"hidden 0", put(16, 0), "hidden", 16},
		{"hidden huge", put(16, 1<<30), "hidden", 16},
		{"QA", put(20, 0), "QA", 20},
		{"QB", put(24, 40000), "QB", 24},
		{"scale", put(28, 0), "scale", 28},
		{"description", put(32, perspective.MaxDescription+1), "description length", 32},
		{"damaged", flipped, "checksum", int64(len(good) - 4)},
		{"trailing, checksummed", resum(append(bytes.Clone(good), 0)), "checksum", int64(len(good) - 4)},
		{"trailing after checksum", append(bytes.Clone(good), 0), "end", int64(len(good))},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "bad.gnn")
			require.NoError(t, os.WriteFile(path, c.data, 0o644))
			_, err := perspective.LoadFile(path)
			var fe *perspective.FormatError
			require.ErrorAs(t, err, &fe)
			assert.ErrorIs(t, err, perspective.ErrFormat)
			assert.Equal(t, c.field, fe.Field, err.Error())
			assert.Equal(t, c.off, fe.Offset, err.Error())
			assert.Equal(t, path, fe.File)
			assert.Contains(t, err.Error(), path)
		})
	}
	_, err := perspective.LoadFile(filepath.Join(t.TempDir(), "none.gnn"))
	assert.ErrorIs(t, err, os.ErrNotExist)
}

// Any input gives a network or a *FormatError at an offset inside it,
// never a panic.
func FuzzLoad(f *testing.F) {
	good := encode(f, randomNetwork(f, 1, 14))
	f.Add(good)
	f.Add(good[:40])
	f.Add([]byte{})
	f.Add([]byte(perspective.Magic))
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := perspective.Load(bytes.NewReader(data))
		if err == nil {
			require.NotNil(t, n)
			assert.Equal(t, data, encode(t, n), "a file that loads is written back as it was")
			return
		}
		var fe *perspective.FormatError
		require.ErrorAs(t, err, &fe)
		assert.ErrorIs(t, err, perspective.ErrFormat)
		assert.GreaterOrEqual(t, fe.Offset, int64(0))
		assert.LessOrEqual(t, fe.Offset, int64(len(data)))
		assert.NotEmpty(t, fe.Field)
	})
}
