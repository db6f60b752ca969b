package substitute

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/kaleun/kaleun/internal/chatread"
	"github.com/kaleun/kaleun/internal/discordfake"
	"github.com/kaleun/kaleun/internal/slackfake"
)

// refusedText is what the bot's note says of a click it does not take.
const refusedText = "changed nothing"

// discordSide plays in channel c1 of the fake Discord.
type discordSide struct {
	f            *discordfake.Server
	pump         *discordPump
	interactions int
}

func (s *discordSide) name() string        { return "discord" }
func (s *discordSide) user(who int) string { return []string{"u1", "u2", "u3"}[who] }

// userOptions sends a subcommand whose options are users, as Discord
// does: type 6, each user resolved in the interaction's data.
func (s *discordSide) userOptions(id, by, sub string, opts [][2]string) {
	s.dispatch(id, "c1", by, "hunters-duel", sub, opts)
}

// dispatch sends /game sub in a channel, the options given as user
// options (type 6, resolved) when they name one of the test's users.
func (s *discordSide) dispatch(id, channel, by, game, sub string, opts [][2]string) {
	var o []any
	users := map[string]any{}
	for _, x := range opts {
		typ := 3
		if strings.HasPrefix(x[1], "u") && len(x[1]) == 2 && x[0] != "action" {
			typ = 6
			users[x[1]] = map[string]any{"id": x[1], "username": []string{"Prien", "Kretschmer", "Lemp", "Dönitz"}[x[1][1]-'1']}
		}
		o = append(o, map[string]any{"name": x[0], "type": typ, "value": x[1]})
	}
	s.interactions++
	if err := s.f.Dispatch("INTERACTION_CREATE", map[string]any{
		"id": id, "application_id": "app", "type": 2, "token": "tok-" + id, "guild_id": "g1", "channel_id": channel,
		"member": discordfake.Member(by, false),
		"data": map[string]any{"id": "cmd", "name": game, "type": 1, "resolved": map[string]any{"users": users},
			"options": []any{map[string]any{"name": sub, "type": 1, "options": o}}},
	}); err != nil {
		panic(err)
	}
}

func (s *discordSide) challenge(t *testing.T) {
	s.userOptions("new", "u1", "new", [][2]string{{"boat", "VIIC"}, {"start", "1941-06"}, {"b", "u2"}})
	var invite discordfake.Message
	awaitCondition(t, "discord: the challenge", func() bool {
		for _, m := range s.f.Messages() {
			if m.Channel == "c1" && m.Live() {
				invite = m
				return true
			}
		}
		return false
	})
	s.interactions++
	if err := s.f.ClickOn("accept", invite.ID, "u2", invite.CustomIDs()[0]); err != nil {
		t.Fatal(err)
	}
	awaitCondition(t, "discord: the duel's first prompt", func() bool {
		m, _, ok := s.live()
		return ok && m.(discordfake.Message).ID != invite.ID
	})
}

func (s *discordSide) command(id, by, sub, old, newcomer string) {
	s.userOptions(id, by, sub, [][2]string{{"seat", old}, {"with", newcomer}})
}

func (s *discordSide) live() (any, string, bool) {
	ms := s.f.Messages()
	for i := len(ms) - 1; i >= 0; i-- {
		if ms[i].Channel != "c1" || ms[i].Ephemeral {
			continue
		}
		if v, ok := decisionValue(ms[i].CustomIDs()); ok {
			return ms[i], v, true
		}
	}
	return nil, "", false
}

func (s *discordSide) press(id string, msg any, user, value string) {
	s.interactions++
	if err := s.f.ClickOn("d-"+id, msg.(discordfake.Message).ID, user, value); err != nil {
		panic(err)
	}
}

func (s *discordSide) refusals() int {
	n := 0
	for _, m := range s.f.Messages() {
		if m.Ephemeral && strings.Contains(m.Text(), refusedText) {
			n++
		}
	}
	return n
}

func (s *discordSide) public(text string) []pub {
	var out []pub
	s.pump.mu.Lock()
	defer s.pump.mu.Unlock()
	for _, m := range s.f.Messages() {
		if m.Channel == "c1" && !m.Ephemeral && strings.Contains(m.Text(), text) {
			out = append(out, pub{text: m.Text(), pinged: s.pump.pings[m.ID]})
		}
	}
	return out
}

func (s *discordSide) direct(user, text string) int {
	n := 0
	for _, m := range s.f.Messages() {
		if m.Channel == "dm-"+user && strings.Contains(m.Text(), text) {
			n++
		}
	}
	return n
}

func (s *discordSide) figures() chatread.Figures {
	f := chatread.Figures{Interactions: s.interactions}
	s.pump.mu.Lock()
	defer s.pump.mu.Unlock()
	for _, m := range s.f.Messages() {
		if m.Channel != "c1" || m.Ephemeral {
			continue
		}
		f.Messages++
		f.Mentions += len(s.pump.pings[m.ID])
		for _, file := range m.Files {
			if strings.HasSuffix(file, ".png") {
				f.Pictures++
			}
		}
	}
	return f
}

func (s *discordSide) gameID(t *testing.T) string {
	for _, m := range s.f.Messages() {
		if m.Channel != "c1" {
			continue
		}
		for _, id := range m.CustomIDs() {
			if g := gameOf(id); g != "" {
				return g
			}
		}
	}
	t.Fatal("discord: no game's button was ever posted")
	return ""
}

// discordPump drains the fake's posts and keeps, for each new public
// message, whom its content pinged (allowed_mentions applied), as the
// channel tests count them.
type discordPump struct {
	mu    sync.Mutex
	pings map[string][]string
	done  chan struct{}
	wg    sync.WaitGroup
}

func newDiscordPump(f *discordfake.Server) *discordPump {
	p := &discordPump{pings: map[string][]string{}, done: make(chan struct{})}
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		for {
			select {
			case post := <-f.Posts():
				p.read(f, post)
			case <-p.done:
				return
			}
		}
	}()
	return p
}

func (p *discordPump) read(f *discordfake.Server, post discordfake.Post) {
	m, ok := f.MessageByID(post.ID)
	if !ok || m.Ephemeral || m.Created != post.Seq {
		return
	}
	d := discordfake.Data(post)
	content, _ := d["content"].(string)
	pinged := discordfake.Message{Content: content}.Mentions()
	if am, ok := d["allowed_mentions"].(map[string]any); ok {
		parse, _ := am["parse"].([]any)
		if !slices.Contains(parse, any("users")) {
			var allowed []string
			users, _ := am["users"].([]any)
			for _, u := range users {
				if slices.Contains(pinged, fmt.Sprint(u)) {
					allowed = append(allowed, fmt.Sprint(u))
				}
			}
			pinged = allowed
		}
	}
	p.mu.Lock()
	p.pings[post.ID] = pinged
	p.mu.Unlock()
}

func (p *discordPump) stop() { close(p.done); p.wg.Wait() }

func (p *discordPump) pingsOf(id string) []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.pings[id]
}

// slackSide plays in channel C1 of the fake Slack.
type slackSide struct {
	f            *slackfake.Server
	interactions int
	n            int
}

func (s *slackSide) name() string        { return "slack" }
func (s *slackSide) user(who int) string { return []string{"U1", "U2", "U3"}[who] }

func mention(id string) string {
	return "<@" + id + "|" + map[string]string{"U1": "prien", "U2": "kretschmer", "U3": "lemp"}[id] + ">"
}

func (s *slackSide) env() string { s.n++; return fmt.Sprintf("s%d", s.n) }

func (s *slackSide) challenge(t *testing.T) {
	s.interactions++
	s.f.SlashIn(s.env(), "C1", "U1", "/hunters-duel", "new boat:VIIC start:1941-06 b:"+mention("U2"))
	var invite slackfake.Message
	awaitCondition(t, "slack: the challenge", func() bool {
		for _, m := range s.f.Messages() {
			if m.Channel == "C1" && !m.Ephemeral && m.Live() {
				invite = m
				return true
			}
		}
		return false
	})
	s.interactions++
	s.f.ClickOn(s.env(), invite, "U2", invite.Values()[0])
	awaitCondition(t, "slack: the duel's first prompt", func() bool {
		m, _, ok := s.live()
		return ok && m.(slackfake.Message).TS != invite.TS
	})
}

func (s *slackSide) command(id, by, sub, old, newcomer string) {
	s.interactions++
	s.f.SlashIn(s.env(), "C1", by, "/hunters-duel", sub+" seat:"+mention(old)+" with:"+mention(newcomer))
}

func (s *slackSide) live() (any, string, bool) {
	ms := s.f.Messages()
	for i := len(ms) - 1; i >= 0; i-- {
		if ms[i].Channel != "C1" || ms[i].Ephemeral || ms[i].Deleted {
			continue
		}
		if v, ok := decisionValue(ms[i].Values()); ok {
			return ms[i], v, true
		}
	}
	return nil, "", false
}

func (s *slackSide) press(id string, msg any, user, value string) {
	s.interactions++
	s.f.ClickOn(s.env(), msg.(slackfake.Message), user, value)
}

func (s *slackSide) refusals() int {
	n := 0
	for _, m := range s.f.Messages() {
		if m.Ephemeral && strings.Contains(m.Text+m.AllText(), refusedText) {
			n++
		}
	}
	return n
}

func (s *slackSide) public(text string) []pub {
	var out []pub
	for _, m := range s.f.Messages() {
		if m.Channel == "C1" && !m.Ephemeral && !m.Deleted && strings.Contains(m.Text+"\n"+m.AllText(), text) {
			out = append(out, pub{text: m.Text, pinged: m.Pinged})
		}
	}
	return out
}

func (s *slackSide) direct(user, text string) int {
	n := 0
	for _, m := range s.f.Messages() {
		if m.Channel == "D-"+user && strings.Contains(m.Text+"\n"+m.AllText(), text) {
			n++
		}
	}
	return n
}

func (s *slackSide) figures() chatread.Figures {
	f := chatread.Figures{Interactions: s.interactions}
	for _, m := range s.f.Messages() {
		if m.Channel != "C1" || m.Ephemeral || m.Deleted {
			continue
		}
		f.Messages++
		f.Mentions += len(m.Pinged)
		for _, file := range m.Files {
			if strings.HasSuffix(file, ".png") {
				f.Pictures++
			}
		}
	}
	return f
}

func (s *slackSide) gameID(t *testing.T) string {
	for _, m := range s.f.Messages() {
		for _, v := range m.Values() {
			if g := gameOf(v); g != "" {
				return g
			}
		}
	}
	t.Fatal("slack: no game's button was ever posted")
	return ""
}

// newSlackPump drains what the fake Slack reports (its posts and the
// Socket Mode acknowledgements): it keeps the messages itself.
type slackPump struct {
	done chan struct{}
	wg   sync.WaitGroup
}

func newSlackPump(f *slackfake.Server) *slackPump {
	p := &slackPump{done: make(chan struct{})}
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		for {
			select {
			case <-f.Acks():
			case <-f.Posts():
			case <-p.done:
				return
			}
		}
	}()
	return p
}

func (p *slackPump) stop() { close(p.done); p.wg.Wait() }
