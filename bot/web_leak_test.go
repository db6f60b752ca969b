package bot

import (
	"context"
	"encoding/json"
	"errors"
	"html/template"
	"io"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/engine/hunters/duel"
	"github.com/kaleun/kaleun/engine/tonnagewar"
	"github.com/kaleun/kaleun/internal/web"
	"github.com/kaleun/kaleun/persist"
	"github.com/kaleun/kaleun/persist/record"
)

// Issue 32's "hidden stays hidden": a game's web pages, scanned as the
// chat's leak tests scan the channel, at every step of a game played
// through the bot.

// storeGames are the store's games as the pages read them.
type storeGames struct{ *persist.Store }

func (g storeGames) FindLink(ctx context.Context, link string) (*record.GameRecord, error) {
	rec, err := g.Store.FindLink(ctx, link)
	if errors.Is(err, persist.ErrNotFound) {
		return nil, web.ErrNoGame
	}
	return rec, err
}

var stepLink = regexp.MustCompile(`href="\?step=(\d+)#now"`)

// webPages fetches a game's pages: the page as it stands, every step of
// its replay it links to (all: true; else the last), its audit page
// and its audit file; by path.
func webPages(t *testing.T, site *web.Site, store *persist.Store, id string, all bool) map[string]string {
	t.Helper()
	link, err := store.Link(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	base := "/" + web.GamePath(link)
	get := func(path string) string {
		w := httptest.NewRecorder()
		site.ServeHTTP(w, httptest.NewRequest("GET", path, nil))
		b, _ := io.ReadAll(w.Result().Body)
		if c := w.Result().StatusCode; c != 200 && c != 403 {
			t.Fatalf("%s: %d %s", path, c, b)
		}
		return string(b)
	}
	pages := map[string]string{base: get(base), base + "audit": get(base + "audit"), base + "audit.json": get(base + "audit.json")}
	var steps []string
	seen := map[string]bool{}
	for _, m := range stepLink.FindAllStringSubmatch(pages[base], -1) {
		if !seen[m[1]] {
			seen[m[1]] = true
			steps = append(steps, m[1])
		}
	}
	if !all && len(steps) > 1 {
		steps = steps[len(steps)-1:]
	}
	for _, n := range steps {
		pages[base+"?step="+n] = get(base + "?step=" + n)
	}
	return pages
}

// playerPages adds the pages of the players of the place's server (their
// careers and their luck) to pages, by path.
func playerPages(t *testing.T, site *web.Site, store *persist.Store, pages map[string]string, users ...User) {
	t.Helper()
	for _, u := range users {
		link, err := store.PlayerLink(t.Context(), here.Platform, here.Space, u.ID)
		if err != nil {
			t.Fatal(err)
		}
		path := "/" + web.PlayerPath(link)
		w := httptest.NewRecorder()
		site.ServeHTTP(w, httptest.NewRequest("GET", path, nil))
		b, _ := io.ReadAll(w.Result().Body)
		if c := w.Result().StatusCode; c != 200 || !strings.Contains(string(b), `<h2 id="luck">Luck</h2>`) {
			t.Fatalf("%s: %d %s", path, c, b)
		}
		pages[path] = string(b)
	}
}

// getPage adds one page to pages, by path; it must be served.
func getPage(t *testing.T, site *web.Site, pages map[string]string, path string) {
	t.Helper()
	w := httptest.NewRecorder()
	site.ServeHTTP(w, httptest.NewRequest("GET", path, nil))
	b, _ := io.ReadAll(w.Result().Body)
	if c := w.Result().StatusCode; c != 200 {
		t.Fatalf("%s: %d %s", path, c, b)
	}
	pages[path] = string(b)
}

// boardPage adds the server's leaderboard of a game to pages.
func boardPage(t *testing.T, site *web.Site, store *persist.Store, pages map[string]string, game string) {
	t.Helper()
	link, err := store.BoardLink(t.Context(), here.Platform, here.Space, game)
	if err != nil {
		t.Fatal(err)
	}
	getPage(t, site, pages, "/"+web.BoardPath(link))
}

// noneShown fails when a page holds one of the secrets.
func noneShown(t *testing.T, step int, pages map[string]string, secrets map[string]string) {
	t.Helper()
	for path, page := range pages {
		for secret, what := range secrets {
			if strings.Contains(page, secret) || strings.Contains(page, template.HTMLEscapeString(secret)) {
				t.Fatalf("step %d: %s shows %s (%q)", step, path, what, secret)
			}
		}
	}
}

// hiddenTexts are the log's events for one seat's eyes or for nobody's,
// that no public event also says.
func hiddenTexts(t *testing.T, store *persist.Store, id string) map[string]string {
	evs, err := store.Events(t.Context(), id, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	hidden, public := map[string]string{}, map[string]bool{}
	for _, e := range evs {
		var ev engine.Event
		json.Unmarshal(e.Event, &ev)
		if ev.Seat != "" || ev.Hidden {
			hidden[ev.String()] = "an event for " + map[bool]string{true: "nobody's", false: "seat " + ev.Seat + "'s"}[ev.Hidden] + " eyes"
		} else {
			public[ev.String()] = true
		}
	}
	for text := range hidden {
		if public[text] || len(text) < 12 {
			delete(hidden, text)
		}
	}
	return hidden
}

// A Tonnage War match through the bot, its pages fetched after every
// decision: no page names a card still in a hand, shows an event for one
// player's eyes or for nobody's, or holds the seed in force; the replay and
// the audit file are withheld until the match ends, then shown.
func TestWebPagesKeepTonnageWarHandsHidden(t *testing.T) {
	tw, err := tonnagewar.NewRules()
	if err != nil {
		t.Fatal(err)
	}
	games := engine.Described(map[string]engine.Rules{"tonnagewar": tw})
	svc, store := serviceWith(t, games, "tw", false)
	site, err := web.New(web.Options{Games: storeGames{store}, Rules: games, Players: svc, Boards: svc, Tournaments: svc})
	if err != nil {
		t.Fatal(err)
	}
	var id string
	decisions := 0
	playTonnageWar(t, svc, store, games, func(step int, rec *persist.GameRecord, ts *tonnagewar.State, seatUser map[string]User) {
		id = rec.ID
		secrets := hiddenTexts(t, store, id)
		secrets[rec.Dice.Seed] = "the seed in force"
		for seat, u := range seatUser {
			for _, name := range ts.HandCardNames(seat) {
				secrets[name] = u.Name + "'s card in hand"
			}
		}
		pages := webPages(t, site, store, id, true)
		for _, u := range seatUser {
			playerPages(t, site, store, pages, u)
		}
		boardPage(t, site, store, pages, "tonnagewar")
		noneShown(t, step, pages, secrets)
		for path, page := range pages {
			if strings.Contains(path, "?step=") {
				t.Fatalf("step %d: a replay step of a running match is served: %s", step, path)
			}
			if strings.HasPrefix(path, "/p/") && !strings.Contains(page, "1 running game left out until its log may be shown") {
				t.Fatalf("step %d: the player's page does not say the running match's rolls are left out:\n%s", step, page)
			}
			if strings.HasPrefix(path, "/g/") && strings.HasSuffix(path, "/") && !strings.Contains(page, "Not while the game runs: "+template.HTMLEscapeString(audit.WithheldCards)) {
				t.Fatalf("step %d: the page does not say its log is withheld", step)
			}
		}
		decisions++
	})
	pages := webPages(t, site, store, id, false)
	playerPages(t, site, store, pages, prien, User{ID: "u2", Name: "Walker"})
	for path, page := range pages {
		if strings.HasPrefix(path, "/p/") && (strings.Contains(page, "left out until") || !strings.Contains(page, "Read from 1 game")) {
			t.Fatalf("the match is over, and the player's page %s still leaves its rolls out:\n%s", path, page)
		}
		if strings.Contains(page, "Not while the game runs") || strings.HasSuffix(path, "audit.json") && !strings.Contains(page, `"format": "kaleun-audit"`) {
			t.Fatalf("the match is over, and %s still withholds its log:\n%s", path, page)
		}
	}
	t.Logf("%d clicks, every page scanned before each", decisions)
}

// A duel with 14.8's secret choices through the bot, its pages fetched
// after every decision: while one player's secret choice is made and the
// other's pending, no page holds the log's entry of the first (which
// names the key chosen; its text says only "chosen in secret"), nor the
// seed in force at any time; the replay and the file are withheld then.
func TestWebPagesKeepTheDuelsSecretChoiceHidden(t *testing.T) {
	svc, store, games := newDuelService(t)
	site, err := web.New(web.Options{Games: storeGames{store}, Rules: games, Players: svc, Boards: svc, Tournaments: svc})
	if err != nil {
		t.Fatal(err)
	}
	r, err := svc.Command(t.Context(), here, prien, "hunters-duel", "new", map[string]string{"boat": "VIIC", "start": "1941-06", "rules": "14.8", "b": UserArg(kretschmer.ID, kretschmer.Name)})
	if err != nil {
		t.Fatal(err)
	}
	r = mustClick(t, svc, kretschmer, lastPrompt(t, r).Options[0].ID)
	rec, _ := store.Load(t.Context(), here.Key())
	id := rec.ID
	// A tournament whose two careers are the duel's seats (saved as the
	// bot saves one), so its page (standings, deadlines, chart) is scanned
	// too.
	if err := store.SaveTournament(t.Context(), &persist.Tournament{ID: "t1", Game: "hunters-duel", Name: "Cup", Key: "discord/guild1/cups", Status: "running",
		Entrants: []persist.Entrant{{User: prien.ID, Name: prien.Name, GameID: id, Place: here.Key(), Seat: "a"}, {User: kretschmer.ID, Name: kretschmer.Name, GameID: id, Place: here.Key(), Seat: "b"}}}); err != nil {
		t.Fatal(err)
	}
	tlink, err := store.TournamentLink(t.Context(), "t1")
	if err != nil {
		t.Fatal(err)
	}
	secretMoments, steps := 0, 0
	for i := 0; i < 400 && secretMoments < 3 && !ended(r); i++ {
		rec, err := store.Load(t.Context(), here.Key())
		if err != nil {
			t.Fatal(err)
		}
		st, _ := games["hunters-duel"].Rules.Decode(rec.State)
		secrets := map[string]string{rec.Dice.Seed: "the seed in force"}
		secretPending := false
		for _, p := range engine.PendingAll(st) {
			secretPending = secretPending || p.Secret
		}
		if secretPending {
			// The last choice logged, made in private, while the other's
			// secret choice waits.
			evs, _ := store.Events(t.Context(), id, 1, 0)
			for j := len(evs) - 1; j >= 0; j-- {
				var ev engine.Event
				json.Unmarshal(evs[j].Event, &ev)
				if ev.Kind == engine.KindChoice && ev.Choice != nil {
					// Its text says only that it was chosen in secret
					// (14.8.3); its entry holds the key chosen, and is
					// the only place that names its token on a page.
					secrets[`"token": "`+ev.Choice.Token+`"`] = "the log's entry of the secret choice made, with its key"
					secrets[`"token":"`+ev.Choice.Token+`"`] = "the log's entry of the secret choice made, with its key"
					break
				}
			}
			if len(secrets) > 2 {
				secretMoments++
			}
		}
		pages := webPages(t, site, store, id, secretPending || i%100 == 0)
		if secretPending || i%10 == 0 {
			// Each replays the log: at the moments that matter, and now
			// and then.
			playerPages(t, site, store, pages, prien, kretschmer)
			boardPage(t, site, store, pages, "hunters-duel")
			getPage(t, site, pages, "/"+web.TournamentPath(tlink))
		}
		noneShown(t, i, pages, secrets)
		for path := range pages {
			if secretPending && strings.Contains(path, "?step=") {
				t.Fatalf("decision %d: the replay is served while a secret choice is pending: %s", i, path)
			}
		}
		p := lastPrompt(t, r)
		who := map[string]User{prien.ID: prien, kretschmer.ID: kretschmer}[p.Owner]
		if p.Prompt.Private {
			opened := mustClick(t, svc, who, p.Options[0].ID)
			r = mustClick(t, svc, who, opened.Private[len(opened.Private)-1].Options[0].ID)
			steps++
			continue
		}
		r = mustClick(t, svc, who, optionID(rec.ID, p.Prompt.Token, hunters.Command(st.(*duel.State).Career())))
		steps++
	}
	if secretMoments == 0 {
		t.Fatal("no secret choice was pending with the other's made")
	}
	t.Logf("%d decisions, %d moments with a secret choice made and one pending", steps, secretMoments)
}

// playTonnageWar plays a Tonnage War match through the bot between Prien
// and Walker, who pick their moves with fixed dice, calling each before
// every click with the game as it stands; it returns the reply that ended
// the match.
func playTonnageWar(t *testing.T, svc *Service, store *persist.Store, games engine.Registry, each func(step int, rec *persist.GameRecord, ts *tonnagewar.State, seatUser map[string]User)) Reply {
	t.Helper()
	walker := User{ID: "u2", Name: "Walker"}
	users := map[string]User{prien.ID: prien, walker.ID: walker}
	r, err := svc.Command(t.Context(), here, prien, "tonnagewar", "challenge", map[string]string{"b": UserArg(walker.ID, walker.Name)})
	if err != nil {
		t.Fatal(err)
	}
	if r, err = svc.Command(t.Context(), here, walker, "tonnagewar", "accept", nil); err != nil {
		t.Fatal(err)
	}
	rec, _ := store.Load(t.Context(), here.Key())
	seatUser := map[string]User{}
	for _, s := range rec.Seats {
		seatUser[s.Seat] = users[s.ID]
	}
	pick := dice.NewFast(11)
	var pendingPrivate []Message
	for step := 0; step < 30000 && !ended(r); step++ {
		rec, err := store.Load(t.Context(), here.Key())
		if err != nil {
			t.Fatal(err)
		}
		st, _ := games["tonnagewar"].Rules.Decode(rec.State)
		each(step, rec, st.(*tonnagewar.State), seatUser)
		p := st.Pending()
		who := seatUser[p.Seat]
		var prompt *Message
		for i := range pendingPrivate {
			if pendingPrivate[i].Prompt != nil && pendingPrivate[i].Prompt.Token == p.Token {
				prompt = &pendingPrivate[i]
			}
		}
		if prompt == nil {
			opened := mustClick(t, svc, who, optionID(rec.ID, p.Token, openKey))
			pendingPrivate = opened.Private
			continue
		}
		f, _ := pick.Roll(len(prompt.Options))
		r = mustClick(t, svc, who, prompt.Options[f-1].ID)
		pendingPrivate = r.Private
	}
	if !ended(r) {
		t.Fatal("the match never ended")
	}
	return r
}

// With the pages' base_url, a game's views and its end carry the link to
// its page, the one kaleun link prints (the store's), in the message the
// channel gets anyway: no message more. Without it, no link.
func TestViewGameLinkOnTheStatusAndTheEnd(t *testing.T) {
	tw, err := tonnagewar.NewRules()
	if err != nil {
		t.Fatal(err)
	}
	games := engine.Described(map[string]engine.Rules{"tonnagewar": tw})
	for _, base := range []string{"https://kaleun.example.org/k/", ""} {
		svc, store := serviceWith(t, games, "tw", false)
		svc.webBase = base
		var want string
		viewed := false
		end := playTonnageWar(t, svc, store, games, func(step int, rec *persist.GameRecord, ts *tonnagewar.State, _ map[string]User) {
			link, err := store.Link(t.Context(), rec.ID)
			if err != nil {
				t.Fatal(err)
			}
			want = "[View game ↗](" + base + "g/" + link + "/)"
			if step != 3 {
				return
			}
			for _, name := range ts.Views() {
				if name == engine.PrivateViewOf(ts) {
					continue
				}
				r, err := svc.Command(t.Context(), here, prien, "tonnagewar", name, nil)
				if err != nil || len(r.Public) != 1 {
					t.Fatalf("view %s: %+v %v", name, r, err)
				}
				if got := strings.Contains(r.Public[0].Text, want); got != (base != "") {
					t.Fatalf("base %q: the view %s carries the link: %v\n%s", base, name, got, r.Public[0].Text)
				}
				viewed = true
			}
		})
		shown := 0
		for _, m := range end.Shown() {
			for _, l := range m.Lines {
				if strings.Contains(l.Text, "View game") {
					shown++
					if l.Text != want {
						t.Errorf("the end's link %q, not %q", l.Text, want)
					}
				}
			}
		}
		if !viewed || shown != map[bool]int{true: 1, false: 0}[base != ""] {
			t.Fatalf("base %q: views shown %v, the end's links %d", base, viewed, shown)
		}
	}
}
