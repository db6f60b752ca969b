package engine

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The descriptor (Game) is the one door between a game and the layers
// above it: outside engine/, no code type-asserts one of engine's
// interfaces (a type assertion or a type switch's case), so that what a
// game offers is read from its descriptor, and what a state may do from
// the functions of state.go. Tests may assert what they like.
func TestNoTypeAssertionOfEngineInterfacesOutsideEngine(t *testing.T) {
	interfaces := engineInterfaces(t)
	root := moduleRoot(t)
	var found []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() {
			if rel == "engine" || strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		found = append(found, assertionsIn(t, path, rel, interfaces)...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range found {
		t.Errorf("%s: read the game's descriptor (engine.Game) or a state helper (engine/state.go) instead", f)
	}
}

// engineInterfaces are the interface types package engine declares.
func engineInterfaces(t *testing.T) map[string]bool {
	t.Helper()
	fset := token.NewFileSet()
	out := map[string]bool{}
	files, _ := filepath.Glob("*.go")
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if ts, ok := n.(*ast.TypeSpec); ok {
				if _, isIface := ts.Type.(*ast.InterfaceType); isIface {
					out[ts.Name.Name] = true
				}
			}
			return true
		})
	}
	if !out["Rules"] || !out["Illustrator"] {
		t.Fatalf("engine's interfaces not found: %v", out)
	}
	return out
}

// assertionsIn lists a file's type assertions and type-switch cases that
// name an engine interface (engine.X, or bot's alias Illustrator).
func assertionsIn(t *testing.T, path, rel string, interfaces map[string]bool) []string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	names := func(e ast.Expr) string {
		switch x := e.(type) {
		case *ast.SelectorExpr:
			if id, ok := x.X.(*ast.Ident); ok && id.Name == "engine" && interfaces[x.Sel.Name] {
				return "engine." + x.Sel.Name
			}
		case *ast.Ident:
			if x.Name == "Illustrator" {
				return x.Name
			}
		}
		return ""
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.TypeAssertExpr:
			if x.Type != nil {
				if name := names(x.Type); name != "" {
					out = append(out, rel+":"+strconv.Itoa(fset.Position(x.Pos()).Line)+": asserts "+name)
				}
			}
		case *ast.TypeSwitchStmt:
			for _, c := range x.Body.List {
				for _, e := range c.(*ast.CaseClause).List {
					if name := names(e); name != "" {
						out = append(out, rel+":"+strconv.Itoa(fset.Position(e.Pos()).Line)+": switches on "+name)
					}
				}
			}
		}
		return true
	})
	return out
}

// moduleRoot is the directory of go.mod above the package's.
func moduleRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			t.Fatal("no go.mod above the package")
		}
		dir = up
	}
}
