// Command kernelgen writes package core's BMI2 leaf counter for amd64 with
// avo (github.com/mmcloughlin/avo): the assembly kernel_amd64.s, its Go
// declarations kernel_stubs_amd64.go and the layout the two share with Go,
// kernel_layout_amd64.go (the Position's field offsets the kernel reads, and
// where each part of the kernel's table lies). It is run by the generate
// line in core/kernel_amd64.go (`go run ./internal/kernelgen
// -out kernel_amd64.s -stubs kernel_stubs_amd64.go -layout
// kernel_layout_amd64.go -pkg core`); the three files are never edited by
// hand, and TestAssemblyIsReproducible checks that they are what it
// writes.
//
// The kernel, countBMI2, counts the legal moves of a standard-chess
// position in one call, with no call inside: what gen's countWhite and
// countBlack compute, by the same rules, but with slider attacks looked up
// by PEXT (the occupancy's bits under the square's mask, packed, index the
// square's block of attack sets) instead of a magic multiply and shift.
// It branches once on the side to move to one copy per side, in which the
// side's constants (pawn directions, ranks, castling rights) are
// immediates, as gen's copies have them. The steps:
//
//  1. The king's moves: each target square that is not ours, tested for
//     enemy attacks with our king lifted (so that it cannot step back
//     along a checking ray); sliders are looked up only when one stands on
//     a line through the square. The targets and those found attacked are
//     kept on the stack for castling.
//  2. Checkers (knights and pawns from the king's square; sliders from
//     the sliders on the king's lines that it sees through our pieces)
//     and pins: the ray between the king and a slider holding exactly one
//     of our pieces, the slider included, orthogonal and diagonal apart.
//     The checkers are written to the Position's cache, as the Go counter
//     does. In double check only the king moves.
//  3. Knights, sliders and pawns, set-wise, a promotion counting four: in
//     one copy for the side out of check with nothing pinned (no check
//     mask, no pin ray: gen's checkSplit and pinSplit), in another with
//     the check mask (every square, or the ray to the one checker and the
//     checker) and the pins, a pinned slider or pawn moving only along its
//     ray.
//  4. En passant, each capture tested by looking from the king with both
//     pawns moved: this covers a check along the rank the two pawns leave.
//  5. Castling, out of check: for each right whose path is empty, the
//     squares the king crosses or lands on must be unattacked (those next
//     to the king answered by step 1, the others tested). Lifting a
//     Chess960 rook off its corner can only open the back rank, so a right
//     is refused also when an enemy rook or queen looks along the rank at
//     the rook's square (both castling pieces lifted) and the king's path
//     lies on that ray.
package main

import (
	"flag"
	"fmt"
	"log"
	"os"

	"github.com/mmcloughlin/avo/attr"
	"github.com/mmcloughlin/avo/build"
	"github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// The Position's fields the kernel reads, as byte offsets (core's
// TestKernelLayout checks them against unsafe.Offsetof).
const (
	offByType         = 64  // [8]Bitboard: index 0 every piece, then pawn ... king
	offByColor        = 128 // [2]Bitboard: white, black
	offCheckers       = 152 // Bitboard, written
	offCastleMask     = 160 // [64]uint8: the rights that survive a move from or to each square
	offCastleRook     = 224 // [4]Square (uint8)
	offCastlePath     = 232 // [4]Bitboard
	offCastleKingPath = 264 // [4]Bitboard
	offSide           = 298 // Color: byte 2 of st (bit 16), 0 or 1
	offCastling       = 296 // uint8: byte 0 of st
	offEP             = 297 // Square: byte 1 of st, noSquare when none
)

// Piece types (core's PieceType) and the en-passant square's "none".
const (
	pawn, knight, bishop, rook, queen, king = 1, 2, 3, 4, 5, 6
	noSquare                                = 64
)

// The Move's fields and flags (core's Move): from in bits 0-5, to in 6-11,
// the piece in 12-14, the captured piece in 15-17, the promotion in 18-20.
const (
	moveTo, movePiece, moveCaptured, movePromo = 6, 12, 15, 18
	flagDoublePush, flagEnPassant, flagCastle  = 1 << 21, 1 << 22, 1 << 23
)

// The kernel's table, in uint64s: what core's fillKernelTable writes.
// The masks are the squares whose occupancy matters to a slider on each
// square (the magics' masks); the offsets index the whole table, where
// the attack sets of the square's block lie, in the order of PEXT's
// index.
const (
	tabRookMask   = 0
	tabRookOff    = 64
	tabBishopMask = 128
	tabBishopOff  = 192
	tabKnight     = 256
	tabKing       = 320
	tabPawn       = 384 // [2][64]: the squares a pawn of each colour attacks
	tabRookRays   = 512 // a rook's attacks on an empty board
	tabBishopRays = 576
	tabConst      = 640               // the constants const*
	tabBetween    = 704               // [64][64]: the squares strictly between two squares
	tabAttacks    = tabBetween + 4096 // the attack sets
	rookEntries   = 102400
	bishopEntries = 5248
	tabLen        = tabAttacks + rookEntries + bishopEntries
)

// The table's constants, by index from tabConst.
const (
	constNotFileA = 0
	constNotFileH = 1
)

// Board masks.
const (
	fileA = 0x0101010101010101
	fileH = 0x8080808080808080
	rank1 = 0xFF
)

func main() {
	layout := flag.String("layout", "", "Go file of the layout constants")
	// build.Generate parses the rest (-out, -stubs, -pkg) from the same
	// command line.
	flag.Parse()
	if *layout != "" {
		if err := os.WriteFile(*layout, []byte(layoutSource()), 0o644); err != nil {
			log.Fatalf("kernelgen: %v", err)
		}
	}
	build.ConstraintExpr("!core_purego")
	counter()
	counterAfter()
	counterChildren()
	cpuid()
	build.Generate()
}

// layoutSource returns the Go file of the constants the Go side shares
// with the kernel.
func layoutSource() string {
	return fmt.Sprintf(`// Code generated by command: go run ./internal/kernelgen -layout. DO NOT EDIT.

//go:build !core_purego

package core

// The byte offsets of the Position's fields that the BMI2 kernel reads
// (TestKernelLayout checks them).
const (
	kernelOffByType         = %d
	kernelOffByColor        = %d
	kernelOffCheckers       = %d
	kernelOffCastleMask     = %d
	kernelOffCastleRook     = %d
	kernelOffCastlePath     = %d
	kernelOffCastleKingPath = %d
	kernelOffSide           = %d
	kernelOffCastling       = %d
	kernelOffEP             = %d
)

// The parts of the kernel's table, in uint64s (fillKernelTable).
const (
	kernelTabRookMask   = %d
	kernelTabRookOff    = %d
	kernelTabBishopMask = %d
	kernelTabBishopOff  = %d
	kernelTabKnight     = %d
	kernelTabKing       = %d
	kernelTabPawn       = %d
	kernelTabRookRays   = %d
	kernelTabBishopRays = %d
	kernelTabConst      = %d
	kernelTabBetween    = %d
	kernelTabAttacks    = %d
	kernelTabLen        = %d
)

// The table's constants, by index from kernelTabConst.
const (
	kernelConstNotFileA = %d
	kernelConstNotFileH = %d
)

// The Move's fields and flags that countAfterBMI2 reads (TestKernelLayout
// checks them).
const (
	kernelMoveTo         = %d
	kernelMovePiece      = %d
	kernelMoveCaptured   = %d
	kernelMovePromo      = %d
	kernelFlagDoublePush = %d
	kernelFlagEnPassant  = %d
	kernelFlagCastle     = %d
)
`, offByType, offByColor, offCheckers, offCastleMask, offCastleRook, offCastlePath, offCastleKingPath, offSide, offCastling, offEP,
		tabRookMask, tabRookOff, tabBishopMask, tabBishopOff, tabKnight, tabKing, tabPawn, tabRookRays, tabBishopRays, tabConst, tabBetween, tabAttacks, tabLen,
		constNotFileA, constNotFileH,
		moveTo, movePiece, moveCaptured, movePromo, flagDoublePush, flagEnPassant, flagCastle)
}

// gen holds the registers and the memory every part of one side's code
// uses.
type gen struct {
	prefix   string // of the labels: the side's
	us, them int
	pos, tab reg.GPVirtual
	// bb is where the bitboards lie (byType, then byColor, as in the
	// Position); checkersAt, castlingAt and epAt are where the checkers
	// are written and the castling rights and en-passant square read: the
	// Position's fields, or the frame that countAfterBMI2 makes the move
	// in. The castling paths and rook squares are always the Position's.
	bb, checkersAt, castlingAt, epAt operand.Mem
	// finish, when set, writes what follows the count n instead of
	// returning it (countChildrenBMI2's loop).
	finish func(n reg.GPVirtual)
	labels int
}

// onPosition returns the gen of side us that reads and writes the
// Position at pos.
func onPosition(prefix string, us int, pos, tab reg.GPVirtual) *gen {
	at := func(off int) operand.Mem { return operand.Mem{Base: pos, Disp: off} }
	return &gen{prefix: prefix, us: us, them: us ^ 1, pos: pos, tab: tab,
		bb: at(offByType), checkersAt: at(offCheckers), castlingAt: at(offCastling), epAt: at(offEP)}
}

// label returns a new label name, unique in the kernel.
func (g *gen) label(what string) string {
	g.labels++
	return fmt.Sprintf("%s%s_%d", g.prefix, what, g.labels)
}

// The vector registers that keep step 1's answers for castling (a
// general register each would be one too many; the stack, a frame).
var nearReg, safeReg = reg.X0, reg.X1

// jump emits a jump instruction to label l.
func jump(j func(operand.Op), l string) { j(operand.LabelRef(l)) }

// typ and col address the Position's bitboards of a piece type (0: every
// piece) and of a colour.
func (g *gen) typ(t int) operand.Mem { return g.bb.Offset(8 * t) }
func (g *gen) col(c int) operand.Mem { return g.bb.Offset(offByColor - offByType + 8*c) }

// at addresses entry i of the part of the table that starts at base.
func (g *gen) at(base int, i reg.Register) operand.Mem {
	return operand.Mem{Base: g.tab, Index: i, Scale: 8, Disp: 8 * base}
}

// constant addresses entry i of the table's constants.
func (g *gen) constant(i int) operand.Mem { return operand.Mem{Base: g.tab, Disp: 8 * (tabConst + i)} }

// each runs body for every square of the bitboard b (emptied), the
// square in sq.
func (g *gen) each(b, sq reg.GPVirtual, body func()) {
	top, end := g.label("loop"), g.label("end")
	build.TESTQ(b, b)
	jump(build.JZ, end)
	build.Label(top)
	build.TZCNTQ(b, sq)
	body()
	build.BLSRQ(b, b)
	jump(build.JNZ, top)
	build.Label(end)
}

// slider sets dst to the attacks of a slider on sq given the occupancy
// occ: the rook's (orth) or the bishop's.
func (g *gen) slider(orth bool, sq, occ, dst reg.GPVirtual) {
	mask, off := tabBishopMask, tabBishopOff
	if orth {
		mask, off = tabRookMask, tabRookOff
	}
	build.PEXTQ(g.at(mask, sq), occ, dst)
	build.ADDQ(g.at(off, sq), dst)
	build.MOVQ(operand.Mem{Base: g.tab, Index: dst, Scale: 8}, dst)
}

// rays addresses the squares a rook (orth) or a bishop on sq attacks on
// an empty board.
func (g *gen) rays(orth bool, sq reg.GPVirtual) operand.Mem {
	if orth {
		return g.at(tabRookRays, sq)
	}
	return g.at(tabBishopRays, sq)
}

// sliders sets dst to the sliders of colour c that move like a rook
// (orth) or a bishop, queens both.
func (g *gen) sliders(orth bool, c int, dst reg.GPVirtual) {
	t := bishop
	if orth {
		t = rook
	}
	build.MOVQ(g.typ(t), dst)
	build.ORQ(g.typ(queen), dst)
	build.ANDQ(g.col(c), dst)
}

// between sets dst to the squares strictly between a and b.
func (g *gen) between(a, b, dst reg.GPVirtual) {
	build.MOVQ(a, dst)
	build.SHLQ(operand.U8(6), dst)
	build.ADDQ(b, dst)
	build.MOVQ(g.at(tabBetween, dst), dst)
}

// king sets ksq to our king's square and occNK to the occupancy without
// it.
func (g *gen) king(ksq, occNK reg.GPVirtual) {
	build.MOVQ(g.typ(king), occNK)
	build.ANDQ(g.col(g.us), occNK)
	build.TZCNTQ(occNK, ksq)
	build.XORQ(g.typ(0), occNK)
}

// attacked jumps to yes when the enemy attacks sq given the occupancy occ
// (our king lifted); enemyRQ and enemyBQ are the enemy's sliders. x and
// y are scratch. Sliders are looked up only when one stands on a line
// through sq.
func (g *gen) attacked(sq, occ, enemyRQ, enemyBQ, x, y reg.GPVirtual, yes string) {
	build.MOVQ(g.at(tabKnight, sq), x)
	build.ANDQ(g.typ(knight), x)
	build.MOVQ(g.at(tabPawn+64*g.us, sq), y)
	build.ANDQ(g.typ(pawn), y)
	build.ORQ(y, x)
	build.MOVQ(g.at(tabKing, sq), y)
	build.ANDQ(g.typ(king), y)
	build.ORQ(y, x)
	build.ANDQ(g.col(g.them), x)
	jump(build.JNZ, yes)
	for _, orth := range []bool{true, false} {
		enemy := enemyBQ
		if orth {
			enemy = enemyRQ
		}
		no := g.label("noslider")
		build.TESTQ(enemy, g.rays(orth, sq))
		jump(build.JZ, no)
		g.slider(orth, sq, occ, x)
		build.TESTQ(enemy, x)
		jump(build.JNZ, yes)
		build.Label(no)
	}
}

// pawnShift moves the pawns in b of colour c by one rank forward (delta 0),
// or forward and one file toward the a-file (delta -1) or the h-file
// (delta 1), dropping those that leave the board sideways.
func (g *gen) pawnShift(c, delta int, b reg.GPVirtual) {
	n := 8 + delta
	if c == 1 {
		n = 8 - delta
		build.SHRQ(operand.U8(n), b)
	} else {
		build.SHLQ(operand.U8(n), b)
	}
	switch delta {
	case -1: // toward the a-file: what wrapped lands on the h-file
		build.ANDQ(g.constant(constNotFileH), b)
	case 1:
		build.ANDQ(g.constant(constNotFileA), b)
	}
}

// popAdd adds the number of squares of t (clobbered) to n.
func popAdd(t, n reg.GPVirtual) {
	build.POPCNTQ(t, t)
	build.ADDQ(t, n)
}

// counter writes countBMI2, which branches on the side to move to one
// copy of the counter per side, each with the side's constants.
func counter() {
	build.TEXT("countBMI2", attr.NOSPLIT, "func(pos *uint64, tab *uint64) int")
	build.Pragma("noescape")
	build.Doc(
		"countBMI2 returns the number of legal moves of the standard-chess",
		"position at pos (a *Position) and writes its checkers to the",
		"position's cache; tab is the kernel's table (fillKernelTable).",
	)
	pos, tab := build.GP64(), build.GP64()
	build.Load(build.Param("pos"), pos)
	build.Load(build.Param("tab"), tab)
	build.CMPB(operand.Mem{Base: pos, Disp: offSide}, operand.U8(0))
	jump(build.JNE, "black")
	side(onPosition("w_", 0, pos, tab))
	build.Label("black")
	side(onPosition("b_", 1, pos, tab))
}

// The frame of countAfterBMI2, in bytes: the bitboards after the move
// (byType and byColor, laid out as in the Position), the checkers the
// counter writes, the castling rights and the en-passant square.
const (
	frameBB       = 0
	frameCheckers = offCheckers - offByType
	frameCastling = frameCheckers + 8
	frameEP       = frameCastling + 1
	frameSize     = frameCastling + 8
	// countChildrenBMI2's frame adds the next move's address, the end of
	// the moves and the sum.
	frameNext         = frameSize
	frameEnd          = frameNext + 8
	frameSum          = frameEnd + 8
	frameChildrenSize = frameSum + 8
)

// counterAfter writes countAfterBMI2, which counts the legal moves of the
// position after a standard move without writing to the Position: it
// copies the bitboards into its frame, makes the move there as core's
// CountLegalMovesAfter does (captures, en passant, promotions, castling
// with the king from its square and the rook from its own), writes the
// castling rights and en-passant square the count reads, and runs the
// other side's counter on the frame. Two of the Go path's steps are left
// out because the count cannot see them: the rights lost by a move from a
// square (only the mover's, and the count reads the other side's), and
// the test that an enemy pawn can take en passant (step 4 makes it).
func counterAfter() {
	build.TEXT("countAfterBMI2", attr.NOSPLIT, "func(pos *uint64, tab *uint64, m uint64) int")
	build.Pragma("noescape")
	build.Doc(
		"countAfterBMI2 returns the number of legal moves of the standard-chess",
		"position at pos (a *Position) after m, one of its legal moves and not",
		"a variant's, without writing to the position; tab is the kernel's",
		"table (fillKernelTable).",
	)
	pos, tab, mv := build.GP64(), build.GP64(), build.GP64()
	build.Load(build.Param("pos"), pos)
	build.Load(build.Param("tab"), tab)
	build.Load(build.Param("m"), mv)
	frame := build.AllocLocal(frameSize)
	copyBitboards(pos, frame)
	build.CMPB(operand.Mem{Base: pos, Disp: offSide}, operand.U8(0))
	jump(build.JNE, "black")
	for us := 0; us < 2; us++ {
		if us == 1 {
			build.Label("black")
		}
		side(afterMove(us, pos, tab, mv, frame))
	}
}

// afterMove makes the move mv of side us in the frame (makeMove) and
// returns the gen of the other side's counter on the frame.
func afterMove(us int, pos, tab, mv reg.GPVirtual, frame operand.Mem) *gen {
	mover := onPosition([]string{"wm_", "bm_"}[us], us, pos, tab)
	mover.bb = frame.Offset(frameBB)
	makeMove(mover, mv, frame)
	g := onPosition([]string{"wa_", "ba_"}[us], us^1, pos, tab)
	g.bb, g.checkersAt, g.castlingAt, g.epAt = frame.Offset(frameBB), frame.Offset(frameCheckers), frame.Offset(frameCastling), frame.Offset(frameEP)
	return g
}

// copyBitboards copies the Position's bitboards (byType and byColor) into
// the frame.
func copyBitboards(pos reg.GPVirtual, frame operand.Mem) {
	build.Comment("The bitboards, copied into the frame.")
	for i := 0; i < offByColor+16-offByType; i += 16 {
		x := build.XMM()
		build.MOVOU(operand.Mem{Base: pos, Disp: offByType + i}, x)
		build.MOVOU(x, frame.Offset(frameBB+i))
	}
}

// counterChildren writes countChildrenBMI2: countAfterBMI2 of each of a
// list of moves, summed, in one call. The side is tested once, and each
// move's count runs from the bitboards copied afresh into the frame.
func counterChildren() {
	build.TEXT("countChildrenBMI2", attr.NOSPLIT, "func(pos *uint64, tab *uint64, moves *uint32, n int) int")
	build.Pragma("noescape")
	build.Doc(
		"countChildrenBMI2 returns the sum of the numbers of legal moves of the",
		"standard-chess position at pos (a *Position) after each of the n",
		"moves at moves (Moves, legal in it and none a variant's), without",
		"writing to the position; tab is the kernel's table (fillKernelTable).",
	)
	pos, tab, next, count := build.GP64(), build.GP64(), build.GP64(), build.GP64()
	build.Load(build.Param("pos"), pos)
	build.Load(build.Param("tab"), tab)
	build.Load(build.Param("moves"), next)
	build.Load(build.Param("n"), count)
	frame := build.AllocLocal(frameChildrenSize)
	build.MOVQ(operand.U32(0), frame.Offset(frameSum))
	build.TESTQ(count, count)
	jump(build.JZ, "out")
	build.MOVQ(next, frame.Offset(frameNext))
	build.LEAQ(operand.Mem{Base: next, Index: count, Scale: 4}, count)
	build.MOVQ(count, frame.Offset(frameEnd))
	build.CMPB(operand.Mem{Base: pos, Disp: offSide}, operand.U8(0))
	jump(build.JNE, "black")
	for us := 0; us < 2; us++ {
		if us == 1 {
			build.Label("black")
		}
		loop := []string{"wloop", "bloop"}[us]
		build.Label(loop)
		build.Comment("The next move.")
		mv, r := build.GP64(), build.GP64()
		build.MOVQ(frame.Offset(frameNext), r)
		build.MOVLQZX(operand.Mem{Base: r}, mv)
		build.ADDQ(operand.U8(4), r)
		build.MOVQ(r, frame.Offset(frameNext))
		copyBitboards(pos, frame)
		g := afterMove(us, pos, tab, mv, frame)
		g.finish = func(n reg.GPVirtual) {
			build.ADDQ(n, frame.Offset(frameSum))
			r := build.GP64()
			build.MOVQ(frame.Offset(frameNext), r)
			build.CMPQ(r, frame.Offset(frameEnd))
			jump(build.JNE, loop)
			jump(build.JMP, "out")
		}
		side(g)
	}
	build.Label("out")
	sum := build.GP64()
	build.MOVQ(frame.Offset(frameSum), sum)
	build.Store(sum, build.ReturnIndex(0))
	build.RET()
}

// makeMove makes the move mv of side g.us on the bitboards at g.bb (the
// frame) and writes the castling rights and the en-passant square after it
// into the frame.
func makeMove(g *gen, mv reg.GPVirtual, frame operand.Mem) {
	us, them := g.us, g.them
	from, to, x, y := build.GP64(), build.GP64(), build.GP64(), build.GP64()
	build.Comment("Make the move in the frame: from, to.")
	build.MOVQ(mv, from)
	build.ANDQ(operand.U32(63), from)
	build.MOVQ(mv, to)
	build.SHRQ(operand.U8(moveTo), to)
	build.ANDQ(operand.U32(63), to)
	build.Comment("The castling rights that survive a move to this square: the count")
	build.Comment("reads only the other side's, which a move from a square cannot take.")
	build.MOVBQZX(operand.Mem{Base: g.pos, Disp: offCastling}, x)
	build.ANDB(operand.Mem{Base: g.pos, Index: to, Scale: 1, Disp: offCastleMask}, x.As8())
	build.MOVB(x.As8(), frame.Offset(frameCastling))
	build.MOVB(operand.U8(noSquare), frame.Offset(frameEP))
	made, castle := g.label("made"), g.label("castle")
	build.TESTL(operand.U32(flagCastle), mv.As32())
	jump(build.JNZ, castle)

	build.Comment("A capture: the captured piece off its square (en passant, behind to).")
	fromTo, c := build.GP64(), build.GP64()
	build.XORQ(fromTo, fromTo)
	build.BTSQ(from, fromTo)
	build.BTSQ(to, fromTo)
	noCapture := g.label("nocapture")
	build.MOVQ(mv, c)
	build.SHRQ(operand.U8(moveCaptured), c)
	build.ANDQ(operand.U32(7), c)
	jump(build.JZ, noCapture)
	build.MOVQ(to, x)
	notEP := g.label("notep")
	build.TESTL(operand.U32(flagEnPassant), mv.As32())
	jump(build.JZ, notEP)
	build.XORQ(operand.U32(8), x)
	build.Label(notEP)
	build.XORQ(y, y)
	build.BTSQ(x, y)
	build.XORQ(y, g.bb.Idx(c, 8))
	build.XORQ(y, g.col(them))
	build.XORQ(y, g.typ(0))
	build.Label(noCapture)
	build.XORQ(fromTo, g.typ(0))
	build.XORQ(fromTo, g.col(us))
	build.Comment("The piece moves, or a pawn becomes the promotion's piece.")
	noPromo := g.label("nopromo")
	build.MOVQ(mv, c)
	build.SHRQ(operand.U8(movePromo), c)
	build.ANDQ(operand.U32(7), c)
	jump(build.JZ, noPromo)
	build.XORQ(x, x)
	build.BTSQ(from, x)
	build.XORQ(x, g.typ(pawn))
	build.XORQ(x, x)
	build.BTSQ(to, x)
	build.XORQ(x, g.bb.Idx(c, 8))
	jump(build.JMP, made)
	build.Label(noPromo)
	build.MOVQ(mv, c)
	build.SHRQ(operand.U8(movePiece), c)
	build.ANDQ(operand.U32(7), c)
	build.XORQ(fromTo, g.bb.Idx(c, 8))
	build.Comment("A double push leaves the square it crossed for en passant: the count's")
	build.Comment("step 4 finds whether an enemy pawn can take there, so it is not tested.")
	build.TESTL(operand.U32(flagDoublePush), mv.As32())
	jump(build.JZ, made)
	build.LEAQ(operand.Mem{Base: from, Index: to, Scale: 1}, x)
	build.SHRQ(operand.U8(1), x)
	build.MOVB(x.As8(), frame.Offset(frameEP))
	jump(build.JMP, made)

	build.Comment("Castling: the king from from, the rook from to, to their squares.")
	build.Label(castle)
	queenSide := g.label("queenside")
	build.CMPQ(to, from)
	jump(build.JCS, queenSide)
	for i, targets := range [][2]int{{6, 5}, {2, 3}} { // king and rook: g and f, c and d
		if i == 1 {
			build.Label(queenSide)
		}
		kTo, rTo := targets[0]+56*us, targets[1]+56*us
		build.XORQ(x, x)
		build.BTSQ(from, x)
		build.BTCQ(operand.U8(kTo), x)
		build.XORQ(x, g.typ(king))
		build.XORQ(y, y)
		build.BTSQ(to, y)
		build.BTCQ(operand.U8(rTo), y)
		build.XORQ(y, g.typ(rook))
		build.XORQ(y, x)
		build.XORQ(x, g.col(us))
		build.XORQ(x, g.typ(0))
		if i == 0 {
			jump(build.JMP, made)
		}
	}
	build.Label(made)
}

// side writes the counter for side g.us to move.
func side(g *gen) {
	us, them := g.us, g.them
	done := g.label("done")
	n := build.GP64()

	build.Comment("Our king, the occupancy with it lifted and the enemy sliders.")
	occNK, ksq, enemyRQ, enemyBQ := build.GP64(), build.GP64(), build.GP64(), build.GP64()
	g.king(ksq, occNK)
	g.sliders(true, them, enemyRQ)
	g.sliders(false, them, enemyBQ)

	build.Comment("1. The king's moves: each target, neither ours nor attacked.")
	b, sq, x, y := build.GP64(), build.GP64(), build.GP64(), build.GP64()
	build.Comment("Castling reuses the answers, kept in X0 (the targets) and X1 (the safe).")
	build.XORQ(n, n)
	build.MOVQ(g.col(us), b)
	build.NOTQ(b)
	build.ANDQ(g.at(tabKing, ksq), b)
	build.MOVQ(b, nearReg)
	g.each(b, sq, func() {
		attacked := g.label("attacked")
		g.attacked(sq, occNK, enemyRQ, enemyBQ, x, y, attacked)
		build.BTSQ(sq, n)
		build.Label(attacked)
	})
	build.MOVQ(n, safeReg)
	build.POPCNTQ(n, n)

	build.Comment("2. Checkers and pins.")
	checkers, pinHV, pinD, ray := build.GP64(), build.GP64(), build.GP64(), build.GP64()
	build.MOVQ(g.at(tabKnight, ksq), checkers)
	build.ANDQ(g.typ(knight), checkers)
	build.MOVQ(g.at(tabPawn+64*us, ksq), x)
	build.ANDQ(g.typ(pawn), x)
	build.ORQ(x, checkers)
	build.ANDQ(g.col(them), checkers)
	build.XORQ(pinHV, pinHV)
	build.XORQ(pinD, pinD)
	for _, orth := range []bool{true, false} {
		pin, enemy := pinD, enemyBQ
		if orth {
			pin, enemy = pinHV, enemyRQ
		}
		skip := g.label("nosliders")
		build.Comment("The sliders on the king's lines that it sees through our pieces.")
		build.MOVQ(g.rays(orth, ksq), b)
		build.ANDQ(enemy, b)
		jump(build.JZ, skip)
		build.MOVQ(g.col(them), x)
		g.slider(orth, ksq, x, x)
		build.ANDQ(x, b)
		g.each(b, sq, func() {
			notCheck, next := g.label("notcheck"), g.label("next")
			g.between(ksq, sq, ray)
			build.MOVQ(ray, x)
			build.ANDQ(g.col(us), x)
			jump(build.JNZ, notCheck)
			build.BTSQ(sq, checkers)
			jump(build.JMP, next)
			build.Label(notCheck)
			build.BLSRQ(x, x)
			jump(build.JNZ, next)
			build.BTSQ(sq, ray)
			build.ORQ(ray, pin)
			build.Label(next)
		})
		build.Label(skip)
	}
	build.MOVQ(checkers, g.checkersAt)

	build.Comment("Out of check with no piece pinned: the simple copy.")
	checkMask, general, tail := build.GP64(), g.label("general"), g.label("tail")
	build.MOVQ(operand.I32(-1), checkMask)
	build.TESTQ(checkers, checkers)
	jump(build.JNZ, g.label("check"))
	checkLabel := fmt.Sprintf("%scheck_%d", g.prefix, g.labels)
	build.MOVQ(pinHV, x)
	build.ORQ(pinD, x)
	jump(build.JNZ, general)
	g.pieces(false, n, checkMask, pinHV, pinD, b, sq, x, y, ray)
	jump(build.JMP, tail)
	build.Comment("In check: in double check only the king moves; else the check mask.")
	build.Label(checkLabel)
	build.MOVQ(checkers, x)
	build.BLSRQ(x, x)
	jump(build.JNZ, done)
	build.TZCNTQ(checkers, sq)
	g.between(ksq, sq, checkMask)
	build.ORQ(checkers, checkMask)
	build.Label(general)
	g.pieces(true, n, checkMask, pinHV, pinD, b, sq, x, y, ray)
	build.Label(tail)

	build.Comment("4. En passant, each capture tested from the king.")
	noEP := g.label("noep")
	ep, capSq, occ2 := build.GP64(), build.GP64(), build.GP64()
	build.MOVBQZX(g.epAt, ep)
	build.CMPQ(ep, operand.U32(noSquare))
	jump(build.JEQ, noEP)
	build.MOVQ(g.at(tabPawn+64*them, ep), b)
	build.ANDQ(g.typ(pawn), b)
	build.ANDQ(g.col(us), b)
	jump(build.JZ, noEP)
	build.MOVQ(ep, capSq)
	build.XORQ(operand.U32(8), capSq)
	occ := build.GP64()
	g.king(ksq, occ)
	build.MOVQ(g.typ(0), occ)
	g.sliders(true, them, enemyRQ)
	g.sliders(false, them, enemyBQ)
	g.each(b, sq, func() {
		next := g.label("epnext")
		build.MOVQ(occ, occ2)
		build.BTRQ(sq, occ2)
		build.BTRQ(capSq, occ2)
		build.BTSQ(ep, occ2)
		build.Comment("A knight's or pawn's check stands, unless the captured pawn gives it.")
		build.MOVQ(g.at(tabPawn+64*us, ksq), x)
		build.ANDQ(g.typ(pawn), x)
		build.BTRQ(capSq, x)
		build.MOVQ(g.at(tabKnight, ksq), y)
		build.ANDQ(g.typ(knight), y)
		build.ORQ(y, x)
		build.ANDQ(g.col(them), x)
		jump(build.JNZ, next)
		for _, orth := range []bool{true, false} {
			enemy := enemyBQ
			if orth {
				enemy = enemyRQ
			}
			g.slider(orth, ksq, occ2, x)
			build.TESTQ(enemy, x)
			jump(build.JNZ, next)
		}
		build.INCQ(n)
		build.Label(next)
	})
	build.Label(noEP)

	build.Comment("5. Castling, out of check.")
	rights := build.GP64()
	build.MOVBQZX(g.castlingAt, rights)
	build.ANDQ(operand.U32(3<<(2*us)), rights)
	jump(build.JZ, done)
	build.CMPQ(g.checkersAt, operand.U32(0))
	jump(build.JNE, done)
	back := uint64(rank1) << (56 * us)
	for i := 2 * us; i < 2*us+2; i++ {
		skip, ok := g.label("nocastle"), g.label("castle")
		build.BTQ(operand.U8(i), rights)
		jump(build.JCC, skip)
		build.MOVQ(operand.Mem{Base: g.pos, Disp: offCastlePath + 8*i}, x)
		build.TESTQ(x, g.typ(0))
		jump(build.JNZ, skip)
		build.Comment("Every square the king crosses or lands on, safe: those next to")
		build.Comment("the king as the king's moves found them, the rest tested.")
		build.MOVQ(operand.Mem{Base: g.pos, Disp: offCastleKingPath + 8*i}, b)
		build.MOVQ(nearReg, x)
		build.MOVQ(safeReg, y)
		build.ANDNQ(x, y, y) // y = x &^ y: the squares found attacked
		build.TESTQ(b, y)
		jump(build.JNZ, skip)
		build.ANDNQ(b, x, b) // b = b &^ x: the squares left to test
		tested := g.label("tested")
		jump(build.JZ, tested)
		g.king(ksq, occNK)
		g.sliders(true, them, enemyRQ)
		g.sliders(false, them, enemyBQ)
		g.each(b, sq, func() { g.attacked(sq, occNK, enemyRQ, enemyBQ, x, y, skip) })
		build.Label(tested)
		build.Comment("A rook off the corner may shield the path along the rank: the rank")
		build.Comment("from the rook's square, both castling pieces lifted.")
		build.MOVBQZX(operand.Mem{Base: g.pos, Disp: offCastleRook + i}, sq)
		build.MOVQ(operand.U64(uint64(1)|uint64(1)<<7|uint64(1)<<56|uint64(1)<<63), x)
		build.BTQ(sq, x)
		jump(build.JCS, ok)
		g.king(ksq, occNK)
		build.BTRQ(sq, occNK)
		g.slider(true, sq, occNK, x)
		build.MOVQ(operand.U64(back), y)
		build.ANDQ(y, x)
		g.sliders(true, them, y)
		build.TESTQ(y, x)
		jump(build.JZ, ok)
		build.TESTQ(x, operand.Mem{Base: g.pos, Disp: offCastleKingPath + 8*i})
		jump(build.JNZ, skip)
		build.Label(ok)
		build.INCQ(n)
		build.Label(skip)
	}

	build.Label(done)
	if g.finish != nil {
		g.finish(n)
		return
	}
	build.Store(n, build.ReturnIndex(0))
	build.RET()
}

// pieces writes step 3, the moves of every piece but the king: knights,
// sliders (a pinned one only along its ray) and pawns, set-wise, a
// promotion counting four. With general false the side is out of check
// and nothing is pinned: checkMask (every square) and the pins are not
// read.
func (g *gen) pieces(general bool, n, checkMask, pinHV, pinD, b, sq, x, y, t reg.GPVirtual) {
	us, them := g.us, g.them
	occ := build.GP64()
	build.MOVQ(g.typ(0), occ)
	build.Comment(fmt.Sprintf("3. Knights and sliders (general: %v).", general))
	targets := build.GP64()
	build.MOVQ(g.col(us), targets)
	build.NOTQ(targets)
	// notPinned sets r to the squares of no pinned piece.
	notPinned := func(r reg.GPVirtual) {
		build.MOVQ(pinHV, r)
		build.ORQ(pinD, r)
		build.NOTQ(r)
	}
	if general {
		build.ANDQ(checkMask, targets)
	}
	build.MOVQ(g.typ(knight), b)
	build.ANDQ(g.col(us), b)
	if general {
		notPinned(x)
		build.ANDQ(x, b)
	}
	g.each(b, sq, func() {
		build.MOVQ(g.at(tabKnight, sq), x)
		build.ANDQ(targets, x)
		popAdd(x, n)
	})
	for _, orth := range []bool{false, true} {
		g.sliders(orth, us, b)
		if general {
			notPinned(x)
			build.ANDQ(x, b)
		}
		g.each(b, sq, func() {
			g.slider(orth, sq, occ, x)
			build.ANDQ(targets, x)
			popAdd(x, n)
		})
	}
	if general {
		build.Comment("Pinned sliders, each along its ray.")
		for _, orth := range []bool{false, true} {
			pin := pinD
			if orth {
				pin = pinHV
			}
			g.sliders(orth, us, b)
			build.ANDQ(pin, b)
			g.each(b, sq, func() {
				g.slider(orth, sq, occ, x)
				build.ANDQ(targets, x)
				build.ANDQ(pin, x)
				popAdd(x, n)
			})
		}
	}

	build.Comment("Pawns, set-wise: b our pawns, free those not pinned.")
	one, promo := build.GP64(), build.GP64()
	build.MOVQ(g.typ(pawn), b)
	build.ANDQ(g.col(us), b)
	free := b
	if general {
		free = build.GP64()
		notPinned(free)
		build.ANDQ(b, free)
	}
	last, seventh, third := uint64(rank1)<<56, uint64(rank1)<<48, uint64(rank1)<<16
	if us == 1 {
		last, seventh, third = rank1, uint64(rank1)<<8, uint64(rank1)<<40
	}
	empty := targets // no longer needed: the empty squares
	build.MOVQ(occ, empty)
	build.NOTQ(empty)
	build.Comment("Pushes (a pawn pinned along a file stays on it), then double pushes.")
	build.MOVQ(free, one)
	g.pawnShift(us, 0, one)
	if general {
		build.MOVQ(b, x)
		build.ANDQ(pinHV, x)
		g.pawnShift(us, 0, x)
		build.ANDQ(pinHV, x)
		build.ORQ(x, one)
	}
	build.ANDQ(empty, one)
	build.MOVQ(operand.U64(third), x)
	build.ANDQ(one, x)
	g.pawnShift(us, 0, x)
	build.ANDQ(empty, x)
	if general {
		build.ANDQ(checkMask, x)
		build.ANDQ(checkMask, one)
	}
	popAdd(x, n)
	build.Comment("Captures (a pawn pinned along a diagonal captures only on it).")
	west, east := x, y
	for i, delta := range []int{-1, 1} {
		c := []reg.GPVirtual{west, east}[i]
		build.MOVQ(free, c)
		g.pawnShift(us, delta, c)
		if general {
			build.MOVQ(b, t)
			build.ANDQ(pinD, t)
			g.pawnShift(us, delta, t)
			build.ANDQ(pinD, t)
			build.ORQ(t, c)
			build.ANDQ(checkMask, c)
		}
		build.ANDQ(g.col(them), c)
	}
	build.Comment("A promotion counts four moves: three more each, when a pawn stands on the seventh rank.")
	noPromo := g.label("nopromo")
	build.MOVQ(operand.U64(seventh), t)
	build.TESTQ(b, t)
	jump(build.JZ, noPromo)
	build.MOVQ(operand.U64(last), t)
	build.MOVQ(t, promo)
	build.ANDQ(one, promo)
	build.POPCNTQ(promo, promo)
	for _, c := range []reg.GPVirtual{west, east} {
		build.MOVQ(operand.U64(last), t)
		build.ANDQ(c, t)
		build.POPCNTQ(t, t)
		build.ADDQ(t, promo)
	}
	build.LEAQ(operand.Mem{Base: promo, Index: promo, Scale: 2}, promo)
	build.ADDQ(promo, n)
	build.Label(noPromo)
	popAdd(one, n)
	popAdd(west, n)
	popAdd(east, n)
}

// cpuid writes cpuid(leaf, sub), the CPUID instruction: core reads the
// vendor and the family with it, which golang.org/x/sys/cpu does not give.
func cpuid() {
	build.TEXT("cpuid", attr.NOSPLIT, "func(leaf, sub uint32) (a, b, c, d uint32)")
	build.Doc("cpuid returns EAX, EBX, ECX and EDX after CPUID with EAX = leaf and ECX = sub.")
	build.Load(build.Param("leaf"), reg.EAX)
	build.Load(build.Param("sub"), reg.ECX)
	build.CPUID()
	build.Store(reg.EAX, build.Return("a"))
	build.Store(reg.EBX, build.Return("b"))
	build.Store(reg.ECX, build.Return("c"))
	build.Store(reg.EDX, build.Return("d"))
	build.RET()
}
