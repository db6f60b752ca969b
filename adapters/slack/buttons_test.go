package slack

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/bot/chat"
	"github.com/kaleun/kaleun/internal/slackfake"
)

// Issue 17.5 in Block Kit: the safe default is primary; a risky option is a
// danger button behind Slack's own confirm dialog, in the game's words,
// whose value takes the option once confirmed; Show board is plain.
func TestRiskyOptionsUseSlacksConfirmDialog(t *testing.T) {
	m := chat.Message{Title: "U-69 · Sail on?", Text: "Box 1 of 8 is behind you.", Options: []chat.Option{
		{ID: "k1:g:3:sail", Label: "Sail on", Style: chat.StyleSafe},
		{ID: "k1:g:3:__sure.abort", Label: "Abort the patrol", Style: chat.StyleDanger, Confirm: "Abort the patrol? The boat turns for home.", Confirmed: "k1:g:3:abort"},
		{ID: "k1:g:3:__board", Label: "Show board", Style: chat.StyleQuiet},
	}}
	b, _ := json.Marshal((&Adapter{}).blocks(context.Background(), m, chat.Place{}))
	var blocks []map[string]any
	json.Unmarshal(b, &blocks)
	els := blocks[len(blocks)-1]["elements"].([]any)
	sail, abort, board := els[0].(map[string]any), els[1].(map[string]any), els[2].(map[string]any)
	if sail["style"] != "primary" || sail["value"] != "k1:g:3:sail" || board["style"] != nil {
		t.Fatalf("the safe default and Show board: %v %v", sail, board)
	}
	confirm, _ := abort["confirm"].(map[string]any)
	if abort["style"] != "danger" || abort["value"] != "k1:g:3:abort" || confirm == nil || confirm["style"] != "danger" ||
		!strings.Contains(fmt.Sprint(confirm["text"]), "Abort the patrol? The boat turns for home.") {
		t.Fatalf("the risky option: %v", abort)
	}
}

// A list longer than a menu holds is split over menus, never cut (issue
// 17.8); each entry describes what it leads to.
func TestLongListsAreSplitIntoSlackMenus(t *testing.T) {
	m := chat.Message{Select: true}
	for i := 1; i <= 120; i++ {
		m.Options = append(m.Options, chat.Option{ID: fmt.Sprintf("k1:g:1:o%d", i), Label: fmt.Sprintf("Option %d", i), Detail: "what it leads to"})
	}
	b, _ := json.Marshal(actions(m))
	var blocks []map[string]any
	json.Unmarshal(b, &blocks)
	if len(blocks) != 1 {
		t.Fatalf("%d action blocks", len(blocks))
	}
	els := blocks[0]["elements"].([]any)
	if len(els) != 2 {
		t.Fatalf("%d menus, want 2", len(els))
	}
	var values []string
	for _, e := range els {
		for _, o := range e.(map[string]any)["options"].([]any) {
			om := o.(map[string]any)
			if !strings.Contains(fmt.Sprint(om["description"]), "what it leads to") {
				t.Fatalf("an entry without its consequence: %v", om)
			}
			values = append(values, om["value"].(string))
		}
	}
	if len(values) != 120 || values[119] != "k1:g:1:o120" {
		t.Fatalf("the menus hold %d of 120", len(values))
	}
}

// Pictures go into the game's thread, uploaded as images (issue 17.2).
func TestPicturesGoIntoTheThreadAsImages(t *testing.T) {
	f := slackfake.New(t)
	a, store := setup(t, Config{Mode: "socket", BotToken: "xoxb-test", AppToken: "xapp-test", APIBase: f.APIURL()}, filepath.Join(t.TempDir(), "k.db"))
	defer store.Close()
	defer a.Close()
	<-f.Open()
	th, err := a.OpenThread(t.Context(), chat.Place{Platform: "slack", Space: "T1", Channel: "C5"}, "Cup — Wotan")
	if err != nil {
		t.Fatal(err)
	}
	picture := chat.File{Name: "combat.png", ContentType: "image/png", Data: []byte("\x89PNG fake")}
	if err := a.Notify(t.Context(), bot.Notice{Place: th, Channel: []chat.Message{{Text: "✅ the salvo", Files: []chat.File{picture}}}}); err != nil {
		t.Fatal(err)
	}
	f.Drain(t)
	shared := 0
	for _, m := range f.Messages() {
		if len(m.Files) == 0 {
			continue
		}
		shared++
		if m.Channel != "C5" || m.Thread != th.Thread || m.FileTypes[0] != "image/png" || m.Files[0] != "combat.png" {
			t.Fatalf("a picture shared as %+v, want in thread %s as image/png", m, th.Thread)
		}
	}
	if shared != 1 {
		t.Fatalf("%d pictures shared", shared)
	}
}

// Show board answers privately (issue 17.2): Slack shows no file in an
// ephemeral message, so the picture goes to the asker's direct messages and
// the game's channel gets nothing.
func TestShowBoardGoesToDirectMessagesOnSlack(t *testing.T) {
	r := startChannelRun(t)
	r.slash("C3", "prien", "/hunters", "new boat:VIIC start:1941-03")
	rec, err := r.store.Load(t.Context(), "slack/T1/C3")
	if err != nil {
		t.Fatal(err)
	}
	r.press("C3", "", "prien", "k1:"+rec.ID+":start:go")
	rec, err = r.store.Load(t.Context(), "slack/T1/C3")
	if err != nil {
		t.Fatal(err)
	}
	st, err := r.games["hunters"].Rules.Decode(rec.State)
	if err != nil {
		t.Fatal(err)
	}
	public := func() (n int) {
		for _, m := range r.f.Messages() {
			if m.Channel == "C3" && len(m.Files) > 0 {
				n++
			}
		}
		return n
	}
	before := public()
	r.press("C3", "", "prien", "k1:"+rec.ID+":"+st.Pending().Token+":__board")
	dm := 0
	for _, m := range r.f.Messages() {
		if m.Channel == "D-prien" && len(m.Files) > 0 {
			dm++
			if !strings.HasSuffix(m.Files[0], ".png") || m.FileTypes[0] != "image/png" {
				t.Fatalf("the picture: %+v", m)
			}
		}
	}
	if dm != 1 || public() != before {
		t.Fatalf("Show board: %d pictures in the asker's direct messages (want 1), %d more in the channel (want 0)", dm, public()-before)
	}
}
