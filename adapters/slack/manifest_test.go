package slack

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/bot/chat"
	"github.com/kaleun/kaleun/internal/slackfake"
)

// Manifest is the part of a Slack app manifest Kaleun's tests read.
type Manifest struct {
	Features struct {
		AppHome struct {
			HomeTab bool `yaml:"home_tab_enabled"`
		} `yaml:"app_home"`
		SlashCommands []struct {
			Command      string `yaml:"command"`
			URL          string `yaml:"url"`
			Description  string `yaml:"description"`
			ShouldEscape bool   `yaml:"should_escape"`
		} `yaml:"slash_commands"`
	} `yaml:"features"`
	OAuth struct {
		Scopes struct {
			Bot []string `yaml:"bot"`
		} `yaml:"scopes"`
	} `yaml:"oauth_config"`
	Settings struct {
		Interactivity struct {
			Enabled    bool   `yaml:"is_enabled"`
			RequestURL string `yaml:"request_url"`
		} `yaml:"interactivity"`
		SocketMode bool `yaml:"socket_mode_enabled"`
		Events     struct {
			RequestURL string   `yaml:"request_url"`
			BotEvents  []string `yaml:"bot_events"`
		} `yaml:"event_subscriptions"`
	} `yaml:"settings"`
}

func readManifest(t *testing.T, name string) Manifest {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("manifests", name))
	if err != nil {
		t.Fatal(err)
	}
	var m Manifest
	if err := yaml.Unmarshal(b, &m); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return m
}

// clientMethods are the Web API methods behind each slack-go call the
// adapter makes. A call missing here fails TestManifestScopesAreTheCallsMade,
// so a new one cannot go unexamined.
var clientMethods = map[string][]string{
	"PostMessage":                   {"chat.postMessage"},
	"PostEphemeral":                 {"chat.postEphemeral"},
	"UpdateMessage":                 {"chat.update"},
	"GetUploadURLExternalContext":   {"files.getUploadURLExternal"},
	"CompleteUploadExternalContext": {"files.completeUploadExternal"},
	"GetUploadURLExternal":          {"files.getUploadURLExternal"},
	"CompleteUploadExternal":        {"files.completeUploadExternal"},
	"GetPermalink":                  {"chat.getPermalink"},
	"OpenConversation":              {"conversations.open"},
	"GetUserInfo":                   {"users.info"},
	"GetConversationHistory":        {"conversations.history"},
	"GetConversationReplies":        {"conversations.replies"},
	"socketmode.New":                {"apps.connections.open"},
	"OpenView":                      {"views.open"},
	"PublishView":                   {"views.publish"},
	"ScheduleMessage":               {"chat.scheduleMessage"},
	"DeleteScheduledMessage":        {"chat.deleteScheduledMessage"},
}

// methodScopes is the scope each Web API method needs, from its page in
// Slack's reference (https://api.slack.com/methods/<method>, "Required
// scopes"). conversations.open takes one of channels:manage, groups:write,
// im:write or mpim:write as the conversation is; Kaleun opens one-to-one
// direct messages: im:write. conversations.history and .replies take the
// history scope of the conversation read: a game's public channel
// (channels:history), a private one (groups:history), a direct message
// (im:history). apps.connections.open is called with the app-level token,
// whose scope (connections:write) is not a bot scope. Several scopes are
// written apart by spaces.
var methodScopes = map[string]string{
	"chat.postMessage":             "chat:write",
	"chat.postEphemeral":           "chat:write",
	"chat.update":                  "chat:write",
	"chat.getPermalink":            "", // no scope: https://api.slack.com/methods/chat.getPermalink
	"files.getUploadURLExternal":   "files:write",
	"files.completeUploadExternal": "files:write",
	"conversations.open":           "im:write",
	"users.info":                   "users:read",
	"conversations.history":        "channels:history groups:history im:history",
	"conversations.replies":        "channels:history groups:history im:history",
	"apps.connections.open":        "",
	"views.open":                   "", // no scope: https://api.slack.com/methods/views.open (a trigger_id)
	"views.publish":                "", // no scope: https://api.slack.com/methods/views.publish
	"chat.scheduleMessage":         "chat:write",
	"chat.deleteScheduledMessage":  "chat:write",
}

// The manifests' bot scopes are exactly those the adapter's calls need, plus
// `commands` for the slash commands: a Socket Mode session through the real
// slack-go client makes every call the adapter's code makes (found in its
// source), the fake Slack records the Web API methods, and each method's
// scope comes from the table above. Neither manifest may ask for a scope
// more or lack one. The HTTP manifest points Slack at the paths the adapter
// serves; slash commands escape mentions (b:@opponent arrives as
// <@U..|name>, which the adapter reads).
func TestManifestScopesAreTheCallsMade(t *testing.T) {
	calls := map[string]bool{}
	files, _ := filepath.Glob("*.go")
	// A call with a context (PostMessageContext) is the same Web API method.
	call := regexp.MustCompile(`a\.api\.([A-Za-z]+?)(?:Context)?\(|(socketmode\.New)\(`)
	source := ""
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		source += string(b)
		for _, m := range call.FindAllStringSubmatch(string(b), -1) {
			name := m[1] + m[2]
			calls[name] = true
			if _, ok := clientMethods[name]; !ok {
				t.Errorf("%s calls %s, which clientMethods does not know: add its Web API methods and their scopes", file, name)
			}
		}
	}
	if len(calls) < 7 {
		t.Fatalf("found only %d Slack calls in the adapter: %v", len(calls), calls)
	}

	f := slackfake.New(t)
	a, store := setup(t, Config{Mode: "socket", BotToken: "xoxb-test", AppToken: "xapp-test", APIBase: f.APIURL()}, filepath.Join(t.TempDir(), "k.db"))
	defer store.Close()
	defer a.Close()
	<-f.Open()
	f.Slash("e1", "U1", "new boat:VIIC")
	start := slackfake.ButtonValues(jsonOf(f.Ack(t)["payload"].(map[string]any)["blocks"]))
	if len(start) == 0 {
		t.Fatal("no Start")
	}
	f.Click("e2", "U2", start[0]) // a stranger: chat.postEphemeral
	f.Ack(t)
	f.Drain(t)
	f.Click("e3", "U1", start[0]) // the rolls and the first decision: chat.postMessage
	f.Ack(t)
	f.Drain(t)
	f.Slash("e4", "UADMIN", "abandon") // a manager's command asks users.info
	f.Ack(t)
	// A prompt's form (a number typed whole: U-Boat Leader's physical
	// cards) opens as a modal view: views.open.
	if r := a.openForm(t.Context(), "trig-e4", chat.Place{Platform: "slack", Space: "T1", Channel: "C1"}, &chat.Form{ID: "k1:g:1:__form", Title: "Card", Label: "Its printed number", Hint: "1 to 999"}); len(r.Private) != 0 {
		t.Fatalf("the form did not open: %+v", r)
	}
	// Opening the Home tab publishes the user's page (views.publish).
	f.HomeOpened("e5", "U1")
	f.Ack(t)
	picture := []chat.File{{Name: "mat.png", ContentType: "image/png", Data: []byte("png")}}
	th, err := a.OpenThread(t.Context(), chat.Place{Platform: "slack", Space: "T1", Channel: "C5"}, "Cup — Prien")
	if err != nil {
		t.Fatal(err)
	}
	for i, n := range []bot.Notice{
		{Place: th, Channel: []chat.Message{{Title: "Reminder", Text: "waits", Files: picture}}, DirectTo: "U1", Direct: []chat.Message{{Text: "Reminder 2"}}},
		{Place: chat.Place{Platform: "slack", Space: "T1", Channel: "C5"}, Channel: []chat.Message{{Title: "Standings", Text: "1"}}, Sticky: "standings:t"},
		{Place: chat.Place{Platform: "slack", Space: "T1", Channel: "C5"}, Channel: []chat.Message{{Title: "Standings", Text: "2"}}, Sticky: "standings:t"},
		// A reminder links to the prompt it is about (its permalink).
		{Place: chat.Place{Platform: "slack", Space: "T1", Channel: "C1"}, Channel: []chat.Message{{Text: "⏰ waits", Mention: "U1", Jump: "adaptertest:0"}}},
		// A retried delivery reads what the thread and the direct message
		// hold already (conversations.replies, conversations.history).
		{Place: th, Channel: []chat.Message{{Text: "⏰ again"}}, DirectTo: "U1", Direct: []chat.Message{{Text: "⏰ again"}}, Delivery: "d1", Retry: true},
	} {
		if err := a.Notify(t.Context(), n); err != nil {
			t.Fatalf("notice %d: %v", i, err)
		}
	}
	f.Drain(t)
	// A session (`schedule`) is a scheduled message, deleted by cancel.
	planned, err := a.PlanSession(t.Context(), chat.Place{Platform: "slack", Space: "T1", Channel: "C1"}, bot.SessionPlan{Title: "Session", Start: time.Now().Add(time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	if err := a.CancelSession(t.Context(), chat.Place{Platform: "slack", Space: "T1", Channel: "C1"}, planned.Ref); err != nil {
		t.Fatal(err)
	}

	called := map[string]bool{}
	for _, m := range f.Methods() {
		called[m] = true
	}
	need := map[string]bool{"commands": true} // the slash commands themselves
	for c := range calls {
		for _, m := range clientMethods[c] {
			if !called[m] {
				t.Errorf("the session never made %s's call %s", c, m)
			}
		}
	}
	for m := range called {
		scope, ok := methodScopes[m]
		if !ok {
			t.Errorf("the adapter called %s, whose scope methodScopes does not know", m)
		}
		for _, scope := range strings.Fields(scope) {
			need[scope] = true
		}
	}
	var want []string
	for s := range need {
		want = append(want, s)
	}
	sort.Strings(want)
	for _, name := range []string{"socket-mode.yaml", "http-mode.yaml"} {
		m := readManifest(t, name)
		got := append([]string(nil), m.OAuth.Scopes.Bot...)
		sort.Strings(got)
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s asks for the bot scopes %v; the adapter's calls need %v", name, got, want)
		}
		if !m.Settings.Interactivity.Enabled {
			t.Errorf("%s: buttons need interactivity enabled", name)
		}
		for _, c := range m.Features.SlashCommands {
			if !c.ShouldEscape {
				t.Errorf("%s: %s must escape mentions (should_escape: true) for b:@opponent to name a player", name, c.Command)
			}
		}
	}
	sock, web := readManifest(t, "socket-mode.yaml"), readManifest(t, "http-mode.yaml")
	if !sock.Settings.SocketMode || web.Settings.SocketMode {
		t.Error("socket-mode.yaml must enable Socket Mode and http-mode.yaml must not")
	}
	if !strings.HasSuffix(web.Settings.Interactivity.RequestURL, "/slack/interactions") || !strings.Contains(source, `"POST /slack/interactions"`) {
		t.Errorf("http-mode.yaml's interactivity URL %q is not the path the adapter serves", web.Settings.Interactivity.RequestURL)
	}
	// The Home tab (issue 34, item 2) is enabled, and its event, the one
	// event the adapter reads, subscribed to; over HTTP it is posted to
	// the path the adapter serves.
	for name, m := range map[string]Manifest{"socket-mode.yaml": sock, "http-mode.yaml": web} {
		if !m.Features.AppHome.HomeTab || strings.Join(m.Settings.Events.BotEvents, " ") != "app_home_opened" || !strings.Contains(source, "slackevents.AppHomeOpenedEvent") {
			t.Errorf("%s: the Home tab must be enabled and app_home_opened, the event the adapter reads, subscribed to: %+v %+v", name, m.Features.AppHome, m.Settings.Events)
		}
	}
	if sock.Settings.Events.RequestURL != "" || !strings.HasSuffix(web.Settings.Events.RequestURL, "/slack/events") || !strings.Contains(source, `"POST /slack/events"`) {
		t.Errorf("http-mode.yaml's event request URL %q is not the path the adapter serves (and socket-mode.yaml needs none)", web.Settings.Events.RequestURL)
	}
	for _, c := range web.Features.SlashCommands {
		if !strings.HasSuffix(c.URL, "/slack/commands") || !strings.Contains(source, `"POST /slack/commands"`) {
			t.Errorf("http-mode.yaml's %s goes to %q, not the path the adapter serves", c.Command, c.URL)
		}
	}
	t.Logf("Web API methods called: %v; bot scopes: %v", f.Methods(), want)
}
