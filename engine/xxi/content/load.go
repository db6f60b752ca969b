package content

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/packfile"
)

//go:embed house/*.yaml
var housePack embed.FS

// HousePackID names the embedded house pack.
const HousePackID = "house"

// files are a pack's files, its manifest first (engine.PackKit.Files).
var files = []string{"pack.yaml", "map.yaml", "tracks.yaml", "counters.yaml"}

// Files are the names of a pack's files.
func Files() []string { return append([]string(nil), files...) }

// fields are the YAML fields of the pack's types, for unknown fields'
// problems.
var fields = packfile.FieldsOf(Meta{}, TransportMap{}, Tracks{}, Counters{})

// LoadHousePack reads the embedded house pack: house content, whose
// provenance says which of its values are the rulebook's and which are
// invented where the text is silent.
func LoadHousePack() (*Pack, error) { return Load(housePack, "house") }

// Load reads the pack in the directory dir of fsys: every file there,
// every field known, then every check of Check. A pack with problems is an
// *engine.PackError listing them all, one line each naming its file.
func Load(fsys fs.FS, dir string) (*Pack, error) {
	p := &Pack{}
	problems, sha := packfile.Files{
		Names: files,
		Into: map[string]any{
			"pack.yaml": &p.Meta, "map.yaml": &p.Map, "tracks.yaml": &p.Tracks, "counters.yaml": &p.Counters,
		},
		Fields:  fields,
		Missing: fmt.Sprintf("an XXI pack has four files: %s)", strings.Join(files, ", ")),
	}.Read(fsys, dir)
	name := dir
	if packfile.ValidID(p.Meta.ID) {
		name = p.Meta.ID
	}
	if len(problems) > 0 {
		return nil, &engine.PackError{Pack: name, Problems: problems}
	}
	if problems := p.Check(); len(problems) > 0 {
		return nil, &engine.PackError{Pack: name, Problems: problems}
	}
	p.SHA256 = sha
	return p, nil
}

// Door is what the pack door (engine.PackKit) shows of the pack: its name,
// its label, the digest a game records, and a line of what it holds.
func (p *Pack) Door() *engine.Pack {
	links := len(p.Map.Links)
	return &engine.Pack{
		ID: p.Meta.ID, Name: p.Meta.Name, Label: p.Meta.Label, SHA256: p.SHA256,
		Summary: fmt.Sprintf("%d spaces and %d links, %d XXI models, %d mission paths, %d Grinding War boxes, %d months from %s",
			len(p.Map.Spaces), links, len(p.Tracks.Models), len(p.Tracks.Paths), len(p.Tracks.GrindingWar), p.Tracks.Gotterdammerung.Months, p.Tracks.Gotterdammerung.Start),
		Content: p,
	}
}

//go:embed template/*.yaml
var templateFS embed.FS

// Template is an empty pack with every field explained, by file name (what
// `kaleun pack template` will write once the XXI game opens the pack door):
// each file's comments say what its fields are, and its lines starting with
// "#| " are the house pack, an example that checks clean once uncommented.
func Template() map[string][]byte {
	out := map[string][]byte{}
	for _, name := range files {
		help, err := fs.ReadFile(templateFS, path.Join("template", name))
		if err != nil {
			panic("xxi content: the embedded template lacks " + name) // a build mistake
		}
		house, err := fs.ReadFile(housePack, path.Join("house", name))
		if err != nil {
			panic("xxi content: the embedded house pack lacks " + name)
		}
		var b strings.Builder
		b.Write(help)
		b.WriteString("#\n")
		for _, line := range strings.Split(strings.TrimRight(string(house), "\n"), "\n") {
			b.WriteString("#| " + line + "\n")
		}
		out[name] = []byte(b.String())
	}
	return out
}
