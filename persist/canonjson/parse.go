// Package canonjson writes a JSON text in a canonical form, so that a hash
// of it survives any faithful re-encoding (escapes, spacing, key order) and
// changes with any change of content.
//
// JCS is the JSON Canonicalization Scheme of RFC 8785: no whitespace,
// object members sorted by the UTF-16 code units of their names, strings
// with the minimal escapes, numbers as ECMAScript writes a double. Input
// must be I-JSON (RFC 7493), which JCS presumes: valid UTF-8, no lone
// surrogate escapes, no duplicate member names; and since a double cannot
// tell 2^53+1 from 2^53, an integer that a double does not hold as written
// is refused rather than rounded.
//
// GoForm writes what Go's encoding/json would have written for the same
// values in the same member order: the form hashed by format 1 audit logs.
package canonjson

import (
	"errors"
	"fmt"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// maxDepth bounds nesting, so a hostile file cannot exhaust the stack.
const maxDepth = 1000

type kind uint8

const (
	kindNull kind = iota
	kindBool
	kindNumber
	kindString
	kindArray
	kindObject
)

// value is a parsed JSON value; objects keep their members in file order.
type value struct {
	kind    kind
	boolean bool
	literal string // a number as written
	str     string // a string, decoded
	elems   []value
	members []member
}

type member struct {
	name string
	val  value
}

// parser reads one JSON text.
type parser struct {
	data []byte
	pos  int
}

func parse(data []byte) (value, error) {
	p := &parser{data: data}
	v, err := p.value(0)
	if err != nil {
		return value{}, err
	}
	p.space()
	if p.pos != len(p.data) {
		return value{}, p.errorf("data after the JSON value")
	}
	return v, nil
}

func (p *parser) errorf(format string, a ...any) error {
	return fmt.Errorf("canonjson: offset %d: %s", p.pos, fmt.Sprintf(format, a...))
}

func (p *parser) space() {
	for p.pos < len(p.data) {
		switch p.data[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

func (p *parser) value(depth int) (value, error) {
	if depth > maxDepth {
		return value{}, p.errorf("nested deeper than %d", maxDepth)
	}
	p.space()
	if p.pos >= len(p.data) {
		return value{}, p.errorf("unexpected end of input")
	}
	switch c := p.data[p.pos]; {
	case c == '{':
		return p.object(depth)
	case c == '[':
		return p.array(depth)
	case c == '"':
		s, err := p.string()
		return value{kind: kindString, str: s}, err
	case c == '-' || c >= '0' && c <= '9':
		return p.number()
	}
	for _, lit := range []struct {
		text string
		v    value
	}{{"null", value{kind: kindNull}}, {"true", value{kind: kindBool, boolean: true}}, {"false", value{kind: kindBool}}} {
		if len(p.data)-p.pos >= len(lit.text) && string(p.data[p.pos:p.pos+len(lit.text)]) == lit.text {
			p.pos += len(lit.text)
			return lit.v, nil
		}
	}
	return value{}, p.errorf("unexpected character %q", p.data[p.pos])
}

func (p *parser) object(depth int) (value, error) {
	p.pos++ // {
	v := value{kind: kindObject}
	seen := map[string]bool{}
	p.space()
	if p.pos < len(p.data) && p.data[p.pos] == '}' {
		p.pos++
		return v, nil
	}
	for {
		p.space()
		if p.pos >= len(p.data) || p.data[p.pos] != '"' {
			return value{}, p.errorf("want a member name")
		}
		name, err := p.string()
		if err != nil {
			return value{}, err
		}
		if seen[name] {
			return value{}, p.errorf("duplicate member name %q", name)
		}
		seen[name] = true
		p.space()
		if p.pos >= len(p.data) || p.data[p.pos] != ':' {
			return value{}, p.errorf("want ':' after a member name")
		}
		p.pos++
		el, err := p.value(depth + 1)
		if err != nil {
			return value{}, err
		}
		v.members = append(v.members, member{name, el})
		p.space()
		if p.pos >= len(p.data) {
			return value{}, p.errorf("unterminated object")
		}
		switch p.data[p.pos] {
		case ',':
			p.pos++
		case '}':
			p.pos++
			return v, nil
		default:
			return value{}, p.errorf("want ',' or '}' in an object")
		}
	}
}

func (p *parser) array(depth int) (value, error) {
	p.pos++ // [
	v := value{kind: kindArray}
	p.space()
	if p.pos < len(p.data) && p.data[p.pos] == ']' {
		p.pos++
		return v, nil
	}
	for {
		el, err := p.value(depth + 1)
		if err != nil {
			return value{}, err
		}
		v.elems = append(v.elems, el)
		p.space()
		if p.pos >= len(p.data) {
			return value{}, p.errorf("unterminated array")
		}
		switch p.data[p.pos] {
		case ',':
			p.pos++
		case ']':
			p.pos++
			return v, nil
		default:
			return value{}, p.errorf("want ',' or ']' in an array")
		}
	}
}

// number checks a number's grammar (RFC 8259 section 6) and keeps it as
// written.
func (p *parser) number() (value, error) {
	start := p.pos
	digits := func() int {
		n := 0
		for p.pos < len(p.data) && p.data[p.pos] >= '0' && p.data[p.pos] <= '9' {
			p.pos++
			n++
		}
		return n
	}
	if p.data[p.pos] == '-' {
		p.pos++
	}
	if p.pos < len(p.data) && p.data[p.pos] == '0' {
		p.pos++
	} else if digits() == 0 {
		return value{}, p.errorf("a number without digits")
	}
	if p.pos < len(p.data) && p.data[p.pos] == '.' {
		p.pos++
		if digits() == 0 {
			return value{}, p.errorf("a number without digits after its point")
		}
	}
	if p.pos < len(p.data) && (p.data[p.pos] == 'e' || p.data[p.pos] == 'E') {
		p.pos++
		if p.pos < len(p.data) && (p.data[p.pos] == '+' || p.data[p.pos] == '-') {
			p.pos++
		}
		if digits() == 0 {
			return value{}, p.errorf("a number without digits in its exponent")
		}
	}
	return value{kind: kindNumber, literal: string(p.data[start:p.pos])}, nil
}

// string decodes a string; it refuses invalid UTF-8, raw control
// characters and lone surrogate escapes, which have no faithful re-encoding.
func (p *parser) string() (string, error) {
	p.pos++ // "
	var out []byte
	for {
		if p.pos >= len(p.data) {
			return "", p.errorf("unterminated string")
		}
		c := p.data[p.pos]
		switch {
		case c == '"':
			p.pos++
			return string(out), nil
		case c < 0x20:
			return "", p.errorf("a raw control character in a string")
		case c == '\\':
			r, err := p.escape()
			if err != nil {
				return "", err
			}
			out = utf8.AppendRune(out, r)
		case c < utf8.RuneSelf:
			out = append(out, c)
			p.pos++
		default:
			r, size := utf8.DecodeRune(p.data[p.pos:])
			if r == utf8.RuneError && size <= 1 {
				return "", p.errorf("invalid UTF-8 in a string")
			}
			out = append(out, p.data[p.pos:p.pos+size]...)
			p.pos += size
		}
	}
}

func (p *parser) escape() (rune, error) {
	p.pos++ // backslash
	if p.pos >= len(p.data) {
		return 0, p.errorf("unterminated escape")
	}
	c := p.data[p.pos]
	p.pos++
	switch c {
	case '"', '\\', '/':
		return rune(c), nil
	case 'b':
		return '\b', nil
	case 'f':
		return '\f', nil
	case 'n':
		return '\n', nil
	case 'r':
		return '\r', nil
	case 't':
		return '\t', nil
	case 'u':
		r, err := p.hex4()
		if err != nil {
			return 0, err
		}
		if !utf16.IsSurrogate(r) {
			return r, nil
		}
		if r >= 0xDC00 || p.pos+1 >= len(p.data) || p.data[p.pos] != '\\' || p.data[p.pos+1] != 'u' {
			return 0, p.errorf("a lone surrogate escape")
		}
		p.pos += 2
		low, err := p.hex4()
		if err != nil {
			return 0, err
		}
		combined := utf16.DecodeRune(r, low)
		if combined == utf8.RuneError {
			return 0, p.errorf("a lone surrogate escape")
		}
		return combined, nil
	}
	return 0, p.errorf("unknown escape \\%c", c)
}

func (p *parser) hex4() (rune, error) {
	if len(p.data)-p.pos < 4 {
		return 0, p.errorf("a short \\u escape")
	}
	n, err := strconv.ParseUint(string(p.data[p.pos:p.pos+4]), 16, 32)
	if err != nil {
		return 0, p.errorf("a bad \\u escape")
	}
	p.pos += 4
	return rune(n), nil
}

// errNumber is returned for numbers JCS cannot write faithfully.
var errNumber = errors.New("canonjson: number out of range")
