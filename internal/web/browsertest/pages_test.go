package browsertest

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/internal/gamelist"
	"github.com/kaleun/kaleun/internal/web"
	"github.com/kaleun/kaleun/persist/record"
)

var update = flag.Bool("update", false, "write the pages' screenshots into docs/operators/web/")

// screenshots is where -update writes them, from this package's directory.
const screenshots = "../../../docs/operators/web"

// page is one page the browser loads: a new page of the site is one line
// here. The test opens path (under the pages' base), waits for ready (a
// JavaScript expression, "" for the load event alone) and wants the
// page's text, as a reader sees it, to hold every string of want.
type page struct {
	name  string // its screenshots' names: NAME.png, NAME-phone.png
	path  func(p *played) string
	ready string
	want  func(p *played) []string
	// pictures is how many pictures it must draw at least.
	pictures int
	// phoneShot: -update writes its phone screenshot too (one is enough
	// for the docs; every page is held to one column on a phone anyway).
	phoneShot bool
}

// pages are the site's pages of the played games.
var pages = []page{
	{name: "index", path: func(p *played) string { return "" }, want: func(p *played) []string { return []string{"Kaleun", "Verify"} }},
	{name: "game", path: func(p *played) string { return web.GamePath(p.duelLink) }, want: gameWants(func(p *played) *record.GameRecord { return p.duel }), pictures: 1, phoneShot: true},
	{name: "game-wolfpack", path: func(p *played) string { return p.packPath() }, want: gameWants(func(p *played) *record.GameRecord { return p.pack })},
	{name: "replay", path: func(p *played) string { return web.GamePath(p.duelLink) + "?step=3" }, want: func(p *played) []string {
		return []string{"The game at step 3 of", "Step 2 (previous)", "Step 4 (next)"}
	}},
	{name: "audit", path: func(p *played) string { return web.GamePath(p.duelLink) + "audit" }, want: func(p *played) []string {
		return []string{"The audit of", p.duel.Head, "Download the audit file", "Verify it in your browser", "Revealed:"}
	}},
	{name: "verifier", path: func(p *played) string { return p.verifierPath() }, ready: verified, want: func(p *played) []string {
		return []string{"Verified: the log is intact", p.duel.Head, "head: " + p.duel.Head}
	}},
	{name: "tournament", path: func(p *played) string { return web.TournamentPath(p.tournamentLink) }, want: func(p *played) []string {
		return append([]string{"Standings", "career's page", "ended 15 Jan 2026"}, p.names(p.pack)...)
	}},
	{name: "leaderboard", path: func(p *played) string { return web.BoardPath(p.boardLink) }, want: func(p *played) []string {
		return append([]string{"the leaderboard of a slack server"}, p.boardTitles()...)
	}},
	{name: "player", path: func(p *played) string { return web.PlayerPath(p.playerLink()) }, want: func(p *played) []string {
		return []string{p.duel.Seats[0].Name + "'s careers", "Careers", "Luck", "career's page"}
	}},
}

// playerLink is the page of the duel's first player on its server.
func (p *played) playerLink() string {
	link, err := p.store.PlayerLink(context.Background(), "slack", "T1", p.duel.Seats[0].ID)
	if err != nil {
		panic(err)
	}
	return link
}

// verified is true once the verifier has shown its result.
const verified = `!document.getElementById("result").hidden && document.getElementById("status").textContent.startsWith("Done:")`

// gameWants are what a finished game's page shows: its id, players,
// state, score and head, and its replay.
func gameWants(rec func(p *played) *record.GameRecord) func(p *played) []string {
	return func(p *played) []string {
		r := rec(p)
		return append([]string{"game " + r.ID, "finished", r.Head, "Replay: the log step by step", "The start", "The audit page"}, p.names(r)...)
	}
}

// names are a game's players as its page names them.
func (p *played) names(r *record.GameRecord) []string {
	var out []string
	for _, s := range r.Seats {
		out = append(out, s.Name)
	}
	return out
}

func (p *played) packPath() string {
	link, err := p.store.Link(context.Background(), p.pack.ID)
	if err != nil {
		panic(err)
	}
	return web.GamePath(link)
}

// verifierPath is the verifier as the duel's audit page links to it.
func (p *played) verifierPath() string {
	resp, err := http.Get(p.base + web.GamePath(p.duelLink) + "audit")
	if err != nil {
		panic(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	m := regexp.MustCompile(`<a href="([^"]+)">Verify it in your browser`).FindSubmatch(b)
	if m == nil {
		panic("the audit page has no link to the verifier")
	}
	// Relative to the audit page, g/LINK/audit: ../../verify/?audit=…
	href := strings.ReplaceAll(string(m[1]), "&amp;", "&")
	return strings.TrimPrefix(href, "../../")
}

// boardTitles are the leaderboard's sections, as the bot words them.
func (p *played) boardTitles() []string {
	msgs, _, err := p.svc.Leaderboard(context.Background(), "slack", "T1", "hunters")
	if err != nil {
		panic(err)
	}
	var out []string
	for _, m := range msgs {
		out = append(out, m.Title)
		for _, f := range m.Fields {
			out = append(out, f.Name)
		}
	}
	return out
}

// needsVerifier skips (or, under CI, fails) a test that runs the verifier
// when this build has none (go generate ./internal/web was not run).
func needsVerifier(t *testing.T, s *web.Site) {
	t.Helper()
	if s.Verifier() != "" {
		return
	}
	if os.Getenv("CI") != "" {
		t.Fatal("the verifier is not built into the pages: CI runs go generate ./internal/web first")
	}
	t.Skip("the verifier is not built into the pages: run go generate ./internal/web")
}

// Issue 32's real browser: Chromium loads each page of a finished duel
// (13.1) and a finished wolfpack (13.5), as a desktop and as a phone. Each
// page shows what it must, logs no error (a refusal by the pages' policy
// is one), draws its pictures, has text of at least 7:1 contrast in the
// light scheme (the desktop) and the dark one (the phone), and on a phone
// 390 px wide is one column that fits the screen. The verifier, opened from the duel's audit page,
// fetches the file, says "verified" and prints the head kaleun verify
// computes, which is the head the channel was shown.
//
// First, without the browser: no forged link reaches a page.
func TestPagesInChromium(t *testing.T) {
	p := playGames(t)
	forgedLinksNotFound(t, p)
	chromiumPath(t)
	needsVerifier(t, p.site)
	b := startBrowser(t)
	desktop := b.newTab(1280, 900, false)
	phone := b.newTab(390, 844, true)
	// The phone reads in the dark scheme (the stylesheet's second palette).
	phone.call("Emulation.setEmulatedMedia", map[string]any{"features": []map[string]string{{"name": "prefers-color-scheme", "value": "dark"}}})
	times := map[string]time.Duration{}
	for _, pg := range pages {
		for _, view := range []struct {
			tb    *tab
			width int
			name  string
		}{{desktop, 1280, pg.name}, {phone, 390, pg.name + "-phone"}} {
			url := p.base + pg.path(p)
			took := view.tb.open(url)
			if pg.ready != "" {
				took += view.tb.waitFor(pg.ready, 60*time.Second)
			}
			times[view.name] = took
			text := view.tb.text()
			for _, w := range pg.want(p) {
				if !strings.Contains(text, w) {
					t.Errorf("%s (%s): the page does not show %q:\n%.3000s", view.name, url, w, text)
				}
			}
			if errs := view.tb.errors(); len(errs) > 0 {
				t.Errorf("%s (%s): the page logged errors: %q", view.name, url, errs)
			}
			if n := picturesDrawn(t, view.tb, view.name); n < pg.pictures {
				t.Errorf("%s: %d pictures drawn, want %d at least", view.name, n, pg.pictures)
			}
			if view.width == 390 {
				oneColumn(t, view.tb, view.name, 390)
			}
			contrasted(t, view.tb, view.name)
			shot := view.tb.screenshot(map[int]int{1280: 1000, 390: 1400}[view.width])
			if len(shot) > 150<<10 {
				t.Errorf("%s: its screenshot is %d KB, more than the docs' 150 KB", view.name, len(shot)>>10)
			}
			if *update && (view.width != 390 || pg.phoneShot) {
				if err := os.WriteFile(filepath.Join(screenshots, view.name+".png"), shot, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	// The verifier's head is the channel's: the duel's last message gave it.
	var computed string
	desktop.open(p.base + p.verifierPath())
	desktop.waitFor(verified, 60*time.Second)
	desktop.eval(`document.getElementById("computed").textContent`, &computed)
	file, err := http.Get(p.base + web.GamePath(p.duelLink) + "audit.json")
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(file.Body)
	file.Body.Close()
	games, err := gamelist.Registry()
	if err != nil {
		t.Fatal(err)
	}
	native := audit.Check(data, games, audit.CheckOptions{})
	if native.Code != audit.CodeOK || computed != native.Report.Head || computed != p.duel.Head {
		t.Errorf("the verifier in Chromium computed head %q; kaleun verify says %d, head %q; the game's head is %q", computed, native.Code, native.Report.Head, p.duel.Head)
	}
	// Each replay, from its start to its end, by its own links.
	for _, g := range []struct{ name, link string }{{"the duel", p.duelLink}, {"the wolfpack", p.packPath()[len("g/") : len(p.packPath())-1]}} {
		start := time.Now()
		steps, rendered, slowest := replayToTheEnd(t, desktop, p, g.link)
		t.Logf("%s's replay: %d steps walked by their links in %s, %d of them rendered in Chromium (the slowest %dms)", g.name, steps, time.Since(start).Round(time.Millisecond), rendered, slowest.Milliseconds())
	}
	names := make([]string, 0, len(times))
	for n := range times {
		names = append(names, n)
	}
	slices.Sort(names)
	var line strings.Builder
	for _, n := range names {
		fmt.Fprintf(&line, " %s %dms;", n, times[n].Milliseconds())
	}
	t.Logf("load times in Chromium (the verifier's up to its verdict):%s", line.String())
}

// picturesDrawn fails when an image of the page did not load (the
// policy's img-src, a picture that failed to draw).
// It returns how many it drew.
func picturesDrawn(t *testing.T, tb *tab, name string) int {
	t.Helper()
	var r struct {
		Broken []string `json:"broken"`
		Drawn  int      `json:"drawn"`
	}
	tb.waitFor(`Array.from(document.images).every((i) => i.complete)`, 30*time.Second)
	tb.eval(`(() => {
		const all = Array.from(document.images);
		const broken = all.filter((i) => i.naturalWidth === 0).map((i) => i.src);
		return {broken, drawn: all.length - broken.length};
	})()`, &r)
	if len(r.Broken) > 0 {
		t.Errorf("%s: pictures not drawn: %v", name, r.Broken)
	}
	return r.Drawn
}

// oneColumn holds a page at a phone's width to one column: nothing wider
// than the screen (no sideways scrolling), and main's blocks stacked one
// under another at its left edge, none beside another.
func oneColumn(t *testing.T, tb *tab, name string, width int) {
	t.Helper()
	var m struct {
		ScrollWidth float64      `json:"scrollWidth"`
		Left        float64      `json:"left"`
		Blocks      [][4]float64 `json:"blocks"` // left, top, right, bottom
		Wide        []string     `json:"wide"`
	}
	tb.eval(`(() => {
		const main = document.querySelector("main");
		const cs = getComputedStyle(main);
		const left = main.getBoundingClientRect().left + parseFloat(cs.paddingLeft);
		const blocks = Array.from(main.children).filter((e) => e.offsetParent !== null).map((e) => {
			const r = e.getBoundingClientRect();
			return [r.left, r.top, r.right, r.bottom];
		});
		const wide = [];
		for (const e of document.querySelectorAll("body *")) {
			const r = e.getBoundingClientRect();
			if (r.width > 0 && (r.right > `+fmt.Sprint(width)+` + 0.5 || r.left < -0.5)) {
				wide.push(e.tagName.toLowerCase() + (e.className ? "." + e.className : "") + " to " + Math.round(r.right) + " px: " + e.textContent.slice(0, 50));
			}
		}
		// Text too: a word longer than its box overflows it, the box not.
		const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
		for (let n = walk.nextNode(); n; n = walk.nextNode()) {
			const range = document.createRange();
			range.selectNodeContents(n);
			const r = range.getBoundingClientRect();
			if (r.width > 0 && (r.right > `+fmt.Sprint(width)+` + 0.5 || r.left < -0.5)) {
				wide.push("text in " + n.parentElement.tagName.toLowerCase() + " to " + Math.round(r.right) + " px: " + n.textContent.slice(0, 80));
			}
		}
		return {scrollWidth: document.documentElement.scrollWidth, left, blocks, wide};
	})()`, &m)
	if m.ScrollWidth > float64(width) || len(m.Wide) > 0 {
		t.Errorf("%s: wider than a phone of %d px: scrolls to %.0f px; beyond the screen: %v", name, width, m.ScrollWidth, m.Wide)
	}
	for i, r := range m.Blocks {
		if r[0] < m.Left-1 || r[0] > m.Left+1 {
			t.Errorf("%s: block %d of main starts at %.0f px, not at the column's edge %.0f px", name, i, r[0], m.Left)
		}
		if i > 0 && r[1] < m.Blocks[i-1][3]-1 {
			t.Errorf("%s: block %d of main is beside block %d (its top %.0f above the other's bottom %.0f)", name, i, i-1, r[1], m.Blocks[i-1][3])
		}
	}
	if len(m.Blocks) < 2 {
		t.Errorf("%s: main has %d blocks: nothing to hold to one column", name, len(m.Blocks))
	}
}
