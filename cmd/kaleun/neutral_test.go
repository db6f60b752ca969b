package main

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

// The commands know no game, as the bot and the adapters know none
// (bot.TestNoFrameworkFileNamesAGame): no file of cmd/ imports a game's
// package or names a game, its pieces or its rule cases in a string, but
// games.go, which registers the games. Content packs go through the pack
// door (pack.go), a game's own pictures for render through its
// Renderings, its benchmark through Bench. Every other word a command
// shows of a game comes from the game's descriptor (engine.Game). The list
// of games is internal/gamelist's (one line per game, its own test); the
// other commands under cmd/ (the verifier built for the browser) are held
// to the same, with no exception.
func TestNoCommandFileNamesAGame(t *testing.T) {
	entries, err := os.ReadDir("../../engine")
	if err != nil {
		t.Fatal(err)
	}
	var games []string
	for _, e := range entries {
		if e.IsDir() && e.Name() != "dice" && e.Name() != "draw" && e.Name() != "enginetest" && e.Name() != "packfile" {
			games = append(games, e.Name())
		}
	}
	if len(games) < 3 {
		t.Fatalf("found only %v under engine/", games)
	}
	words := append([]string{}, games...)
	// The games' own words, and their titles.
	words = append(words, "kommandant", "u-boat", "uboat", "torpedo", "convoy", "tonnage", "escort", "wolfpack", "duel", "patrol", "hand",
		"Hunters", "Tonnage War", "U-Boat Leader", "Five or Better")
	for i := range words {
		words[i] = regexp.QuoteMeta(words[i])
	}
	wordRe := regexp.MustCompile(`(?i)\b(` + strings.Join(words, "|") + `)\b`)
	caseRe := regexp.MustCompile(`\(\d+\.\d+(\.\d+)?\)|\b1[0-5]\.\d+\.\d+\b`)
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	others, err := filepath.Glob("../*/*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range others {
		if filepath.Dir(path) != filepath.Join("..", "kaleun") {
			files = append(files, path)
		}
	}
	// Plain English and the product's own line, which name no game.
	plain := regexp.MustCompile(`(?i)\bby hand\b|\bfor example\b|config\.example\.toml|db\.example|\.example\.org\b|for U-boat board games`)
	fset := token.NewFileSet()
	checked := 0
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") || path == "games.go" {
			continue
		}
		checked++
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			for _, g := range games {
				if strings.HasSuffix(p, "/engine/"+g) || strings.Contains(p, "/engine/"+g+"/") {
					t.Errorf("%s imports %s", path, p)
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
				t.Errorf("%s: names %q in %s", fset.Position(lit.Pos()), m, lit.Value)
			}
			if m := caseRe.FindString(v); m != "" {
				t.Errorf("%s: cites a rule case %s in %s", fset.Position(lit.Pos()), m, lit.Value)
			}
			return true
		})
	}
	if checked < 10 {
		t.Fatalf("checked only %d files", checked)
	}
}
