package battle

import (
	"go/parser"
	"go/token"
	"os"
	"strconv"
	"strings"
	"testing"
)

// The contract: the package imports only engine, engine/xxi/content and
// the standard library (the engine is pure: no clock, no randomness but
// engine.Dice, no I/O).
func TestImportsOnlyEngineContentAndStd(t *testing.T) {
	files, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	allowed := map[string]bool{"github.com/kaleun/kaleun/engine": true, "github.com/kaleun/kaleun/engine/xxi/content": true}
	banned := map[string]bool{"math/rand": true, "math/rand/v2": true, "time": true, "os": true, "net": true, "crypto/rand": true}
	for _, f := range files {
		name := f.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, im := range af.Imports {
			path, _ := strconv.Unquote(im.Path.Value)
			std := !strings.Contains(strings.Split(path, "/")[0], ".")
			if (!std && !allowed[path]) || banned[path] {
				t.Errorf("%s imports %s", name, path)
			}
		}
	}
}
