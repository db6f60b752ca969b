package web

import (
	"context"
	"strings"
	"testing"
	"time"
)

type fakeTournaments map[string]*Tournament

func (f fakeTournaments) FindTournament(_ context.Context, link string) (*Tournament, error) {
	if t := f[link]; t != nil {
		return t, nil
	}
	return nil, ErrNoGame
}

// A tournament's page, by its link: its standings as the channel shows
// them, each started career linked to its page; any other link is 404.
func TestWebTournamentPageShowsTheStandings(t *testing.T) {
	link := "t1.0123456789abcdef0123456789abcdef"
	site, err := New(Options{Tournaments: fakeTournaments{link: {Name: "Spring <Cup>", Kind: "The Hunters", Status: "running", Organiser: "Dönitz",
		Standings: []Standing{{Place: "1", Name: "Prien", Value: "31,000 t · on patrol", Link: "g1.aaaa"}, {Place: "—", Name: "Schepke", Value: "0 t · withdrawn"}}}}})
	if err != nil {
		t.Fatal(err)
	}
	res, page := fetch(t, site, "/"+TournamentPath(link))
	if res.StatusCode != 200 || res.Header.Get("X-Frame-Options") != "DENY" {
		t.Fatalf("%d %v", res.StatusCode, res.Header)
	}
	for _, want := range []string{"<h1>Spring &lt;Cup&gt;</h1>", "<strong>1. Prien</strong>: 31,000 t · on patrol · <a href=\"../../g/g1.aaaa/\">career's page</a>", "<strong>—. Schepke</strong>: 0 t · withdrawn</li>", "Dönitz"} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %s\n%s", want, page)
		}
	}
	checkAccessible(t, "the tournament's page", page)
	for _, bad := range []string{"/t/t1.0123456789abcdef0123456789abcdee/", "/t/", "/t/" + link + "/x"} {
		if res, _ := fetch(t, site, bad); res.StatusCode != 404 {
			t.Errorf("%s: %d", bad, res.StatusCode)
		}
	}
}

type fakeBoards map[string]*Board

func (f fakeBoards) FindBoard(_ context.Context, link string) (*Board, error) {
	if b := f[link]; b != nil {
		return b, nil
	}
	return nil, ErrNoGame
}

// A server's leaderboard, by its link, as the channel's leaderboard
// command words it; any other link is 404.
func TestWebLeaderboardPage(t *testing.T) {
	link := "discord~g1~hunters.0123456789abcdef0123456789abcdef"
	site, err := New(Options{Boards: fakeBoards{link: {Title: "The Hunters: leaderboard", Sections: []BoardSection{
		{Title: "Leaderboard", Lines: []BoardLine{{Name: "1. Prien", Value: "31,000 t · KptLt · sunk"}}},
		{Title: "The historical top ten", Lines: []BoardLine{{Name: "1. Kretschmer", Value: "274,333 t"}}}}}}})
	if err != nil {
		t.Fatal(err)
	}
	res, page := fetch(t, site, "/"+BoardPath(link))
	if res.StatusCode != 200 || !strings.Contains(page, "<strong>1. Prien</strong>: 31,000 t · KptLt · sunk") || !strings.Contains(page, "<h2>The historical top ten</h2>") {
		t.Fatalf("%d\n%s", res.StatusCode, page)
	}
	checkAccessible(t, "the leaderboard's page", page)
	if res, _ := fetch(t, site, "/l/discord~g2~hunters.0123456789abcdef0123456789abcdef/"); res.StatusCode != 404 {
		t.Errorf("another server's board: %d", res.StatusCode)
	}
}

// Issue 32's tournament page: each started career's next deadline, and a
// chart of the careers' scores over time drawn on the server: an inline
// SVG of numbers only (no entrant's name inside it: those are in the
// HTML legend and table, escaped), with the same figures in a table for a
// screen reader, under the page's strict policy (no style attribute).
func TestWebTournamentPageShowsDeadlinesAndTheChart(t *testing.T) {
	link := "t1.0123456789abcdef0123456789abcdef"
	due := time.Date(2026, 12, 5, 14, 0, 0, 0, time.UTC)
	site, err := New(Options{Tournaments: fakeTournaments{link: {Name: "Cup", Kind: "The Hunters", Status: "running", Unit: "t",
		Standings: []Standing{{Place: "1", Name: "<Prien>", Value: "31,000 t", Link: "g1.aaaa"}},
		Careers: []Career{
			{Name: "<Prien>", Link: "g1.aaaa", Deadline: due, Awaited: "attack (9.4)", Series: []Point{{"start, Sep-39", 0}, {"patrol 1, Oct-39", 12000}, {"patrol 2, Dec-39", 31000}}},
			{Name: "Schepke", Link: "g2.bbbb", Series: []Point{{"start, Sep-39", 0}, {"patrol 1 at sea, Oct-39", 4500}}},
		}}}})
	if err != nil {
		t.Fatal(err)
	}
	res, page := fetch(t, site, "/"+TournamentPath(link))
	if res.StatusCode != 200 {
		t.Fatalf("%d", res.StatusCode)
	}
	for _, want := range []string{
		`<h2 id="deadlines">Deadlines</h2>`,
		`<strong>&lt;Prien&gt;</strong>: attack (9.4) due by <time datetime="2026-12-05T14:00:00Z">Sat 5 Dec 2026, 14:00 UTC</time>`,
		"<strong>Schepke</strong>: no deadline pending for him",
		`<h2 id="chart">Score over time</h2>`, `role="img" aria-labelledby="chart-caption"`,
		`<polyline class="series s0" fill="none" points="72.0,260.0 348.0,201.4 624.0,108.7"/>`,
		`<polyline class="series s1" fill="none" points="72.0,260.0 348.0,238.0"/>`,
		"&lt;Prien&gt;: 31,000 t (patrol 2, Dec-39)",
		`<th scope="col">&lt;Prien&gt;</th>`, `<tr><th scope="row">2</th><td>31,000 t (patrol 2, Dec-39)</td><td></td></tr>`,
		">50,000</text>",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %s\n%s", want, page)
		}
	}
	svg := page[strings.Index(page, "<svg viewBox"):strings.Index(page, "</svg>")]
	if strings.Contains(svg, "Prien") || strings.Contains(svg, "Schepke") || strings.Contains(svg, "style") {
		t.Errorf("the chart carries a name or a style:\n%s", svg)
	}
	checkAccessible(t, "the tournament's page with its chart", page)
}

// The axis's top is a round number: 1, 2 or 5 times a power of ten per
// tick.
func TestChartAxisIsRound(t *testing.T) {
	for in, want := range map[int]int{0: 5, 1: 5, 31000: 50000, 4500: 5000, 99999: 100000, 120001: 250000} {
		if got := niceCeil(in); got != want {
			t.Errorf("niceCeil(%d) = %d, want %d", in, got, want)
		}
	}
}
