package audittest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os/exec"
	"sort"
	"unicode/utf16"
)

// Reencoding re-writes a JSON file faithfully: the same values, another
// spelling.
type Reencoding struct {
	Name string
	// Tool is the program it runs ("" for Go); KeepsOrder tells whether
	// object members stay in file order (a format 1 file needs it).
	Tool       string
	KeepsOrder bool
	Do         func([]byte) ([]byte, error)
}

// Available tells whether the re-encoding can run on this machine.
func (r Reencoding) Available() bool {
	if r.Tool == "" {
		return true
	}
	_, err := exec.LookPath(r.Tool)
	return err == nil
}

// Reencodings are the faithful re-encodings verify must accept: Go's own,
// and jq's and Python's as people run them.
func Reencodings() []Reencoding {
	tool := func(name string, args ...string) func([]byte) ([]byte, error) {
		return func(data []byte) ([]byte, error) {
			cmd := exec.Command(name, args...)
			cmd.Stdin = bytes.NewReader(data)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if err != nil {
				return nil, fmt.Errorf("%s: %v: %s", name, err, stderr.String())
			}
			return out, nil
		}
	}
	return []Reencoding{
		{"Go: every non-ASCII character escaped, keys in reverse order, odd spacing", "", false, escapeAll},
		{"Go: decoded and re-encoded indented (keys sorted, HTML escaped)", "", false, func(data []byte) ([]byte, error) {
			var v any
			if err := json.Unmarshal(data, &v); err != nil {
				return nil, err
			}
			return json.MarshalIndent(v, "", "\t")
		}},
		{"Go: compacted", "", true, func(data []byte) ([]byte, error) {
			var b bytes.Buffer
			err := json.Compact(&b, data)
			return b.Bytes(), err
		}},
		{"jq -a . (non-ASCII escaped)", "jq", true, tool("jq", "-a", ".")},
		{"jq -S . (keys sorted)", "jq", false, tool("jq", "-S", ".")},
		{"jq -c -a -S . (compact, escaped, sorted)", "jq", false, tool("jq", "-c", "-a", "-S", ".")},
		{"python3 json.dump (ensure_ascii)", "python3", true, tool("python3", "-c", "import json,sys; json.dump(json.load(sys.stdin), sys.stdout)")},
		{"python3 json.dump (sort_keys, indent=1)", "python3", false, tool("python3", "-c", "import json,sys; json.dump(json.load(sys.stdin), sys.stdout, sort_keys=True, indent=1)")},
		{"python3 json.dump (ensure_ascii=False, compact)", "python3", true, tool("python3", "-c", "import json,sys; json.dump(json.load(sys.stdin), sys.stdout, ensure_ascii=False, separators=(',', ':'))")},
	}
}

// escapeAll writes JSON the way no Go encoder would: every character
// outside ASCII as \uXXXX (surrogate pairs beyond the BMP), "/" as "\/",
// each object's keys in reverse order, spaces around every token.
func escapeAll(data []byte) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	writeEscaped(&b, v)
	return b.Bytes(), nil
}

func writeEscaped(b *bytes.Buffer, v any) {
	switch v := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Sort(sort.Reverse(sort.StringSlice(keys)))
		b.WriteString("{ ")
		for i, k := range keys {
			if i > 0 {
				b.WriteString(" , ")
			}
			writeEscapedString(b, k)
			b.WriteString(" : ")
			writeEscaped(b, v[k])
		}
		b.WriteString(" }")
	case []any:
		b.WriteString("[ ")
		for i, e := range v {
			if i > 0 {
				b.WriteString(" , ")
			}
			writeEscaped(b, e)
		}
		b.WriteString(" ]")
	case string:
		writeEscapedString(b, v)
	case json.Number:
		b.WriteString(v.String())
	default:
		out, _ := json.Marshal(v)
		b.Write(out)
	}
}

func writeEscapedString(b *bytes.Buffer, s string) {
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '/':
			b.WriteString(`\/`)
		case r < 0x20 || r > 0x7e:
			for _, u := range utf16.Encode([]rune{r}) {
				fmt.Fprintf(b, `\u%04X`, u)
			}
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
}
