package packfile

import (
	"strings"
	"testing"
	"testing/fstest"
)

type testFile struct {
	Name  string `yaml:"name"`
	Count int    `yaml:"count"`
}

// Read names each problem's file: a missing file, an unknown field with
// the fields there are, a second document, a file the pack does not know;
// a clean pack has a digest that changes with any byte of it.
func TestReadNamesEachProblemsFile(t *testing.T) {
	var a, b testFile
	files := func() Files {
		return Files{Names: []string{"a.yaml", "b.yaml"}, Into: map[string]any{"a.yaml": &a, "b.yaml": &b},
			Fields: FieldsOf(testFile{}), Missing: "a pack has two files)"}
	}
	clean := fstest.MapFS{"p/a.yaml": {Data: []byte("name: x\ncount: 1\n")}, "p/b.yaml": {Data: []byte("name: y\n")}}
	problems, sha := files().Read(clean, "p")
	if len(problems) != 0 || len(sha) != 64 || a.Name != "x" || b.Name != "y" {
		t.Fatalf("a clean pack: %v %q", problems, sha)
	}
	changed := fstest.MapFS{"p/a.yaml": {Data: []byte("name: x\ncount: 1\n")}, "p/b.yaml": {Data: []byte("name: z\n")}}
	if _, sha2 := files().Read(changed, "p"); sha2 == sha || sha2 == "" {
		t.Fatal("the digest did not change with the content")
	}
	for _, c := range []struct {
		fsys fstest.MapFS
		want string
	}{
		{fstest.MapFS{"p/a.yaml": {Data: []byte("name: x\n")}}, "b.yaml: missing (a pack has two files)"},
		{fstest.MapFS{"p/a.yaml": {Data: []byte("colour: x\n")}, "p/b.yaml": {Data: []byte("{}\n")}}, `a.yaml: line 1: unknown field "colour" (the fields here are count, name)`},
		{fstest.MapFS{"p/a.yaml": {Data: []byte("name: x\n---\nname: y\n")}, "p/b.yaml": {Data: []byte("{}\n")}}, "a.yaml: line 2: a second YAML document"},
		{fstest.MapFS{"p/a.yaml": {Data: []byte("{}\n")}, "p/b.yaml": {Data: []byte("{}\n")}, "p/c.yaml": {Data: []byte("{}\n")}}, "c.yaml: not a pack file (the files are a.yaml, b.yaml)"},
		{fstest.MapFS{"p/a.yaml": {Data: []byte(strings.Repeat("\n", MaxItems+1))}, "p/b.yaml": {Data: []byte("{}\n")}}, "a.yaml: more than 20000 lines"},
	} {
		problems, sha := files().Read(c.fsys, "p")
		if len(problems) != 1 || !strings.HasPrefix(problems[0], c.want) || sha != "" {
			t.Errorf("want one problem %q, got %q (sha %q)", c.want, problems, sha)
		}
	}
}

func TestValidID(t *testing.T) {
	for id, ok := range map[string]bool{"house": true, "my-copy.2": true, "": false, "-x": false, "a/b": false, "a..b": false, "a b": false, strings.Repeat("x", MaxID+1): false} {
		if ValidID(id) != ok {
			t.Errorf("ValidID(%q) = %v", id, !ok)
		}
	}
}
