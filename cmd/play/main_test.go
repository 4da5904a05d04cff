package main

import (
	"io"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gambit-chess/gambit/internal/cli"
)

func TestParseFlags(t *testing.T) {
	o, err := parseFlags([]string{"-human", "-tc", "5+3", "-color", "random", "-960", "-ascii", "-level", "4"}, io.Discard)
	require.NoError(t, err)
	require.Equal(t, options{engine: DefaultEngine, proto: "detect", color: "random", tc: "5+3", human: true, chess960: true, ascii: true, level: 4, moveTime: 1e9}, o)
	for _, bad := range [][]string{{"-color", "red"}, {"-level", "21"}, {"-fen", "x", "-pgn", "y"}, {"extra"}, {"-nope"}, {"-proto", "ucci"}} {
		_, err := parseFlags(bad, io.Discard)
		require.True(t, cli.IsUsage(err), "%v: %v", bad, err)
	}
}
