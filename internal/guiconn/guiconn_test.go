package guiconn

import (
	"bufio"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReadLine(t *testing.T) {
	in := "uci\r\n" + strings.Repeat("x", 100) + "\nisready\nlast"
	br := bufio.NewReaderSize(strings.NewReader(in), 16)
	type got struct {
		line    string
		tooLong bool
	}
	var lines []got
	for {
		line, tooLong, err := ReadLine(br, 50)
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		lines = append(lines, got{line, tooLong})
	}
	assert.Equal(t, []got{{"uci", false}, {"", true}, {"isready", false}, {"last", false}}, lines)
}

type failing struct{ n int }

func (f *failing) Write(p []byte) (int, error) {
	if f.n == 0 {
		return 0, errors.New("gone")
	}
	f.n--
	return len(p), nil
}

func TestWriterRemembersTheFirstFailure(t *testing.T) {
	var sb strings.Builder
	w := NewWriter(&sb)
	w.Write("id name x", "uciok")
	assert.Equal(t, "id name x\nuciok\n", sb.String())
	assert.NoError(t, w.Err())

	f := NewWriter(&failing{n: 1})
	f.Write("a")
	select {
	case <-f.Broken():
		t.Fatal("broken before a failure")
	default:
	}
	f.Write("b")
	f.Write("c")
	<-f.Broken()
	assert.EqualError(t, f.Err(), "gone")
}
