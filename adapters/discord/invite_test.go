package discord

import (
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/bot/chat"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/internal/discordfake"
	"github.com/kaleun/kaleun/persist"
)

// sessionRoutes are the REST routes behind each discordgo Session method the
// adapter calls. A method missing here fails TestInvitePermissionsAreTheCallsMade,
// so a new call cannot go unexamined.
var sessionRoutes = map[string][]string{
	"Open":                            {"GET /api/v9/gateway"},
	"Close":                           nil,
	"RLock":                           nil, // the session's own state (Connected), no call
	"RUnlock":                         nil,
	"ApplicationCommandBulkOverwrite": {"PUT /api/v9/applications/{app}/guilds/{guild}/commands", "PUT /api/v9/applications/{app}/commands"},
	"InteractionRespond":              {"POST /api/v9/interactions/{id}/{token}/callback"},
	"InteractionResponse":             {"GET /api/v9/webhooks/{app}/{token}/messages/{id}"},
	"InteractionResponseEdit":         {"PATCH /api/v9/webhooks/{app}/{token}/messages/{id}"},
	"FollowupMessageCreate":           {"POST /api/v9/webhooks/{app}/{token}"},
	"ChannelMessageSendComplex":       {"POST /api/v9/channels/{channel}/messages"},
	// A message under a delivery key, with its nonce (with files, and without).
	"RequestRaw":                {"POST /api/v9/channels/{channel}/messages"},
	"RequestWithBucketID":       {"POST /api/v9/channels/{channel}/messages"},
	"ChannelMessageEditComplex": {"PATCH /api/v9/channels/{channel}/messages/{id}"},
	"ThreadStart":               {"POST /api/v9/channels/{channel}/threads"},
	"UserChannelCreate":         {"POST /api/v9/users/@me/channels"},
	// A session (`schedule`): the channel read for its type, the event
	// made, and deleted by cancel.
	"Channel":                   {"GET /api/v9/channels/{channel}"},
	"GuildScheduledEventCreate": {"POST /api/v9/guilds/{guild}/scheduled-events"},
	"GuildScheduledEventDelete": {"DELETE /api/v9/guilds/{guild}/scheduled-events/{event}"},
}

// needs is the permission a request the adapter made requires in a server,
// read from the request itself (Discord's developer documentation):
//   - registering commands, answering an interaction and its follow-ups
//     (https://discord.com/developers/docs/interactions/receiving-and-responding)
//     and opening a direct message (.../resources/user#create-dm) need none
//     (the applications.commands scope, the interaction's token);
//   - creating a message (.../resources/message#create-message) needs View
//     Channel and Send Messages, in a thread Send Messages in Threads; its
//     embeds need Embed Links and its files Attach Files; a direct message
//     is outside any server;
//   - editing the bot's own message (.../resources/message#edit-message)
//     needs View Channel;
//   - starting a thread without a message
//     (.../resources/channel#start-thread-without-message) needs Create
//     Public Threads for a public thread;
//   - creating a guild scheduled event (.../resources/guild-scheduled-event
//     #create-guild-scheduled-event) needs Create Events (an external one;
//     a voice one the channel's View Channel and Connect too, which the
//     adapter does without: refused, it makes an external one), and deleting
//     one the bot created needs Create Events again.
func needs(p discordfake.Post) int64 {
	dm := strings.HasPrefix(p.Channel, "dm-")
	thread := strings.HasPrefix(p.Channel, "th-")
	switch p.Route {
	case "POST /api/v9/channels/{channel}/messages":
		if dm {
			return 0
		}
		n := int64(discordgo.PermissionViewChannel | discordgo.PermissionSendMessages)
		if thread {
			n = discordgo.PermissionViewChannel | discordgo.PermissionSendMessagesInThreads
		}
		if es, _ := p.Body["embeds"].([]any); len(es) > 0 {
			n |= discordgo.PermissionEmbedLinks
		}
		if len(p.Files) > 0 {
			n |= discordgo.PermissionAttachFiles
		}
		return n
	case "PATCH /api/v9/channels/{channel}/messages/{id}":
		return discordgo.PermissionViewChannel
	}
	return 0
}

// eventNeeds is what the scheduled events' routes the adapter called need
// (read from the routes: a DELETE has no post).
func eventNeeds(routes map[string]bool) int64 {
	if routes["POST /api/v9/guilds/{guild}/scheduled-events"] || routes["DELETE /api/v9/guilds/{guild}/scheduled-events/{event}"] {
		return discordgo.PermissionCreateEvents
	}
	return 0
}

// The invitation's permissions are exactly those the adapter's calls need:
// a session exercises every Session method the adapter's code calls (found
// in its source), each request is read for what it needs, and the union
// must equal Permissions — neither a permission more (an admin should not
// grant what is not used) nor one less (a call would fail in a server).
// The guide quotes the integer and names each bit.
func TestInvitePermissionsAreTheCallsMade(t *testing.T) {
	// Every Session method the adapter calls is known above.
	called := map[string]bool{}
	files, _ := filepath.Glob("*.go")
	method := regexp.MustCompile(`a\.session\.([A-Za-z]+)\(`)
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range method.FindAllStringSubmatch(string(b), -1) {
			called[m[1]] = true
			if _, ok := sessionRoutes[m[1]]; !ok {
				t.Errorf("%s calls Session.%s, which sessionRoutes does not know: add its route and what it needs", file, m[1])
			}
		}
	}
	if len(called) < 8 {
		t.Fatalf("found only %d Session methods in the adapter: %v", len(called), called)
	}

	// A session that makes every one of those calls.
	f := discordfake.New(t)
	a, store := startAdapter(t, f, filepath.Join(t.TempDir(), "k.db")) // guild registration
	f.Slash("i1", "u1", false, "new", map[string]string{"boat": "VIIC"})
	posts := f.Drain(t)
	start := buttons(posts[len(posts)-1])
	if len(start) == 0 {
		t.Fatalf("no Start: %s", text(posts))
	}
	f.Click("i2", "u1", start[0]) // the first rolls and the first decision: a callback and follow-ups
	posts = append(posts, f.Drain(t)...)
	// A slow bot call is deferred and its answer edited in: a click's and a command's.
	a.deferAfter = 0
	f.Click("i3", "u1", buttons(posts[len(posts)-1])[0])
	posts = append(posts, f.Drain(t)...)
	f.Slash("i4", "u1", false, "turn", nil)
	posts = append(posts, f.Drain(t)...)
	a.deferAfter = 2 * time.Second
	picture := []chat.File{{Name: "mat.png", ContentType: "image/png", Data: []byte("png")}}
	notify := func(n bot.Notice) {
		t.Helper()
		if err := a.Notify(t.Context(), n); err != nil {
			t.Fatal(err)
		}
	}
	notify(bot.Notice{Place: chat.Place{Platform: "discord", Space: "g1", Channel: "c5"}, Channel: []chat.Message{{Title: "Deadline passed", Text: "the bot rolls", Files: picture}}, Delivery: "d1"})
	for i := 0; i < 2; i++ {
		notify(bot.Notice{Place: chat.Place{Platform: "discord", Space: "g1", Channel: "c5"}, Channel: []chat.Message{{Title: "Standings", Text: strconv.Itoa(i)}}, Sticky: "standings:t"})
	}
	th, err := a.OpenThread(t.Context(), chat.Place{Platform: "discord", Space: "g1", Channel: "c5"}, "Cup — Prien")
	if err != nil {
		t.Fatal(err)
	}
	notify(bot.Notice{Place: th, Channel: []chat.Message{{Title: "Reminder", Text: "waits", Files: picture}}, DirectTo: "u1", Direct: []chat.Message{{Text: "Reminder 2"}}, Delivery: "d2"})
	// A session: an external event of the text channel, then cancelled.
	planned, err := a.PlanSession(t.Context(), chat.Place{Platform: "discord", Space: "g1", Channel: "c5"}, bot.SessionPlan{Title: "Session", Start: time.Now().Add(time.Hour), End: time.Now().Add(2 * time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	if err := a.CancelSession(t.Context(), chat.Place{Platform: "discord", Space: "g1", Channel: "c5"}, planned.Ref); err != nil {
		t.Fatal(err)
	}
	a.Close()
	store.Close()
	h, _ := hunters.NewRules()
	store2, err := persist.Open(filepath.Join(t.TempDir(), "g.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store2.Close()
	games := engine.Described(map[string]engine.Rules{"hunters": h})
	global, err := New(Config{Token: "test-token", ApplicationID: "app", APIBase: f.URL}, bot.New(store2, games, bot.Options{}), games, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	if err := global.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	global.Close()
	for end := time.After(time.Second); ; {
		select {
		case p := <-f.Posts():
			posts = append(posts, p)
			continue
		case <-end:
		}
		break
	}

	routes := map[string]bool{}
	for _, r := range f.Routes() {
		routes[r] = true
	}
	for m := range called {
		for _, r := range sessionRoutes[m] {
			if !routes[r] {
				t.Errorf("the session never made Session.%s's call %s", m, r)
			}
		}
	}
	var need int64
	for _, p := range posts {
		need |= needs(p)
	}
	need |= eventNeeds(routes)
	if routes["POST /api/v9/channels/{channel}/threads"] {
		need |= discordgo.PermissionViewChannel | discordgo.PermissionCreatePublicThreads
	}
	if need != Permissions {
		t.Fatalf("the calls need permissions %d (%s); Permissions is %d (%s)", need, names(need), int64(Permissions), names(Permissions))
	}
	var sum int64
	for _, p := range PermissionNames {
		sum += p.Bit
	}
	if sum != Permissions {
		t.Fatalf("PermissionNames add up to %d, Permissions is %d", sum, int64(Permissions))
	}

	// The guide says the same.
	guide, err := os.ReadFile("../../docs/operators/discord.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(guide), strconv.FormatInt(Permissions, 10)) {
		t.Errorf("docs/operators/discord.md does not quote the permission integer %d", int64(Permissions))
	}
	for _, p := range PermissionNames {
		if !strings.Contains(string(guide), p.Name) {
			t.Errorf("docs/operators/discord.md does not list %q", p.Name)
		}
	}
	if !strings.Contains(string(guide), InviteURL("YOUR_APPLICATION_ID")) {
		t.Errorf("docs/operators/discord.md does not show the invitation link %s", InviteURL("YOUR_APPLICATION_ID"))
	}
	if !strings.Contains(string(guide), UserInstallURL("YOUR_APPLICATION_ID")) {
		t.Errorf("docs/operators/discord.md does not show the user install link %s", UserInstallURL("YOUR_APPLICATION_ID"))
	}
}

func names(bits int64) string {
	var out []string
	for _, p := range PermissionNames {
		if bits&p.Bit != 0 {
			out = append(out, p.Name)
			bits &^= p.Bit
		}
	}
	if bits != 0 {
		out = append(out, "other bits "+strconv.FormatInt(bits, 10))
	}
	sort.Strings(out)
	return strings.Join(out, ", ")
}
