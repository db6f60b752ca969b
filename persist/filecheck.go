package persist

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
)

// The bbolt file format (go.etcd.io/bbolt v1.5, internal/common): pages of
// pageSize bytes, each with a 16-byte header (id u64, flags u16, count u16,
// overflow u32); pages 0 and 1 are the two meta pages, written in turn, of
// which bbolt uses the valid one with the higher transaction id. Numbers are
// in the machine's byte order.
const (
	boltMagic        = 0xED0CDAED
	boltVersion      = 2
	pageHeaderSize   = 16
	elementSize      = 16 // a branch or a leaf element
	bucketHeaderSize = 16 // a bucket value: root page u64, sequence u64
	metaSize         = 64
	metaChecksumAt   = 56 // the checksum is FNV-64a of the meta before it
	noFreelist       = ^uint64(0)

	branchPage   = 0x01
	leafPage     = 0x02
	freelistPage = 0x10
	bucketLeaf   = 0x01
)

var order = binary.NativeEndian

// meta is a meta page's fields.
type meta struct {
	magic, version, pageSize    uint32
	root, freelist, hwm, txid   uint64
	checksum, sum               uint64
	readable, hasMagic, isValid bool
}

func readMeta(f io.ReaderAt, at int64) meta {
	var b [pageHeaderSize + metaSize]byte
	if n, _ := f.ReadAt(b[:], at); n < len(b) {
		return meta{}
	}
	m := b[pageHeaderSize:]
	h := fnv.New64a()
	h.Write(m[:metaChecksumAt])
	x := meta{
		magic: order.Uint32(m[0:]), version: order.Uint32(m[4:]), pageSize: order.Uint32(m[8:]),
		root: order.Uint64(m[16:]), freelist: order.Uint64(m[32:]), hwm: order.Uint64(m[40:]), txid: order.Uint64(m[48:]),
		checksum: order.Uint64(m[metaChecksumAt:]), sum: h.Sum64(), readable: true,
	}
	x.hasMagic = x.magic == boltMagic
	x.isValid = x.hasMagic && x.version == boltVersion && x.checksum == x.sum
	return x
}

// fileChecker walks a bbolt file with plain reads, never a memory map: a
// page cut off, or a reference past the end of the file, is a message here
// rather than a SIGBUS later. It reads what bbolt reads when it opens the
// file and walks its buckets (the meta pages, the freelist, every branch
// and leaf page of every bucket), so that bbolt, mapping the file after
// this check, touches only pages that exist and elements that fit.
type fileChecker struct {
	f        io.ReaderAt
	size     int64
	pageSize int64
	hwm      uint64
	seen     map[uint64]bool
}

// errDamage is the reason a file is refused; its text completes "damaged (...)".
type errDamage struct{ why string }

func (e *errDamage) Error() string { return e.why }

func damage(format string, a ...any) error { return &errDamage{fmt.Sprintf(format, a...)} }

// errNotBolt: neither meta page has bbolt's magic number.
var errNotBolt = errors.New("no bbolt header")

// checkFile checks an existing, non-empty database file.
func checkFile(f *os.File) error {
	info, err := f.Stat()
	if err != nil {
		return err
	}
	c := &fileChecker{f: f, size: info.Size(), seen: map[uint64]bool{}}
	m, err := c.meta()
	if err != nil {
		return err
	}
	c.hwm = m.hwm
	if m.hwm > uint64(c.size/c.pageSize) {
		return damage("cut short: %d bytes, but its last transaction (%d) has %d pages of %d bytes", c.size, m.txid, m.hwm, c.pageSize)
	}
	if m.freelist != noFreelist {
		if err := c.freelist(m.freelist); err != nil {
			return err
		}
	}
	return c.tree(m.root, 0)
}

// meta finds the page size as bbolt does (from meta page 0, else by looking
// for meta page 1 at each possible page size) and returns the meta page
// bbolt would use: the valid one with the higher transaction id.
func (c *fileChecker) meta() (meta, error) {
	m0 := readMeta(c.f, 0)
	if m0.isValid {
		c.pageSize = int64(m0.pageSize)
	} else {
		for i := 0; i <= 14; i++ {
			at := int64(1024) << i
			if at >= c.size-1024 {
				break
			}
			if m := readMeta(c.f, at); m.isValid {
				c.pageSize = int64(m.pageSize)
				break
			}
		}
	}
	if c.pageSize == 0 {
		if !m0.hasMagic && !readMeta(c.f, 4096).hasMagic {
			return meta{}, errNotBolt
		}
		if c.size < 2*1024 {
			return meta{}, damage("cut short: %d bytes, less than its two header pages", c.size)
		}
		return meta{}, damage("neither of its two header (meta) pages is valid")
	}
	if c.pageSize < 512 || c.pageSize > 1<<24 || c.pageSize&(c.pageSize-1) != 0 {
		return meta{}, damage("its header gives an impossible page size, %d", c.pageSize)
	}
	if c.size < 2*c.pageSize {
		return meta{}, damage("cut short: %d bytes, less than its two header pages", c.size)
	}
	m0 = readMeta(c.f, 0)
	m1 := readMeta(c.f, c.pageSize)
	a, b := m0, m1
	if m1.txid > m0.txid {
		a, b = m1, m0
	}
	m := a
	if !a.isValid {
		m = b
	}
	if !m.isValid {
		return meta{}, damage("neither of its two header (meta) pages is valid")
	}
	switch {
	case int64(m.pageSize) != c.pageSize:
		return meta{}, damage("its two header pages disagree on the page size (%d, %d)", m0.pageSize, m1.pageSize)
	case m.hwm < 3:
		return meta{}, damage("its header counts an impossible %d pages", m.hwm)
	case m.root < 2 || m.root >= m.hwm:
		return meta{}, damage("its header puts the root at page %d, outside pages 2 to %d", m.root, m.hwm-1)
	case m.freelist != noFreelist && (m.freelist < 2 || m.freelist >= m.hwm):
		return meta{}, damage("its header puts the freelist at page %d, outside pages 2 to %d", m.freelist, m.hwm-1)
	}
	return m, nil
}

// page reads page id with its overflow pages, once.
func (c *fileChecker) page(id uint64, what string) ([]byte, error) {
	if id < 2 || id >= c.hwm {
		return nil, damage("%s points at page %d, outside pages 2 to %d", what, id, c.hwm-1)
	}
	if c.seen[id] {
		return nil, damage("%s points at page %d, which is already in use elsewhere", what, id)
	}
	head := make([]byte, pageHeaderSize)
	if _, err := c.f.ReadAt(head, int64(id)*c.pageSize); err != nil {
		return nil, damage("page %d cannot be read: %v", id, err)
	}
	if got := order.Uint64(head); got != id {
		return nil, damage("page %d says it is page %d", id, got)
	}
	overflow := uint64(order.Uint32(head[12:]))
	if id+overflow >= c.hwm {
		return nil, damage("page %d runs %d pages past the last page, %d", id, overflow, c.hwm-1)
	}
	for i := id; i <= id+overflow; i++ {
		if c.seen[i] {
			return nil, damage("page %d overlaps page %d, which is already in use elsewhere", id, i)
		}
		c.seen[i] = true
	}
	buf := make([]byte, int64(overflow+1)*c.pageSize)
	if _, err := c.f.ReadAt(buf, int64(id)*c.pageSize); err != nil {
		return nil, damage("page %d cannot be read: %v", id, err)
	}
	return buf, nil
}

// freelist checks the freelist page: every free page number is a page.
func (c *fileChecker) freelist(id uint64) error {
	p, err := c.page(id, "the header")
	if err != nil {
		return err
	}
	if flags := order.Uint16(p[8:]); flags != freelistPage {
		return damage("the freelist, page %d, is not a freelist page (flags %#x)", id, flags)
	}
	first, count := uint64(0), uint64(order.Uint16(p[10:]))
	if count == 0xFFFF {
		if len(p) < pageHeaderSize+8 {
			return damage("the freelist, page %d, is cut short", id)
		}
		first, count = 1, order.Uint64(p[pageHeaderSize:])
	}
	if count > uint64(len(p)) || pageHeaderSize+(first+count)*8 > uint64(len(p)) {
		return damage("the freelist, page %d, lists %d pages, more than it holds", id, count)
	}
	for i := first; i < first+count; i++ {
		free := order.Uint64(p[pageHeaderSize+i*8:])
		if free < 2 || free >= c.hwm {
			return damage("the freelist names page %d, outside pages 2 to %d", free, c.hwm-1)
		}
	}
	return nil
}

// tree checks a bucket's pages from its root page.
func (c *fileChecker) tree(id uint64, depth int) error {
	p, err := c.page(id, fmt.Sprintf("a bucket at depth %d", depth))
	if err != nil {
		return err
	}
	return c.node(p, id, depth)
}

// node checks a branch or leaf page (or a bucket's inline page, id 0):
// every element, key and value lies inside it, and every child and
// sub-bucket is checked in turn.
func (c *fileChecker) node(p []byte, id uint64, depth int) error {
	where := fmt.Sprintf("page %d", id)
	if id == 0 {
		where = "an inline bucket"
	}
	if len(p) < pageHeaderSize {
		return damage("%s is cut short", where)
	}
	flags, count := order.Uint16(p[8:]), int(order.Uint16(p[10:]))
	if pageHeaderSize+count*elementSize > len(p) {
		return damage("%s counts %d elements, more than it holds", where, count)
	}
	if depth > 64 {
		return damage("%s is nested %d deep", where, depth)
	}
	switch flags {
	case branchPage:
		if count == 0 {
			return damage("%s is a branch with no children", where)
		}
		next := uint64(pageHeaderSize + count*elementSize)
		for i := range count {
			e := pageHeaderSize + i*elementSize
			pos, ksize, child := uint64(order.Uint32(p[e:])), uint64(order.Uint32(p[e+4:])), order.Uint64(p[e+8:])
			if err := laidOut(where, i, uint64(e)+pos, ksize, &next, len(p)); err != nil {
				return err
			}
			if err := c.tree(child, depth+1); err != nil {
				return err
			}
		}
	case leafPage:
		next := uint64(pageHeaderSize + count*elementSize)
		for i := range count {
			e := pageHeaderSize + i*elementSize
			eflags := order.Uint32(p[e:])
			pos, ksize, vsize := uint64(order.Uint32(p[e+4:])), uint64(order.Uint32(p[e+8:])), uint64(order.Uint32(p[e+12:]))
			end := uint64(e) + pos + ksize + vsize
			if err := laidOut(where, i, uint64(e)+pos, ksize+vsize, &next, len(p)); err != nil {
				return err
			}
			if ksize == 0 {
				return damage("%s: entry %d has an empty key", where, i)
			}
			if eflags&bucketLeaf == 0 {
				continue
			}
			v := p[uint64(e)+pos+ksize : end]
			if len(v) < bucketHeaderSize {
				return damage("%s: bucket %d is cut short", where, i)
			}
			if root := order.Uint64(v); root != 0 {
				if err := c.tree(root, depth+1); err != nil {
					return err
				}
				continue
			}
			inline := v[bucketHeaderSize:]
			if len(inline) < pageHeaderSize || order.Uint16(inline[8:]) != leafPage {
				return damage("%s: the inline bucket %d is not a leaf", where, i)
			}
			if err := c.node(inline, 0, depth+1); err != nil {
				return err
			}
		}
	default:
		return damage("%s is neither a branch nor a leaf (flags %#x)", where, flags)
	}
	return nil
}

// laidOut checks that element i's data (its key, and a leaf's value) starts
// where the one before it ended and fits in the page: bbolt writes a page's
// data in element order right after the elements, so a damaged position or
// size shows as a gap or an overlap.
func laidOut(where string, i int, start, size uint64, next *uint64, pageLen int) error {
	if start != *next {
		return damage("%s: entry %d starts at byte %d, not %d where the one before ends (a position or a size is damaged)", where, i, start, *next)
	}
	*next = start + size
	if *next > uint64(pageLen) {
		return damage("%s: entry %d runs past the end of the page", where, i)
	}
	return nil
}
