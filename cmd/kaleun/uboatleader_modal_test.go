package main

import (
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/kaleun/kaleun/adapters/discord"
	"github.com/kaleun/kaleun/adapters/slack"
	"github.com/kaleun/kaleun/engine/uboatleader"
	"github.com/kaleun/kaleun/internal/discordfake"
	"github.com/kaleun/kaleun/internal/slackfake"
)

// Issue 28: U-Boat Leader's physical cards in chat. A prompt that asks for
// a number (a card's printed number, entered by its buttons digit by digit)
// also carries a quiet "⌨ Type it" button: through the real discordgo
// client it opens a Discord modal of one field, and the number typed there
// answers the prompt whole, the prompt's message becoming its result; what
// is not a number, or not one the prompt takes, is refused privately and
// changes nothing; only the prompt's player may open it.
func TestAPhysicalCardNumberIsTypedInADiscordModal(t *testing.T) {
	clock := &ublChatClock{t: time.Unix(1700000000, 0).UTC()}
	svc, store, games := ublService(t, clock, 0)
	f := discordfake.New(t)
	a, err := discord.New(discord.Config{Token: "test-token", ApplicationID: "app", Guilds: []string{"g1"}, APIBase: f.URL}, svc, games, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	defer func() { a.Close(); svc.Wait() }()
	select {
	case <-f.Ready():
	case <-time.After(5 * time.Second):
		t.Fatal("no READY")
	}
	d := &discordChat{t: t, f: f, a: a}
	d.command("new", map[string]string{"campaign": "opening", "draws": "physical"})
	const place = "discord/g1/c1"
	state := func() (string, *uboatleader.State) {
		rec, err := store.Load(t.Context(), place)
		if err != nil {
			t.Fatal(err)
		}
		st, err := games["uboatleader"].Rules.Decode(rec.State)
		if err != nil {
			t.Fatal(err)
		}
		return rec.ID, st.(*uboatleader.State)
	}
	press := func(id string) []discordfake.Post {
		t.Helper()
		d.n++
		if err := f.ClickIn(fmt.Sprintf("i%d", d.n), "c1", "u1", id); err != nil {
			t.Fatal(err)
		}
		return f.Drain(t)
	}
	// The built-in player buys the fleet and sails, up to the first draw;
	// the card drawn is a new one: its number is asked.
	for step := 0; ; step++ {
		gameID, s := state()
		p := s.Pending()
		if step > 2000 || p == nil {
			t.Fatal("no Event card was drawn")
		}
		if p.Kind == "uboatleader.draw.events" {
			press("k1:" + gameID + ":" + p.Token + ":new")
			break
		}
		press("k1:" + gameID + ":" + p.Token + ":" + uboatleader.BuiltIn(s))
	}
	gameID, s := state()
	p := s.Pending()
	if p.Entry == nil {
		t.Fatalf("the card's number is not asked: %s %q", p.Kind, p.Text)
	}
	form := "k1:" + gameID + ":" + p.Token + ":__form"
	var on discordfake.Message
	for _, m := range f.Messages() {
		for _, id := range m.CustomIDs() {
			if id == form {
				on = m
			}
		}
	}
	if on.ID == "" {
		t.Fatal("the number's prompt has no ⌨ Type it button")
	}
	// Only the prompt's player opens its form.
	d.n++
	f.ClickOn(fmt.Sprintf("i%d", d.n), on.ID, "u2", form)
	if got := f.Drain(t); len(got) != 1 || !discordfake.Ephemeral(got[0]) || !strings.Contains(discordfake.Text(got[0]), "Only") {
		t.Fatalf("a stranger's press: %s", discordfake.Text(got[0]))
	}
	open := func() string {
		t.Helper()
		d.n++
		f.ClickOn(fmt.Sprintf("i%d", d.n), on.ID, "u1", form)
		got := f.Next(t)
		id, title, inputs, ok := discordfake.Modal(got)
		if !ok || id != form || len(inputs) != 1 || title == "" {
			t.Fatalf("the button opened no modal of one field: %v %q %q %v", ok, id, title, inputs)
		}
		return inputs[0]
	}
	for _, bad := range []struct{ typed, says string }{{"seventeen", "not a number"}, {"1000", "type a number from 1 to 999"}} {
		field := open()
		d.n++
		if err := f.SubmitOn(fmt.Sprintf("i%d", d.n), on.ID, "u1", form, map[string]string{field: bad.typed}); err != nil {
			t.Fatal(err)
		}
		got := f.Drain(t)
		if len(got) != 1 || !discordfake.Ephemeral(got[0]) || !strings.Contains(discordfake.Text(got[0]), bad.says) {
			t.Fatalf("%q typed: %d posts, %s", bad.typed, len(got), discordfake.Text(got[0]))
		}
		if _, now := state(); now.Pending().Token != p.Token || now.Form.Values["n100"] != 0 || len(now.Form.Order) != 0 {
			t.Fatalf("%q typed changed the game: %+v", bad.typed, now.Form)
		}
	}
	field := open()
	d.n++
	if err := f.SubmitOn(fmt.Sprintf("i%d", d.n), on.ID, "u1", form, map[string]string{field: " 17 "}); err != nil {
		t.Fatal(err)
	}
	f.Drain(t)
	if _, now := state(); now.Form == nil || now.Form.Values["n100"] != 0 || now.Form.Values["n10"] != 1 || now.Form.Values["n1"] != 7 {
		t.Fatalf("17 typed in the modal was not entered: %+v", now.Form)
	}
	if m, _ := f.MessageByID(on.ID); m.Live() {
		t.Fatalf("the number's prompt is still live after its answer: %s", m.Text())
	}
}

// The same through the real slack-go client: the "⌨ Type it" button opens
// a modal view (views.open, with the click's trigger), whose submission
// answers the prompt in the place the button was pressed.
func TestAPhysicalCardNumberIsTypedInASlackModalView(t *testing.T) {
	clock := &ublChatClock{t: time.Unix(1700000000, 0).UTC()}
	svc, store, games := ublService(t, clock, 0)
	f := slackfake.New(t)
	a, err := slack.New(slack.Config{Mode: "socket", BotToken: "xoxb-test", AppToken: "xapp-test", APIBase: f.APIURL()}, svc, games, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	defer func() { a.Close(); svc.Wait() }()
	<-f.Open()
	s := &slackChat{t: t, f: f, a: a}
	s.command("new", map[string]string{"campaign": "opening", "draws": "physical"})
	const place = "slack/T1/C1"
	state := func() (string, *uboatleader.State) {
		rec, err := store.Load(t.Context(), place)
		if err != nil {
			t.Fatal(err)
		}
		st, err := games["uboatleader"].Rules.Decode(rec.State)
		if err != nil {
			t.Fatal(err)
		}
		return rec.ID, st.(*uboatleader.State)
	}
	env := func() string { s.n++; return fmt.Sprintf("e%d", s.n) }
	for step := 0; ; step++ {
		gameID, st := state()
		p := st.Pending()
		if step > 2000 || p == nil {
			t.Fatal("no Event card was drawn")
		}
		key := uboatleader.BuiltIn(st)
		if p.Kind == "uboatleader.draw.events" {
			key = "new"
		}
		f.ClickIn(env(), "C1", "", "U1", "k1:"+gameID+":"+p.Token+":"+key)
		f.Ack(t)
		f.Drain(t)
		if key == "new" {
			break
		}
	}
	gameID, st := state()
	p := st.Pending()
	if p.Entry == nil {
		t.Fatalf("the card's number is not asked: %s %q", p.Kind, p.Text)
	}
	form := "k1:" + gameID + ":" + p.Token + ":__form"
	var on slackfake.Message
	for _, m := range f.Messages() {
		for _, v := range m.Values() {
			if v == form && !m.Ephemeral {
				on = m
			}
		}
	}
	if on.TS == "" {
		t.Fatal("the number's prompt has no ⌨ Type it button")
	}
	open := func() (slackfake.View, string, string) {
		t.Helper()
		before := len(f.Views())
		f.ClickOn(env(), on, "U1", form)
		f.Ack(t)
		for deadline := time.Now().Add(5 * time.Second); len(f.Views()) == before; time.Sleep(20 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatal("the button opened no modal view")
			}
		}
		v := f.Views()[before]
		if v.Body["callback_id"] != form || v.Trigger == "" {
			t.Fatalf("the view: %v", v)
		}
		blocks, _ := v.Body["blocks"].([]any)
		if len(blocks) != 1 {
			t.Fatalf("the view has %d blocks, want one field", len(blocks))
		}
		b := blocks[0].(map[string]any)
		el, _ := b["element"].(map[string]any)
		if b["type"] != "input" || el["type"] != "plain_text_input" {
			t.Fatalf("the view's field: %v", b)
		}
		return v, b["block_id"].(string), el["action_id"].(string)
	}
	for _, bad := range []struct{ typed, says string }{{"seventeen", "not a number"}, {"0", "type a number from 1 to 999"}} {
		v, block, action := open()
		f.Submit(env(), "U1", v, map[string]map[string]string{block: {action: bad.typed}})
		f.Ack(t)
		said := ""
		for _, p := range f.Drain(t) {
			if p.Get("_method") == "/api/chat.postEphemeral" {
				said += p.Get("text")
			}
		}
		if !strings.Contains(said, bad.says) {
			t.Fatalf("%q typed: the player was told %q", bad.typed, said)
		}
		if _, now := state(); now.Pending().Token != p.Token || len(now.Form.Order) != 0 {
			t.Fatalf("%q typed changed the game: %+v", bad.typed, now.Form)
		}
	}
	v, block, action := open()
	f.Submit(env(), "U1", v, map[string]map[string]string{block: {action: "#17"}})
	f.Ack(t)
	f.Drain(t)
	if _, now := state(); now.Form == nil || now.Form.Values["n100"] != 0 || now.Form.Values["n10"] != 1 || now.Form.Values["n1"] != 7 {
		t.Fatalf("17 typed in the modal view was not entered: %+v", now.Form)
	}
	for _, m := range f.Messages() {
		if m.TS == on.TS && m.Channel == on.Channel && m.Live() {
			t.Fatalf("the number's prompt is still live after its answer: %s", m.Text)
		}
	}
}
