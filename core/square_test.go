package core

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseSquareErrors(t *testing.T) {
	for sq := A1; sq <= H8; sq++ {
		got, err := ParseSquare(sq.String())
		require.NoError(t, err)
		assert.Equal(t, sq, got)
	}
	for _, s := range []string{"", "e", "e9", "i4", "E4", "e4 "} {
		_, err := ParseSquare(s)
		assert.ErrorIs(t, err, ErrInvalidSquare, s)
		var se *SquareError
		require.ErrorAs(t, err, &se)
		assert.Equal(t, s, se.Name)
		assert.Equal(t, fmt.Sprintf("core: invalid square %q", s), err.Error())
	}
}
