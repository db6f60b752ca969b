package discord

import (
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/engine/hunters/duel"
	"github.com/kaleun/kaleun/engine/hunters/pictures"
	"github.com/kaleun/kaleun/engine/hunters/wolfpack"
	"github.com/kaleun/kaleun/internal/chatread"
	"github.com/kaleun/kaleun/internal/discordfake"
	"github.com/kaleun/kaleun/persist"
)

// Issue 17: a channel people want to read. Whole games are played through
// the real discordgo client against the local Discord, the players pressing
// the buttons Discord shows them, and the channel is measured as a reader
// sees it: public messages, pictures and pings per interaction, and live
// buttons left on prompts already answered.

// channelRun is one measured game: the adapter over a fresh database, with
// the games' pictures, and the interactions the players sent.
type channelRun struct {
	t     *testing.T
	f     *discordfake.Server
	a     *Adapter
	svc   *bot.Service
	store *persist.Store
	games engine.Registry
	done  chan string
	n     int // interactions sent
	// users are who sent each interaction, by its id.
	users map[string]string
}

func startChannelRun(t *testing.T) *channelRun {
	t.Helper()
	return startChannelRunIn(t, []string{"g1"})
}

// startChannelRunIn registers the commands to guilds, or globally when
// there are none.
func startChannelRunIn(t *testing.T, guilds []string) *channelRun {
	t.Helper()
	r := &channelRun{t: t, f: discordfake.New(t), games: allGames(t), done: make(chan string, 64), users: map[string]string{}}
	store, err := persist.Open(filepath.Join(t.TempDir(), "k.db"))
	if err != nil {
		t.Fatal(err)
	}
	il, err := pictures.NewIllustrator()
	if err != nil {
		t.Fatal(err)
	}
	ids := 0
	r.svc = bot.New(store, r.games, bot.Options{NewSeed: fixedSeed,
		NewID:        func() (string, error) { ids++; return fmt.Sprintf("g%d", ids), nil },
		Illustrators: map[string]bot.Illustrator{"hunters": il, "hunters-duel": il}})
	r.a, err = New(Config{Token: "test-token", ApplicationID: "app", Guilds: guilds, APIBase: r.f.URL}, r.svc, r.games, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	r.a.handled = func(id string) { r.done <- id }
	if err := r.a.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	select {
	case <-r.f.Ready():
	case <-time.After(5 * time.Second):
		t.Fatal("no READY")
	}
	r.svc.UseThreads("discord", r.a)
	r.store = store
	t.Cleanup(func() { r.a.Close(); r.svc.Wait(); store.Close() })
	return r
}

// send dispatches one interaction and waits until the adapter has posted
// everything it brought.
func (r *channelRun) send(user string, dispatch func(id string) error) {
	r.t.Helper()
	r.n++
	id := fmt.Sprintf("i%d", r.n)
	r.users[id] = user
	if err := dispatch(id); err != nil {
		r.t.Fatal(err)
	}
	select {
	case got := <-r.done:
		if got != id {
			r.t.Fatalf("interaction %s handled while waiting for %s", got, id)
		}
	case <-time.After(30 * time.Second):
		r.t.Fatalf("interaction %s was not handled", id)
	}
}

func (r *channelRun) command(channel, user, game, sub string, opts ...discordfake.Option) {
	r.send(user, func(id string) error { return r.f.Command(id, channel, user, false, game, sub, opts...) })
}

// challenge sends /game challenge b:@opponent (a user option, resolved to
// his name as Discord does) with string options.
func (r *channelRun) challenge(channel, user, game, opponent string, opts ...discordfake.Option) {
	o := []any{map[string]any{"name": "b", "type": 6, "value": opponent}}
	for _, x := range opts {
		o = append(o, map[string]any{"name": x.Name, "type": 3, "value": x.Value})
	}
	r.send(user, func(id string) error {
		return r.f.Dispatch("INTERACTION_CREATE", map[string]any{
			"id": id, "application_id": "app", "type": 2, "token": "tok-" + id, "guild_id": "g1", "channel_id": channel,
			"member": discordfake.Member(user, false),
			"data": map[string]any{"id": "cmd", "name": game, "type": 1,
				"options":  []any{map[string]any{"name": "new", "type": 1, "options": o}},
				"resolved": map[string]any{"users": map[string]any{opponent: map[string]any{"id": opponent, "username": opponent}}}},
		})
	})
}

// press clicks the newest message of the channel that offers customID, as
// the player would; it fails when no message offers it.
func (r *channelRun) press(channel, user, customID string) {
	r.t.Helper()
	ms := r.f.Messages()
	for i := len(ms) - 1; i >= 0; i-- {
		m := ms[i]
		if m.Channel != channel || (m.Ephemeral && !r.mine(m, user)) {
			continue
		}
		for _, id := range m.CustomIDs() {
			if id == customID {
				r.send(user, func(iid string) error { return r.f.ClickOn(iid, m.ID, user, customID) })
				return
			}
		}
	}
	r.t.Fatalf("no message in %s offers %s to %s", channel, customID, user)
}

// mine reports whether an ephemeral message was shown to user: it answered
// one of his interactions.
func (r *channelRun) mine(m discordfake.Message, user string) bool {
	return r.users[m.Interaction] == user
}

// play answers the pending prompts of the game at a place until it ends,
// each by the player it names, with the option the built-in commander
// would take (the Roll for the enemy); a multi-player game's prompts are
// answered in turn. It returns the game's id.
func (r *channelRun) play(channel string, maxSteps int) string {
	r.t.Helper()
	key := "discord/g1/" + channel
	gameID := ""
	for step := 0; ; step++ {
		if step == maxSteps {
			r.t.Fatalf("the game in %s did not end in %d decisions", channel, maxSteps)
		}
		rec, err := r.store.Load(r.t.Context(), key)
		if errors.Is(err, persist.ErrNotFound) {
			return gameID
		}
		if err != nil {
			r.t.Fatal(err)
		}
		gameID = rec.ID
		if rec.Over {
			return gameID
		}
		st, err := r.games[rec.Game].Rules.Decode(rec.State)
		if err != nil {
			r.t.Fatal(err)
		}
		var pending []*engine.Prompt
		if m, ok := st.(engine.Multi); ok {
			pending = m.PendingAll()
		} else if p := st.Pending(); p != nil {
			pending = []*engine.Prompt{p}
		}
		if len(pending) == 0 {
			r.t.Fatalf("game %s waits for nobody", rec.ID)
		}
		p := pending[step%len(pending)]
		user := rec.Owner
		for _, s := range rec.Seats {
			if s.Seat == p.Seat {
				user = s.ID
			}
		}
		key := choose(st, p)
		if risky(p, key) {
			// A risky option asks first, privately; its second button takes it.
			r.press(channel, user, "k1:"+rec.ID+":"+p.Token+":__sure."+key)
			r.press(channel, user, "k1:"+rec.ID+":"+p.Token+":__yes."+key)
			continue
		}
		r.press(channel, user, "k1:"+rec.ID+":"+p.Token+":"+key)
	}
}

// risky reports whether a prompt's option asks to be confirmed.
func risky(p *engine.Prompt, key string) bool {
	for _, o := range p.Options {
		if o.Key == key {
			return o.Risk != ""
		}
	}
	return false
}

// choose is the built-in commander's answer to a prompt, or its first
// option where the commander has none.
func choose(st engine.State, p *engine.Prompt) string {
	var c *hunters.State
	switch s := st.(type) {
	case *hunters.State:
		c = s
	case *duel.State:
		c = s.Career()
	case *wolfpack.State:
		seat, _, _ := strings.Cut(p.Token, ".")
		for i, m := range s.Members {
			if m.Seat == seat {
				c = s.Career(i)
			}
		}
	}
	if p.Actor == engine.Commander && c != nil {
		if k := hunters.Command(c); p.HasOption(k) {
			return k
		}
	}
	return p.Options[0].Key
}

// measure reads the channel as it stands after a finished game: every
// public message made, the pictures they carry, the users their content
// pinged when posted, and the messages still offering buttons of the game.
func (r *channelRun) measure(gameIDs ...string) chatread.Figures {
	c := chatread.Figures{Interactions: r.n}
	pinged := r.pings()
	for _, m := range r.f.Messages() {
		for _, id := range m.CustomIDs() {
			if chatread.OfGame(id, gameIDs) {
				c.LiveAnswered++
				break
			}
		}
		if m.Ephemeral || strings.HasPrefix(m.Channel, "dm-") {
			continue
		}
		c.Messages++
		for _, f := range m.Files {
			if strings.HasSuffix(f, ".png") {
				c.Pictures++
			}
		}
		c.Mentions += pinged[m.ID]
	}
	return c
}

// pings counts, per message, the users its content pinged when it was
// posted (edits ping nobody; allowed_mentions may silence a mention).
func (r *channelRun) pings() map[string]int {
	out := map[string]int{}
	for {
		select {
		case p := <-r.f.Posts():
			m, ok := r.f.MessageByID(p.ID)
			if !ok || m.Ephemeral || m.Created != p.Seq {
				continue
			}
			d := discordfake.Data(p)
			content, _ := d["content"].(string)
			n := len(discordfake.Message{Content: content}.Mentions())
			if am, ok := d["allowed_mentions"].(map[string]any); ok {
				parse, _ := am["parse"].([]any)
				users, _ := am["users"].([]any)
				if !contains(parse, "users") {
					n = min(n, len(users))
				}
			}
			out[p.ID] += n
		default:
			return out
		}
	}
}

func contains(list []any, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// rollDetail finds a roll's die numbers in a chat line.
var rollDetail = regexp.MustCompile(`(?:die|dice) #(\d+)`)

// checkRollsNamed holds every roll the game logged for the channel to a line
// in the channel that names its chart, rule case and dice: a reader can
// check each roll in chat, however short its glance line.
func (r *channelRun) checkRollsNamed(gameID string) {
	r.t.Helper()
	byDie := map[string]string{}
	for _, m := range r.f.Messages() {
		if m.Ephemeral {
			continue
		}
		for _, line := range strings.Split(m.Text(), "\n") {
			for _, g := range rollDetail.FindAllStringSubmatch(line, -1) {
				byDie[g[1]] = line
			}
		}
	}
	evs, err := r.store.Events(r.t.Context(), gameID, 1, 0)
	if err != nil {
		r.t.Fatal(err)
	}
	checked := 0
	for _, e := range evs {
		var ev engine.Event
		if len(e.Dice) == 0 || unmarshal(e.Event, &ev) != nil || ev.Roll == nil || ev.Seat != "" || ev.Hidden {
			continue
		}
		line, ok := byDie[fmt.Sprint(e.Dice[0])]
		if !ok {
			r.t.Errorf("roll %q (die #%d) is nowhere in the channel", ev.Roll.Purpose, e.Dice[0])
			continue
		}
		if ev.Roll.Chart != "" && !strings.Contains(line, ev.Roll.Chart) || !strings.Contains(line, ev.Roll.Case) || !strings.Contains(line, facesText(ev.Roll)) {
			r.t.Errorf("roll %q (die #%d): its line does not name chart %s, case %s and dice %s: %q", ev.Roll.Purpose, e.Dice[0], ev.Roll.Chart, ev.Roll.Case, facesText(ev.Roll), line)
		}
		checked++
	}
	if checked == 0 {
		r.t.Error("the game logged no roll to check")
	}
}

// A whole two-player game (13.1), the careers ending at an agreed date.
func TestDuelChannelReads(t *testing.T) {
	r := startChannelRun(t)
	r.challenge("c1", "kapitaen", "hunters-duel", "funker", discordfake.Option{Name: "boat", Value: "VIIC"},
		discordfake.Option{Name: "start", Value: "1941-03"}, discordfake.Option{Name: "end", Value: "1941-08"})
	rec, err := r.store.Load(r.t.Context(), "discord/g1/c1")
	if err != nil {
		t.Fatal(err)
	}
	r.press("c1", "funker", "k1:"+rec.ID+":start:go")
	gameID := r.play("c1", 1000)
	c := r.measure(gameID)
	r.checkRollsNamed(gameID)
	c.Check(t)
}

// A whole wolfpack (13.5) of three players in one thread.
func TestWolfpackChannelReads(t *testing.T) {
	r := startChannelRun(t)
	tournament := func(user, action string, opts ...discordfake.Option) {
		r.command("c2", user, "hunters", "tournament", append([]discordfake.Option{{Name: "action", Value: action}}, opts...)...)
	}
	tournament("bdu", "create", discordfake.Option{Name: "format", Value: "wolfpack"})
	for _, p := range []string{"kapitaen", "funker", "smutje"} {
		tournament(p, "join")
	}
	tournament("bdu", "start")
	thread := ""
	for _, m := range r.f.Messages() {
		if strings.HasPrefix(m.Channel, "th-c2-") {
			thread = m.Channel
		}
	}
	if thread == "" {
		t.Fatal("the pack's thread was not opened")
	}
	gameID := r.play(thread, 2000)
	c := r.measure(gameID)
	r.checkRollsNamed(gameID)
	c.Check(t)
}

func unmarshal(b []byte, v any) error { return json.Unmarshal(b, v) }

// facesText writes a roll's dice as chat shows them: "4+3" for dice added
// up, "2,3" for dice read as digits (d66, 1d10+1d10), "5" for one die.
func facesText(r *engine.Roll) string {
	parts := make([]string, len(r.Faces))
	for i, f := range r.Faces {
		parts[i] = fmt.Sprint(f)
	}
	if r.Dice == "d66" || r.Dice == "1d10+1d10" {
		return strings.Join(parts, ",")
	}
	return strings.Join(parts, "+")
}
