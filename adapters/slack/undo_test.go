package slack

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/internal/slackfake"
)

// Undo through the real slack-go Socket Mode client: the Undo button under a
// decision takes it back for free; `/hunters undo` after dice discards them
// and marks the career, which status shows, once its player has said Yes.
func TestUndoThroughSlack(t *testing.T) {
	f := slackfake.New(t)
	a, store := setup(t, Config{Mode: "socket", BotToken: "xoxb-test", AppToken: "xapp-test", APIBase: f.APIURL()}, filepath.Join(t.TempDir(), "k.db"))
	defer store.Close()
	defer a.Close()
	<-f.Open()
	said := func(ack map[string]any) string {
		b, _ := json.Marshal(ack)
		all := string(b)
		for _, p := range f.Drain(t) {
			all += "\n" + p.Get("text") + p.Get("blocks")
		}
		return all
	}
	f.Slash("e1", "U1", `new boat=VIIC kommandant="Otto Prien"`)
	b, _ := json.Marshal(f.Ack(t)["payload"].(map[string]any)["blocks"])
	f.Click("e2", "U1", buttonValues(string(b))[0])
	f.Ack(t)
	var prompt []string
	for _, p := range f.Drain(t) {
		if v := buttonValues(p.Get("blocks")); len(v) > 0 {
			prompt = v
		}
	}
	f.Click("e3", "U1", prompt[0])
	f.Ack(t)
	undo, all := "", ""
	for _, p := range f.Drain(t) {
		all += p.Get("blocks")
		for _, v := range buttonValues(p.Get("blocks")) {
			if strings.Contains(v, ":undo:") {
				undo = v
			}
		}
	}
	if undo == "" {
		t.Fatalf("no Undo button under the decision: %s", all)
	}
	f.Click("e4", "U1", undo)
	ack := f.Ack(t)
	posts := f.Drain(t)
	got, _ := json.Marshal(ack)
	for _, p := range posts {
		got = append(got, p.Get("text")+p.Get("blocks")...)
		if v := buttonValues(p.Get("blocks")); len(v) > 0 {
			prompt = v
		}
	}
	if !strings.Contains(string(got), "a free undo") {
		t.Fatalf("the free undo: %s", got)
	}
	for i := 0; i < 20; i++ {
		before, _ := store.Load(t.Context(), "slack/T1/C1")
		f.Click("d"+string(rune('a'+i)), "U1", prompt[0])
		f.Ack(t)
		for _, p := range f.Drain(t) {
			if v := buttonValues(p.Get("blocks")); len(v) > 0 && !strings.Contains(v[0], ":undo:") {
				prompt = v
			}
		}
		if after, _ := store.Load(t.Context(), "slack/T1/C1"); after.Dice.Cursor > before.Dice.Cursor {
			break
		}
	}
	// It will mark the career: it asks first, and its Yes undoes.
	f.Slash("e5", "U1", "undo")
	qack := f.Ack(t)
	qblocks, _ := json.Marshal(qack["payload"].(map[string]any)["blocks"])
	question := said(qack)
	var sure []string
	for _, v := range buttonValues(string(qblocks)) {
		if strings.Contains(v, ":undo-sure:") {
			sure = append(sure, v)
		}
	}
	if len(sure) != 2 || !strings.Contains(question, "your career is marked for good") || strings.Contains(question, "The dice seen since are discarded") {
		t.Fatalf("undo after dice asks first: %s", question)
	}
	f.Click("e5y", "U1", sure[0])
	if got := said(f.Ack(t)); !strings.Contains(got, "The dice seen since are discarded") {
		t.Fatalf("undo after dice: %s", got)
	}
	f.Slash("e6", "U2", "status")
	if got := said(f.Ack(t)); !strings.Contains(got, "1 decision undone after dice were seen") {
		t.Fatalf("status: %s", got)
	}
}
