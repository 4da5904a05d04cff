package main

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestNotUCI(t *testing.T) {
	// What Debian's XBoard engines answer to "uci" (seen on this machine),
	// and what UCI engines print.
	for _, l := range []string{"Error (unknown command): uci", "Illegal move: uci", "Sjeng: Illegal move: uci", "feature myname=\"x\""} {
		require.True(t, notUCI(l), l)
	}
	for _, l := range []string{"Stockfish 15.1 by the Stockfish developers (see AUTHORS file)", "id name Stockfish 15.1", "option name Hash type spin default 16 min 1 max 33554432", "uciok", "info string NNUE evaluation enabled", "tellics say     Fairy-Max 5.0b"} {
		require.False(t, notUCI(l), l)
	}
}

func TestParseFlags(t *testing.T) {
	o, err := parseFlags([]string{"-human", "-tc", "5+3", "-color", "random", "-960", "-ascii", "-level", "4"})
	require.NoError(t, err)
	require.Equal(t, options{engine: DefaultEngine, proto: "detect", color: "random", tc: "5+3", human: true, chess960: true, ascii: true, level: 4, moveTime: 1e9}, o)
	for _, bad := range [][]string{{"-color", "red"}, {"-level", "21"}, {"-fen", "x", "-pgn", "y"}, {"extra"}, {"-nope"}} {
		_, err := parseFlags(bad)
		require.Error(t, err, "%v", bad)
	}
}
