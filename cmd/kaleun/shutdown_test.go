package main

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kaleun/kaleun/internal/discordfake"
	"github.com/kaleun/kaleun/persist"
)

// discordServeConfig is a serve configuration against a fake Discord, with
// more TOML appended.
func discordServeConfig(t *testing.T, dir string, f *discordfake.Server, more string) string {
	return writeServeConfig(t, dir, fmt.Sprintf(`[database]
path = %q
[log]
format = "json"
[discord]
enabled = true
token = "test.bot.token"
application_id = "app"
guilds = ["g1"]
api_base = %q
`, filepath.Join(dir, "kaleun.db"), f.URL)+more)
}

// awaitDiscord waits until a serve process has connected to the fake
// Discord and registered its commands.
func awaitDiscord(t *testing.T, f *discordfake.Server) {
	t.Helper()
	select {
	case <-f.Ready():
	case <-time.After(30 * time.Second):
		t.Fatal("kaleun serve did not connect to the gateway")
	}
	for end := time.Now().Add(10 * time.Second); len(f.Commands()) == 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatal("kaleun serve did not register its commands")
		}
	}
}

// answerTo waits for the first answer to interaction id.
func answerTo(t *testing.T, f *discordfake.Server, id string) discordfake.Post {
	t.Helper()
	for end := time.After(20 * time.Second); ; {
		select {
		case p := <-f.Posts():
			if interactionOf(p) == id {
				return p
			}
		case <-end:
			t.Fatalf("no answer to interaction %s", id)
		}
	}
}

// SIGTERM while a call hangs on Discord: a tournament's start waits on a
// thread Discord never opens, so the adapter defers its answer (counted in
// /metrics, and not late). The process gives the call the grace period
// (ops.shutdown_grace, 1 s here), then cancels it: the Discord request is
// given up, nothing half-done is committed (the tournament is still open,
// no career was created), and the process exits 0 — where before it waited
// on the stalled request (discordgo's client gives up after 20 s).
func TestSIGTERMCancelsAHangingCallAfterTheGracePeriod(t *testing.T) {
	bin := kaleunBinary(t)
	f := discordfake.New(t)
	dir := t.TempDir()
	addr := freePort(t)
	proc := newServeProcess(t, bin, discordServeConfig(t, dir, f, fmt.Sprintf("[ops]\nshutdown_grace = \"1s\"\nlisten = %q\n", addr)))
	proc.start()
	awaitDiscord(t, f)
	tournament := func(id, user, action string, opts ...discordfake.Option) {
		t.Helper()
		if err := f.Command(id, "c1", user, false, "hunters", "tournament", append([]discordfake.Option{{Name: "action", Value: action}}, opts...)...); err != nil {
			t.Fatal(err)
		}
	}
	tournament("i1", "bdu", "create", discordfake.Option{Name: "format", Value: "top"}, discordfake.Option{Name: "length", Value: "short"})
	answerTo(t, f, "i1")
	tournament("i2", "u1", "join")
	answerTo(t, f, "i2")
	tournament("i3", "u2", "join")
	answerTo(t, f, "i3")

	const threads = "POST /api/v9/channels/{channel}/threads"
	release := f.Stall(threads)
	defer release()
	tournament("i4", "bdu", "start")
	select {
	case <-f.Stalled():
	case <-time.After(20 * time.Second):
		t.Fatal("the start never asked Discord for a thread")
	}
	if p := answerTo(t, f, "i4"); p.Body["type"] != float64(5) || !strings.Contains(p.Path, "/callback") { // 5: deferred
		t.Fatalf("the slow start was not deferred: %+v", p)
	}
	m := scrape(t, "http://"+addr)
	for end := time.Now().Add(5 * time.Second); value(m, "kaleun_interactions_deferred_total", "platform", "discord") != 1 && time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		m = scrape(t, "http://"+addr)
	}
	if d, late := value(m, "kaleun_interactions_deferred_total", "platform", "discord"), value(m, "kaleun_interactions_late_total", "platform", "discord"); d != 1 || late != 0 {
		t.Fatalf("%v interactions deferred, %v late: want the start deferred, in time", d, late)
	}
	sent := time.Now()
	proc.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-proc.done:
		if err != nil {
			t.Fatalf("kaleun serve exited with %v", err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("kaleun serve hung on the stalled call after SIGTERM")
	}
	took := time.Since(sent)
	if took < time.Second || took > time.Second+afterCancel {
		t.Fatalf("kaleun serve stopped %v after SIGTERM: want the 1 s grace, then the cancelled call's few milliseconds", took)
	}
	for end := time.Now().Add(5 * time.Second); f.Abandoned(threads) != 1; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("%d thread requests were given up, want the stalled one", f.Abandoned(threads))
		}
	}
	log := proc.log.String()
	if !strings.Contains(log, "grace period is over") {
		t.Fatalf("the log does not say the work was cancelled:\n%s", tail(log, 2048))
	}
	store, err := persist.Open(filepath.Join(dir, "kaleun.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	ctx := context.Background()
	tr, err := store.TournamentAt(ctx, "discord/g1/c1")
	if err != nil || tr.Status != "open" || len(tr.Entrants) != 2 || tr.Entrants[0].GameID != "" {
		t.Fatalf("the cancelled start left the tournament %+v (%v): want it open, as before the start", tr, err)
	}
	if games, err := store.Games(ctx); err != nil || len(games) != 0 {
		t.Fatalf("the cancelled start left %d games (%v)", len(games), err)
	}
	if _, err := store.Load(ctx, "discord/g1/c1/player-u1"); !errors.Is(err, persist.ErrNotFound) {
		t.Fatalf("a career was created: %v", err)
	}
	t.Logf("stopped %v after SIGTERM", took.Round(time.Millisecond))
}
