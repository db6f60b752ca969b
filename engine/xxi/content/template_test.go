package content

import (
	"errors"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/kaleun/kaleun/engine"
)

// The template, as written, is an empty pack: its check lists what is
// missing, file by file, and no YAML error; its "#| " lines, uncommented,
// are a pack that checks clean; its comments explain every field of the
// pack's types.
func TestTemplateIsEmptyExplainedAndItsExampleChecks(t *testing.T) {
	tpl := Template()
	if len(tpl) != len(Files()) {
		t.Fatalf("%d template files", len(tpl))
	}
	empty, example := fstest.MapFS{}, fstest.MapFS{}
	for name, b := range tpl {
		empty["p/"+name] = &fstest.MapFile{Data: b}
		var lines []string
		for _, l := range strings.Split(string(b), "\n") {
			if rest, ok := strings.CutPrefix(l, "#| "); ok {
				lines = append(lines, rest)
			}
		}
		example["p/"+name] = &fstest.MapFile{Data: []byte(strings.Join(lines, "\n") + "\n")}
	}
	_, err := Load(empty, "p")
	var pe *engine.PackError
	if !errors.As(err, &pe) || len(pe.Problems) < 10 {
		t.Fatalf("the empty template's check: %v", err)
	}
	for _, p := range pe.Problems {
		if strings.Contains(p, " line ") || !regexp.MustCompile(`^(pack|map|tracks|counters)\.yaml: `).MatchString(p) {
			t.Errorf("a problem of the empty template that is a YAML error or names no file: %q", p)
		}
	}
	p, err := Load(example, "p")
	if err != nil {
		t.Fatalf("the example: %v", err)
	}
	house, _ := LoadHousePack()
	if p.SHA256 == "" || p.Meta.Label != house.Meta.Label {
		t.Fatalf("the example is not the labelled house pack: %q", p.Meta.Label)
	}
	all := ""
	for _, b := range tpl {
		for _, l := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(l, "# ") || l == "#" {
				all += l + "\n"
			}
		}
	}
	for typ, names := range fields {
		for _, f := range names {
			if !regexp.MustCompile(`(?m)^#\s+` + regexp.QuoteMeta(f) + `\s`).MatchString(all) {
				t.Errorf("the template does not explain %s's field %q", typ, f)
			}
		}
	}
}
