package nnue_test

import (
	"bytes"
	"encoding/binary"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/nnue"
)

// header returns the start of a network file: version, architecture hash,
// description, then the transformer's hash and tail.
func header(version, hash uint32, desc string, ftHash uint32, tail []byte) []byte {
	var b []byte
	b = binary.LittleEndian.AppendUint32(b, version)
	b = binary.LittleEndian.AppendUint32(b, hash)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(desc)))
	b = append(b, desc...)
	b = binary.LittleEndian.AppendUint32(b, ftHash)
	return append(b, tail...)
}

// Any input gives a network or a *FormatError at an offset inside it,
// never a panic. (A network takes 47 MB: the fuzzer's inputs are all
// errors, from the header to the transformer's first weights.)
func FuzzLoad(f *testing.F) {
	f.Add([]byte{})
	f.Add(header(0x7AF32F20, 0x1C102EF2, "a net", 0x7F2344B8, []byte{1, 2, 3, 4, 5}))
	f.Add(header(0x7AF32F20, 0x1C102EF2, "", 0x7F2344B8, bytes.Repeat([]byte{0xff}, 64)))
	f.Add(header(0x7AF32F20, 0x1C102EF2, "a net", 0x7F2344B9, nil))
	f.Add(header(0x7AF32F21, 0x1C102EF2, "a net", 0x7F2344B8, nil))
	f.Add([]byte{0x20, 0x2f, 0xf3, 0x7a, 0xf2, 0x2e, 0x10, 0x1c, 0xff, 0xff, 0xff, 0xff})
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := nnue.Load(bytes.NewReader(data))
		if err == nil {
			require.NotNil(t, n)
			return
		}
		var fe *nnue.FormatError
		require.ErrorAs(t, err, &fe)
		assert.ErrorIs(t, err, nnue.ErrFormat)
		assert.GreaterOrEqual(t, fe.Offset, int64(0))
		assert.LessOrEqual(t, fe.Offset, int64(len(data)))
		assert.NotEmpty(t, fe.Field)
	})
}
