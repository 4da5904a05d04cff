package pgn

import (
	"slices"

	"github.com/gambit-chess/gambit/core"
)

// builder is the Visitor that Next uses to build a Game. It builds the
// tree in scratch space that it keeps from game to game, then copies it
// into blocks of the exact size: a game costs a handful of allocations
// (nodes, links, comment text, NAGs, tags), however many moves it has.
type builder struct {
	g      *Game
	tags   tagCollector
	protos []proto // the tree being read; protos[0] is the root
	text   []byte  // the text of the game's comments
	cur    level
	levels []level
	// before holds comments at the start of a variation, waiting for its
	// first move.
	before []span
}

// span locates a comment in builder.text.
type span struct{ start, end int32 }

// proto is a node under construction; nodes link by index into protos.
type proto struct {
	move                  core.Move
	parent                int32
	firstChild, lastChild int32 // -1 if none
	nextSibling           int32 // -1 if none
	children              int32
	comments, before      []span
	nags                  []NAG
}

// level is a line of the tree being read: the index of the node its next
// move follows, and of its last move so far (-1 at the start of a
// variation).
type level struct {
	parent, last int32
}

// newProto adds a node to the scratch tree, reusing the slices of the one
// that stood there in an earlier game.
func (b *builder) newProto(m core.Move, parent int32) int32 {
	i := int32(len(b.protos))
	if len(b.protos) < cap(b.protos) {
		b.protos = b.protos[:i+1]
	} else {
		b.protos = append(b.protos, proto{})
	}
	p := &b.protos[i]
	p.move, p.parent = m, parent
	p.firstChild, p.lastChild, p.nextSibling, p.children = -1, -1, -1, 0
	p.comments, p.before, p.nags = p.comments[:0], p.before[:0], p.nags[:0]
	if parent >= 0 {
		q := &b.protos[parent]
		if q.lastChild < 0 {
			q.firstChild = i
		} else {
			b.protos[q.lastChild].nextSibling = i
		}
		q.lastChild = i
		q.children++
	}
	return i
}

func (b *builder) BeginGame() {
	b.g = &Game{}
	b.protos = b.protos[:0]
	b.newProto(core.NoMove, -1)
	b.cur = level{parent: 0, last: -1}
	b.levels = b.levels[:0]
	b.before = b.before[:0]
	b.text = b.text[:0]
	b.tags.reset()
}

func (b *builder) Tag(name, value []byte) { b.tags.add(name, value) }

func (b *builder) BeginMovetext(start *core.Position) Action {
	b.g.Start = *start
	return Continue
}

func (b *builder) Move(_ *core.Position, m core.Move) {
	i := b.newProto(m, b.cur.parent)
	if len(b.before) > 0 {
		p := &b.protos[i]
		p.before = append(p.before, b.before...)
		b.before = b.before[:0]
	}
	b.cur.parent, b.cur.last = i, i
}

func (b *builder) NAG(a NAG) {
	if b.cur.last >= 0 {
		p := &b.protos[b.cur.last]
		p.nags = append(p.nags, a)
	}
}

func (b *builder) Comment(text []byte) {
	if len(b.text)+len(text) > 1<<30 {
		return // a gigabyte of comments: keep the memory bounded
	}
	sp := span{int32(len(b.text)), int32(len(b.text) + len(text))}
	b.text = append(b.text, text...)
	switch {
	case b.cur.last >= 0:
		p := &b.protos[b.cur.last]
		p.comments = append(p.comments, sp)
	case len(b.levels) == 0:
		b.protos[0].comments = append(b.protos[0].comments, sp)
	default:
		b.before = append(b.before, sp)
	}
}

func (b *builder) BeginVariation() Action {
	b.levels = append(b.levels, b.cur)
	b.cur = level{parent: b.protos[b.cur.last].parent, last: -1}
	return Continue
}

func (b *builder) EndVariation() {
	b.before = b.before[:0] // a variation without moves: its comments go with nothing
	b.cur = b.levels[len(b.levels)-1]
	b.levels = b.levels[:len(b.levels)-1]
}

func (b *builder) EndGame(result string) {
	g := b.g
	g.Tags = b.tags.tags(nil)
	if result == "" {
		result = normalResult(g.Tags.Get("Result"))
	}
	if result == "" {
		result = "*"
	}
	g.Result = result
	g.Root = b.materialize()
}

// materialize copies the scratch tree into one block of nodes and returns
// its root. The nodes' slices share a block per kind, each slice capped at
// its length so that an append by the caller copies it out.
func (b *builder) materialize() *Node {
	comments, nags := 0, 0
	for i := range b.protos {
		p := &b.protos[i]
		comments += len(p.comments) + len(p.before)
		nags += len(p.nags)
	}
	nodes := make([]Node, len(b.protos))
	links := make([]*Node, 0, len(b.protos)-1) // every node but the root is a child
	var strs []string
	var nagBlock []NAG
	if comments > 0 {
		strs = make([]string, 0, comments)
	}
	if nags > 0 {
		nagBlock = make([]NAG, 0, nags)
	}
	text := string(b.text)
	spans := func(sps []span) []string {
		k := len(strs)
		for _, sp := range sps {
			strs = append(strs, text[sp.start:sp.end])
		}
		return strs[k:len(strs):len(strs)]
	}
	for i := range b.protos {
		p, n := &b.protos[i], &nodes[i]
		n.Move = p.move
		if p.parent >= 0 {
			n.Parent = &nodes[p.parent]
		}
		if p.children > 0 {
			k := len(links)
			for c := p.firstChild; c >= 0; c = b.protos[c].nextSibling {
				links = append(links, &nodes[c])
			}
			n.Children = links[k:len(links):len(links)]
		}
		if len(p.comments) > 0 {
			n.Comments = spans(p.comments)
		}
		if len(p.before) > 0 {
			n.CommentsBefore = spans(p.before)
		}
		if len(p.nags) > 0 {
			k := len(nagBlock)
			nagBlock = append(nagBlock, p.nags...)
			n.NAGs = nagBlock[k:len(nagBlock):len(nagBlock)]
		}
	}
	return &nodes[0]
}

// tagCollector keeps a game's tags in one buffer, so that they cost one
// string allocation per game, not two per tag.
type tagCollector struct {
	buf  []byte
	ends []int32 // end of each name and each value in buf
}

func (c *tagCollector) reset() {
	c.buf = c.buf[:0]
	c.ends = c.ends[:0]
}

func (c *tagCollector) add(name, value []byte) {
	if len(c.buf)+len(name)+len(value) > 1<<30 {
		return // tags of a gigabyte: keep the memory bounded
	}
	c.buf = append(c.buf, name...)
	c.ends = append(c.ends, int32(len(c.buf)))
	c.buf = append(c.buf, value...)
	c.ends = append(c.ends, int32(len(c.buf)))
}

// tags appends the collected tags to dst.
func (c *tagCollector) tags(dst Tags) Tags {
	if len(c.ends) == 0 {
		return dst
	}
	all := string(c.buf)
	dst = slices.Grow(dst, len(c.ends)/2)
	start := int32(0)
	for i := 0; i < len(c.ends); i += 2 {
		dst = append(dst, Tag{Name: all[start:c.ends[i]], Value: all[c.ends[i]:c.ends[i+1]]})
		start = c.ends[i+1]
	}
	return dst
}
