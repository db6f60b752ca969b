package web

import (
	"context"
	"strings"
	"testing"
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
