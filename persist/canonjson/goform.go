package canonjson

import "unicode/utf8"

// GoForm returns a JSON text as Go's encoding/json writes the same values
// (json.Marshal: compact, "<", ">", "&", U+2028 and U+2029 escaped), with
// the members in the order given and numbers as written.
func GoForm(data []byte) ([]byte, error) {
	v, err := parse(data)
	if err != nil {
		return nil, err
	}
	return appendGo(nil, v), nil
}

func appendGo(dst []byte, v value) []byte {
	switch v.kind {
	case kindNull:
		return append(dst, "null"...)
	case kindBool:
		if v.boolean {
			return append(dst, "true"...)
		}
		return append(dst, "false"...)
	case kindNumber:
		return append(dst, v.literal...)
	case kindString:
		return appendGoString(dst, v.str)
	case kindArray:
		dst = append(dst, '[')
		for i, el := range v.elems {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendGo(dst, el)
		}
		return append(dst, ']')
	}
	dst = append(dst, '{')
	for i, m := range v.members {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendGoString(dst, m.name)
		dst = append(dst, ':')
		dst = appendGo(dst, m.val)
	}
	return append(dst, '}')
}

const hexDigits = "0123456789abcdef"

// appendGoString escapes a (valid UTF-8) string as encoding/json does with
// HTML escaping on.
func appendGoString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == '\u2028' || r == '\u2029' {
				dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			} else {
				dst = append(dst, s[i:i+size]...)
			}
			i += size
			continue
		}
		switch c {
		case '"', '\\':
			dst = append(dst, '\\', c)
		case '\b':
			dst = append(dst, '\\', 'b')
		case '\f':
			dst = append(dst, '\\', 'f')
		case '\n':
			dst = append(dst, '\\', 'n')
		case '\r':
			dst = append(dst, '\\', 'r')
		case '\t':
			dst = append(dst, '\\', 't')
		case '<', '>', '&':
			dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
		default:
			if c < 0x20 {
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			} else {
				dst = append(dst, c)
			}
		}
		i++
	}
	return append(dst, '"')
}
