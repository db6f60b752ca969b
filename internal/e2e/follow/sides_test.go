package follow

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

// The people, by their part: each platform names them its own way.
const (
	prien = iota
	kretschmer
	follower
)

// refusedText is what the bot's note says of a click it does not take.
const refusedText = "changed nothing"

// side is one platform's duel, in its own channel, and its follower, who
// writes from another channel.
type side interface {
	name() string
	user(who int) string
	challenge(t *testing.T)
	// kaleun sends `/kaleun TEXT` (follow game:ID, unfollow game:ID) from
	// the follower's channel.
	kaleun(t *testing.T, text string) string
	// leaderboard is what `/hunters-duel leaderboard` answers in the duel's channel.
	leaderboard(t *testing.T) string
	live() (msg any, value string, ok bool)
	press(id string, msg any, user, value string)
	refusals() int
	// mark is where the fake's messages are now, for since.
	mark() int
	// since counts the duel channel's public messages made after a mark
	// (texts, and pictures: on Slack a picture is a shared file of its own).
	since(mark int) (texts, pictures int)
	// liveMark is where the channel's newest prompt is among the fake's
	// messages: the one a follower's first copy answers.
	liveMark() int
	// channelTexts are the duel channel's public messages from a mark on,
	// as they read now, but the prompt now pending; dmTexts the follower's direct messages.
	channelTexts(mark int) []string
	dmTexts() []string
	// dms are the follower's direct messages: texts, pictures, and the
	// texts of any with a button or a ping.
	dms() (texts, pictures int, bad []string)
	figures() chatread.Figures
	gameID(t *testing.T) string
}

// decisionValue is a button's value that takes a decision: not the bot's
// own (odds, board, pages, confirmations: "__...").
func decisionValue(values []string) (string, bool) {
	for _, v := range values {
		if i := strings.LastIndex(v, ":"); strings.HasPrefix(v, "k1:") && !strings.HasPrefix(v[i+1:], "__") {
			return v, true
		}
	}
	return "", false
}

func gameOf(value string) string {
	parts := strings.Split(value, ":")
	if len(parts) < 2 {
		return ""
	}
	return parts[1]
}

// discordSide plays in channel c1 of the fake Discord; the follower, u3,
// writes from c9.
type discordSide struct {
	f            *discordfake.Server
	pump         *discordPump
	interactions int
	n            int
}

func (s *discordSide) name() string        { return "discord" }
func (s *discordSide) user(who int) string { return []string{"u1", "u2", "u3"}[who] }

func (s *discordSide) id() string { s.n++; return fmt.Sprintf("i%d", s.n) }

// dispatch sends /command sub in a channel, an option naming one of the
// test's users as a user option (type 6, resolved), as Discord does.
func (s *discordSide) dispatch(channel, by, command, sub string, opts [][2]string) {
	var o []any
	users := map[string]any{}
	for _, x := range opts {
		typ := 3
		if strings.HasPrefix(x[1], "u") && len(x[1]) == 2 {
			typ = 6
			users[x[1]] = map[string]any{"id": x[1], "username": []string{"Prien", "Kretschmer", "Dönitz"}[x[1][1]-'1']}
		}
		o = append(o, map[string]any{"name": x[0], "type": typ, "value": x[1]})
	}
	id := s.id()
	if err := s.f.Dispatch("INTERACTION_CREATE", map[string]any{
		"id": id, "application_id": "app", "type": 2, "token": "tok-" + id, "guild_id": "g1", "channel_id": channel,
		"member": discordfake.Member(by, false),
		"data": map[string]any{"id": "cmd", "name": command, "type": 1, "resolved": map[string]any{"users": users},
			"options": []any{map[string]any{"name": sub, "type": 1, "options": o}}},
	}); err != nil {
		panic(err)
	}
}

func (s *discordSide) challenge(t *testing.T) {
	s.interactions++
	s.dispatch("c1", "u1", "hunters-duel", "new", [][2]string{{"boat", "VIIC"}, {"start", "1941-06"}, {"b", "u2"}})
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

// answer waits for the private answer to a command sent after mark, in a channel.
func (s *discordSide) answer(t *testing.T, mark int, channel string) string {
	t.Helper()
	text := ""
	awaitCondition(t, "discord: the answer in "+channel, func() bool {
		for _, m := range s.f.Messages()[mark:] {
			if m.Channel == channel && m.Text() != "" {
				text = m.Text()
				return true
			}
		}
		return false
	})
	return text
}

func (s *discordSide) kaleun(t *testing.T, text string) string {
	t.Helper()
	sub, arg, _ := strings.Cut(text, " ")
	k, v, _ := strings.Cut(arg, ":")
	mark := s.mark()
	s.dispatch("c9", "u3", "kaleun", sub, [][2]string{{k, v}})
	return s.answer(t, mark, "c9")
}

func (s *discordSide) leaderboard(t *testing.T) string {
	t.Helper()
	mark := s.mark()
	s.dispatch("c1", "u1", "hunters-duel", "leaderboard", nil)
	return s.answer(t, mark, "c1")
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

func (s *discordSide) mark() int { return len(s.f.Messages()) }

func (s *discordSide) since(mark int) (texts, pictures int) {
	for _, m := range s.f.Messages()[mark:] {
		if m.Channel != "c1" || m.Ephemeral {
			continue
		}
		texts++
		for _, file := range m.Files {
			if strings.HasSuffix(file, ".png") {
				pictures++
			}
		}
	}
	return texts, pictures
}

func (s *discordSide) liveMark() int {
	m, _, ok := s.live()
	if !ok {
		return s.mark()
	}
	for i, x := range s.f.Messages() {
		if x.ID == m.(discordfake.Message).ID {
			return i
		}
	}
	return s.mark()
}

func (s *discordSide) channelTexts(mark int) []string {
	var out []string
	live, _, _ := s.live()
	for _, m := range s.f.Messages()[mark:] {
		if m.Channel == "c1" && !m.Ephemeral && (live == nil || m.ID != live.(discordfake.Message).ID) {
			out = append(out, m.Text())
		}
	}
	return out
}

func (s *discordSide) dmTexts() []string {
	var out []string
	for _, m := range s.f.Messages() {
		if m.Channel == "dm-u3" {
			out = append(out, m.Text())
		}
	}
	return out
}

func (s *discordSide) dms() (texts, pictures int, bad []string) {
	for _, m := range s.f.Messages() {
		if m.Channel != "dm-u3" {
			continue
		}
		texts++
		for _, file := range m.Files {
			if strings.HasSuffix(file, ".png") {
				pictures++
			}
		}
		if m.Live() || len(m.CustomIDs()) > 0 || len(m.Mentions()) > 0 || len(s.pump.pingsOf(m.ID)) > 0 {
			bad = append(bad, m.Text())
		}
	}
	return texts, pictures, bad
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

// discordPump drains the fake's posts and keeps, for each new message,
// whom its content pinged (allowed_mentions applied).
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

// slackSide plays in channel C1 of the fake Slack; the follower, U3,
// writes from C9.
type slackSide struct {
	f            *slackfake.Server
	interactions int
	n            int
}

func (s *slackSide) name() string        { return "slack" }
func (s *slackSide) user(who int) string { return []string{"U1", "U2", "U3"}[who] }

func (s *slackSide) env() string { s.n++; return fmt.Sprintf("s%d", s.n) }

func (s *slackSide) challenge(t *testing.T) {
	s.interactions++
	s.f.SlashIn(s.env(), "C1", "U1", "/hunters-duel", "new boat:VIIC start:1941-06 b:<@U2|kretschmer>")
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

func (s *slackSide) answer(t *testing.T, mark int, channel string) string {
	t.Helper()
	text := ""
	awaitCondition(t, "slack: the answer in "+channel, func() bool {
		for _, m := range s.f.Messages()[mark:] {
			if m.Channel == channel && !m.Deleted {
				text = m.Text + "\n" + m.AllText()
				return true
			}
		}
		return false
	})
	return text
}

func (s *slackSide) kaleun(t *testing.T, text string) string {
	t.Helper()
	mark := s.mark()
	s.f.SlashIn(s.env(), "C9", "U3", "/kaleun", text)
	return s.answer(t, mark, "C9")
}

func (s *slackSide) leaderboard(t *testing.T) string {
	t.Helper()
	mark := s.mark()
	s.f.SlashIn(s.env(), "C1", "U1", "/hunters-duel", "leaderboard")
	return s.answer(t, mark, "C1")
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

func (s *slackSide) mark() int { return len(s.f.Messages()) }

func (s *slackSide) since(mark int) (texts, pictures int) {
	for _, m := range s.f.Messages()[mark:] {
		if m.Channel != "C1" || m.Ephemeral || m.Deleted {
			continue
		}
		if len(m.Files) > 0 {
			pictures++
			continue
		}
		texts++
	}
	return texts, pictures
}

func (s *slackSide) liveMark() int {
	m, _, ok := s.live()
	if !ok {
		return s.mark()
	}
	for i, x := range s.f.Messages() {
		if x.TS == m.(slackfake.Message).TS && x.Channel == "C1" {
			return i
		}
	}
	return s.mark()
}

func (s *slackSide) channelTexts(mark int) []string {
	var out []string
	live, _, _ := s.live()
	for _, m := range s.f.Messages()[mark:] {
		if m.Channel == "C1" && !m.Ephemeral && !m.Deleted && len(m.Files) == 0 && (live == nil || m.TS != live.(slackfake.Message).TS) {
			out = append(out, m.AllText())
		}
	}
	return out
}

func (s *slackSide) dmTexts() []string {
	var out []string
	for _, m := range s.f.Messages() {
		if m.Channel == "D-U3" && !m.Deleted && len(m.Files) == 0 {
			out = append(out, m.AllText())
		}
	}
	return out
}

func (s *slackSide) dms() (texts, pictures int, bad []string) {
	for _, m := range s.f.Messages() {
		if m.Channel != "D-U3" || m.Deleted {
			continue
		}
		if len(m.Files) > 0 {
			pictures++
			continue
		}
		texts++
		if len(m.Values()) > 0 || len(m.Pinged) > 0 || len(m.Mentions()) > 0 {
			bad = append(bad, m.Text)
		}
	}
	return texts, pictures, bad
}

func (s *slackSide) figures() chatread.Figures {
	f := chatread.Figures{Interactions: s.interactions}
	for _, m := range s.f.Messages() {
		if m.Channel != "C1" || m.Ephemeral || m.Deleted {
			continue
		}
		f.Mentions += len(m.Pinged)
		if len(m.Files) > 0 { // a picture is a shared file of its own: chatread counts the messages besides
			f.Pictures++
			continue
		}
		f.Messages++
	}
	return f
}

func (s *slackSide) gameID(t *testing.T) string {
	for _, m := range s.f.Messages() {
		if m.Channel != "C1" {
			continue
		}
		for _, v := range m.Values() {
			if g := gameOf(v); g != "" {
				return g
			}
		}
	}
	t.Fatal("slack: no game's button was ever posted")
	return ""
}

// slackPump drains what the fake Slack reports (its posts and the Socket
// Mode acknowledgements): it keeps the messages itself.
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
