package slack

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/slack-go/slack"

	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/bot/chat"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/internal/slackfake"
)

// homeText is a published Home view's text, block by block.
func homeText(t *testing.T, f *slackfake.Server, user string) string {
	t.Helper()
	v, ok := f.Home(user)
	if !ok {
		t.Fatalf("no Home tab was published for %s", user)
	}
	if v["type"] != "home" {
		t.Fatalf("%s's view is of type %v", user, v["type"])
	}
	var b strings.Builder
	blocks, _ := v["blocks"].([]any)
	for _, x := range blocks {
		bm, _ := x.(map[string]any)
		if text, ok := bm["text"].(map[string]any); ok {
			fmt.Fprintln(&b, text["text"])
		}
		els, _ := bm["elements"].([]any)
		for _, e := range els {
			if em, _ := e.(map[string]any); em["text"] != nil {
				fmt.Fprintln(&b, em["text"])
			}
		}
	}
	return b.String()
}

// Issue 34, item 2, through the real slack-go Socket Mode client against
// the local Slack: opening the App Home tab (app_home_opened) publishes
// the opener's page with views.publish, for him alone — his games, the
// oldest waiting on him first, each saying how long it has waited with a
// permalink to its pending prompt, then his tournaments — built afresh
// each time he opens it. Another player's Home holds his own games only,
// a stranger's none, and the Messages tab publishes nothing.
func TestAppHomeListsTheOpenersGamesOnSlack(t *testing.T) {
	r := startChannelRun(t)
	r.slash("C5", "funker", "/hunters", "new boat:VIIC start:1941-06")
	r.slash("C1", "kapitaen", "/hunters-duel", "new b:<@funker|funker> boat:VIIC start:1941-03 end:1941-08")
	rec, err := r.store.Load(t.Context(), "slack/T1/C1")
	if err != nil {
		t.Fatal(err)
	}
	r.press("C1", "", "funker", "k1:"+rec.ID+":start:go")
	// Played on until a prompt waits on funker.
	waiting := func() string {
		rec, err := r.store.Load(t.Context(), "slack/T1/C1")
		if err != nil {
			t.Fatal(err)
		}
		st, err := r.games[rec.Game].Rules.Decode(rec.State)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range engine.PendingAll(st) {
			for _, s := range rec.Seats {
				if s.Seat == p.Seat {
					return s.ID
				}
			}
		}
		return ""
	}
	webCalls := func() int {
		n := 0
		for _, m := range r.f.Methods() {
			n += r.f.Calls(m)
		}
		return n
	}
	callsBefore, steps := webCalls(), 0
	for i := 0; i < 200 && waiting() != "funker"; i++ {
		if !r.step("C1") {
			t.Fatal("the duel ended before a prompt waited on funker")
		}
		steps++
	}
	if steps > 0 {
		t.Logf("a turn of the duel: %.1f Web API calls (%d over %d turns)", float64(webCalls()-callsBefore)/float64(steps), webCalls()-callsBefore, steps)
	}
	if waiting() != "funker" {
		t.Fatal("no prompt waits on funker")
	}
	tournament(t, r, "C7", "kapitaen", "kapitaen", "funker")

	calls := func() map[string]int {
		out := map[string]int{}
		for _, m := range []string{"views.publish", "chat.getPermalink", "chat.postMessage", "chat.postEphemeral", "chat.update"} {
			out[m] = r.f.Calls(m)
		}
		return out
	}
	before := calls()
	r.send(func(env string) { r.f.HomeOpened(env, "funker") })
	after := calls()
	text := homeText(t, r.f, "funker")
	t.Logf("funker's Home:\n%s", text)
	t.Logf("Web API calls of one Home tab: %d views.publish, %d chat.getPermalink, %d posts",
		after["views.publish"]-before["views.publish"], after["chat.getPermalink"]-before["chat.getPermalink"],
		after["chat.postMessage"]+after["chat.postEphemeral"]+after["chat.update"]-before["chat.postMessage"]-before["chat.postEphemeral"]-before["chat.update"])
	if after["views.publish"]-before["views.publish"] != 1 || after["chat.postMessage"] != before["chat.postMessage"] || after["chat.postEphemeral"] != before["chat.postEphemeral"] {
		t.Errorf("opening the Home tab publishes one view and posts nothing: %v → %v", before, after)
	}
	if !strings.Contains(text, "2 games, 2 waiting on you; 1 tournament.") {
		t.Fatalf("want the career and the duel, both waiting on funker, and his tournament: %q", text)
	}
	career, duel := strings.Index(text, "waits on you: _Start_"), strings.Index(text, "(hunters-duel) waits on you")
	if career < 0 || duel < career {
		t.Fatalf("the career, waiting longest, comes first: %q", text)
	}
	duelLine, _, _ := strings.Cut(text[duel:], "\n")
	if !regexp.MustCompile(`<https://fake\.slack\.com/archives/C1/p\d+\|Jump to game>`).MatchString(duelLine) || !strings.Contains(text[:duel], "⏳ ") {
		t.Errorf("the duel's line %q does not link to funker's prompt, or says not how long it waited", duelLine)
	}
	careerLine, _, _ := strings.Cut(text[career:], "\n")
	// Its Start came in the slash command's answer, whose message Slack
	// does not name: the line links to its channel.
	if !regexp.MustCompile(`<https://fake\.slack\.com/archives/C5/p\d+\|Jump to game>|<#C5>`).MatchString(careerLine) {
		t.Errorf("the career's line %q does not link to C5", careerLine)
	}
	if i := strings.Index(text, "Your tournaments"); i < duel || !strings.Contains(text[i:], "🏆 *Winter Cup* (hunters): 2 entrants so far") || !strings.Contains(text[i:], "<#C7>") {
		t.Errorf("his tournament, after his games, linking to its channel: %q", text)
	}

	// kapitaen's Home: the duel and the tournament, nothing of funker's career.
	r.send(func(env string) { r.f.HomeOpened(env, "kapitaen") })
	other := homeText(t, r.f, "kapitaen")
	if strings.Contains(other, "C5") || strings.Contains(other, "_Start_") || !strings.Contains(other, "1 game, 0 waiting on you; 1 tournament.") {
		t.Errorf("kapitaen's Home holds his own games only:\n%s", other)
	}
	r.send(func(env string) { r.f.HomeOpened(env, "nobody") })
	if none := homeText(t, r.f, "nobody"); !strings.Contains(none, "You play in no game") {
		t.Errorf("a stranger's Home: %q", none)
	}
	r.send(func(env string) { r.f.TabOpened(env, "kapitaen", "messages") })
	if got := r.f.Publishes(); got["funker"] != 1 || got["kapitaen"] != 1 || got["nobody"] != 1 || len(got) != 3 {
		t.Errorf("each Home is published to its opener alone: %v", got)
	}
	// Refreshed when opened again: funker has answered, and it says so.
	for waiting() == "funker" {
		r.step("C1")
	}
	r.send(func(env string) { r.f.HomeOpened(env, "funker") })
	if again := homeText(t, r.f, "funker"); !strings.Contains(again, "1 waiting on you") || r.f.Publishes()["funker"] != 2 {
		t.Errorf("opened again, the Home is built afresh: %q", again)
	}
}

// tournament opens one in a channel, the first user its organiser, the
// others entrants.
func tournament(t *testing.T, r *channelRun, channel, organiser string, entrants ...string) {
	t.Helper()
	r.slash(channel, organiser, "/hunters", "tournament create format:top length:short boat:VIIC name:\"Winter Cup\"")
	for _, e := range entrants {
		r.slash(channel, e, "/hunters", "tournament join")
	}
}

// A Home tab holds at most Slack's 100 blocks (the fake refuses more, as
// Slack does): a page too long for them shows what fits, the games first
// and the tournaments at least a fifth of the room, and says honestly how
// many of each it leaves out.
func TestAppHomeKeepsWithinSlacksHundredBlocks(t *testing.T) {
	f := slackfake.New(t)
	a := &Adapter{api: slack.New("xoxb-test", slack.OptionAPIURL(f.APIURL()+"/"))}
	home := chat.Place{Platform: "slack", Space: "T1", Channel: "C1"}
	page := func(games, tours int) bot.GamesPage {
		var p bot.GamesPage
		for i := range games {
			p.Games = append(p.Games, chat.Line{Text: fmt.Sprintf("⏳ %d days · **Game g%d** (hunters) waits on you: _Start_", games-i, i), Home: home})
		}
		for i := range tours {
			p.Tournaments = append(p.Tournaments, chat.Line{Text: fmt.Sprintf("🏆 **Cup %d** (hunters): running", i), Home: home})
		}
		return p
	}
	for _, c := range []struct{ games, tours, shownGames, shownTours int }{
		{0, 0, 0, 0}, {10, 3, 10, 3}, {97, 0, 97, 0}, {98, 0, 96, 0}, {95, 0, 95, 0},
		{200, 3, 91, 3}, {200, 40, 74, 19}, {2, 200, 2, 92}, {0, 300, 0, 94},
	} {
		blocks := a.homeBlocks(t.Context(), page(c.games, c.tours), time.Now())
		user := fmt.Sprintf("U%d-%d", c.games, c.tours)
		if _, err := a.api.PublishViewContext(t.Context(), slack.PublishViewContextRequest{UserID: user, View: slack.HomeTabViewRequest{Type: slack.VTHomeTab, Blocks: slack.Blocks{BlockSet: blocks}}}); err != nil {
			t.Errorf("%d games, %d tournaments: %d blocks refused: %v", c.games, c.tours, len(blocks), err)
			continue
		}
		text := homeText(t, f, user)
		games, tours := strings.Count(text, "**Game ")+strings.Count(text, "*Game g"), strings.Count(text, "*Cup ")
		if len(blocks) > homeMaxBlocks || games != c.shownGames || tours != c.shownTours {
			t.Errorf("%d games, %d tournaments: %d blocks, %d games and %d tournaments shown; want ≤ %d, %d and %d", c.games, c.tours, len(blocks), games, tours, homeMaxBlocks, c.shownGames, c.shownTours)
		}
		for _, rest := range []struct {
			n     int
			which string
		}{{c.games - c.shownGames, "the quietest"}, {c.tours - c.shownTours, "the newest"}} {
			line := fmt.Sprintf("… and %d more (%s).", rest.n, rest.which)
			if strings.Contains(text, line) != (rest.n > 0) {
				t.Errorf("%d games, %d tournaments: %q is %v", c.games, c.tours, line, strings.Contains(text, line))
			}
		}
		t.Logf("%d games, %d tournaments: %d blocks, %d and %d shown", c.games, c.tours, len(blocks), games, tours)
	}
	// Past 100 blocks Slack refuses the view, and so does the fake.
	var many []slack.Block
	for range homeMaxBlocks + 1 {
		many = append(many, section("x"))
	}
	if _, err := a.api.PublishViewContext(t.Context(), slack.PublishViewContextRequest{UserID: "U0", View: slack.HomeTabViewRequest{Type: slack.VTHomeTab, Blocks: slack.Blocks{BlockSet: many}}}); err == nil || !strings.Contains(err.Error(), "invalid_arguments") {
		t.Errorf("101 blocks: %v", err)
	}
}

// Over HTTP, Slack posts app_home_opened as JSON to /slack/events, signed:
// the adapter answers the URL's challenge with itself, publishes the
// opener's Home once per event (a replay is refused, Slack's retry of it
// answered and not acted upon again), and refuses an unsigned event.
func TestAppHomeOverHTTP(t *testing.T) {
	f := slackfake.New(t)
	b := startHTTPBot(t, f, nil, nil)
	app := f.HTTPApp("http://"+b.a.Addr, testSecret)
	if a, err := app.Send(app.Slash("s1", "C1", "U1", "/hunters", "new boat:VIIC")); err != nil || a.Status != http.StatusOK {
		t.Fatalf("new: %+v %v", a, err)
	}
	if a, err := app.Send(app.URLVerification("v1", "3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P")); err != nil || a.Status != http.StatusOK || a.Body != "3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P" {
		t.Fatalf("url_verification: %+v %v", a, err)
	}
	forged := app.HomeOpened("h0", "U1")
	forged.Signature = "v0=" + strings.Repeat("0", 64)
	if a, err := app.Send(forged); err != nil || a.Status != http.StatusUnauthorized {
		t.Fatalf("an unsigned event: %+v %v", a, err)
	}
	opened := app.HomeOpened("h1", "U1")
	if a, err := app.Send(opened); err != nil || a.Status != http.StatusOK {
		t.Fatalf("app_home_opened: %+v %v", a, err)
	}
	if a, err := app.Send(opened); err != nil || a.Status != http.StatusConflict {
		t.Fatalf("its replay: %+v %v", a, err)
	}
	if a, err := app.Send(app.Retry(opened, 1)); err != nil || a.Status != http.StatusOK {
		t.Fatalf("Slack's retry of it: %+v %v", a, err)
	}
	if a, err := app.Send(app.HomeOpened("h2", "U2")); err != nil || a.Status != http.StatusOK {
		t.Fatalf("another's app_home_opened: %+v %v", a, err)
	}
	b.a.Close() // waits for what the events began
	if got := f.Publishes(); got["U1"] != 1 || got["U2"] != 1 || got["U0"] != 0 {
		t.Fatalf("each event publishes its opener's Home once: %v", got)
	}
	if text := homeText(t, f, "U1"); !strings.Contains(text, "1 game, 1 waiting on you; 0 tournaments.") || !strings.Contains(text, "waits on you: _Start_") {
		t.Errorf("U1's Home: %q", text)
	}
	if text := homeText(t, f, "U2"); !strings.Contains(text, "You play in no game") {
		t.Errorf("U2's Home holds none of U1's games: %q", text)
	}
}
