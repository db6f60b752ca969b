package hunters

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestEveryCaseIsCoveredOrListed reads the rulebook (in ../shared beside the
// checkout, as CI has it) and checks that every case number of sections 4-14
// appears in this package's code or tests, or in docs/cases-without-code.md.
func TestEveryCaseIsCoveredOrListed(t *testing.T) {
	book, err := os.ReadFile(filepath.Join("..", "..", "..", "shared", "rules", "the-hunters.md"))
	if err != nil {
		t.Skipf("rulebook not found beside the checkout (%v): nothing to check against", err)
	}
	var code strings.Builder
	files, _ := filepath.Glob("*.go")
	more, _ := filepath.Glob("charts/*.go")
	for _, f := range append(files, more...) {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		code.Write(b)
	}
	listed, err := os.ReadFile(filepath.Join("..", "..", "docs", "cases-without-code.md"))
	if err != nil {
		t.Fatal(err)
	}
	caseRe := regexp.MustCompile(`\[((?:[4-9]|1[0-4])\.\d+(?:\.\d+)?)\]`)
	named := caseNumbers(code.String())
	seen := map[string]bool{}
	var missing []string
	for _, m := range caseRe.FindAllStringSubmatch(string(book), -1) {
		c := m[1]
		if seen[c] {
			continue
		}
		seen[c] = true
		if named[c] || listedCase(string(listed), c) {
			continue
		}
		missing = append(missing, c)
	}
	if len(seen) < 250 {
		t.Fatalf("only %d cases found: is the rulebook complete?", len(seen))
	}
	if len(missing) > 0 {
		t.Fatalf("%d case(s) neither in engine/hunters nor in docs/cases-without-code.md: %s", len(missing), strings.Join(missing, " "))
	}
}

// caseNumbers are the case numbers the code names: every number such as
// 9.6.7 that no digit or dot comes before and no digit after. A case is
// named by a longer one that begins with it too (9.6 in "9.6.7"), as a
// reader searching for "9.6" finds it there. One pass over the code, where
// a search per case made this test take a minute under the race detector.
func caseNumbers(code string) map[string]bool {
	named := map[string]bool{}
	isDigit := func(c byte) bool { return c >= '0' && c <= '9' }
	for i := 0; i < len(code); {
		if !isDigit(code[i]) || i > 0 && (isDigit(code[i-1]) || code[i-1] == '.') {
			i++
			continue
		}
		j := i
		for j < len(code) && (isDigit(code[j]) || code[j] == '.') {
			if code[j] == '.' {
				named[code[i:j]] = true
			}
			j++
		}
		named[code[i:j]] = true
		i = j
	}
	return named
}

// listedCase reads list items "- 9.1.3 —" and ranges "- 13.0-13.5.6 —".
func listedCase(doc, c string) bool {
	for _, line := range strings.Split(doc, "\n") {
		if !strings.HasPrefix(line, "- ") {
			continue
		}
		head, _, _ := strings.Cut(line[2:], " —")
		for _, item := range strings.Split(head, ", ") {
			if item == c {
				return true
			}
			if lo, hi, ok := strings.Cut(item, "-"); ok && inRange(c, lo, hi) {
				return true
			}
		}
	}
	return false
}

func inRange(c, lo, hi string) bool {
	return compareCase(c, lo) >= 0 && compareCase(c, hi) <= 0
}

func compareCase(a, b string) int {
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(pa) || i < len(pb); i++ {
		var x, y int
		if i < len(pa) {
			x = atoiSafe(pa[i])
		}
		if i < len(pb) {
			y = atoiSafe(pb[i])
		}
		if x != y {
			if x < y {
				return -1
			}
			return 1
		}
	}
	return 0
}

func atoiSafe(s string) int {
	n := 0
	for _, r := range s {
		if r < '0' || r > '9' {
			return n
		}
		n = n*10 + int(r-'0')
	}
	return n
}
