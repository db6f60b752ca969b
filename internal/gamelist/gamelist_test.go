package gamelist

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"
)

// Adding a game is one line (docs/contributors/adding-a-game.md): Games
// returns one slice literal whose every element is one game's descriptor on
// a line of its own, and the registry holds exactly those games, each once.
func TestOneLinePerGame(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "gamelist.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var list *ast.CompositeLit
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Name.Name != "Games" {
			continue
		}
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			if ret, ok := n.(*ast.ReturnStmt); ok && len(ret.Results) == 2 {
				if lit, ok := ret.Results[0].(*ast.CompositeLit); ok {
					list = lit
				}
			}
			return true
		})
	}
	if list == nil {
		t.Fatal("Games does not return its list as one slice literal")
	}
	lines := map[int]bool{}
	for _, e := range list.Elts {
		from, to := fset.Position(e.Pos()).Line, fset.Position(e.End()).Line
		if from != to || lines[from] {
			t.Errorf("gamelist.go:%d: a game's registration must be one line of its own", from)
		}
		lines[from] = true
	}
	games, err := Games()
	if err != nil {
		t.Fatal(err)
	}
	reg, err := Registry()
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != len(list.Elts) || len(reg) != len(games) {
		t.Fatalf("%d lines, %d games, %d in the registry: one game per line, each registered once", len(list.Elts), len(games), len(reg))
	}
	for _, g := range games {
		if reg[g.Name] == nil {
			t.Errorf("%s is listed but not registered", g.Name)
		}
	}
}
