package slack

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
	"github.com/kaleun/kaleun/engine/tonnagewar"
	"github.com/kaleun/kaleun/internal/chatread"
	"github.com/kaleun/kaleun/internal/slackfake"
	"github.com/kaleun/kaleun/persist"
)

// Issue 17 on Slack: whole games through the real slack-go Socket Mode
// client against the local Slack, the players pressing the buttons Slack
// shows them, and the channel measured as a reader sees it.

type channelRun struct {
	t     *testing.T
	f     *slackfake.Server
	a     *Adapter
	svc   *bot.Service
	store *persist.Store
	games engine.Registry
	done  chan string
	n     int // interactions sent
}

func startChannelRun(t *testing.T) *channelRun {
	t.Helper()
	h, err := hunters.NewRules()
	if err != nil {
		t.Fatal(err)
	}
	tw, err := tonnagewar.NewRules()
	if err != nil {
		t.Fatal(err)
	}
	games := engine.Described(map[string]engine.Rules{"hunters": h, "hunters-duel": duel.NewRules(h), "hunters-wolfpack": wolfpack.NewRules(h), "tonnagewar": tw})
	r := &channelRun{t: t, f: slackfake.New(t), games: games, done: make(chan string, 64)}
	r.store, err = persist.Open(filepath.Join(t.TempDir(), "k.db"))
	if err != nil {
		t.Fatal(err)
	}
	il, err := pictures.NewIllustrator()
	if err != nil {
		t.Fatal(err)
	}
	ids := 0
	r.svc = bot.New(r.store, games, bot.Options{NewSeed: fixedSeed,
		NewID:        func() (string, error) { ids++; return fmt.Sprintf("g%d", ids), nil },
		Illustrators: map[string]bot.Illustrator{"hunters": il, "hunters-duel": il}})
	r.a, err = New(Config{Mode: "socket", BotToken: "xoxb-test", AppToken: "xapp-test", APIBase: r.f.APIURL()}, r.svc, games, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	r.a.handled = func(env string) { r.done <- env }
	if err := r.a.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	<-r.f.Open()
	r.svc.UseThreads("slack", r.a)
	t.Cleanup(func() { r.a.Close(); r.svc.Wait(); r.store.Close() })
	return r
}

// send sends one envelope and waits until the adapter has posted
// everything it brought.
func (r *channelRun) send(write func(env string)) {
	r.t.Helper()
	r.n++
	env := fmt.Sprintf("e%d", r.n)
	write(env)
	select {
	case got := <-r.done:
		if got != env {
			r.t.Fatalf("envelope %s handled while waiting for %s", got, env)
		}
	case <-time.After(30 * time.Second):
		r.t.Fatalf("envelope %s was not handled", env)
	}
	// Its ack (which carries a slash command's response) is sent apart.
	for {
		select {
		case a := <-r.f.Acks():
			if a["envelope_id"] == env {
				return
			}
		case <-time.After(10 * time.Second):
			r.t.Fatalf("envelope %s was not acknowledged", env)
		}
	}
}

func (r *channelRun) slash(channel, user, command, text string) {
	r.send(func(env string) { r.f.SlashIn(env, channel, user, command, text) })
}

// press clicks the newest message of the place that offers value, as the
// player would; it fails when no message offers it.
func (r *channelRun) press(channel, thread, user, value string) {
	r.t.Helper()
	ms := r.f.Messages()
	for i := len(ms) - 1; i >= 0; i-- {
		m := ms[i]
		if m.Channel != channel || m.Thread != thread || m.Deleted || (m.Ephemeral && m.User != user) {
			continue
		}
		for _, v := range m.Values() {
			if v == value {
				r.send(func(env string) { r.f.ClickOn(env, m, user, value) })
				return
			}
		}
	}
	r.t.Fatalf("no message in %s/%s offers %s to %s", channel, thread, value, user)
}

// play answers the game's pending prompts until it ends, each by the player
// it names, with the option the built-in commander would take.
func (r *channelRun) play(channel, thread string, maxSteps int) string {
	r.t.Helper()
	key := "slack/T1/" + channel
	if thread != "" {
		key += "/" + thread
	}
	gameID := ""
	for step := 0; ; step++ {
		if step == maxSteps {
			r.t.Fatalf("the game at %s did not end in %d decisions", key, maxSteps)
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
		r.press(channel, thread, user, "k1:"+rec.ID+":"+p.Token+":"+choose(st, p))
	}
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

// measure reads the channel after a finished game. On Slack a picture is a
// shared file, a message of its own: Messages counts the rest.
func (r *channelRun) measure(gameIDs ...string) chatread.Figures {
	c := chatread.Figures{Interactions: r.n}
	for _, m := range r.f.Messages() {
		for _, v := range m.Values() {
			if chatread.OfGame(v, gameIDs) && !m.Deleted {
				c.LiveAnswered++
				break
			}
		}
		if m.Ephemeral || m.Deleted || strings.HasPrefix(m.Channel, "D-") {
			continue
		}
		if len(m.Files) > 0 {
			for _, f := range m.Files {
				if strings.HasSuffix(f, ".png") {
					c.Pictures++
				}
			}
		} else {
			c.Messages++
		}
		c.Mentions += len(m.Pinged)
	}
	return c
}

var rollDetail = regexp.MustCompile(`(?:die|dice) #(\d+)`)

// checkRollsNamed holds every public roll the game logged to a line in the
// channel that names its chart, rule case and dice.
func (r *channelRun) checkRollsNamed(gameID string) {
	r.t.Helper()
	byDie := map[string]string{}
	for _, m := range r.f.Messages() {
		if m.Ephemeral || m.Deleted {
			continue
		}
		for _, line := range strings.Split(m.AllText(), "\n") {
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
		if len(e.Dice) == 0 || json.Unmarshal(e.Event, &ev) != nil || ev.Roll == nil || ev.Seat != "" || ev.Hidden {
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

// A whole two-player game (13.1), the careers ending at an agreed date.
func TestDuelChannelReadsOnSlack(t *testing.T) {
	r := startChannelRun(t)
	r.slash("C1", "kapitaen", "/hunters-duel", "new b:<@funker|funker> boat:VIIC start:1941-03 end:1941-08")
	rec, err := r.store.Load(r.t.Context(), "slack/T1/C1")
	if err != nil {
		t.Fatal(err)
	}
	r.press("C1", "", "funker", "k1:"+rec.ID+":start:go")
	gameID := r.play("C1", "", 1000)
	c := r.measure(gameID)
	r.checkRollsNamed(gameID)
	c.Check(t)
}

// A whole wolfpack (13.5) of three players in one thread.
func TestWolfpackChannelReadsOnSlack(t *testing.T) {
	r := startChannelRun(t)
	r.slash("C2", "bdu", "/hunters", "tournament create format:wolfpack")
	for _, p := range []string{"kapitaen", "funker", "smutje"} {
		r.slash("C2", p, "/hunters", "tournament join")
	}
	r.slash("C2", "bdu", "/hunters", "tournament start")
	thread := ""
	for _, m := range r.f.Messages() {
		if m.Channel == "C2" && m.Thread != "" {
			thread = m.Thread
		}
	}
	if thread == "" {
		t.Fatal("the pack's thread was not opened")
	}
	gameID := r.play("C2", thread, 2000)
	c := r.measure(gameID)
	r.checkRollsNamed(gameID)
	c.Check(t)
}
