// Package parity checks that the chat platforms offer the same commands: every
// slash command, subcommand and option Discord registers can be typed on Slack,
// in either syntax the bot's hints use (key:value, as Discord shows options,
// or key=value), and reaches the bot with the same arguments.
package parity

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/kaleun/kaleun/adapters/discord"
	"github.com/kaleun/kaleun/adapters/slack"
	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/engine/hunters/duel"
	"github.com/kaleun/kaleun/engine/hunters/wolfpack"
	"github.com/kaleun/kaleun/engine/tonnagewar"
)

func games(t *testing.T) engine.Registry {
	t.Helper()
	h, err := hunters.NewRules()
	if err != nil {
		t.Fatal(err)
	}
	tw, err := tonnagewar.NewRules()
	if err != nil {
		t.Fatal(err)
	}
	return engine.Described(map[string]engine.Rules{"hunters": h, "hunters-duel": duel.NewRules(h), "hunters-wolfpack": wolfpack.NewRules(h), "tonnagewar": tw})
}

// sample is a value for an option as a player would give it: a choice when
// there are choices, a player when it names one, else text with a space and
// both separators in it.
func sample(o *discordgo.ApplicationCommandOption) (discordValue, slackWord string) {
	switch {
	case o.Type == discordgo.ApplicationCommandOptionUser:
		return bot.UserArg("U2", "bob"), "<@U2|bob>"
	case len(o.Choices) > 0:
		v := fmt.Sprint(o.Choices[0].Value)
		return v, v
	}
	return "a b=c:d", `"a b=c:d"`
}

func TestEveryDiscordCommandWorksOnSlack(t *testing.T) {
	var listed []string
	for _, cmd := range discord.ApplicationCommands(games(t)) {
		for _, sub := range cmd.Options {
			if sub.Type != discordgo.ApplicationCommandOptionSubCommand {
				t.Fatalf("/%s %s is not a subcommand", cmd.Name, sub.Name)
			}
			listed = append(listed, "/"+cmd.Name+" "+sub.Name)
			want := map[string]string{}
			var colon, equals []string
			for _, o := range sub.Options {
				dv, sw := sample(o)
				want[o.Name] = dv
				colon = append(colon, o.Name+":"+sw)
				equals = append(equals, o.Name+"="+sw)
			}
			for _, words := range [][]string{colon, equals} {
				text := strings.TrimSpace(sub.Name + " " + strings.Join(words, " "))
				gotSub, got, err := slack.ParseCommandText(text)
				if err != nil {
					t.Errorf("/%s %s on Slack: %v", cmd.Name, text, err)
					continue
				}
				if gotSub != sub.Name || !sameArgs(got, want) {
					t.Errorf("/%s %s on Slack reads %s %v; Discord sends %s %v", cmd.Name, text, gotSub, got, sub.Name, want)
				}
			}
		}
	}
	sort.Strings(listed)
	if len(listed) < 40 {
		t.Fatalf("only %d subcommands registered: %v", len(listed), listed)
	}
	t.Logf("%d subcommands on both platforms: %s", len(listed), strings.Join(listed, ", "))
}

// sameArgs compares arguments as the bot reads them: players by id.
func sameArgs(got, want map[string]string) bool {
	if len(got) != len(want) {
		return false
	}
	for k, w := range want {
		g, ok := got[k]
		if !ok {
			return false
		}
		wid, _, wUser := bot.ParseUserArg(w)
		gid, _, gUser := bot.ParseUserArg(g)
		if wUser || gUser {
			if wid != gid {
				return false
			}
			continue
		}
		if g != w {
			return false
		}
	}
	return true
}

// The hints the bot itself gives, typed on Slack as shown.
func TestTheBotsHintsParseOnSlack(t *testing.T) {
	for text, want := range map[string]map[string]string{
		"prefs tz:Europe/Berlin quiet:23:00-07:00":           {"tz": "Europe/Berlin", "quiet": "23:00-07:00"},
		"prefs vacation:5":                                   {"vacation": "5"},
		`seed text:"Prien was here"`:                         {"text": "Prien was here"},
		"challenge b:<@U2|bob> boat:VIIC":                    {"b": "<@U2|bob>", "boat": "VIIC"},
		"new rules=diesel_repair=inoperable_at_once,14.6":    {"rules": "diesel_repair=inoperable_at_once,14.6"},
		"new rules:14.6 kommandant:\"Otto Prien\"":           {"rules": "14.6", "kommandant": "Otto Prien"},
		"tournament join":                                    {"action": "join"},
		"tournament create format:top length=short name:Cup": {"action": "create", "format": "top", "length": "short", "name": "Cup"},
	} {
		_, got, err := slack.ParseCommandText(text)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%q: %v %v, want %v", text, got, err, want)
		}
	}
	for _, bad := range []string{"prefs Europe/Berlin", `seed text:"open`, "prefs tz:a tz=b", "tournament join extra"} {
		if _, _, err := slack.ParseCommandText(bad); err == nil {
			t.Errorf("%q was accepted", bad)
		}
	}
}
