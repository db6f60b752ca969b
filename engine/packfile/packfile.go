// Package packfile is the machinery every game's content packs share (the
// pack door is engine.PackKit): reading a pack's files from an fs.FS, the
// digest that binds a game to the bytes it was played with, strict YAML
// decoding whose every problem is one line naming the file and the line,
// and what a pack id may be. A game's package keeps only its own format
// and its own checks. Pure: it reads the fs.FS it is given, nothing else.
package packfile

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"path"
	"reflect"
	"regexp"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"
)

// Files reads a pack: every file of Names must be in the directory, each
// is decoded strictly into its value, and a YAML file the pack does not
// know is a problem too (a typo in a file's name would otherwise drop the
// file's content unread).
type Files struct {
	// Names are the pack's files, in the order the digest takes them.
	Names []string
	// Into is where each file decodes to, by name.
	Into map[string]any
	// Fields are the YAML fields of the pack's types (FieldsOf): an unknown
	// field's problem says what the fields there are.
	Fields map[string][]string
	// Missing ends the problem of a missing file, after "NAME: missing (".
	Missing string
}

// Read reads the files of fsys's directory dir; it returns the problems
// found (one line each, starting with the file's name) and, when there are
// none, the pack's digest (Hash).
func (f Files) Read(fsys fs.FS, dir string) (problems []string, sha string) {
	h := sha256.New()
	for _, name := range f.Names {
		b, err := fs.ReadFile(fsys, path.Join(dir, name))
		if errors.Is(err, fs.ErrNotExist) {
			problems = append(problems, fmt.Sprintf("%s: missing (%s", name, f.Missing))
			continue
		}
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s: %v", name, err))
			continue
		}
		HashFile(h, name, b)
		problems = append(problems, DecodeStrict(name, b, f.Into[name], f.Fields)...)
	}
	if extra, err := fs.ReadDir(fsys, dir); err == nil {
		for _, e := range extra {
			if !e.IsDir() && strings.HasSuffix(e.Name(), ".yaml") && !contains(f.Names, e.Name()) {
				problems = append(problems, fmt.Sprintf("%s: not a pack file (the files are %s)", e.Name(), strings.Join(f.Names, ", ")))
			}
		}
	}
	if len(problems) > 0 {
		return problems, ""
	}
	return nil, hex.EncodeToString(h.Sum(nil))
}

// NewHash is the digest Read computes, for a pack read otherwise.
func NewHash() hash.Hash { return sha256.New() }

// HashFile adds one file to a pack's digest: its name and its bytes, each
// with its length, so that no two packs share a digest by moving bytes from
// one file to the next.
func HashFile(h io.Writer, name string, b []byte) {
	var n [8]byte
	binary.BigEndian.PutUint64(n[:], uint64(len(name)))
	h.Write(n[:])
	io.WriteString(h, name)
	binary.BigEndian.PutUint64(n[:], uint64(len(b)))
	h.Write(n[:])
	h.Write(b)
}

// MaxItems bounds the lines and list items of one pack file, counted
// before it is decoded: decoding costs some microseconds and hundreds of
// bytes an entry, so a file of millions of short entries would take a
// minute and gigabytes to refuse. A full pack file has some hundreds of
// lines (docs/operators/serve.md, "Files kaleun reads").
const MaxItems = 20000

// DecodeStrict decodes a YAML file refusing unknown fields; each problem is
// one line naming the file and the line. The file is one YAML document: a
// second one (after a "---") is refused, not ignored, since it would be
// hashed into the pack's digest without being played.
func DecodeStrict(name string, b []byte, into any, fields map[string][]string) []string {
	if n := bytes.Count(b, []byte("\n")) + bytes.Count(b, []byte(",")); n > MaxItems {
		return []string{fmt.Sprintf("%s: more than %d lines and list items (a pack file has some hundreds): refused unread", name, MaxItems)}
	}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	err := dec.Decode(into)
	if err == nil {
		var next yaml.Node
		switch err := dec.Decode(&next); {
		case errors.Is(err, io.EOF):
			return nil
		case err == nil:
			return []string{fmt.Sprintf("%s: line %d: a second YAML document (after \"---\"): a pack file is one document; remove it, or move it into the first", name, next.Line)}
		}
		return []string{name + ": " + strings.TrimPrefix(err.Error(), "yaml: ")}
	}
	if errors.Is(err, io.EOF) {
		return nil
	}
	var te *yaml.TypeError
	if errors.As(err, &te) {
		out := make([]string, 0, len(te.Errors))
		for _, e := range te.Errors {
			out = append(out, name+": "+explainUnknown(e, fields))
		}
		return out
	}
	return []string{name + ": " + strings.TrimPrefix(err.Error(), "yaml: ")}
}

// FieldsOf lists the YAML fields of the types of roots and of every type
// they hold, by the type's name as the YAML decoder writes it
// ("uboatleader.AreaDef").
func FieldsOf(roots ...any) map[string][]string {
	out := map[string][]string{}
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array || t.Kind() == reflect.Map {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct {
			return
		}
		key := t.String()
		if _, done := out[key]; done {
			return
		}
		out[key] = nil
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("yaml"), ",")
			if name != "" && name != "-" {
				out[key] = append(out[key], name)
			}
			walk(f.Type)
		}
	}
	for _, v := range roots {
		walk(reflect.TypeOf(v))
	}
	return out
}

var notFound = regexp.MustCompile(`field (\S+) not found in type (\S+)`)

// explainUnknown rewrites the YAML decoder's "field x not found in type
// pkg.T" as an unknown field with the fields the place takes.
func explainUnknown(msg string, fields map[string][]string) string {
	m := notFound.FindStringSubmatchIndex(msg)
	if m == nil {
		return msg
	}
	field, typ := msg[m[2]:m[3]], msg[m[4]:m[5]]
	known := append([]string(nil), fields[typ]...)
	sort.Strings(known)
	repl := `unknown field "` + field + `"`
	if len(known) > 0 {
		repl += " (the fields here are " + strings.Join(known, ", ") + ")"
	}
	return msg[:m[0]] + repl + msg[m[1]:]
}

// MaxID is the longest pack id.
const MaxID = 64

// ValidID tells whether id can name a pack: a pack's id is typed in `new
// pack:ID`, shown in every game's views and log, and may end up in a file
// name or a URL, so it holds no "/", "..", space or control character.
func ValidID(id string) bool {
	if id == "" || len(id) > MaxID {
		return false
	}
	for i, r := range id {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
		case i > 0 && (r == '-' || r == '_' || r == '.'):
		default:
			return false
		}
	}
	return !strings.Contains(id, "..")
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
