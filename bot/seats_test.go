package bot

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/engine/hunters/duel"
	"github.com/kaleun/kaleun/persist"
)

var kretschmer = User{ID: "u9", Name: "Kretschmer"}

func newDuelService(t testing.TB) (*Service, *persist.Store, engine.Registry) {
	t.Helper()
	h, err := hunters.NewRules()
	if err != nil {
		t.Fatal(err)
	}
	games := engine.Described(map[string]engine.Rules{"hunters": h, "hunters-duel": duel.NewRules(h)})
	svc, store := serviceWith(t, games, "d", false)
	return svc, store, games
}

// serviceWith opens a database in a temporary directory with a service for
// the games: a fixed clock, ids prefix1, prefix2..., and fixed seeds (each
// game its own when perGame is set).
func serviceWith(t testing.TB, games engine.Registry, prefix string, perGame bool) (*Service, *persist.Store) {
	t.Helper()
	store, err := persist.Open(filepath.Join(t.TempDir(), "bot.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	n := 0
	svc := New(store, games, Options{
		Now: func() time.Time { return time.Unix(1700000000, 0).UTC() },
		NewSeed: func() ([]byte, error) {
			if perGame {
				n++
				return []byte(fmt.Sprintf("%s seed %d", prefix, n)), nil
			}
			return []byte("fixed seed for tests"), nil
		},
		NewID: func() (string, error) { n++; return fmt.Sprintf("%s%d", prefix, n), nil },
	})
	return svc, store
}

// A duel through the bot: the challenge is accepted by the opponent only; each
// prompt is his whose seat it names (the enemy's rolls go to the player not
// on patrol), nobody else's click counts; with auto-roll the bot presses his
// Rolls; the game ends with a winner and its log verifies.
func TestDuelThroughTheBot(t *testing.T) {
	svc, store, games := newDuelService(t)
	for _, bad := range []map[string]string{
		{"boat": "VIIC"},
		{"boat": "VIIC", "b": "not a mention"},
		{"boat": "VIIC", "b": UserArg(prien.ID, prien.Name)},
	} {
		r, err := svc.Command(t.Context(), here, prien, "hunters-duel", "new", bad)
		if err != nil || len(r.Public) != 0 || len(r.Private) != 1 {
			t.Fatalf("bad challenge %v: %+v %v", bad, r, err)
		}
	}
	r, err := svc.Command(t.Context(), here, prien, "hunters-duel", "new", map[string]string{"boat": "VIIC", "start": "1941-06", "end": "1942-03", "b": UserArg(kretschmer.ID, kretschmer.Name)})
	if err != nil {
		t.Fatal(err)
	}
	invite := lastPrompt(t, r)
	if invite.Mention != kretschmer.ID || len(invite.Options) != 2 || !strings.Contains(invite.Text, "Prien challenges Kretschmer") {
		t.Fatalf("invitation %+v", invite)
	}
	for _, u := range []User{prien, stranger} {
		privateSays(t, "accept by "+u.Name, mustClick(t, svc, u, invite.Options[0].ID), nil, "Only Kretschmer can accept")
	}
	r = mustClick(t, svc, kretschmer, invite.Options[0].ID)
	seen := map[string]int{}
	for i := 0; ; i++ {
		if i > 20000 {
			t.Fatal("the duel does not end")
		}
		if ended(r) {
			break
		}
		p := lastPrompt(t, r)
		who := map[string]User{prien.ID: prien, kretschmer.ID: kretschmer}[p.Owner]
		if who.ID == "" {
			t.Fatalf("prompt for nobody: %+v", p)
		}
		other := map[string]User{prien.ID: kretschmer, kretschmer.ID: prien}[who.ID]
		seen[p.Prompt.Kind+"→"+who.Name]++
		rec, _ := store.Load(t.Context(), here.Key())
		st, _ := games["hunters-duel"].Rules.Decode(rec.State)
		key := hunters.Command(st.(*duel.State).Career())
		if i%50 == 0 {
			privateSays(t, "a click by the other player", mustClick(t, svc, other, optionID(rec.ID, p.Prompt.Token, key)), nil, "your click changed nothing")
		}
		if p.Prompt.Kind == "hunters.enemy_roll" && who.ID == kretschmer.ID && seen["autoroll"] == 0 {
			seen["autoroll"]++
			ar, err := svc.Command(t.Context(), here, kretschmer, "hunters", "autoroll", map[string]string{"roll": "on"})
			if err != nil || !strings.Contains(ar.Public[0].Text, "lets the bot roll") {
				t.Fatalf("autoroll: %+v %v", ar, err)
			}
			r = ar
			continue
		}
		r = mustClick(t, svc, who, optionID(rec.ID, p.Prompt.Token, key))
		if seen["autoroll"] > 0 && p.Prompt.Kind == "hunters.enemy_roll" && who.ID == kretschmer.ID {
			t.Fatal("Kretschmer chose auto-roll but is still asked to roll")
		}
	}
	if seen["hunters.enemy_roll→Prien"] == 0 || seen["hunters.enemy_roll→Kretschmer"] == 0 {
		t.Fatalf("each player rolls for the enemy of the other: %v", seen)
	}
	fin, _ := store.Finished(t.Context())
	if len(fin) != 1 || len(fin[0].Seats) != 2 {
		t.Fatalf("finished: %+v", fin)
	}
	x, err := audit.Build(t.Context(), store, &fin[0], true)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(x)
	if rep := audit.Verify(data, games); len(rep.Problems) > 0 {
		t.Fatalf("the duel's log does not verify: %v", rep.Problems)
	}
}

func mustClick(t *testing.T, svc *Service, u User, id string) Reply {
	t.Helper()
	r, err := svc.Click(t.Context(), here, u, id)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func ended(r Reply) bool {
	for _, m := range r.Shown() {
		if m.Outcome != nil {
			return true
		}
	}
	return false
}

// The invited player may decline and the challenger withdraw; nothing is rolled.
func TestDuelDeclined(t *testing.T) {
	svc, store, _ := newDuelService(t)
	r, err := svc.Command(t.Context(), here, prien, "hunters-duel", "new", map[string]string{"boat": "VIIC", "b": UserArg(kretschmer.ID, "")})
	if err != nil {
		t.Fatal(err)
	}
	invite := lastPrompt(t, r)
	privateSays(t, "decline by a stranger", mustClick(t, svc, stranger, invite.Options[1].ID), nil, "Only <@u9> can accept")
	// Declining is asked again, privately, before it counts (issue 17.5).
	if invite.Options[1].Style != StyleDanger || invite.Options[1].Confirm == "" {
		t.Fatalf("Decline is not drawn as risky: %+v", invite.Options[1])
	}
	r = mustClick(t, svc, kretschmer, invite.Options[1].ID)
	if len(r.Public) != 0 || len(r.Answered) != 0 || len(r.Private) != 1 || len(r.Private[0].Options) != 2 {
		t.Fatalf("decline's confirmation: %+v", r)
	}
	if _, err := store.Load(t.Context(), here.Key()); err != nil {
		t.Fatal("the challenge stands until the decline is confirmed")
	}
	if back := mustClick(t, svc, kretschmer, r.Private[0].Options[1].ID); back.Update == nil || len(back.Answered) != 0 {
		t.Fatalf("No, go back: %+v", back)
	}
	r = mustClick(t, svc, kretschmer, r.Private[0].Options[0].ID)
	if len(r.Answered) != 1 || r.Answered[0].Ref != invite.Ref || !strings.Contains(r.Answered[0].Message.Text, "declined") {
		t.Fatalf("decline: %+v", r)
	}
	if _, err := store.Load(t.Context(), here.Key()); !errors.Is(err, persist.ErrNotFound) {
		t.Fatal("a declined game must leave the channel free")
	}
}

func TestParseUserArg(t *testing.T) {
	for in, want := range map[string]string{
		"<@123>": "123|", "<@!123>": "123|", "<@U1|bob>": "U1|bob", "U77": "U77|", " <@U1|bob> ": "U1|bob",
	} {
		id, name, ok := ParseUserArg(in)
		if !ok || id+"|"+name != want {
			t.Errorf("%q: %q %q %v", in, id, name, ok)
		}
	}
	for _, bad := range []string{"", "@bob", "<@>", "two words"} {
		if _, _, ok := ParseUserArg(bad); ok {
			t.Errorf("%q accepted", bad)
		}
	}
}

// 14.8.3 in chat: the evasive maneuver and the escorts' number are chosen in
// private: the channel sees a door, the player opens his choice alone, and
// the log shows neither number until both are revealed.
func TestDuelSecretChoicesArePrivate(t *testing.T) {
	svc, store, games := newDuelService(t)
	r, err := svc.Command(t.Context(), here, prien, "hunters-duel", "new", map[string]string{"boat": "VIIC", "start": "1941-06", "rules": "14.8", "b": UserArg(kretschmer.ID, kretschmer.Name)})
	if err != nil {
		t.Fatal(err)
	}
	r = mustClick(t, svc, kretschmer, lastPrompt(t, r).Options[0].ID)
	// A spectator follows the duel (issue 34 item 4): his copies show
	// nothing the channel was not shown, secret numbers included.
	rec0, _ := store.Load(t.Context(), here.Key())
	privateSays(t, "follow", must(svc.Command(t.Context(), here, spectator, "hunters-duel", "follow", map[string]string{"game": rec0.ID})), nil, "You follow game")
	followed := 0
	saw := map[string]bool{}
	click := func(u User, id string) Reply {
		t.Helper()
		r := mustClick(t, svc, u, id)
		for _, m := range r.Shown() {
			saw[m.Text+"\x00"+m.Transcript] = true
		}
		if r.Update != nil && len(r.Answered) > 0 && r.Answered[0].InPlace {
			saw[r.Update.Text+"\x00"+r.Update.Transcript] = true
		}
		copies, _ := followerNotices(t, must2(tickDelivered(t, svc, time.Now().Add(time.Hour))), spectator.ID)
		followed += len(copies)
		for _, m := range copies {
			checkFollowerCopy(t, m)
			if !saw[m.Text+"\x00"+m.Transcript] {
				t.Fatalf("the follower was shown what the channel was not:\n%s\n%s", m.Text, m.Transcript)
			}
		}
		return r
	}
	secrets := 0
	for i := 0; i < 20000 && secrets < 4 && !ended(r); i++ {
		p := lastPrompt(t, r)
		who := map[string]User{prien.ID: prien, kretschmer.ID: kretschmer}[p.Owner]
		if p.Prompt.Private {
			secrets++
			if len(p.Options) != 1 || !strings.HasSuffix(p.Options[0].ID, ":"+openKey) {
				t.Fatalf("a secret choice's options reached the channel: %+v", p.Options)
			}
			opened := click(who, p.Options[0].ID)
			if len(opened.Public) != 0 || len(opened.Private) == 0 {
				t.Fatalf("the door opens privately: %+v", opened)
			}
			pick := opened.Private[len(opened.Private)-1]
			r = click(who, pick.Options[0].ID)
			for _, m := range r.Shown() {
				if strings.Contains(m.Text, "✅") && !strings.Contains(m.Text, "chosen in private") || strings.Contains(m.Transcript, "Decision: 1 (") {
					t.Fatalf("the secret number is in the channel: %s %s", m.Text, m.Transcript)
				}
			}
			continue
		}
		rec, _ := store.Load(t.Context(), here.Key())
		st, _ := games["hunters-duel"].Rules.Decode(rec.State)
		r = click(who, optionID(rec.ID, p.Prompt.Token, hunters.Command(st.(*duel.State).Career())))
	}
	if secrets == 0 {
		t.Fatal("no evasive maneuver came up")
	}
	if followed == 0 {
		t.Fatal("the follower was sent nothing of the secret choices")
	}
}
