// Package engineproc is the engine-process layer under the uci and xboard
// clients. It runs a chess engine as a child process (its pipes, a process
// group of its own so that killing it ends what it started, its standard
// error copied aside, and the last lines it printed, which say why when it
// dies or stalls) or reaches one over a connection (Link), and holds what
// both protocols' Engines share (Client, Config): the life of the
// connection, the deadlines on writes and answers, the isready/ping echo,
// Close, and the errors of package engine they return.
package engineproc
