package play

import (
	"testing"
	"time"

	"github.com/gambit-chess/gambit/core"
	"github.com/stretchr/testify/require"
)

func TestParseTimeControl(t *testing.T) {
	cases := []struct {
		in   string
		want TimeControl
		tag  string
	}{
		{"5+3", TimeControl{5 * time.Minute, 3 * time.Second}, "300+3"},
		{"10", TimeControl{10 * time.Minute, 0}, "600"},
		{"0.5+0", TimeControl{30 * time.Second, 0}, "30"},
		{"3s+0", TimeControl{3 * time.Second, 0}, "3"},
		{"90s+0.5", TimeControl{90 * time.Second, 500 * time.Millisecond}, "90+0.5"},
	}
	for _, c := range cases {
		tc, err := ParseTimeControl(c.in)
		require.NoError(t, err, c.in)
		require.Equal(t, c.want, tc, c.in)
		require.Equal(t, c.tag, tc.String())
	}
	for _, bad := range []string{"", "x", "5+", "-1+0", "0", "5+-2", "5+x", "1e9", "NaN", "1+NaN", "Inf"} {
		_, err := ParseTimeControl(bad)
		require.Error(t, err, bad)
	}
}

func TestClock(t *testing.T) {
	t0 := time.Unix(1000, 0)
	c := NewClock(TimeControl{Base: time.Minute, Inc: 2 * time.Second})
	require.Equal(t, time.Minute, c.Left(core.White, t0))
	c.Start(core.White, t0)
	require.Equal(t, 50*time.Second, c.Left(core.White, t0.Add(10*time.Second)))
	require.False(t, c.Press(t0.Add(10*time.Second)))
	require.Equal(t, 52*time.Second, c.Left(core.White, t0.Add(20*time.Second)), "increment added, White stopped")
	require.Equal(t, 50*time.Second, c.Left(core.Black, t0.Add(20*time.Second)))
	side, on := c.Running()
	require.True(t, on)
	require.Equal(t, core.Black, side)
	require.True(t, c.Press(t0.Add(75*time.Second)), "Black's flag fell")
	require.Equal(t, -5*time.Second, c.Left(core.Black, t0.Add(99*time.Second)))
	_, on = c.Running()
	require.False(t, on)
}

func TestFormatClock(t *testing.T) {
	for d, want := range map[time.Duration]string{
		5*time.Minute + 3*time.Second:        "5:03",
		59 * time.Second:                     "0:59",
		9*time.Second + 750*time.Millisecond: "0:09.7",
		0:                                    "0:00.0",
		-time.Second:                         "0:00.0",
		2*time.Hour + 5*time.Minute + time.Second: "2:05:01",
	} {
		require.Equal(t, want, FormatClock(d), d.String())
	}
}
