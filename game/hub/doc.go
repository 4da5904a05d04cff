// Package hub keeps many chess games at once, keyed by ID, for a game
// server: create, move, read, snapshot, restore and remove them from any
// number of goroutines. A game may be of any variant core plays
// (CreateVariant, CreateFromVariantFEN): its moves follow the variant's
// rules and the Outcome a move returns says when the variant's own rule
// ended the game (game.VariantEnd, with the rule as its Reason).
//
// Calls on one game are serialised by that game's own lock; calls on
// different games run in parallel. The games are spread over shards, each
// a map behind its own read-write lock that is held only to find a game,
// never while a game is worked on, so there is no global lock on the path
// of a move.
//
// With Config.IdleTimeout set, a game nobody touched for that long is
// removed by a background sweep. Every game that leaves the hub, whether
// removed, expired or dropped by Close, goes to Config.OnTerminate with the
// reason and its final state. Close stops the sweep, lets the calls in
// progress finish, refuses new ones and terminates every game.
package hub
