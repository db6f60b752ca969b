package discord

import (
	"encoding/json"
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/kaleun/kaleun/internal/discordfake"
	"github.com/kaleun/kaleun/persist"
)

// Issue 34, item 2, through the real discordgo client against the local
// Discord: the app is also user-installable. Registered globally,
// `/kaleun games` is offered in servers, in the bot's direct messages and
// in the user's other private channels, to a server's install and a
// user's; the games' commands in servers only, with the server's install.
// From a direct message (no guild, a user in place of a member) `/kaleun
// games` lists the caller's games in every server, for him alone, each
// linking to its prompt; another user's list holds his own games only; a
// game's command that reaches a direct message (a registration from before
// the games were held to servers, which Discord offers everywhere) is told
// to use a server's channel, and starts nothing.
func TestKaleunGamesInDirectMessagesOnDiscord(t *testing.T) {
	r := startChannelRunIn(t, nil)
	for _, c := range []struct {
		name string
		ctx  int
		ok   bool
	}{
		{"kaleun", discordfake.ContextGuild, true}, {"kaleun", discordfake.ContextBotDM, true}, {"kaleun", discordfake.ContextPrivateChannel, true},
		{"hunters", discordfake.ContextGuild, true}, {"hunters", discordfake.ContextBotDM, false}, {"hunters-duel", discordfake.ContextPrivateChannel, false},
	} {
		if why := r.f.Offered(c.name, c.ctx); (why == "") != c.ok {
			t.Errorf("/%s in context %d: offered %v (%s)", c.name, c.ctx, why == "", why)
		}
	}
	var cmds []struct {
		Name             string `json:"name"`
		IntegrationTypes []int  `json:"integration_types"`
		Contexts         []int  `json:"contexts"`
	}
	if err := json.Unmarshal(r.f.Commands()[0], &cmds); err != nil {
		t.Fatal(err)
	}
	for _, c := range cmds {
		want := `[0] [0]`
		if c.Name == "kaleun" {
			want = `[0 1] [0 1 2]`
		}
		if got := fmtInts(c.IntegrationTypes) + " " + fmtInts(c.Contexts); got != want {
			t.Errorf("/%s registers integration_types and contexts %s, want %s", c.Name, got, want)
		}
	}
	for _, c := range guildScoped(r.a.commands()) {
		if c.IntegrationTypes != nil || c.Contexts != nil {
			t.Errorf("/%s registered to a server carries install types or contexts, which Discord has for global commands only", c.Name)
		}
	}

	// funker's career in one server, a duel with kapitaen in another.
	r.f.SetGuild("g2")
	r.command("c5", "funker", "hunters", "new", discordfake.Option{Name: "boat", Value: "VIIC"}, discordfake.Option{Name: "start", Value: "1941-06"})
	r.f.SetGuild("g1")
	r.challenge("c1", "kapitaen", "hunters-duel", "funker", discordfake.Option{Name: "boat", Value: "VIIC"},
		discordfake.Option{Name: "start", Value: "1941-03"}, discordfake.Option{Name: "end", Value: "1941-08"})
	rec, err := r.store.Load(t.Context(), "discord/g1/c1")
	if err != nil {
		t.Fatal(err)
	}
	r.press("c1", "funker", "k1:"+rec.ID+":start:go")

	list := func(user, channel string, context int) (discordfake.Message, int) {
		t.Helper()
		before := len(r.f.Messages())
		r.send(user, func(id string) error { return r.f.CommandDM(id, channel, user, context, "kaleun", "games") })
		got := r.f.Messages()[before:]
		if len(got) != 1 || !got[0].Ephemeral || got[0].Channel != channel {
			t.Fatalf("/kaleun games by %s in %s: %d messages, %+v", user, channel, len(got), got)
		}
		return got[0], len(got)
	}
	m, _ := list("funker", "dm-funker", discordfake.ContextBotDM)
	text := m.Text()
	t.Logf("funker's /kaleun games in his DM with the bot:\n%s", text)
	link := regexp.MustCompile(`\[Jump to game\]\(https://discord\.com/channels/([^/]+)/([^/]+)/[^)]+\)`)
	var homes []string
	for _, l := range link.FindAllStringSubmatch(text, -1) {
		homes = append(homes, l[1]+"/"+l[2])
	}
	if !strings.Contains(text, "2 games and tournaments, ") || strings.Join(homes, " ") != "g2/c5 g1/c1" && strings.Join(homes, " ") != "g1/c1 g2/c5" {
		t.Errorf("funker's list holds his career in g2 and the duel in g1, each linking to its prompt: %v\n%s", homes, text)
	}
	m, _ = list("kapitaen", "gdm-7", discordfake.ContextPrivateChannel)
	if other := m.Text(); strings.Contains(other, "c5") || !strings.Contains(other, "1 game or tournament") {
		t.Errorf("kapitaen's list, from a group DM, holds the duel alone:\n%s", other)
	}

	// A game's command in a DM, as a registration from before this one
	// (no contexts: offered everywhere) lets Discord send it.
	if _, err := r.a.session.ApplicationCommandBulkOverwrite("app", "", guildScoped(r.a.commands()), discordgo.WithContext(t.Context())); err != nil {
		t.Fatal(err)
	}
	before := len(r.f.Messages())
	r.send("funker", func(id string) error {
		return r.f.CommandDM(id, "dm-funker", "funker", discordfake.ContextBotDM, "hunters", "new", discordfake.Option{Name: "boat", Value: "VIIC"})
	})
	got := r.f.Messages()[before:]
	if len(got) != 1 || !got[0].Ephemeral || !strings.Contains(got[0].Text(), "use it in a server channel") {
		t.Fatalf("/hunters new in a DM: %+v", got)
	}
	if _, err := r.store.Load(t.Context(), "discord//dm-funker"); !errors.Is(err, persist.ErrNotFound) {
		t.Errorf("a game was started in a DM: %v", err)
	}
}

func fmtInts(v []int) string {
	b, _ := json.Marshal(v)
	return strings.ReplaceAll(strings.ReplaceAll(string(b), ",", " "), "null", "[]")
}
