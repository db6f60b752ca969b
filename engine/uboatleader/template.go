package uboatleader

import (
	"embed"
	"io/fs"
	"path"

	"github.com/kaleun/kaleun/engine/packfile"
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
var fieldsOf = packfile.FieldsOf(PackMeta{}, mapsFile{}, DisplayDef{}, campaignsFile{}, uboatsFile{}, eventsFile{}, convoysFile{}, ShipDecks{}, countersFile{})
