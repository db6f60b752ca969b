package canonjson

// Captured is one value JCSCapture found: its text as it stands in the
// data, and its canonical form.
type Captured struct {
	Src, Canon []byte
}

// JCSCapture is JCS, and also the canonical forms of the values a reader
// would otherwise canonicalise one by one: in a top-level object, for its
// member named outer whose value is an array, each element object's member
// named inner (an audit file's entries' events). Every Captured's Canon is
// JCS(Src), so a caller that holds a value's bytes may take its canonical
// form from here once it has seen them equal Src; none are captured when
// the text is not written directly (the tree writer's path, for an error).
func JCSCapture(data []byte, outer, inner string) ([]byte, []Captured, error) {
	w := &direct{parser: parser{data: data}, out: make([]byte, 0, len(data)), capture: &capture{outer: outer, inner: inner}}
	if err := w.value(0); err == nil {
		if w.space(); w.pos == len(w.data) {
			c := w.capture
			got := make([]Captured, len(c.spans))
			for i, s := range c.spans {
				got[i] = Captured{Src: data[s.src0:s.src1], Canon: c.canon[s.can0:s.can1:s.can1]}
			}
			return w.out, got, nil
		}
	}
	out, err := jcsTree(data) // for its error
	return out, nil, err
}

// capture is what JCSCapture looks for and what it has found.
type capture struct {
	outer, inner string
	inOuter      bool // reading the outer member's array
	spans        []capturedSpan
	canon        []byte // the captured canonical forms, one after another
}

type capturedSpan struct{ src0, src1, can0, can1 int }

// member is how object at depth reads a member's value: through capture
// when the capture looks for it.
func (w *direct) member(depth int, name string) error {
	c := w.capture
	switch {
	case c == nil:
		return w.value(depth + 1)
	case depth == 0 && name == c.outer:
		w.space()
		if w.pos >= len(w.data) || w.data[w.pos] != '[' {
			return w.value(depth + 1)
		}
		c.inOuter = true
		err := w.value(depth + 1)
		c.inOuter = false
		return err
	case depth == 2 && c.inOuter && name == c.inner:
		// An object at depth 2 under the outer member's array is one of
		// its elements.
		w.space()
		src0, out0 := w.pos, len(w.out)
		if err := w.value(depth + 1); err != nil {
			return err
		}
		can0 := len(c.canon)
		c.canon = append(c.canon, w.out[out0:]...)
		c.spans = append(c.spans, capturedSpan{src0, w.pos, can0, len(c.canon)})
		return nil
	}
	return w.value(depth + 1)
}
