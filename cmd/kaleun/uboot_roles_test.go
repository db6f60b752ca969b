package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/persist"
)

// U-BOOT's roles through the chat bot, with the games this binary
// registers (issue 31: "Roles are claimed by players; one player may hold
// several (§5.1); only a role's holder may act for it"): the players claim
// roles on a board already running, each entry is refused to anyone but its
// role's holder, with the holder named, and a change of the board redraws
// its live picture in the pinned status message.
func TestUbootRolesClaimedInChat(t *testing.T) {
	games, err := availableGames()
	if err != nil {
		t.Fatal(err)
	}
	store, err := persist.Open(filepath.Join(t.TempDir(), "k.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	svc := bot.New(store, games, bot.Options{
		Now:     func() time.Time { return time.Unix(1700000000, 0).UTC() },
		NewSeed: func() ([]byte, error) { return []byte("uboot roles seed"), nil },
		NewID:   func() (string, error) { return "ub1", nil }})
	ctx := t.Context()
	place := bot.Place{Platform: "discord", Space: "s1", Channel: "c1"}
	anna, bob, carl := bot.User{ID: "u1", Name: "Anna"}, bot.User{ID: "u2", Name: "Bob"}, bot.User{ID: "u3", Name: "Carl"}
	var options []bot.Option // the pending prompt's buttons
	read := func(r bot.Reply) {
		for _, m := range r.Shown() {
			if len(m.Options) > 0 {
				options = m.Options
			}
		}
	}
	text := func(r bot.Reply) string {
		var b strings.Builder
		for _, m := range append(r.Shown(), r.Private...) {
			b.WriteString(m.Title + " " + m.Text + "\n")
		}
		return b.String()
	}
	press := func(u bot.User, key string) bot.Reply {
		t.Helper()
		for _, o := range options {
			if strings.HasSuffix(o.ID, ":"+key) {
				r, err := svc.Click(ctx, place, u, o.ID)
				if err != nil {
					t.Fatal(err)
				}
				read(r)
				return r
			}
		}
		t.Fatalf("no button %s among %v", key, options)
		return bot.Reply{}
	}
	refused := func(r bot.Reply) bool { return strings.Contains(text(r), "changed nothing") }
	r, err := svc.Command(ctx, place, anna, "uboot", "new", nil)
	if err != nil {
		t.Fatal(err)
	}
	read(r)
	if len(options) == 1 { // a Start button
		read(mustPress(t, svc, place, anna, options[0].ID))
	}
	for _, c := range []struct {
		u    bot.User
		role string
	}{{bob, "captain"}, {carl, "fo"}, {carl, "ce"}} {
		r, err := svc.Command(ctx, place, c.u, "uboot", "claim", map[string]string{"role": c.role})
		if err != nil || !strings.Contains(text(r), c.u.Name+" claims the") {
			t.Fatalf("%s claims %s: %v %s", c.u.Name, c.role, err, text(r))
		}
	}
	r, _ = svc.Command(ctx, place, anna, "uboot", "claim", nil)
	if want := "Roles: Captain: Bob; First Officer: Carl; Navigator: unclaimed, Anna's; Chief Engineer: Carl."; !strings.Contains(text(r), want) {
		t.Fatalf("want %q in %s", want, text(r))
	}
	// §7.1: the Mobilization is the Captain's: Anna, who started the board, is refused.
	if r := press(anna, "mob"); !strings.Contains(text(r), "This entry is the Captain's (Bob): your click changed nothing.") {
		t.Fatalf("Anna's Mobilization: %s", text(r))
	}
	r = press(bob, "mob")
	if refused(r) {
		t.Fatalf("Bob's Mobilization refused: %s", text(r))
	}
	pictured := false
	for _, m := range r.Shown() {
		for _, f := range m.Files {
			pictured = pictured || f.Name == "board.png"
		}
	}
	live := false
	for _, n := range r.Elsewhere {
		for _, m := range n.Channel {
			for _, f := range m.Files {
				live = live || (f.Name == "board.png" && strings.HasPrefix(n.Sticky, "status:"))
			}
		}
	}
	if pictured || !live {
		t.Fatal("the Mobilization paid posts no picture with its result: the board is one picture in the pinned status message, redrawn there with every entry (engine.Game.PinnedPicture, docs/players/pictures.md)")
	}
	// §6.4 with §5.2: F1 is the First Officer's figure, Carl's to move.
	if r := press(bob, "m:F1"); !strings.Contains(text(r), "the First Officer's (Carl)") {
		t.Fatalf("Bob moves the FO's figure: %s", text(r))
	}
	for _, k := range []string{"m:F1", "stop"} {
		if r := press(carl, k); refused(r) {
			t.Fatalf("Carl's %s: %s", k, text(r))
		}
	}
	if r := press(carl, "end"); !refused(r) {
		t.Fatal("the Captain ends the Mobilization, not the FO")
	}
	press(bob, "end")
	// The Navigator is unclaimed: Anna keeps it; nobody else may act for it.
	// §8.1: the app's reports are the FO's (Carl's); the timer he reads (§10.3.7).
	for _, k := range []string{"app", "breach", "s:3", "app", "timer"} {
		if r := press(carl, k); refused(r) {
			t.Fatalf("Carl's %s: %s", k, text(r))
		}
	}
	// The seconds typed in the prompt's form (its "Type it" button).
	id := options[0].ID
	form := id[:strings.LastIndex(id, ":")+1] + "__form"
	if r, err := svc.Submit(ctx, place, bob, form, "95"); err != nil || !refused(r) {
		t.Fatalf("the timer is read into the board by the FO, not the Captain: %v %s", err, text(r))
	}
	if r, err := svc.Submit(ctx, place, carl, form, "95"); err != nil || refused(r) {
		t.Fatalf("Carl types 95: %v %s", err, text(r))
	}
	st, err := svc.Command(ctx, place, bob, "uboot", "status", nil)
	if err != nil || !strings.Contains(fmt.Sprint(st.Public), "1:35") {
		t.Fatalf("the status says the app's countdown: %v %v", err, st.Public)
	}
}

func mustPress(t *testing.T, svc *bot.Service, place bot.Place, u bot.User, id string) bot.Reply {
	t.Helper()
	r, err := svc.Click(t.Context(), place, u, id)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
