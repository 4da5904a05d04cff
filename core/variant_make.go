package core

// The variants' part of MakeMove and UnmakeMove. Every move the generators
// write in a variant position carries flagVariant, which MakeMove and
// UnmakeMove test together with the castling flag: standard chess pays
// nothing for the variants there. The Undo keeps its two words: what a
// variant changes is worked out again when the move is taken back, or, for
// an atomic capture, carried in the Undo's hash field, whose hash is
// worked out again instead.

// makeVariant is MakeMove for a move of a variant position: the move as in
// standard chess, then the variant's part: in Three-check, when it gives
// check, one more check for its side, in the position and its hash; in
// Atomic, a capture's explosion, whose lost pieces the returned Undo
// carries in place of the hash (explode). Crazyhouse's drops and pockets
// have their own (makeCrazyhouse).
func (p *Position) makeVariant(m Move) Undo {
	if p.variant == Crazyhouse {
		return p.makeCrazyhouse(m)
	}
	u := p.MakeMove(m &^ flagVariant)
	switch p.variant {
	case ThreeCheck:
		c := p.computeCheckers()
		p.checkers = c
		if mover := p.side() ^ 1; c != 0 && p.checks[mover] < 3 {
			k := p.checks[mover]
			p.hash ^= zobristChecks[mover][k] ^ zobristChecks[mover][k+1]
			p.checks[mover] = k + 1
		}
	case Atomic:
		if m.IsCapture() {
			u.hash = p.explode(m.To())
		}
	}
	return u
}

// unmakeVariant is UnmakeMove's board part for a move of a variant
// position, called with the side to move already set back to us (the
// mover) and the board still as the move left it, and u the move's Undo.
// An atomic capture first gets its exploded pieces back (unexplode); in
// Three-check a move that gave check gives its check back (whether it gave
// one is whether the other king is attacked now); then the board is set
// back as in standard chess, by UnmakeMove itself. That inner UnmakeMove
// is given an Undo with u's st and no hash: the hash and st it restores
// are overwritten, when this returns, from the Undo it returns:
// u, with the hash before the move in place of an atomic capture's
// exploded pieces. Crazyhouse's moves have their own (unmakeCrazyhouse).
func (p *Position) unmakeVariant(m Move, us Color, u Undo) Undo {
	us &= 1
	if p.variant == Crazyhouse {
		p.unmakeCrazyhouse(m, us, u)
		return u
	}
	if p.variant == Atomic && m.IsCapture() {
		u.hash = p.unexplode(m, us, u)
	}
	if p.variant == ThreeCheck && p.checks[us] > 0 {
		if k := p.byType[King] & p.byColor[us^1]; k != 0 && p.attackersTo(k.First(), p.byType[0])&p.byColor[us] != 0 {
			p.checks[us]--
		}
	}
	// The inner UnmakeMove takes the move number back again, and the
	// side from its Undo.
	p.fullmove += int(us)
	p.UnmakeMove(m&^flagVariant, Undo{st: u.st})
	return u
}

// splitmix64 returns the next value of the SplitMix64 sequence at *state:
// the keys of the variants' state, which the Polyglot keys do not cover.
func splitmix64(state *uint64) uint64 {
	*state += 0x9e3779b97f4a7c15
	z := *state
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// zobristVariant holds a key for each variant (none for Standard, whose
// hash stays the Polyglot key), and zobristChecks one for each colour and
// number of checks it has given in Three-check (none for no check). They
// are fixed by a seed, so hashes are the same in every run.
var zobristVariant, zobristChecks = func() (v [variantCount]uint64, c [2][4]uint64) {
	state := uint64(0x6761_6d62_6974_7661) // "gambitva"
	for i := Variant(1); i < variantCount; i++ {
		v[i] = splitmix64(&state)
	}
	for col := range 2 {
		for k := 1; k < 4; k++ {
			c[col][k] = splitmix64(&state)
		}
	}
	return v, c
}()

// variantHash returns the part of the hash a variant adds to the pieces,
// side, castling and en passant: its own key, Three-check's checks, and
// Crazyhouse's pockets and promoted pieces.
func (p *Position) variantHash() uint64 {
	h := zobristVariant[p.variant%variantCount]
	if p.variant == ThreeCheck {
		h ^= zobristChecks[White][p.checks[White]&3] ^ zobristChecks[Black][p.checks[Black]&3]
	}
	if p.variant == Crazyhouse {
		h ^= p.crazyhouseHash()
	}
	return h
}
