package enginetest

import (
	"os/exec"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEnginePipeFailures checks that a silent, a hung and a vanished engine
// each fail fast with an error instead of hanging the test, with real
// programs standing in for a broken engine.
func TestEnginePipeFailures(t *testing.T) {
	tests := []struct {
		name    string
		path    string
		args    []string
		timeout time.Duration
		want    string // a regular expression the error matches
	}{
		{"echoes but never answers", "cat", nil, 200 * time.Millisecond, ErrTimeout.Error()},
		{"reads nothing and never exits", "sleep", []string{"30"}, 200 * time.Millisecond, ErrTimeout.Error()},
		// Whether the write of "uci" or the read of its answer notices
		// first is a race; the long timeout keeps a loaded machine from
		// turning the exit into a timeout.
		{"exits at once", "true", nil, 10 * time.Second, "exited|broken pipe"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path, err := exec.LookPath(tt.path)
			require.NoError(t, err)
			start := time.Now()
			e, err := Launch(tt.timeout, path, tt.args...)
			if e != nil {
				e.Close()
			}
			require.Error(t, err)
			assert.Regexp(t, tt.want, err.Error())
			assert.Less(t, time.Since(start), tt.timeout+5*time.Second, "the failure took too long")
		})
	}
}
