package main

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/internal/discordfake"
	"github.com/kaleun/kaleun/persist"
)

// An idle game through the real binary: a game started and left alone is
// warned once (3 s, as games.idle_warn may be seconds for a trial), the
// process is killed with SIGKILL and started again, and the game ends at its
// time (8 s) with its seed revealed and no second warning; its log verifies
// and says why it ended.
func TestAnIdleGameIsWarnedThenEndedAcrossAKill(t *testing.T) {
	// Its own files, fake platform, ports and database: it runs beside the
	// other end-to-end tests, which spend most of their time waiting on
	// timers and processes (.ci/test).
	t.Parallel()
	bin := kaleunBinary(t)
	f := discordfake.New(t)
	dir := t.TempDir()
	proc := newServeProcess(t, bin, discordServeConfig(t, dir, f, `[reminders]
every = []
deadline = "0s"
tick = "1s"
[games]
idle_warn = "3s"
idle_end = "8s"
`))
	proc.start()
	awaitDiscord(t, f)
	if err := f.Slash("i1", "u1", false, "new", map[string]string{"boat": "VIIC"}); err != nil {
		t.Fatal(err)
	}
	start := discordfake.Buttons(answerTo(t, f, "i1"))
	if err := f.Click("i2", "u1", start[0]); err != nil {
		t.Fatal(err)
	}
	began := time.Now()
	// waitFor reads posts until one's text has want, and says whether any
	// before it had notWanted.
	waitFor := func(want, notWanted string, within time.Duration) (discordfake.Post, bool) {
		t.Helper()
		seen := false
		for end := time.After(within); ; {
			select {
			case p := <-f.Posts():
				text := discordfake.Text(p)
				if strings.Contains(text, want) {
					return p, seen
				}
				seen = seen || strings.Contains(text, notWanted)
			case <-end:
				t.Fatalf("no %q within %v", want, within)
			}
		}
	}
	warn, _ := waitFor("Idle game", "", 15*time.Second)
	if took := time.Since(began); took < 3*time.Second {
		t.Fatalf("warned %v after the Start, before games.idle_warn", took)
	}
	if !strings.Contains(warn.Body["content"].(string), "<@u1>") {
		t.Fatalf("the warning does not ping the commander: %v", warn.Body["content"])
	}
	proc.kill9()
	before := len(f.Commands())
	proc.start()
	select {
	case <-f.Ready():
	case <-time.After(30 * time.Second):
		t.Fatal("kaleun serve did not reconnect")
	}
	for end := time.Now().Add(10 * time.Second); len(f.Commands()) == before; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatal("kaleun serve did not register its commands again")
		}
	}
	end, warnedAgain := waitFor("ended for idleness", "Idle game", 20*time.Second)
	if warnedAgain {
		t.Fatal("the game was warned again after the restart")
	}
	if took := time.Since(began); took < 8*time.Second {
		t.Fatalf("ended %v after the Start, before games.idle_end", took)
	}
	if !strings.Contains(discordfake.Text(end), "Dice seed revealed") {
		t.Fatalf("the end does not reveal the seed: %s", discordfake.Text(end))
	}
	proc.stop()

	store, err := persist.Open(filepath.Join(dir, "kaleun.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	ctx := context.Background()
	if _, err := store.Load(ctx, "discord/g1/c1"); !errors.Is(err, persist.ErrNotFound) {
		t.Fatalf("the idle game still holds its channel: %v", err)
	}
	fin, err := store.LastFinished(ctx, "discord/g1/c1")
	if err != nil {
		t.Fatal(err)
	}
	x, err := audit.Build(ctx, store, fin, false)
	if err != nil {
		t.Fatal(err)
	}
	var why audit.EndedEvent
	json.Unmarshal(x.Entries[len(x.Entries)-2].Event, &why)
	if why.Kind != audit.KindEnded || why.Ended.Reason != audit.EndedIdle {
		t.Fatalf("the log does not say why the game ended: %s", x.Entries[len(x.Entries)-2].Event)
	}
	games, err := availableGames()
	if err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(x)
	if rep := audit.Verify(data, games); !rep.OK() || !rep.Over {
		t.Fatalf("the idle game's log: %+v", rep.Problems)
	}
}
