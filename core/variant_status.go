package core

// variantStatus returns how the game stands by the variant's own rules, for
// the side to move: VariantWin, VariantLoss or VariantDraw once it has
// ended so, Ongoing otherwise (when checkmate, stalemate and the material
// decide, as in standard chess).
func (p *Position) variantStatus() Status {
	us := p.side() & 1
	them := us ^ 1
	// won returns the status of a game won by colour c.
	won := func(c Color) Status {
		if c == us {
			return VariantWin
		}
		return VariantLoss
	}
	switch p.variant {
	case KingOfTheHill:
		for _, c := range [2]Color{us, them} {
			if p.Pieces(c, King)&hill != 0 {
				return won(c)
			}
		}
	case ThreeCheck:
		for _, c := range [2]Color{us, them} {
			if p.checks[c] >= 3 {
				return won(c)
			}
		}
	case RacingKings:
		if p.racingKingsEnded() {
			white, black := p.Pieces(White, King)&Rank8 != 0, p.Pieces(Black, King)&Rank8 != 0
			if white == black {
				return VariantDraw
			}
			if white {
				return won(White)
			}
			return won(Black)
		}
	case Horde:
		if p.byColor[us] == 0 {
			return won(them)
		}
		if p.byColor[them] == 0 {
			return won(us)
		}
	case Atomic:
		for _, c := range [2]Color{us, them} {
			if p.Pieces(c, King) == 0 {
				return won(c ^ 1)
			}
		}
	case Antichess:
		if !p.HasLegalMoves() {
			return VariantWin
		}
	}
	return Ongoing
}
