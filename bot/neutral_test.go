package bot

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The framework knows no game: no code under bot/ or adapters/ (tests aside)
// imports a game's package or names a game, its pieces or its rule cases in
// a string. A game brings its commands, views, units and words itself
// (engine.CommandCatalog, engine.ViewCatalog, engine.PrivateViews,
// engine.Scored, engine.TournamentFormat...), so a new game touches only
// engine/<game> and its registration.
func TestNoFrameworkFileNamesAGame(t *testing.T) {
	games := gamePackages(t)
	if len(games) < 2 {
		t.Fatalf("found only %v under engine/", games)
	}
	words := append([]string{}, games...)
	// The Hunters' and Tonnage War's own words, which would mean one of them
	// leaked into the framework.
	words = append(words, "kommandant", "u-boat", "uboat", "torpedo", "convoy", "tonnage", "escort", "wolfpack", "duel", "patrol", "hand")
	wordRe := regexp.MustCompile(`(?i)\b(` + strings.Join(quoteAll(words), "|") + `)\b`)
	caseRe := regexp.MustCompile(`\(\d+\.\d+(\.\d+)?\)|\b1[0-5]\.\d+\.\d+\b`)
	// Plain English that holds a game's word: dice "chosen by hand" are
	// scripted dice (the verdict of verify, in bot/audit), not a hand of
	// cards.
	plain := regexp.MustCompile(`(?i)\bby hand\b`)
	fset := token.NewFileSet()
	var problems []string
	for _, root := range []string{".", "../adapters"} {
		err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			f, err := parser.ParseFile(fset, path, nil, 0)
			if err != nil {
				return err
			}
			for _, imp := range f.Imports {
				p, _ := strconv.Unquote(imp.Path.Value)
				for _, g := range games {
					if strings.HasSuffix(p, "/engine/"+g) || strings.Contains(p, "/engine/"+g+"/") {
						problems = append(problems, path+" imports "+p)
					}
				}
			}
			ast.Inspect(f, func(n ast.Node) bool {
				lit, ok := n.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					return true
				}
				v, _ := strconv.Unquote(lit.Value)
				v = plain.ReplaceAllString(v, "")
				if m := wordRe.FindString(v); m != "" {
					problems = append(problems, fset.Position(lit.Pos()).String()+": names "+strconv.Quote(m)+" in "+lit.Value)
				}
				if m := caseRe.FindString(v); m != "" {
					problems = append(problems, fset.Position(lit.Pos()).String()+": cites a rule case "+m+" in "+lit.Value)
				}
				return true
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range problems {
		t.Error(p)
	}
}

// gamePackages are the directories under engine/ that hold a game (all but
// the shared dice, drawing and pack files).
func gamePackages(t *testing.T) []string {
	t.Helper()
	entries, err := os.ReadDir("../engine")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() && e.Name() != "dice" && e.Name() != "draw" && e.Name() != "packfile" {
			out = append(out, e.Name())
		}
	}
	return out
}

func quoteAll(ws []string) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = regexp.QuoteMeta(w)
	}
	return out
}
