package main

import (
	"strings"
	"testing"
)

// FuzzParseArgs: any command line gives options or an error, never a
// panic.
func FuzzParseArgs(f *testing.F) {
	for _, s := range []string{
		"-engine cmd=a tc=10+0.1 -engine cmd=b -each option.Hash=1 -rounds 2 -games 2 -repeat",
		"-engine cmd=a -engine cmd=b -sprt elo0=0 elo1=5 model=logistic -draw movenumber=1 movecount=2 score=3",
		"-resign movecount=3 score=600 twosided=maybe", "-openings file=x plies=-1", "-engine", "-rounds", "-engine =",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		o, err := parseArgs(strings.Fields(s))
		if err == nil && !o.help && len(o.cfg.Engines) < 2 {
			t.Fatalf("%q: accepted with %d engines", s, len(o.cfg.Engines))
		}
	})
}
