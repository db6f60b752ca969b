package web

import (
	"context"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/bot/luck"
	"github.com/kaleun/kaleun/engine"
)

type fakePlayers map[string]*Player

func (f fakePlayers) FindPlayer(_ context.Context, link string) (*Player, error) {
	if p := f[link]; p != nil {
		return p, nil
	}
	return nil, ErrNoGame
}

// Issue 32's player page, by its link: his careers, each linked to its
// game's page, and his luck: the summary in words, and each chart's
// verdict with its results against fair dice's in a table; names are
// escaped; any other link is 404.
func TestWebPlayerPage(t *testing.T) {
	link := "discord~g1~u1.0123456789abcdef0123456789abcdef"
	var rolls []engine.Roll
	for f := 1; f <= 6; f++ {
		for range 6 {
			rolls = append(rolls, engine.Roll{Chart: "E1", Case: "9.4", Purpose: "Attack <torpedo>", Dice: "1d6", Faces: []int{f}, Natural: f})
		}
	}
	site, err := New(Options{Players: fakePlayers{link: {Name: "<Prien>", Server: "His careers on a discord server.", Luck: luck.Measure(rolls), Games: 1, Withheld: 1,
		Careers: []PlayerCareer{{Kind: "The Hunters", Label: "U-47 (Type VIIB)", Name: "Prien", Line: "31,000 t · KptLt", Link: "g1.aaaa"}}}}})
	if err != nil {
		t.Fatal(err)
	}
	res, page := fetch(t, site, "/"+PlayerPath(link))
	if res.StatusCode != 200 || res.Header.Get("Content-Security-Policy") == "" {
		t.Fatalf("%d %v", res.StatusCode, res.Header)
	}
	for _, want := range []string{
		"<h1>&lt;Prien&gt;&#39;s careers</h1>",
		`<strong>The Hunters · U-47 (Type VIIB) · Prien</strong>: 31,000 t · KptLt · <a href="../../g/g1.aaaa/">career's page</a>`,
		`<h2 id="luck">Luck</h2>`, "Over 36 rolls on 1 chart ",
		"Read from 1 game; 1 running game left out until its log may be shown",
		`<h3 id="chart-1">E1: Attack &lt;torpedo&gt; (1d6)</h3>`,
		"36 rolls, mean 3.50 against fair dice&#39;s 3.50; chi-square 0.0 on 5 degrees of freedom, p = 1.00",
		`<tr><th scope="row">1</th><td>6</td><td>6.0</td></tr>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %s\n%s", want, page)
		}
	}
	checkAccessible(t, "a player's page", page)
	for _, bad := range []string{"/p/discord~g1~u2.0123456789abcdef0123456789abcdef/", "/p/", "/p/" + link + "/x"} {
		if res, _ := fetch(t, site, bad); res.StatusCode != 404 {
			t.Errorf("%s: %d", bad, res.StatusCode)
		}
	}
	if res, _ := fetch(t, site, "/p/"+link); res.StatusCode != 301 {
		t.Errorf("without its slash: %d", res.StatusCode)
	}
}

// A leaderboard's line links to its player's page; the historical list's
// lines have no player.
func TestWebLeaderboardLinksThePlayers(t *testing.T) {
	link := "discord~g1~hunters.0123456789abcdef0123456789abcdef"
	site, err := New(Options{Boards: fakeBoards{link: {Title: "Leaderboard", Sections: []BoardSection{
		{Title: "Leaderboard", Lines: []BoardLine{{Name: "1. Prien", Value: "31,000 t", Player: "discord~g1~u1.ffff"}}},
		{Title: "The historical top ten", Lines: []BoardLine{{Name: "1. Kretschmer", Value: "274,333 t"}}}}}}})
	if err != nil {
		t.Fatal(err)
	}
	_, page := fetch(t, site, "/"+BoardPath(link))
	if !strings.Contains(page, `<strong>1. Prien</strong>: 31,000 t · <a href="../../p/discord~g1~u1.ffff/">player's page</a>`) || strings.Count(page, "player's page") != 1 {
		t.Fatalf("%s", page)
	}
}
