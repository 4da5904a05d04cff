package pgn

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// lineVisitor notes the reader's line at each tag and at the end of a game.
type lineVisitor struct {
	BaseVisitor
	r    *Reader
	tags []int
	ends []int
}

func (v *lineVisitor) Tag(name, value []byte) { v.tags = append(v.tags, v.r.Line()) }
func (v *lineVisitor) EndGame(result string)  { v.ends = append(v.ends, v.r.Line()) }

// Line is the tag's line during Tag and the result token's during EndGame.
func TestReaderLine(t *testing.T) {
	text := "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 e5\n2. Nf3 1-0\n\n\n[Event \"b\"]\r\n\r\n1. d4 *\r\n"
	r := NewReader(strings.NewReader(text))
	v := &lineVisitor{r: r}
	require.NoError(t, r.Visit(v))
	require.NoError(t, r.Visit(v))
	assert.Equal(t, []int{1, 2, 8}, v.tags)
	assert.Equal(t, []int{5, 10}, v.ends)
}
