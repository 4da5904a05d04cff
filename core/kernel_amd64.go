//go:build !core_purego

package core

import (
	"math/bits"
	"sync"
	"unsafe"

	"golang.org/x/sys/cpu"

	"github.com/gambit-chess/gambit/tables"
)

//go:generate go run ./internal/kernelgen -out kernel_amd64.s -stubs kernel_stubs_amd64.go -layout kernel_layout_amd64.go -pkg core

// useKernel reports whether the bulk counts (CountLegalMoves,
// CountLegalMovesAfter, HasLegalMoves) of standard-chess positions run the
// BMI2 kernel (kernel_amd64.s, from internal/kernelgen) instead of
// countWhite and countBlack: on CPUs with BMI1, BMI2 and POPCNT whose PEXT
// is fast, unless GODEBUG=cpu.bmi2=off (read by golang.org/x/sys/cpu at
// start-up) turns BMI2 off. The build tag core_purego leaves the kernel
// out.
var useKernel = cpu.X86.HasBMI1 && cpu.X86.HasBMI2 && cpu.X86.HasPOPCNT && fastPEXT()

// fastPEXT reports whether PEXT is a fast instruction here: on every Intel
// CPU with BMI2 (Haswell on), and on AMD's (and Hygon's, Zen-based) only
// from family 0x19 (Zen 3) on, since Zen 1 and Zen 2 run it in microcode,
// tens of cycles for a slider lookup.
func fastPEXT() bool {
	_, b, c, d := cpuid(0, 0)
	amd := b == 0x68747541 && d == 0x69746e65 && c == 0x444d4163   // "AuthenticAMD"
	hygon := b == 0x6f677948 && d == 0x656e6975 && c == 0x6e65476e // "HygonGenuine"
	if !amd && !hygon {
		return true
	}
	a, _, _, _ := cpuid(1, 0)
	return cpuFamily(a) >= 0x19
}

// cpuFamily returns the display family of CPUID leaf 1's EAX: the base
// family, plus the extended family when the base is 0xF.
func cpuFamily(eax uint32) uint32 {
	family := eax >> 8 & 0xF
	if family == 0xF {
		family += eax >> 20 & 0xFF
	}
	return family
}

// kernelTable is the BMI2 kernel's table (the layout in
// kernel_layout_amd64.go), filled by fillKernelTable the first time the
// kernel runs: 878 KiB of zeros in the program's BSS until then, so that
// programs that never count in bulk, or run on a CPU without the kernel,
// pay nothing for it.
var (
	kernelTable     [kernelTabLen]uint64
	kernelTableOnce sync.Once
)

// fillKernelTable writes the kernel's table: the slider masks, each
// square's block of attack sets in PEXT's order (the i-th subset of the
// mask, counting up, is the one whose bits PEXT packs into i), the
// leapers' attacks, the sliders' rays on an empty board, two file masks
// and the squares between two squares.
func fillKernelTable() {
	t := &kernelTable
	next := uint64(kernelTabAttacks)
	fill := func(maskAt, offAt int, magics *[64]tables.Magic, attacks func(Square, Bitboard) Bitboard) {
		for sq := range 64 {
			mask := magics[sq].Mask
			t[maskAt+sq], t[offAt+sq] = mask, next
			// Every subset of mask in increasing order (the carry-rippler).
			for sub, i := uint64(0), next; ; i++ {
				t[i] = uint64(attacks(Square(sq), Bitboard(sub)))
				if sub = (sub - mask) & mask; sub == 0 {
					break
				}
			}
			next += 1 << bits.OnesCount64(mask)
		}
	}
	fill(kernelTabRookMask, kernelTabRookOff, &tables.RookMagics, RookAttacks)
	fill(kernelTabBishopMask, kernelTabBishopOff, &tables.BishopMagics, BishopAttacks)
	if next != kernelTabLen {
		panic("core: the kernel's slider blocks do not fill its table")
	}
	copy(t[kernelTabKnight:], tables.KnightAttacks[:])
	copy(t[kernelTabKing:], tables.KingAttacks[:])
	copy(t[kernelTabPawn:], tables.PawnAttacks[0][:])
	copy(t[kernelTabPawn+64:], tables.PawnAttacks[1][:])
	copy(t[kernelTabRookRays:], tables.RookRays[:])
	copy(t[kernelTabBishopRays:], tables.BishopRays[:])
	t[kernelTabConst+kernelConstNotFileA] = uint64(^FileA)
	t[kernelTabConst+kernelConstNotFileH] = uint64(^FileH)
	for a := range 64 {
		copy(t[kernelTabBetween+64*a:], tables.Between[a][:])
	}
}

// kernelReady fills the kernel's table the first time it is called: the
// callers of countKernel call it first (apart, so that both inline).
func kernelReady() { kernelTableOnce.Do(fillKernelTable) }

// countKernel counts the legal moves of p, a standard-chess position, in
// the BMI2 kernel, and caches its checkers, as countWhite and countBlack
// do. Only useKernel's callers call it, after kernelReady.
func (p *Position) countKernel() int {
	return countBMI2((*uint64)(unsafe.Pointer(p)), &kernelTable[0])
}

// countAfterKernel counts the legal moves of p, a standard-chess position,
// after m, one of its legal moves, in the BMI2 kernel (countAfterBMI2),
// which makes the move on copies of the bitboards and writes nothing of
// p. Only useKernel's callers call it, after kernelReady.
func (p *Position) countAfterKernel(m Move) int {
	return countAfterBMI2((*uint64)(unsafe.Pointer(p)), &kernelTable[0], uint64(m))
}

// countChildrenKernel returns the sum of countAfterKernel over moves, at
// least one, in one call of the BMI2 kernel (countChildrenBMI2). Only
// useKernel's callers call it, after kernelReady.
func (p *Position) countChildrenKernel(moves []Move) int {
	return countChildrenBMI2((*uint64)(unsafe.Pointer(p)), &kernelTable[0], (*uint32)(unsafe.Pointer(&moves[0])), len(moves))
}
