package quote

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestShort(t *testing.T) {
	assert.Equal(t, `"bestmove e2e4"`, Short("bestmove e2e4"))
	long := strings.Repeat("x", 200)
	assert.Equal(t, `"`+long[:120]+`"...`, Short(long))
}
