package web

import (
	"fmt"
	"io/fs"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// Each page is readable without help: a language, a title, the width of a
// phone (viewport), one h1 and no heading level skipped, every control
// named by a label (or, for the button, its text), no inline script or
// style (the policy forbids them: they would not run), and relative links
// only (a proxy may serve the site under a prefix).
func TestWebPagesAreAccessible(t *testing.T) {
	sub, _ := fs.Sub(embedded, "static")
	for _, name := range []string{"index.html", "verify/index.html"} {
		b, err := fs.ReadFile(sub, name)
		if err != nil {
			t.Fatal(err)
		}
		checkAccessible(t, name, string(b))
	}
}

// checkAccessible holds one page to TestWebPagesAreAccessible's checks.
func checkAccessible(t *testing.T, name, page string) {
	t.Helper()
	{
		for _, want := range []string{`<html lang="en">`, `<meta charset="utf-8">`, `<meta name="viewport" content="width=device-width, initial-scale=1">`, "<title>", "<main>"} {
			if !strings.Contains(page, want) {
				t.Errorf("%s lacks %s", name, want)
			}
		}
		last := 0
		for i, m := range regexp.MustCompile(`<h([1-6])\b`).FindAllStringSubmatch(page, -1) {
			level, _ := strconv.Atoi(m[1])
			if i == 0 && level != 1 || i > 0 && level == 1 || level > last+1 {
				t.Errorf("%s: heading h%d after h%d (one h1, first; no level skipped)", name, level, last)
			}
			last = level
		}
		labels := map[string]bool{}
		for _, m := range regexp.MustCompile(`<label for="([^"]+)"`).FindAllStringSubmatch(page, -1) {
			labels[m[1]] = true
		}
		for _, m := range regexp.MustCompile(`<input\b[^>]*\bid="([^"]+)"`).FindAllStringSubmatch(page, -1) {
			if !labels[m[1]] {
				t.Errorf("%s: the input %s has no label", name, m[1])
			}
		}
		for _, m := range regexp.MustCompile(`(?s)<button\b[^>]*>(.*?)</button>`).FindAllStringSubmatch(page, -1) {
			if strings.TrimSpace(m[1]) == "" {
				t.Errorf("%s: a button without text", name)
			}
		}
		if regexp.MustCompile(`<script>|<script\s+[^>]*>[^<]+</script>|\sstyle="|<style|\son[a-z]+="`).MatchString(page) {
			t.Errorf("%s: an inline script, style or handler, which the policy forbids", name)
		}
		if regexp.MustCompile(`(href|src)="(/|https?:)`).MatchString(page) {
			t.Errorf("%s: an absolute link", name)
		}
		// An image says what it shows.
		for _, m := range regexp.MustCompile(`<img\b[^>]*>`).FindAllString(page, -1) {
			if !regexp.MustCompile(`\salt="[^"]+"`).MatchString(m) {
				t.Errorf("%s: an image without alt text: %s", name, m)
			}
		}
	}
}

// The style sheet's colours: text, muted text, links, each verdict and
// code on their backgrounds reach 7:1 (WCAG's AAA for text), in the light
// scheme and the dark one; the layout is one column at every width (no
// grid, no columns, no float).
func TestWebContrastAndOneColumn(t *testing.T) {
	b, err := fs.ReadFile(embedded, "static/style.css")
	if err != nil {
		t.Fatal(err)
	}
	css := string(b)
	dark := strings.Index(css, "prefers-color-scheme: dark")
	if dark < 0 {
		t.Fatal("no dark scheme")
	}
	for scheme, block := range map[string]string{"light": css[:dark], "dark": css[dark:]} {
		vars := map[string]string{}
		for _, m := range regexp.MustCompile(`--([a-z0-9-]+):\s*(#[0-9a-fA-F]{6});`).FindAllStringSubmatch(block, -1) {
			if _, seen := vars[m[1]]; !seen {
				vars[m[1]] = m[2]
			}
		}
		for _, p := range [][2]string{{"fg", "bg"}, {"muted", "bg"}, {"link", "bg"}, {"line", "bg"}, {"ok-fg", "ok-bg"}, {"bad-fg", "bad-bg"}, {"warn-fg", "warn-bg"}, {"fg", "code-bg"}, {"bg", "fg"},
			{"s0", "bg"}, {"s1", "bg"}, {"s2", "bg"}, {"s3", "bg"}, {"s4", "bg"}, {"s5", "bg"}} {
			fg, bg := vars[p[0]], vars[p[1]]
			if fg == "" || bg == "" {
				t.Fatalf("%s: --%s or --%s is not set", scheme, p[0], p[1])
			}
			min := 7.0
			if p[0] == "line" || p[0][0] == 's' && p[0][1] >= '0' && p[0][1] <= '9' {
				min = 3 // borders of controls, a chart's lines (WCAG 1.4.11)
			}
			if r := contrast(fg, bg); r < min {
				t.Errorf("%s: --%s %s on --%s %s is %.2f:1, under %.0f:1", scheme, p[0], fg, p[1], bg, r, min)
			}
		}
	}
	if regexp.MustCompile(`display:\s*grid|columns:|float:`).MatchString(css) {
		t.Error("the style sheet lays out more than one column")
	}
}

// contrast is WCAG 2's contrast ratio of two #rrggbb colours.
func contrast(a, b string) float64 {
	la, lb := luminance(a), luminance(b)
	return (math.Max(la, lb) + 0.05) / (math.Min(la, lb) + 0.05)
}

func luminance(hex string) float64 {
	var r, g, b int
	fmt.Sscanf(hex, "#%02x%02x%02x", &r, &g, &b)
	lin := func(c int) float64 {
		v := float64(c) / 255
		if v <= 0.03928 {
			return v / 12.92
		}
		return math.Pow((v+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b)
}
