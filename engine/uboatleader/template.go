package uboatleader

import (
	"embed"
	"io/fs"
	"path"
	"reflect"
	"regexp"
	"sort"
	"strings"
)

// The template of a pack (`kaleun pack template uboatleader`): the nine
// files with every field explained and empty values, and in lines starting
// with "#| " a whole small example pack (template_test.go holds the example
// to a clean check and the comments to every field of the Go types).

//go:embed template/*.yaml
var templateFS embed.FS

// PackFiles are the names of a pack's files.
func PackFiles() []string { return append([]string(nil), packFiles...) }

// PackTemplate returns an empty pack with every field explained, by file
// name.
func PackTemplate() map[string][]byte {
	out := map[string][]byte{}
	for _, name := range packFiles {
		b, err := fs.ReadFile(templateFS, path.Join("template", name))
		if err != nil {
			panic("uboatleader: the embedded template lacks " + name) // a build mistake
		}
		out[name] = b
	}
	return out
}

// fieldsOf lists the YAML fields of the pack's types, by the type's name
// as the YAML decoder writes it ("uboatleader.AreaDef"): an unknown field's
// problem says what the fields are.
var fieldsOf = func() map[string][]string {
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
	for _, v := range []any{PackMeta{}, mapsFile{}, DisplayDef{}, campaignsFile{}, uboatsFile{}, eventsFile{}, convoysFile{}, ShipDecks{}, countersFile{}} {
		walk(reflect.TypeOf(v))
	}
	return out
}()

var notFound = regexp.MustCompile(`field (\S+) not found in type (\S+)`)

// explainUnknown rewrites the YAML decoder's "field x not found in type
// uboatleader.T" as an unknown field with the fields the place takes.
func explainUnknown(msg string) string {
	m := notFound.FindStringSubmatchIndex(msg)
	if m == nil {
		return msg
	}
	field, typ := msg[m[2]:m[3]], msg[m[4]:m[5]]
	known := append([]string(nil), fieldsOf[typ]...)
	sort.Strings(known)
	repl := `unknown field "` + field + `"`
	if len(known) > 0 {
		repl += " (the fields here are " + strings.Join(known, ", ") + ")"
	}
	return msg[:m[0]] + repl + msg[m[1]:]
}
