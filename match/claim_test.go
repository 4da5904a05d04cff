package match_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/match"
)

// claimer writes an XBoard engine (a shell script) that answers its
// first "go" with claim instead of a move.
func claimer(t *testing.T, claim string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "claimer.sh")
	script := `#!/bin/sh
while read -r line; do
  case "$line" in
    protover*) echo "feature done=0"; echo "feature setboard=1 usermove=1 ping=1 sigint=0 myname=\"claimer\" done=1" ;;
    ping*) echo "pong ${line#ping }" ;;
    go) echo '` + claim + `' ;;
    quit) exit 0 ;;
  esac
done
`
	require.NoError(t, os.WriteFile(path, []byte(script), 0o755))
	return path
}

// TestClaims: an XBoard engine that claims its own loss resigns; one
// that claims a win the rules do not give loses the game for it, and
// the run goes on without Recover.
func TestClaims(t *testing.T) {
	tc := match.TimeControl{Base: 10 * time.Second}
	for _, c := range []struct {
		claim, term, reason string
	}{
		{"0-1 {White resigns}", match.TermResign, "White resigns"},
		{"1-0 {White mates}", match.TermIllegal, "false claim"},
	} {
		res, err := match.Run(context.Background(), match.Config{
			Engines: []match.EngineConfig{
				{Name: "claimer", Cmd: claimer(t, c.claim), Proto: "xboard", TC: tc, Timeout: 5 * time.Second},
				fake("fake", tc),
			},
			Rounds: 1, Games: 1,
		})
		require.NoError(t, err, c.claim)
		require.Len(t, res.Games, 1)
		g := res.Games[0]
		assert.Equal(t, "0-1", g.Result)
		assert.Equal(t, c.term, g.Termination)
		assert.Contains(t, g.Reason, c.reason)
	}
	noChildren(t)
}
