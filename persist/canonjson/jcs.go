package canonjson

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// JCS returns the RFC 8785 canonical form of a JSON text.
func JCS(data []byte) ([]byte, error) {
	if out, err := jcsDirect(data); err == nil {
		return out, nil
	}
	return jcsTree(data) // for its error
}

// jcsTree is JCS by way of a tree of the text's values.
func jcsTree(data []byte) ([]byte, error) {
	v, err := parse(data)
	if err != nil {
		return nil, err
	}
	return appendJCS(nil, v)
}

func appendJCS(dst []byte, v value) ([]byte, error) {
	var err error
	switch v.kind {
	case kindNull:
		return append(dst, "null"...), nil
	case kindBool:
		return strconv.AppendBool(dst, v.boolean), nil
	case kindNumber:
		s, err := jcsNumber(v.literal)
		return append(dst, s...), err
	case kindString:
		return appendJCSString(dst, v.str), nil
	case kindArray:
		dst = append(dst, '[')
		for i, el := range v.elems {
			if i > 0 {
				dst = append(dst, ',')
			}
			if dst, err = appendJCS(dst, el); err != nil {
				return nil, err
			}
		}
		return append(dst, ']'), nil
	}
	members := slices.Clone(v.members)
	slices.SortFunc(members, func(a, b member) int { return compareUTF16(a.name, b.name) })
	dst = append(dst, '{')
	for i, m := range members {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendJCSString(dst, m.name)
		dst = append(dst, ':')
		if dst, err = appendJCS(dst, m.val); err != nil {
			return nil, err
		}
	}
	return append(dst, '}'), nil
}

// appendJCSString escapes only what JSON requires (RFC 8785 3.2.2.2).
func appendJCSString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"', '\\':
			dst = append(dst, '\\', c)
		case '\b':
			dst = append(dst, `\b`...)
		case '\t':
			dst = append(dst, `\t`...)
		case '\n':
			dst = append(dst, `\n`...)
		case '\f':
			dst = append(dst, `\f`...)
		case '\r':
			dst = append(dst, `\r`...)
		default:
			if c < 0x20 {
				dst = fmt.Appendf(dst, `\u%04x`, c)
			} else {
				dst = append(dst, c)
			}
		}
	}
	return append(dst, '"')
}

// jcsNumber writes a number literal as ECMAScript writes its double. An
// integer literal must read back as written (every integer up to ±2^53
// does, and larger ones only where a double holds them): 9007199254740993
// would silently become 9007199254740992, so it is refused.
func jcsNumber(literal string) (string, error) {
	f, err := strconv.ParseFloat(literal, 64)
	if err != nil || math.IsInf(f, 0) {
		return "", fmt.Errorf("%w: %s", errNumber, literal)
	}
	out := FormatES6(f)
	if !strings.ContainsAny(literal, ".eE") && out != literal && literal != "-0" {
		return "", fmt.Errorf("%w: the integer %s reads as the double %s", errNumber, literal, out)
	}
	return out, nil
}

// FormatES6 writes a finite double as ECMAScript's Number.prototype.toString
// does (ECMA-262 Number::toString, which RFC 8785 3.2.2.3 adopts): the
// shortest digits that read back as the same double, in plain notation from
// 1e-7 up to 1e21 and in exponent notation outside.
func FormatES6(f float64) string {
	if f == 0 {
		return "0" // and -0 too
	}
	if f < 0 {
		return "-" + FormatES6(-f)
	}
	// Shortest round-trip digits d1.d2d3...e±x: value = 0.d1d2... × 10^n.
	e := strconv.FormatFloat(f, 'e', -1, 64)
	mantissa, exp, _ := strings.Cut(e, "e")
	digits := strings.Replace(mantissa, ".", "", 1)
	x, _ := strconv.Atoi(exp)
	n, k := x+1, len(digits)
	switch {
	case k <= n && n <= 21:
		return digits + strings.Repeat("0", n-k)
	case 0 < n && n <= 21:
		return digits[:n] + "." + digits[n:]
	case -6 < n && n <= 0:
		return "0." + strings.Repeat("0", -n) + digits
	}
	sign := "+"
	if n-1 < 0 {
		sign = "-"
	}
	exponent := "e" + sign + strconv.Itoa(abs(n-1))
	if k == 1 {
		return digits + exponent
	}
	return digits[:1] + "." + digits[1:] + exponent
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// compareUTF16 orders two strings by their UTF-16 code units (RFC 8785
// 3.2.3), which differs from code point order only where a character beyond
// U+FFFF (a surrogate pair, D800-DFFF) meets one from U+E000 to U+FFFF.
func compareUTF16(a, b string) int {
	for a != "" && b != "" {
		ra, na := utf8.DecodeRuneInString(a)
		rb, nb := utf8.DecodeRuneInString(b)
		if ra != rb {
			ua, ub := utf16Units(ra), utf16Units(rb)
			return slices.Compare(ua[:], ub[:])
		}
		a, b = a[na:], b[nb:]
	}
	return cmp.Compare(len(a), len(b))
}

// utf16Units are a character's UTF-16 code units (the second 0 in the BMP).
func utf16Units(r rune) [2]rune {
	if r < 0x10000 {
		return [2]rune{r, 0}
	}
	hi, lo := utf16.EncodeRune(r)
	return [2]rune{hi, lo}
}
