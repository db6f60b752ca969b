package uboatleader

import (
	"errors"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
)

// exampleFS is the example the template's "#| " lines make, as a pack
// directory "ex".
func exampleFS() fstest.MapFS {
	m := fstest.MapFS{}
	for name, b := range PackTemplate() {
		var out []string
		for _, line := range strings.Split(string(b), "\n") {
			if rest, ok := strings.CutPrefix(line, "#| "); ok {
				out = append(out, rest)
			}
		}
		m["ex/"+name] = &fstest.MapFile{Data: []byte(strings.Join(out, "\n") + "\n")}
	}
	return m
}

// The template, as written, reads without an unknown field, and its check
// says what is missing; the example in its comments is a pack that checks
// clean and plays a whole campaign.
func TestPackTemplateAndItsExample(t *testing.T) {
	m := fstest.MapFS{}
	for name, b := range PackTemplate() {
		m["tpl/"+name] = &fstest.MapFile{Data: b}
	}
	_, err := LoadPack(m, "tpl")
	var pe *PackError
	if !errors.As(err, &pe) {
		t.Fatalf("the empty template checks clean: %v", err)
	}
	for _, p := range pe.Problems {
		if strings.Contains(p, "line ") {
			t.Errorf("the template does not read: %s", p)
		}
	}
	for _, want := range []string{"maps.yaml: no map", "campaigns.yaml: no campaign", "uboats.yaml: no U-boat", "label is required"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the template's check does not say %q:\n%v", want, err)
		}
	}
	p, err := LoadPack(exampleFS(), "ex")
	if err != nil {
		t.Fatalf("the template's example: %v", err)
	}
	r := NewRulesWith(p)
	d := dice.NewFast(1)
	st, _, err := r.New([]byte(`{"campaign":"first-year","length":"medium"}`), d)
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; st.Outcome() == nil; n++ {
		if n > 20000 {
			t.Fatal("the example's campaign does not end")
		}
		next, _, err := st.Apply(engine.Choice{Key: BuiltIn(st.(*State))}, d)
		if err != nil {
			t.Fatal(err)
		}
		st = next
	}
}

// Every field of the pack's files is explained in the template: its name
// followed by a colon stands in a comment of the file that holds it.
func TestPackTemplateExplainsEveryField(t *testing.T) {
	tpl := PackTemplate()
	var comments strings.Builder
	for _, b := range tpl {
		for _, line := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(line, "# ") || line == "#" {
				comments.WriteString(line + "\n")
			}
		}
	}
	text := comments.String()
	for typ, fields := range fieldsOf {
		for _, f := range fields {
			if !regexp.MustCompile(`(?m)^#\s+` + regexp.QuoteMeta(f) + `:`).MatchString(text) {
				t.Errorf("%s's field %q is not explained in the template", typ, f)
			}
		}
	}
}
