package slack

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/internal/slackfake"
)

// The dice audit through slack-go: entropy before the Start, `/hunters
// audit` uploads the log as a file (the three-step upload) that verifies
// clean, and `/hunters dice` answers with counts and a p-value.
func TestSlackDiceAudit(t *testing.T) {
	f := slackfake.New(t)
	_, store := setup(t, Config{Mode: "socket", BotToken: "xoxb-test", AppToken: "xapp-test", APIBase: f.APIURL()}, filepath.Join(t.TempDir(), "k.db"))
	<-f.Open()
	f.Slash("e1", "U1", `new boat=VIIC`)
	ack := f.Ack(t)
	start := buttonValues(jsonOf(ack["payload"].(map[string]any)["blocks"]))
	f.Slash("e2", "U2", `seed text="U2 was here"`)
	if got := jsonOf(f.Ack(t)); !strings.Contains(got, "U2 was here") {
		t.Fatalf("entropy: %s", got)
	}
	f.Click("e3", "U1", start[0])
	f.Ack(t)
	prompt := start
	for i := 0; i < 8; i++ {
		var next []string
		for _, p := range f.Drain(t) {
			if v := buttonValues(p.Get("blocks")); len(v) > 0 {
				next = v
			}
		}
		if len(next) == 0 {
			break
		}
		prompt = next
		f.Click("c"+string(rune('a'+i)), "U1", prompt[0])
		f.Ack(t)
	}
	f.Drain(t)
	f.Slash("e4", "U2", `audit`)
	if got := jsonOf(f.Ack(t)); !strings.Contains(got, "kaleun verify") {
		t.Fatalf("audit answer: %s", got)
	}
	var file []byte
	for _, p := range f.Drain(t) {
		if p.Get("_method") == "/api/files.completeUploadExternal" && p.Get("channel_id") == "C1" {
			file = []byte(p.Get("_content"))
		}
	}
	if len(file) == 0 {
		t.Fatal("no audit file uploaded")
	}
	h, _ := hunters.NewRules()
	if r := audit.Verify(file, engine.Described(map[string]engine.Rules{"hunters": h})); !r.OK() || r.Decisions < 5 || len(r.Unrevealed) != 1 {
		t.Fatalf("the uploaded log: %+v", r)
	}
	f.Slash("e5", "U2", `dice`)
	if got := jsonOf(f.Ack(t)); !strings.Contains(got, "d6") || !strings.Contains(got, "χ²") && !strings.Contains(got, "too few") {
		t.Fatalf("dice: %s", got)
	}
	store.Close()
}

func jsonOf(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
