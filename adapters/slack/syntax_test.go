package slack

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/internal/slackfake"
)

// Issue 16.3: through the real slack-go Socket Mode client, the syntax the
// bot teaches (`prefs tz:Europe/Berlin`) is understood, as is key=value; a
// word that is neither gets a message naming both forms.
func TestSlackTakesTheSyntaxTheBotTeaches(t *testing.T) {
	f := slackfake.New(t)
	a, store := setup(t, Config{Mode: "socket", BotToken: "xoxb-test", AppToken: "xapp-test", APIBase: f.APIURL()}, filepath.Join(t.TempDir(), "k.db"))
	defer store.Close()
	defer a.Close()
	<-f.Open()
	answer := func(env, text string) string {
		t.Helper()
		f.Slash(env, "U1", text)
		b, _ := json.Marshal(f.Ack(t))
		return string(b)
	}
	if got := answer("p1", "prefs tz:Europe/Berlin quiet:23:00-07:00"); !strings.Contains(got, "Europe/Berlin") || !strings.Contains(got, "23:00-07:00") {
		t.Fatalf("prefs with key:value: %s", got)
	}
	if got := answer("p2", "prefs remind=dm"); !strings.Contains(got, "Europe/Berlin") || !strings.Contains(got, "dm") {
		t.Fatalf("prefs with key=value keeps the time zone: %s", got)
	}
	if got := answer("p3", "prefs Europe/Berlin"); !strings.Contains(got, "key=value or key:value") {
		t.Fatalf("a bare word: %s", got)
	}
}
