//go:build !core_purego

package core

import (
	"os"
	"os/exec"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// TestKernelLayout checks the Position's field offsets and types that
// the BMI2 kernel reads, as internal/kernelgen assumes them
// (kernel_layout_amd64.go): a field moved or retyped must fail here, not
// in a count.
func TestKernelLayout(t *testing.T) {
	var p Position
	require.Equal(t, uintptr(kernelOffByType), unsafe.Offsetof(p.byType))
	require.Equal(t, uintptr(kernelOffByColor), unsafe.Offsetof(p.byColor))
	require.Equal(t, uintptr(kernelOffCheckers), unsafe.Offsetof(p.checkers))
	require.Equal(t, uintptr(kernelOffCastleMask), unsafe.Offsetof(p.castleMask))
	require.Equal(t, uintptr(1), unsafe.Sizeof(p.castleMask[0]))
	require.Equal(t, uintptr(kernelOffCastleRook), unsafe.Offsetof(p.castleRook))
	require.Equal(t, uintptr(kernelOffCastlePath), unsafe.Offsetof(p.castlePath))
	require.Equal(t, uintptr(kernelOffCastleKingPath), unsafe.Offsetof(p.castleKingPath))
	require.Equal(t, uintptr(kernelOffSide), unsafe.Offsetof(p.st)+2)
	require.Equal(t, uintptr(kernelOffCastling), unsafe.Offsetof(p.st))
	require.Equal(t, uintptr(kernelOffEP), unsafe.Offsetof(p.st)+1)
	require.Equal(t, uintptr(8), unsafe.Sizeof(p.byType[0]))
	require.Equal(t, uintptr(1), unsafe.Sizeof(p.castleRook[0]))
	// The kernel reads the side, the rights and the en-passant square as
	// bytes of st: each must be the byte the accessor reads, and the side's
	// byte hold nothing else (the kernel compares it with 0).
	q, err := ParseFEN("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b Kq e3 0 3")
	require.NoError(t, err)
	st := (*[8]byte)(unsafe.Pointer(&q.st))
	require.Equal(t, q.castling(), st[0])
	require.Equal(t, E3, Square(st[1]))
	require.Equal(t, byte(Black), st[2])
	require.Equal(t, uintptr(8), unsafe.Sizeof(q.st))
	require.Equal(t, 8, len(p.byType))
	require.Equal(t, Square(64), NoSquare)
	require.Equal(t, []PieceType{1, 2, 3, 4, 5, 6}, []PieceType{Pawn, Knight, Bishop, Rook, Queen, King})
	require.Equal(t, [2]Color{0, 1}, [2]Color{White, Black})
	// The Move's fields and flags that countAfterBMI2 decodes.
	m := newMove(A1, B2, Knight, Bishop, Queen)
	require.Equal(t, A1, Square(m&63))
	require.Equal(t, B2, Square(m>>kernelMoveTo&63))
	require.Equal(t, Knight, PieceType(m>>kernelMovePiece&7))
	require.Equal(t, Bishop, PieceType(m>>kernelMoveCaptured&7))
	require.Equal(t, Queen, PieceType(m>>kernelMovePromo&7))
	require.Equal(t, flagDoublePush, Move(kernelFlagDoublePush))
	require.Equal(t, flagEnPassant, Move(kernelFlagEnPassant))
	require.Equal(t, flagCastle, Move(kernelFlagCastle))
}

// TestKernelTable checks the filled table's attack sets against the
// magic lookups for every square and a spread of occupancies.
func TestKernelTable(t *testing.T) {
	kernelTableOnce.Do(fillKernelTable)
	tab := &kernelTable
	for sq := range Square(64) {
		for i := range uint64(64) {
			occ := Bitboard(0x9E3779B97F4A7C15 * (i + 1) * uint64(sq+1))
			r := tab[kernelTabRookOff+int(sq)] + pext(uint64(occ), tab[kernelTabRookMask+int(sq)])
			b := tab[kernelTabBishopOff+int(sq)] + pext(uint64(occ), tab[kernelTabBishopMask+int(sq)])
			require.Equal(t, RookAttacks(sq, occ), Bitboard(tab[r]), "rook on %v", sq)
			require.Equal(t, BishopAttacks(sq, occ), Bitboard(tab[b]), "bishop on %v", sq)
		}
	}
}

// pext is PEXT in Go: the bits of x under mask, packed at the bottom.
func pext(x, mask uint64) uint64 {
	var r uint64
	for i := 0; mask != 0; mask &= mask - 1 {
		if x&(mask&-mask) != 0 {
			r |= 1 << i
		}
		i++
	}
	return r
}

func TestKernelChoice(t *testing.T) {
	// The family arithmetic of fastPEXT, on CPUID signatures of real
	// CPUs: Zen 2 (EPYC 7002), Zen 3 (EPYC 7003), Zen 4 (Ryzen 7000) and
	// Haswell.
	require.Equal(t, uint32(0x17), cpuFamily(0x00830F10))
	require.Equal(t, uint32(0x19), cpuFamily(0x00A00F11))
	require.Equal(t, uint32(0x19), cpuFamily(0x00A60F12))
	require.Equal(t, uint32(6), cpuFamily(0x000306C3))
	if os.Getenv("GAMBIT_KERNEL_CHILD") != "" {
		require.False(t, useKernel, "GODEBUG=%s must leave the kernel out", os.Getenv("GODEBUG"))
		return
	}
	// GODEBUG=cpu.bmi2=off forces the Go counter: this test once more in
	// a child process with it.
	cmd := exec.Command(os.Args[0], "-test.run=^TestKernelChoice$", "-test.count=1")
	cmd.Env = append(os.Environ(), "GODEBUG=cpu.bmi2=off", "GAMBIT_KERNEL_CHILD=1")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
}
