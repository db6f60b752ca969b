// Package substitute holds the end-to-end test of a substitute for a
// vanished player (issue 34 item 3): the real binary, `kaleun serve`,
// talking through the real discordgo and slack-go clients to the local
// fakes, killed with SIGKILL between the handover and the newcomer's first
// move. It is its own package so that cmd/kaleun's race run, CI's critical
// path, does not grow.
package substitute

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/kaleun/kaleun/internal/chatread"
	"github.com/kaleun/kaleun/internal/discordfake"
	"github.com/kaleun/kaleun/internal/slackfake"
)

const wait = 30 * time.Second

// A duel on Discord and one on Slack, in one `kaleun serve`: Kretschmer
// vanishes while a prompt waits on him; Prien proposes Lemp, Lemp confirms
// (the handover pings him, once); the process is killed with SIGKILL and
// started again. Then the reminder of the prompt Lemp inherited comes to
// Lemp alone, exactly once (in the channel, and directly, as the last
// reminder does), counted from the handover; Kretschmer's click is refused
// and Lemp's decides; the channels keep within the noise bounds; and each
// game's log, as `kaleun audit` exports it, passes `kaleun verify` with its
// handover. Beside them, on Discord, a tournament's organiser gives a
// career (waiting for its Start) to Lemp from the tournament's channel:
// the standings show both names, the career's thread pings Lemp, and after
// the restart Kretschmer's Start is refused and Lemp's starts it.
func TestASubstituteTakesOverAcrossAKill9OnDiscordAndSlack(t *testing.T) {
	began := time.Now()
	bin := build(t)
	df, sf := discordfake.New(t), slackfake.New(t)
	dir := t.TempDir()
	db := filepath.Join(dir, "k.db")
	config := filepath.Join(dir, "kaleun.toml")
	if err := os.WriteFile(config, []byte(fmt.Sprintf(`[database]
path = %q
[log]
format = "json"
[discord]
enabled = true
token = "test.bot.token"
application_id = "app"
guilds = ["g1"]
api_base = %q
[slack]
enabled = true
mode = "socket"
bot_token = "xoxb-e2e"
app_token = "xapp-e2e"
api_base = %q
[reminders]
every = ["8s"]
deadline = "120s"
tick = "1s"
`, db, df.URL, sf.APIURL())), 0o600); err != nil {
		t.Fatal(err)
	}
	proc := &process{t: t, bin: bin, config: config}
	t.Cleanup(proc.cleanup)
	dp := newDiscordPump(df)
	defer dp.stop()
	sp := newSlackPump(sf)
	defer sp.stop()
	proc.start()
	awaitReady(t, df, sf)
	sides := []side{&discordSide{f: df, pump: dp}, &slackSide{f: sf}}
	// A tournament's career on Discord, beside the duels: the organiser
	// decides, the standings show both names (its own interactions are
	// not the duel channel's).
	cup := &discordCup{s: &discordSide{f: df, pump: dp}}
	cup.handOver(t)
	for _, s := range sides {
		s.challenge(t)
		untilTheAbsentPlayersTurn(t, s)
		s.command("sub1", s.user(prien), "substitute", s.user(kretschmer), s.user(lemp))
		awaitCondition(t, s.name()+": the proposal", func() bool { return len(s.public("proposes that")) == 1 })
		if m := s.public("proposes that")[0]; len(m.pinged) != 1 || m.pinged[0] != s.user(lemp) {
			t.Fatalf("%s: the proposal pings %v, want Lemp alone (the absent player is not pinged)", s.name(), m.pinged)
		}
		// Lemp confirms: the proposal's message becomes the handover.
		s.command("sub2", s.user(lemp), "substitute", s.user(kretschmer), s.user(lemp))
		awaitCondition(t, s.name()+": the handover", func() bool {
			return len(s.public("takes over from")) == 1 && len(s.public("proposes that")) == 0
		})
	}
	handedOver := time.Now()
	proc.kill9()
	proc.start()
	awaitReady(t, df, sf)
	restarted := time.Since(handedOver)
	for _, s := range sides {
		awaitCondition(t, s.name()+": the inherited prompt's reminder", func() bool { return len(s.public("(reminder 1)")) > 0 })
	}
	if since := time.Since(handedOver); since < 7*time.Second {
		t.Errorf("the reminder came %v after the handover: the newcomer's clock starts at the handover (8 s)", since)
	}
	cup.playOn(t)
	time.Sleep(3 * time.Second) // ticks more: a reminder sent twice would show
	for _, s := range sides {
		reminders := s.public("(reminder 1)")
		if len(reminders) != 1 || len(reminders[0].pinged) != 1 || reminders[0].pinged[0] != s.user(lemp) {
			t.Errorf("%s: reminders in the channel %+v, want one, pinging Lemp", s.name(), reminders)
		}
		if n, m := s.direct(s.user(lemp), "(reminder 1)"), s.direct(s.user(kretschmer), ""); n > 1 || m != 0 {
			t.Errorf("%s: %d direct reminders to Lemp (at most 1), %d direct messages to Kretschmer (want none)", s.name(), n, m)
		}
		msg, value, ok := s.live()
		if !ok {
			t.Fatalf("%s: no live prompt after the restart", s.name())
		}
		refused := s.refusals()
		s.press("old", msg, s.user(kretschmer), value)
		awaitCondition(t, s.name()+": Kretschmer's click refused", func() bool { return s.refusals() > refused })
		s.press("new", msg, s.user(lemp), value)
		awaitCondition(t, s.name()+": Lemp's decision", func() bool {
			_, next, ok := s.live()
			return !ok || next != value
		})
		f := s.figures()
		t.Logf("%s: %s", s.name(), f)
		f.Check(t)
	}
	proc.stop()
	cup.verify(t, bin, db, dir)
	for _, s := range sides {
		out, err := exec.Command(bin, "audit", "--db", db, "--game", s.gameID(t)).Output()
		if err != nil {
			t.Fatalf("%s: kaleun audit: %v", s.name(), err)
		}
		file := filepath.Join(dir, s.name()+".json")
		if err := os.WriteFile(file, out, 0o600); err != nil {
			t.Fatal(err)
		}
		v, err := exec.Command(bin, "verify", file).CombinedOutput()
		if err != nil || !strings.HasPrefix(string(v), "ok: game") || !strings.Contains(string(v), "substitutes: 1 handover") {
			t.Errorf("%s: kaleun verify: %v\n%s", s.name(), err, v)
		}
	}
	t.Logf("two duels handed over, killed with SIGKILL and serving again %v after the handover; %v in all, the build included",
		restarted.Round(time.Millisecond), time.Since(began).Round(time.Millisecond))
}

// The players, by their part: each platform names them its own way.
const (
	prien = iota
	kretschmer
	lemp
)

// untilTheAbsentPlayersTurn plays the duel (each prompt's first option)
// for at least a dozen decisions, so that the channel reads as a game does,
// then until a prompt waits on Kretschmer: Prien's click on it is refused.
// Whose prompt it is, the bot says: Prien presses first, and Kretschmer
// when Prien's click is refused.
func untilTheAbsentPlayersTurn(t *testing.T, s side) {
	t.Helper()
	for i := 0; i < 300; i++ {
		var msg any
		var value string
		awaitCondition(t, s.name()+": a live prompt", func() bool {
			var ok bool
			msg, value, ok = s.live()
			return ok
		})
		refused := s.refusals()
		s.press(fmt.Sprintf("p%d", i), msg, s.user(prien), value)
		turned := false
		awaitCondition(t, s.name()+": Prien's click answered", func() bool {
			if s.refusals() > refused {
				turned = true
				return true
			}
			_, next, ok := s.live()
			return ok && next != value
		})
		if !turned {
			continue
		}
		if i >= 12 {
			return
		}
		s.press(fmt.Sprintf("k%d", i), msg, s.user(kretschmer), value)
		awaitCondition(t, s.name()+": Kretschmer's click answered", func() bool {
			_, next, ok := s.live()
			return ok && next != value
		})
	}
	t.Fatalf("%s: Kretschmer is never asked", s.name())
}

// side is one platform's duel, in its own channel.
type side interface {
	name() string
	user(who int) string
	challenge(t *testing.T)
	// command sends `/hunters-duel sub seat:@old with:@new`.
	command(id, by, sub, old, newcomer string)
	// live is the channel's newest prompt with a decision's button.
	live() (msg any, value string, ok bool)
	press(id string, msg any, user, value string)
	// refusals counts the private notes that a click changed nothing.
	refusals() int
	public(text string) []pub
	direct(user, text string) int
	figures() chatread.Figures
	gameID(t *testing.T) string
}

// pub is a public message: its text, and whom it pinged when posted.
type pub struct {
	text   string
	pinged []string
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

// process is a `kaleun serve` the test can kill with SIGKILL and start again.
type process struct {
	t           *testing.T
	bin, config string
	cmd         *exec.Cmd
	done        chan error
	log         lockedBuffer
}

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func (p *process) start() {
	p.t.Helper()
	p.cmd = exec.Command(p.bin, "serve", "--config", p.config)
	p.cmd.Stdout, p.cmd.Stderr = &p.log, &p.log
	if err := p.cmd.Start(); err != nil {
		p.t.Fatal(err)
	}
	p.done = make(chan error, 1)
	go func(c *exec.Cmd, done chan error) { done <- c.Wait() }(p.cmd, p.done)
}

func (p *process) kill9() {
	p.t.Helper()
	if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		p.t.Fatal(err)
	}
	select {
	case <-p.done:
	case <-time.After(10 * time.Second):
		p.t.Fatal("kaleun serve did not die of SIGKILL")
	}
}

func (p *process) stop() {
	p.t.Helper()
	p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-p.done:
		if err != nil {
			p.t.Fatalf("kaleun serve exited with %v after SIGTERM", err)
		}
	case <-time.After(15 * time.Second):
		p.t.Fatal("kaleun serve did not stop on SIGTERM")
	}
}

func (p *process) cleanup() {
	if p.cmd != nil && p.cmd.ProcessState == nil {
		p.cmd.Process.Kill()
		<-p.done
	}
	if p.t.Failed() {
		log := p.log.String()
		if len(log) > 4096 {
			log = log[len(log)-4096:]
		}
		p.t.Logf("kaleun serve's log (the end):\n%s", log)
	}
}

// build builds the binary (without -race: it is the product under test).
func build(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "kaleun")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/kaleun/kaleun/cmd/kaleun").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	return bin
}

func awaitReady(t *testing.T, df *discordfake.Server, sf *slackfake.Server) {
	t.Helper()
	select {
	case <-df.Ready():
	case <-time.After(wait):
		t.Fatal("kaleun serve did not connect to the Discord gateway")
	}
	select {
	case <-sf.Open():
	case <-time.After(wait):
		t.Fatal("kaleun serve did not open its Socket Mode connection")
	}
	time.Sleep(200 * time.Millisecond) // the commands registered, the socket's hello answered
}

func awaitCondition(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for end := time.Now().Add(wait); !cond(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("%s: not within %v", what, wait)
		}
	}
}
