package canonjson

import (
	"errors"
	"slices"
	"unicode/utf8"
)

// The canonical form written straight from the text, without a tree of
// values: every audit hashes each log entry this way, and verifying a long
// career hashes thousands. Scalars and arrays are written as they are read;
// an object's members are written in file order, each remembered by its
// span, and moved into sorted order once the object is read. A string
// without escapes is its own canonical form and is copied as it stands.
//
// This writer only ever says yes when parse and appendJCS would give the
// same bytes; on anything it does not take (an error, a duplicate name), JCS
// asks them, so that errors read as they always have.

// errNotDirect sends JCS to the tree writer, for its error.
var errNotDirect = errors.New("canonjson: not written directly")

// direct is a writer of one text's canonical form.
type direct struct {
	parser
	out []byte
	// spans is scratch space for the members of the objects being read,
	// nested objects stacked after their parents'.
	spans []span
	moved []byte
	// capture, for JCSCapture, is what it looks for and has found (nil
	// for JCS).
	capture *capture
}

// span is one member written: its name, and where it is in out (its name,
// colon and value, no comma).
type span struct {
	name       string
	start, end int
}

func jcsDirect(data []byte) ([]byte, error) {
	w := &direct{parser: parser{data: data}, out: make([]byte, 0, len(data))}
	if err := w.value(0); err != nil {
		return nil, err
	}
	w.space()
	if w.pos != len(w.data) {
		return nil, errNotDirect
	}
	return w.out, nil
}

func (w *direct) value(depth int) error {
	if depth > maxDepth {
		return errNotDirect
	}
	w.space()
	if w.pos >= len(w.data) {
		return errNotDirect
	}
	switch c := w.data[w.pos]; {
	case c == '{':
		return w.object(depth)
	case c == '[':
		return w.array(depth)
	case c == '"':
		_, err := w.str(false)
		return err
	case c == '-' || c >= '0' && c <= '9':
		if end, ok := w.shortInteger(); ok {
			// Its own canonical form, written without reading a double.
			w.out = append(w.out, w.data[w.pos:end]...)
			w.pos = end
			return nil
		}
		v, err := w.number()
		if err != nil {
			return errNotDirect
		}
		s, err := jcsNumber(v.literal)
		if err != nil {
			return errNotDirect
		}
		w.out = append(w.out, s...)
		return nil
	}
	for _, lit := range [...]string{"null", "true", "false"} {
		if len(w.data)-w.pos >= len(lit) && string(w.data[w.pos:w.pos+len(lit)]) == lit {
			w.pos += len(lit)
			w.out = append(w.out, lit...)
			return nil
		}
	}
	return errNotDirect
}

// str writes the string at pos in its canonical form and, for a member's
// name, returns it decoded.
func (w *direct) str(name bool) (string, error) {
	start := w.pos + 1
	for i := start; i < len(w.data); i++ {
		c := w.data[i]
		switch {
		case c == '"':
			raw := w.data[start:i]
			if !utf8.Valid(raw) {
				return "", errNotDirect
			}
			w.pos = i + 1
			w.out = append(append(append(w.out, '"'), raw...), '"')
			if !name {
				return "", nil
			}
			return string(raw), nil
		case c == '\\':
			// Escapes are decoded and written again as JCS writes them.
			s, err := w.parser.string()
			if err != nil {
				return "", errNotDirect
			}
			w.out = appendJCSString(w.out, s)
			return s, nil
		case c < 0x20:
			return "", errNotDirect
		}
	}
	return "", errNotDirect
}

func (w *direct) object(depth int) error {
	w.pos++ // {
	w.out = append(w.out, '{')
	open := len(w.out)
	first := len(w.spans)
	defer func() { w.spans = w.spans[:first] }()
	w.space()
	if w.pos < len(w.data) && w.data[w.pos] == '}' {
		w.pos++
		w.out = append(w.out, '}')
		return nil
	}
	for {
		w.space()
		if w.pos >= len(w.data) || w.data[w.pos] != '"' {
			return errNotDirect
		}
		if len(w.spans) > first {
			w.out = append(w.out, ',')
		}
		start := len(w.out)
		name, err := w.str(true)
		if err != nil {
			return err
		}
		w.space()
		if w.pos >= len(w.data) || w.data[w.pos] != ':' {
			return errNotDirect
		}
		w.pos++
		w.out = append(w.out, ':')
		if err := w.member(depth, name); err != nil {
			return err
		}
		w.spans = append(w.spans, span{name, start, len(w.out)})
		w.space()
		if w.pos >= len(w.data) {
			return errNotDirect
		}
		switch w.data[w.pos] {
		case ',':
			w.pos++
			continue
		case '}':
			w.pos++
		default:
			return errNotDirect
		}
		break
	}
	members := w.spans[first:]
	byName := func(a, b span) int { return compareUTF16(a.name, b.name) }
	if !slices.IsSortedFunc(members, byName) {
		slices.SortStableFunc(members, byName)
		w.moved = append(w.moved[:0], w.out[open:]...)
		w.out = w.out[:open]
		for i, m := range members {
			if i > 0 {
				w.out = append(w.out, ',')
			}
			w.out = append(w.out, w.moved[m.start-open:m.end-open]...)
		}
	}
	for i := 1; i < len(members); i++ {
		if members[i].name == members[i-1].name {
			return errNotDirect // a duplicate: the tree writer names it
		}
	}
	w.out = append(w.out, '}')
	return nil
}

func (w *direct) array(depth int) error {
	w.pos++ // [
	w.out = append(w.out, '[')
	w.space()
	if w.pos < len(w.data) && w.data[w.pos] == ']' {
		w.pos++
		w.out = append(w.out, ']')
		return nil
	}
	for {
		if err := w.value(depth + 1); err != nil {
			return err
		}
		w.space()
		if w.pos >= len(w.data) {
			return errNotDirect
		}
		switch w.data[w.pos] {
		case ',':
			w.pos++
			w.out = append(w.out, ',')
		case ']':
			w.pos++
			w.out = append(w.out, ']')
			return nil
		default:
			return errNotDirect
		}
	}
}

// shortInteger tells whether the number at pos is an integer literal of at
// most 15 digits other than -0, and where it ends. Such a literal is its own
// canonical form: the grammar leaves it no leading zero, every such integer
// is a double exactly, and ECMAScript writes an integer double below 10^21
// as its digits. (Seq numbers, decisions, dice and faces are all such, and
// reading each as a double was much of a log's canonicalisation.)
func (w *direct) shortInteger() (int, bool) {
	i := w.pos
	if w.data[i] == '-' {
		i++
	}
	start := i
	for i < len(w.data) && w.data[i] >= '0' && w.data[i] <= '9' {
		i++
	}
	n := i - start
	switch {
	case n == 0 || n > 15:
		return 0, false
	case w.data[start] == '0' && (n > 1 || start > w.pos): // 01 is refused by number; -0 is written 0
		return 0, false
	case i < len(w.data) && (w.data[i] == '.' || w.data[i] == 'e' || w.data[i] == 'E'):
		return 0, false
	}
	return i, true
}
