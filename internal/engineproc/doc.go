// Package engineproc runs a chess engine as a child process for the uci and
// xboard clients: its pipes, a process group of its own so that killing it
// ends what it started, its standard error copied aside, and the last lines
// it printed, which say why when it dies or stalls.
package engineproc
