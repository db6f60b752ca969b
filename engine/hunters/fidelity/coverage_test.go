package fidelity

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// TestEveryCaseHasItsEvidence holds docs/rules-fidelity/*.md to the rulebook:
// every case of sections 4-14 has a row, and a row counts only when it names
// tests that exist and that name the case (their doc comment or body), or
// says why the case has no behavioural effect. A citation in the code is not
// evidence; a test that forces the dice and names the case is.
func TestEveryCaseHasItsEvidence(t *testing.T) {
	book, err := os.ReadFile(filepath.Join("..", "..", "..", "..", "shared", "rules", "the-hunters.md"))
	if err != nil {
		t.Skipf("rulebook not found beside the checkout (%v): nothing to check against", err)
	}
	tests := testFuncs(t, "..", ".", "../duel", "../wolfpack", "../../../bot")
	rows := fidelityRows(t, filepath.Join("..", "..", "..", "docs", "rules-fidelity"))
	caseRe := regexp.MustCompile(`\[((?:[4-9]|1[0-4])\.\d+(?:\.\d+)?)\]`)
	seen := map[string]bool{}
	var missing, bad []string
	justified := 0
	for _, m := range caseRe.FindAllStringSubmatch(string(book), -1) {
		c := m[1]
		if seen[c] {
			continue
		}
		seen[c] = true
		row, ok := rows[c]
		if !ok {
			missing = append(missing, c)
			continue
		}
		if row.tests == "—" || row.tests == "-" {
			if why := strings.TrimSpace(row.asserts); len(why) < 20 && !strings.HasPrefix(why, "heading: see ") {
				bad = append(bad, c+": a case without a test needs its reason")
			}
			justified++
			continue
		}
		for _, name := range strings.Split(row.tests, ",") {
			name = strings.Trim(strings.TrimSpace(name), "`")
			body, ok := tests[name]
			if !ok {
				bad = append(bad, c+": no test "+name)
				continue
			}
			if !mentions(body, c) && !namesCase(name, c) {
				bad = append(bad, c+": "+name+" does not name the case")
			}
		}
	}
	if len(seen) < 250 {
		t.Fatalf("only %d cases found: is the rulebook complete?", len(seen))
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("%d case(s) with no row in docs/rules-fidelity: %s", len(missing), strings.Join(missing, " "))
	}
	for _, b := range bad {
		t.Error(b)
	}
	t.Logf("%d cases: %d with tests, %d justified without", len(seen), len(seen)-justified-len(missing), justified)
}

type fidelityRow struct{ tests, asserts string }

// fidelityRows reads the tables "| case | test | what it asserts |".
func fidelityRows(t *testing.T, dir string) map[string]fidelityRow {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.md"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no fidelity map in %s: %v", dir, err)
	}
	rows := map[string]fidelityRow{}
	caseCell := regexp.MustCompile(`^\d+\.\d+(\.\d+)?$`)
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(b), "\n") {
			cells := strings.Split(strings.Trim(strings.TrimSpace(line), "|"), "|")
			if len(cells) < 3 {
				continue
			}
			c := strings.TrimSpace(cells[0])
			if !caseCell.MatchString(c) {
				continue
			}
			r := fidelityRow{tests: strings.TrimSpace(cells[1]), asserts: strings.TrimSpace(strings.Join(cells[2:], "|"))}
			if old, dup := rows[c]; dup {
				// Two readers may both test a case where their sections meet.
				r.tests = old.tests + ", " + r.tests
				if old.tests == "—" {
					r.tests = strings.TrimSpace(cells[1])
				} else if r.tests == old.tests+", —" {
					r.tests = old.tests
				}
			}
			rows[c] = r
		}
	}
	return rows
}

// testFuncs maps each Test function in the given directories' _test.go files
// to its doc comment and source.
func testFuncs(t *testing.T, dirs ...string) map[string]string {
	t.Helper()
	out := map[string]string{}
	fset := token.NewFileSet()
	for _, dir := range dirs {
		files, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			file, err := parser.ParseFile(fset, f, src, parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range file.Decls {
				fn, ok := d.(*ast.FuncDecl)
				if !ok || !strings.HasPrefix(fn.Name.Name, "Test") {
					continue
				}
				start := fn.Pos()
				if fn.Doc != nil {
					start = fn.Doc.Pos()
				}
				out[fn.Name.Name] = string(src[fset.Position(start).Offset:fset.Position(fn.End()).Offset])
			}
		}
	}
	return out
}

// namesCase reports whether a test's name carries the case, as the readers
// wrote them: TestS10_2_1Diesel... for 10.2.1.
func namesCase(name, c string) bool {
	re := regexp.MustCompile(`S` + strings.ReplaceAll(c, ".", "_") + `($|[^\d_]|_[^\d])`)
	return re.MatchString(name)
}

// mentions reports whether text names case c as a whole number ("9.6.7",
// not "9.6.70" or "19.6.7").
func mentions(text, c string) bool {
	re := regexp.MustCompile(`(^|[^\d.])` + regexp.QuoteMeta(c) + `($|[^\d]|\.[^\d])`)
	return re.MatchString(text)
}
