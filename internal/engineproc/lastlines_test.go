package engineproc

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestLastLinesKeepsTheLast16(t *testing.T) {
	var l LastLines
	assert.Empty(t, l.Lines())
	for i := range 20 {
		l.Add(fmt.Sprint(i))
	}
	want := make([]string, 0, 16)
	for i := 4; i < 20; i++ {
		want = append(want, fmt.Sprint(i))
	}
	assert.Equal(t, want, l.Lines())
	l.Add(strings.Repeat("x", 2000))
	lines := l.Lines()
	assert.Len(t, lines[len(lines)-1], maxKeptLine, "a long line is cut")
}

func TestStartAndCopyStderr(t *testing.T) {
	p, err := Start("/bin/sh", []string{"-c", "echo out; echo err1 >&2; echo err2 >&2"}, "", nil)
	if !assert.NoError(t, err) {
		return
	}
	var last LastLines
	var copied strings.Builder
	CopyStderr(p.Stderr, &last, &copied, 1<<10)
	assert.Equal(t, []string{"stderr: err1", "stderr: err2"}, last.Lines())
	assert.Equal(t, "err1\nerr2\n", copied.String())
	assert.NoError(t, p.Cmd.Wait())
	p.Close()

	_, err = Start("/nonexistent/engine", nil, "", nil)
	assert.Error(t, err)
}
