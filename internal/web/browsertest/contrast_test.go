package browsertest

import "testing"

// contrastJS lists the page's text whose colour has less than min:1
// contrast (WCAG's ratio of relative luminances) with the background it is
// drawn on, as Chromium computed both: each element with text of its own,
// its colour against the first opaque background at or above it.
const contrastJS = `((min) => {
	const rgb = (s) => (s.match(/[\d.]+/g) || []).map(Number);
	const lum = ([r, g, b]) => {
		const c = [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
		return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
	};
	const bgOf = (e) => {
		for (; e; e = e.parentElement) {
			const c = rgb(getComputedStyle(e).backgroundColor);
			if (c.length >= 3 && (c.length < 4 || c[3] > 0.99)) return c;
		}
		return rgb(getComputedStyle(document.documentElement).backgroundColor || "rgb(255,255,255)");
	};
	const low = [];
	for (const e of document.querySelectorAll("body *")) {
		const own = Array.from(e.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim() !== "");
		if (!own || e.offsetParent === null && getComputedStyle(e).position !== "fixed") continue;
		const fg = rgb(getComputedStyle(e).color), bg = bgOf(e);
		const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
		const ratio = (a + 0.05) / (b + 0.05);
		if (ratio < min) low.push(e.tagName.toLowerCase() + (e.className ? "." + e.className : "") + " " + ratio.toFixed(2) + ":1 (" + getComputedStyle(e).color + " on rgb(" + bg.slice(0, 3).join(",") + ")): " + e.textContent.trim().slice(0, 40));
	}
	return low;
})`

// contrasted fails for the page's text of less than 7:1 contrast, the
// stylesheet's promise (WCAG AAA), in the colour scheme the tab emulates.
func contrasted(t *testing.T, tb *tab, name string) {
	t.Helper()
	var low []string
	tb.eval(contrastJS+"(7)", &low)
	if len(low) > 0 {
		t.Errorf("%s: text of less than 7:1 contrast: %q", name, low)
	}
}
