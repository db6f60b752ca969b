package discord

import (
	"fmt"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/kaleun/kaleun/bot/chat"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/internal/discordfake"
)

// styleOf is a component's button style, by its custom id.
func styleOf(m discordfake.Message, id string) int {
	for _, row := range m.Components {
		inner, _ := row.(map[string]any)["components"].([]any)
		for _, c := range inner {
			cm, _ := c.(map[string]any)
			if cm["custom_id"] == id {
				s, _ := cm["style"].(float64)
				return int(s)
			}
		}
	}
	return 0
}

// Issue 17.5 and 17.2 through discordgo: a risky option is a danger button
// that asks first, privately, with a second button; the safe default is
// styled as such; "No" changes nothing; "Yes" takes it, and the prompt's
// own message in the channel becomes its result. Show board answers
// privately with the picture of the moment and leaves the prompt as it is.
func TestRiskyOptionsAskFirstAndShowBoardThroughDiscord(t *testing.T) {
	r := startChannelRun(t)
	r.command("c1", "prien", "hunters", "new", discordfake.Option{Name: "boat", Value: "VIIC"}, discordfake.Option{Name: "start", Value: "1941-03"})
	rec, err := r.store.Load(r.t.Context(), "discord/g1/c1")
	if err != nil {
		t.Fatal(err)
	}
	r.press("c1", "prien", "k1:"+rec.ID+":start:go")
	var prompt *engine.Prompt
	for i := 0; i < 20; i++ {
		rec, _ = r.store.Load(r.t.Context(), "discord/g1/c1")
		st, err := r.games["hunters"].Rules.Decode(rec.State)
		if err != nil {
			t.Fatal(err)
		}
		if p := st.Pending(); p.Kind == "hunters.proceed" {
			prompt = p
			break
		}
		p := st.Pending()
		r.press("c1", "prien", "k1:"+rec.ID+":"+p.Token+":"+p.Options[0].Key)
	}
	if prompt == nil {
		t.Fatal("no Sail on? prompt came")
	}
	ref := "k1:" + rec.ID + ":" + prompt.Token + ":"
	var msg discordfake.Message
	for _, m := range r.f.Messages() {
		for _, id := range m.CustomIDs() {
			if strings.HasPrefix(id, ref) {
				msg = m
			}
		}
	}
	if styleOf(msg, ref+"sail") != int(discordgo.SuccessButton) || styleOf(msg, ref+"__sure.abort") != int(discordgo.DangerButton) ||
		styleOf(msg, ref+"__board") != int(discordgo.SecondaryButton) || styleOf(msg, ref+"abort") != 0 {
		t.Fatalf("the safe default, the risky option (asking first) and Show board: %v", msg.Components)
	}
	if e, _ := discordfake.FirstEmbed(discordfake.Post{Body: map[string]any{"embeds": msg.Embeds}}); e.Title != "U-69 · Sail on?" {
		t.Fatalf("the prompt's title: %q", e.Title)
	}
	ephemerals := func() []discordfake.Message {
		var out []discordfake.Message
		for _, m := range r.f.Messages() {
			if m.Ephemeral {
				out = append(out, m)
			}
		}
		return out
	}
	// Show board: a picture, privately; the prompt is untouched.
	r.press("c1", "prien", ref+"__board")
	board := ephemerals()[len(ephemerals())-1]
	if len(board.Files) != 1 || board.Files[0] != "mat.png" {
		t.Fatalf("Show board: %+v", board)
	}
	// Abort asks first; No leaves the prompt as it was.
	r.press("c1", "prien", ref+"__sure.abort")
	ask := ephemerals()[len(ephemerals())-1]
	if !strings.Contains(ask.Text(), "Abort the patrol?") || styleOf(ask, ref+"__yes.abort") != int(discordgo.DangerButton) || styleOf(ask, ref+"__no") != int(discordgo.SuccessButton) {
		t.Fatalf("the confirmation: %+v", ask)
	}
	r.press("c1", "prien", ref+"__no")
	if now, _ := r.f.MessageByID(ask.ID); now.Live() || !strings.Contains(now.Text(), "Nothing changed") {
		t.Fatalf("No: %+v", now)
	}
	if now, _ := r.f.MessageByID(msg.ID); !now.Live() {
		t.Fatal("No took the prompt's buttons away")
	}
	if again, _ := r.store.Load(r.t.Context(), "discord/g1/c1"); again.Decisions != rec.Decisions {
		t.Fatal("No changed the game")
	}
	// Yes takes it: the prompt's message in the channel becomes its result.
	r.press("c1", "prien", ref+"__sure.abort")
	r.press("c1", "prien", ref+"__yes.abort")
	now, _ := r.f.MessageByID(msg.ID)
	if now.Live() || !strings.HasPrefix(now.Content, "✅ **prien (U-69)** — Abort the patrol and head home") {
		t.Fatalf("the prompt after Yes: %q live %v", now.Content, now.Live())
	}
	if again, _ := r.store.Load(r.t.Context(), "discord/g1/c1"); again.Decisions != rec.Decisions+1 {
		t.Fatal("Yes did not take the decision")
	}
}

// A list longer than a menu holds is split over menus, never cut (issue
// 17.8): 30 choices and Show board make two menus and a button.
func TestLongListsAreSplitIntoMenus(t *testing.T) {
	m := chat.Message{Select: true}
	for i := 1; i <= 30; i++ {
		m.Options = append(m.Options, chat.Option{ID: fmt.Sprintf("k1:g:1:o%d", i), Label: fmt.Sprintf("Option %d", i), Detail: "what it leads to"})
	}
	m.Options = append(m.Options, chat.Option{ID: "k1:g:1:__board", Label: "Show board", Style: chat.StyleQuiet})
	rows := components(m)
	if len(rows) != 3 {
		t.Fatalf("%d rows, want two menus and a row of buttons", len(rows))
	}
	var seen []string
	for i, row := range rows[:2] {
		menu := row.(discordgo.ActionsRow).Components[0].(discordgo.SelectMenu)
		if menu.CustomID != fmt.Sprintf("k1:select:%d", i+1) || !strings.Contains(menu.Placeholder, "of 30") {
			t.Fatalf("menu %d: %+v", i, menu)
		}
		for _, o := range menu.Options {
			if o.Description != "what it leads to" {
				t.Fatalf("a menu entry describes its consequence, not its case: %+v", o)
			}
			seen = append(seen, o.Value)
		}
	}
	if len(seen) != 30 || seen[29] != "k1:g:1:o30" {
		t.Fatalf("the menus hold %d of 30 choices", len(seen))
	}
	if b := rows[2].(discordgo.ActionsRow).Components[0].(discordgo.Button); b.CustomID != "k1:g:1:__board" || b.Style != discordgo.SecondaryButton {
		t.Fatalf("Show board: %+v", b)
	}
}
