package discord

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/engine/hunters/duel"
	"github.com/kaleun/kaleun/internal/discordfake"
)

// undoButton finds the Undo button under a decision's message.
func undoButton(posts []discordfake.Post) string {
	for _, p := range posts {
		for _, b := range buttons(p) {
			if strings.Contains(b, ":undo:") {
				return b
			}
		}
	}
	return ""
}

// Undo through the real discordgo client: the Undo button under a
// decision's message is its decider's alone and takes it back for free
// when no die has rolled since; `/hunters undo` after dice discards them,
// marks the career (status shows it), and the attached audit log verifies
// with both undos; across a reveal of the seed, undo is refused privately.
func TestUndoThroughDiscord(t *testing.T) {
	f := discordfake.New(t)
	a, store := startAdapter(t, f, filepath.Join(t.TempDir(), "k.db"))
	defer a.Close()
	defer store.Close()
	f.Slash("i1", "u1", false, "new", map[string]string{"boat": "VIIC", "kommandant": "Prien"})
	posts := f.Drain(t)
	f.Click("c0", "u1", buttons(posts[len(posts)-1])[0])
	posts = f.Drain(t)
	mix := buttons(posts[len(posts)-1])
	f.Click("c1", "u1", mix[0])
	posts = f.Drain(t)
	undo := undoButton(posts)
	if undo == "" {
		t.Fatalf("no Undo button under the decision: %s", text(posts))
	}
	f.Click("c2", "u2", undo)
	if p := f.Next(t); !ephemeral(p) || !strings.Contains(text([]discordfake.Post{p}), "Only the commander") {
		t.Fatalf("a stranger's Undo: %s", text([]discordfake.Post{p}))
	}
	f.Click("c3", "u1", undo)
	posts = f.Drain(t)
	if got := text(posts); !strings.Contains(got, "a free undo") || ephemeral(posts[0]) {
		t.Fatalf("the free undo is public: %s", got)
	}
	back := buttons(posts[len(posts)-1])
	if len(back) != len(mix) || back[0] == mix[0] {
		t.Fatalf("the mix comes back with a new token: %v, was %v", back, mix)
	}
	// Decide until dice roll, then undo by command.
	for i := 0; i < 20; i++ {
		before, _ := store.Load(t.Context(), "discord/g1/c1")
		f.Click("d"+string(rune('a'+i)), "u1", buttons(posts[len(posts)-1])[0])
		posts = f.Drain(t)
		if after, _ := store.Load(t.Context(), "discord/g1/c1"); after.Dice.Cursor > before.Dice.Cursor {
			break
		}
	}
	pending := "" // the prompt the undo will take back: its message
	for _, p := range posts {
		if len(buttons(p)) > 0 {
			pending = p.ID
		}
	}
	// It will mark the career: it asks first, for the commander alone.
	f.Slash("i2", "u1", false, "undo", nil)
	ask := f.Drain(t)
	if len(ask) != 1 || !ephemeral(ask[0]) || len(buttons(ask[0])) != 2 || !strings.Contains(text(ask), "your career is marked for good") {
		t.Fatalf("undo after dice asks first, privately: %s", text(ask))
	}
	f.ClickOn("i2y", ask[0].ID, "u1", buttons(ask[0])[0])
	if got := text(f.Drain(t)); !strings.Contains(got, "The dice seen since are discarded") || !strings.Contains(got, "Marked: 1 decision undone after dice were seen") {
		t.Fatalf("undo after dice: %s", got)
	}
	if m, ok := f.MessageByID(pending); !ok || m.Live() || !strings.Contains(m.Text(), "Taken back by undo 2") {
		t.Fatalf("the prompt the undo took back is still live: %+v", m)
	}
	if m, _ := f.MessageByID(ask[0].ID); m.Live() || !strings.Contains(m.Text(), "Confirmed.") {
		t.Fatalf("the question after its Yes: %+v", m)
	}
	f.Slash("i3", "u2", false, "status", nil)
	if got := text(f.Drain(t)); !strings.Contains(got, "1 decision undone after dice were seen") {
		t.Fatalf("status shows no mark: %s", got)
	}
	f.Slash("i4", "u1", false, "reveal", nil)
	f.Drain(t)
	f.Slash("i5", "u1", false, "undo", nil)
	if p := f.Next(t); !ephemeral(p) || !strings.Contains(text([]discordfake.Post{p}), "revealed") {
		t.Fatalf("undo across a reveal: %s", text([]discordfake.Post{p}))
	}
	f.Slash("i6", "u2", false, "audit", nil)
	posts = f.Drain(t)
	h, _ := hunters.NewRules()
	r := audit.Verify(posts[0].Files["kaleun-adaptertest.json"], engine.Described(map[string]engine.Rules{"hunters": h}))
	if !r.OK() || r.Undos != 2 || r.UndoneAfterDice != 1 {
		t.Fatalf("the attached log: %+v", r)
	}
}

// In a duel through Discord, an undo after dice asks the other player with
// buttons only he can press.
func TestDuelUndoConsentThroughDiscord(t *testing.T) {
	f := discordfake.New(t)
	h, _ := hunters.NewRules()
	games := engine.Described(map[string]engine.Rules{"hunters": h, "hunters-duel": duel.NewRules(h)})
	a, store := startAdapterWith(t, f, filepath.Join(t.TempDir(), "k.db"), games)
	defer store.Close()
	defer a.Close()
	f.Dispatch("INTERACTION_CREATE", map[string]any{
		"id": "d1", "application_id": "app", "type": 2, "token": "tok-d1", "guild_id": "g1", "channel_id": "c1",
		"member": discordfake.Member("u1", false),
		"data": map[string]any{"id": "cmd", "name": "hunters-duel", "type": 1,
			"options":  []any{map[string]any{"name": "new", "type": 1, "options": []any{map[string]any{"name": "b", "type": 6, "value": "u9"}, map[string]any{"name": "boat", "type": 3, "value": "VIIC"}}}},
			"resolved": map[string]any{"users": map[string]any{"u9": map[string]any{"id": "u9", "username": "otto", "global_name": "Otto Kretschmer"}}}},
	})
	f.Click("d2", "u9", buttons(f.Next(t))[0])
	posts := f.Drain(t)
	_ = posts
	for i := 0; i < 40; i++ {
		// Pings come only when the turn changes hands (issue 17): the
		// player to press is the one the pending prompt names.
		before, _ := store.Load(t.Context(), "discord/g1/c1")
		st, err := games["hunters-duel"].Rules.Decode(before.State)
		if err != nil {
			t.Fatal(err)
		}
		p := st.Pending()
		who := before.Owner
		for _, seat := range before.Seats {
			if seat.Seat == p.Seat {
				who = seat.ID
			}
		}
		f.Click("p"+string(rune('a'+i)), who, "k1:"+before.ID+":"+p.Token+":"+p.Options[0].Key)
		f.Drain(t)
		after, _ := store.Load(t.Context(), "discord/g1/c1")
		if who == "u1" && after.Dice.Cursor > before.Dice.Cursor {
			break
		}
	}
	f.Slash("u1", "u1", false, "undo", nil)
	sure := f.Drain(t) // it will mark his career: he is asked first
	if len(sure) != 1 || !ephemeral(sure[0]) || len(buttons(sure[0])) != 2 {
		t.Fatalf("the confirmation: %s", text(sure))
	}
	f.ClickOn("u1y", sure[0].ID, "u1", buttons(sure[0])[0])
	ask := f.Drain(t)
	consent := buttons(ask[len(ask)-1])
	if len(consent) != 2 || data(ask[len(ask)-1])["content"] != "<@u9>" || !strings.Contains(text(ask), "asks to undo") {
		t.Fatalf("the request: %s", text(ask))
	}
	f.Click("k1", "u1", consent[0])
	if p := f.Next(t); !ephemeral(p) {
		t.Fatalf("the asker cannot allow his own undo: %s", text([]discordfake.Post{p}))
	}
	f.Click("k2", "u9", consent[0])
	if got := text(f.Drain(t)); !strings.Contains(got, "with Otto Kretschmer's consent") {
		t.Fatalf("allowed: %s", got)
	}
	rec, _ := store.Load(t.Context(), "discord/g1/c1")
	es, _ := store.Events(t.Context(), rec.ID, rec.Seq, 0)
	if len(es) != 1 || !strings.Contains(string(es[0].Event), `"consent":"Otto Kretschmer"`) {
		t.Fatalf("the log's last entry: %v", es)
	}
}
