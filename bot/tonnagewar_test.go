package bot

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
	"github.com/kaleun/kaleun/engine/tonnagewar"
)

// A whole Tonnage War match through the bot between two players who pick
// their moves with fixed dice, checked for leaks at every step: nothing the
// channel sees, and nothing player A is sent, names a card player B still
// holds, carries an event for B's eyes or a hidden one, or opens B's
// choices; the log stays sealed until the match ends, then verifies.
func TestTonnageWarMatchKeepsHandsHidden(t *testing.T) {
	tw, err := tonnagewar.NewRules()
	if err != nil {
		t.Fatal(err)
	}
	games := engine.Described(map[string]engine.Rules{"tonnagewar": tw})
	svc, store := serviceWith(t, games, "tw", false)
	prien, walker := User{ID: "u1", Name: "Prien"}, User{ID: "u2", Name: "Walker"}
	users := map[string]User{prien.ID: prien, walker.ID: walker}
	r, err := svc.Command(t.Context(), here, prien, "tonnagewar", "challenge", map[string]string{"b": UserArg(walker.ID, walker.Name)})
	if err != nil || len(r.Public) != 1 {
		t.Fatalf("challenge: %+v %v", r, err)
	}
	if r, err = svc.Command(t.Context(), here, walker, "tonnagewar", "accept", nil); err != nil {
		t.Fatal(err)
	}
	pick := dice.NewFast(5)
	rec0, _ := store.Load(t.Context(), here.Key())
	// A spectator follows the match (issue 34 item 4): his copies must show
	// no more than the channel does.
	privateSays(t, "follow", must(svc.Command(t.Context(), Place{Platform: here.Platform, Space: here.Space, Channel: "lobby"}, spectator, "tonnagewar", "follow", map[string]string{"game": rec0.ID})), nil, "You follow game")
	copies := 0
	seatUser := map[string]User{}
	for _, s := range rec0.Seats {
		seatUser[s.Seat] = users[s.ID]
	}
	check := func(step int, clicker User, r Reply) {
		t.Helper()
		rec, err := store.Load(t.Context(), here.Key())
		if err != nil {
			return // the match is over: everything may be shown
		}
		st, err := games["tonnagewar"].Rules.Decode(rec.State)
		if err != nil {
			t.Fatal(err)
		}
		ts := st.(*tonnagewar.State)
		// The follower's copies of this decision, delivered now, are of
		// the channel's view.
		ns, err := tickDelivered(t, svc, time.Unix(1700000000, 0).UTC())
		if err != nil {
			t.Fatal(err)
		}
		followed, _ := followerNotices(t, ns, spectator.ID)
		copies += len(followed)
		for _, m := range followed {
			checkFollowerCopy(t, m)
			for _, e := range m.Events {
				if e.Seat != "" || e.Hidden {
					t.Fatalf("step %d: the follower was sent %q (for %q, hidden %v)", step, e.Text, e.Seat, e.Hidden)
				}
			}
			for seat, u := range seatUser {
				for _, name := range ts.HandCardNames(seat) {
					if strings.Contains(render(m), name) {
						t.Fatalf("step %d: the follower reads %s's %s, still in his hand:\n%s", step, u.Name, name, render(m))
					}
				}
			}
		}
		// The channel sees the results (where the prompts were), the new
		// messages and the table; the clicker alone his private messages and,
		// for a private prompt, its result as he sees it.
		public := r.Shown()
		private := append([]Message(nil), r.Private...)
		if r.Update != nil {
			if len(r.Answered) > 0 && r.Answered[0].InPlace {
				public = append(public, *r.Update)
			} else {
				private = append(private, *r.Update)
			}
		}
		for _, n := range r.Elsewhere {
			public = append(public, n.Channel...) // the table message
			for _, a := range n.Answered {
				public = append(public, a.Message)
			}
		}
		for _, m := range public {
			for _, e := range m.Events {
				if e.Seat != "" || e.Hidden {
					t.Fatalf("step %d: the channel was sent %q (for %q, hidden %v)", step, e.Text, e.Seat, e.Hidden)
				}
			}
			if m.Prompt != nil && m.Prompt.Private && (len(m.Options) != 1 || !strings.HasSuffix(m.Options[0].ID, ":"+openKey)) {
				t.Fatalf("step %d: a private prompt's choices went to the channel: %+v", step, m.Options)
			}
		}
		clickerSeat := ""
		for s, u := range seatUser {
			if u.ID == clicker.ID {
				clickerSeat = s
			}
		}
		for _, m := range private {
			for _, e := range m.Events {
				if (e.Seat != "" && e.Seat != clickerSeat) || e.Hidden {
					t.Fatalf("step %d: %s was sent %q (for %q)", step, clicker.Name, e.Text, e.Seat)
				}
			}
		}
		// No card still in a hand is named where its owner's opponent can read it.
		for seat, u := range seatUser {
			for _, name := range ts.HandCardNames(seat) {
				for _, m := range public {
					if strings.Contains(render(m), name) {
						t.Fatalf("step %d: the channel reads %s's %s, still in his hand:\n%s", step, u.Name, name, render(m))
					}
				}
				if u.ID != clicker.ID {
					for _, m := range private {
						if strings.Contains(render(m), name) {
							t.Fatalf("step %d: %s reads %s's %s", step, clicker.Name, u.Name, name)
						}
					}
				}
			}
		}
	}
	var pendingPrivate []Message
	sealed := false
	for step := 0; step < 30000; step++ {
		if ended(r) {
			break
		}
		rec, err := store.Load(t.Context(), here.Key())
		if err != nil {
			t.Fatal(err)
		}
		st, _ := games["tonnagewar"].Rules.Decode(rec.State)
		p := st.Pending()
		who := seatUser[p.Seat]
		var prompt *Message
		for i := range pendingPrivate {
			if pendingPrivate[i].Prompt != nil && pendingPrivate[i].Prompt.Token == p.Token {
				prompt = &pendingPrivate[i]
			}
		}
		if prompt == nil {
			other := seatUser["a"]
			if other.ID == who.ID {
				other = seatUser["b"]
			}
			door := optionID(rec.ID, p.Token, openKey)
			if step%97 == 0 {
				privateSays(t, "another's door", mustClick(t, svc, other, door), nil, "and so are its cards")
			}
			opened := mustClick(t, svc, who, door)
			check(step, who, opened)
			pendingPrivate = opened.Private
			continue
		}
		if !sealed && step > 200 {
			a, _ := svc.Command(t.Context(), here, who, "tonnagewar", "audit", nil)
			privateSays(t, "audit mid-match", a, nil, "Not while the game runs")
			h, _ := svc.Command(t.Context(), here, who, "tonnagewar", "hand", nil)
			if len(h.Private) == 0 || len(h.Public) != 0 {
				t.Fatalf("hand: %+v", h)
			}
			sealed = true
		}
		f, _ := pick.Roll(len(prompt.Options))
		r = mustClick(t, svc, who, prompt.Options[f-1].ID)
		check(step, who, r)
		pendingPrivate = r.Private
	}
	if !ended(r) {
		t.Fatal("the match never ended")
	}
	if copies == 0 {
		t.Fatal("the follower was sent nothing of the match")
	}
	t.Logf("the follower was sent %d messages", copies)
	fin, _ := store.Finished(t.Context())
	if len(fin) != 1 {
		t.Fatalf("%d finished", len(fin))
	}
	x, err := audit.Build(t.Context(), store, &fin[0], true)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(x)
	if rep := audit.Verify(data, games); len(rep.Problems) > 0 {
		t.Fatalf("the match's log does not verify: %v", rep.Problems[0])
	}
}

// render is everything a message shows.
func render(m Message) string {
	var b strings.Builder
	b.WriteString(m.Title + "\n" + m.Text + "\n" + m.Footer + "\n" + m.Transcript + "\n")
	for _, l := range m.Lines {
		b.WriteString(l.Text + "\n" + l.Detail + "\n")
	}
	for _, f := range m.Fields {
		b.WriteString(f.Name + ": " + f.Value + "\n")
	}
	for _, o := range m.Options {
		b.WriteString(o.Label + "\n")
	}
	return b.String()
}

// `help` in a Tonnage War channel answered "Unknown command": it is the
// game's help view, for the channel (it names no card of either hand).
func TestTonnageWarHelpInChat(t *testing.T) {
	tw, err := tonnagewar.NewRules()
	if err != nil {
		t.Fatal(err)
	}
	svc, _ := serviceWith(t, engine.Described(map[string]engine.Rules{"tonnagewar": tw}), "twhelp", false)
	prien, walker := User{ID: "u1", Name: "Prien"}, User{ID: "u2", Name: "Walker"}
	if _, err := svc.Command(t.Context(), here, prien, "tonnagewar", "challenge", map[string]string{"b": UserArg(walker.ID, walker.Name)}); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Command(t.Context(), here, walker, "tonnagewar", "accept", nil); err != nil {
		t.Fatal(err)
	}
	r, err := svc.Command(t.Context(), here, walker, "tonnagewar", "help", nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Public) != 1 || r.Public[0].View == nil || r.Public[0].Title != "Help: Tonnage War" {
		t.Fatalf("help: %+v", r)
	}
	if text := r.Public[0].Text; !strings.Contains(text, "Evasive Routing (♥)") || strings.HasSuffix(text, "…") {
		t.Fatalf("help text, cut or lacking the cards:\n%s", text)
	}
}
