package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kaleun/kaleun/internal/discordfake"
	"github.com/kaleun/kaleun/internal/pgtest"
)

// replicaGuild is the guild the players play in: a snowflake whose events
// Discord sends to shard (7 << 22 >> 22) % 2 = 1.
const replicaGuild = "29360128"

// replicaDowntime is how long the killed replica stays down: more than two
// ticks, so that due times fall while only the other replica runs.
const replicaDowntime = 2*e2eTick + 500*time.Millisecond

// Issue 21: two `kaleun serve` replicas, shard 0 and shard 1 of 2, over one
// PostgreSQL database, run a Wolfpack tournament of six (one pack) through
// the fake Discord, which sends the guild's interactions to shard 1's
// gateway connection alone, as Discord does; both replicas tick over the
// shared database, so a reminder or a deadline may come from either. In
// the middle of the battles shard 1's replica — the one the players'
// clicks reach — is killed with SIGKILL (between ticks) and started again;
// the clicks of those seconds wait for it, as the driver's players do.
// Checked as in the single-process run: every reminder once per prompt,
// every deadline acting once and on time (the other replica kept ticking
// while this one was down), no click refused, one prompt per player at a
// time, the standings right, the pack finished with each boat's tonnage
// what the channel was told, every game's log verifying.
func TestWolfpackOverTwoShardedReplicasSurvivesKill9(t *testing.T) {
	// Its own files, fake platform, ports and database: it runs beside the
	// other end-to-end tests, which spend most of their time waiting on
	// timers and processes (.ci/test).
	t.Parallel()
	url := pgtest.URL(t)
	bin := kaleunBinary(t)
	f := discordfake.New(t)
	f.SetGuild(replicaGuild)
	replica := func(shard int) *serveProcess {
		dir := filepath.Join(t.TempDir(), fmt.Sprintf("shard%d", shard))
		if err := os.MkdirAll(dir, 0o700); err != nil {
			t.Fatal(err)
		}
		cfg := writeServeConfig(t, dir, fmt.Sprintf(`[database]
url = %q
[log]
format = "json"
[discord]
enabled = true
token = "test.bot.token"
application_id = "app"
guilds = [%q]
api_base = %q
shard_id = %d
shard_count = 2
[reminders]
every = [%q, %q]
deadline = %q
tick = %q
`, url, replicaGuild, f.URL, shard, e2eFirstReminder, e2eSecondReminder, e2eDeadline, e2eTick))
		return newServeProcess(t, bin, cfg)
	}
	shard0, shard1 := replica(0), replica(1)
	d := newPackDriver(t, f, 6, 1)
	d.survivor = true

	shard0.start()
	d.awaitConnection() // shard 0 registers the commands
	shard1.start()
	awaitShard(t, f, 1, 1)
	if got := fmt.Sprint(f.Shards()); got != "[[0 2] [1 2]]" || len(f.Commands()) != 1 {
		t.Fatalf("the replicas identified as %s and registered the commands %d times", got, len(f.Commands()))
	}
	if f.ShardOf(replicaGuild) != 1 {
		t.Fatalf("guild %s routes to shard %d", replicaGuild, f.ShardOf(replicaGuild))
	}
	played := time.Now()

	d.startTournament()

	limit := time.Now().Add(100 * time.Second)
	for !d.allFinished() {
		if time.Now().After(limit) {
			t.Fatalf("the pack did not finish in time: %d decisions, finished %v", d.clicks+d.deadlineActs, d.finished)
		}
		d.pump(200 * time.Millisecond)
		if d.killDue && !d.killed {
			d.killed = true
			d.paused = true
			d.settle()
			d.checkStandingsNow("before the kill")
			d.betweenTicks()
			shard1.kill9()
			d.killedAt = time.Now()
			// Down for more than two ticks: shard 0 alone sends what falls
			// due meanwhile; the players' clicks wait for shard 1.
			for end := d.killedAt.Add(replicaDowntime); time.Now().Before(end); {
				d.pump(50 * time.Millisecond)
			}
			shard1.start()
			awaitShard(t, f, 1, 2)
			d.upAgain = time.Now()
			d.paused = false
			d.flush()
		}
	}
	if !d.killed {
		t.Fatal("the pack finished before the kill: no absent prompt got its first reminder during the battles")
	}
	d.settle()
	d.checkStandingsNow("when the pack is home")
	final := d.command("bdu", "end")
	if e, ok := discordfake.FirstEmbed(final); !ok || !strings.HasPrefix(e.Title, "Final standings") {
		t.Fatalf("tournament end: %s", discordfake.Text(final))
	} else {
		d.checkStandings(e)
	}
	d.checkStandingsNow("in the final standings")
	playTime := time.Since(played)
	shard0.stop()
	shard1.stop()

	if got := f.Dispatched(); got[0] != 0 || got[1] != len(d.inter) {
		t.Errorf("interactions by shard: %v; want all %d on shard 1", got, len(d.inter))
	}
	d.checkReminders()
	whileDown := 0
	for _, pr := range d.prompts {
		for _, at := range append(slices.Concat(pr.reminders[1], pr.reminders[2]), pr.deadlines...) {
			if at.After(d.killedAt) && at.Before(d.upAgain) {
				whileDown++
			}
		}
	}
	if whileDown == 0 {
		t.Errorf("no reminder or deadline fell while shard 1 was down (%v to %v): the kill tested nothing of the other replica", d.killedAt, d.upAgain)
	}
	d.checkDatabase(url)
	verifyPackGames(t, bin, url)
	if len(d.errs) > 0 {
		t.Fatalf("%d problems, the first: %s", len(d.errs), strings.Join(d.errs[:min(len(d.errs), 10)], "\n"))
	}
	t.Logf("played in %v (%d decisions clicked, %d taken at deadlines, %d battle rounds sat out); %d standings messages checked",
		playTime.Round(time.Millisecond), d.clicks, d.deadlineActs, d.sitOuts, len(d.snapshots))
	t.Logf("shard 1 killed with SIGKILL %v after the start, serving again %v later; %d reminders and deadlines sent by shard 0 meanwhile",
		d.killedAt.Sub(played).Round(time.Millisecond), d.upAgain.Sub(d.killedAt).Round(time.Millisecond), whileDown)
}

// awaitShard waits until shard has identified n times in all (a restarted
// replica identifies again); it registers no commands, which are shard 0's.
func awaitShard(t *testing.T, f *discordfake.Server, shard, n int) {
	t.Helper()
	for end := time.Now().Add(30 * time.Second); ; {
		select {
		case <-f.Ready():
		case <-time.After(50 * time.Millisecond):
		}
		seen := 0
		for _, id := range f.Shards() {
			if id[0] == shard {
				seen++
			}
		}
		if seen >= n {
			return
		}
		if time.Now().After(end) {
			t.Fatalf("shard %d did not connect to the gateway", shard)
		}
	}
}

// verifyPackGames exports every wolfpack game of the database with `kaleun
// audit` and checks each with `kaleun verify`, the binaries a player uses.
func verifyPackGames(t *testing.T, bin, db string) {
	t.Helper()
	verifyFinishedGames(t, bin, db, "hunters-wolfpack")
}

// verifyFinishedGames exports every finished game of one kind with `kaleun
// audit` and checks each with `kaleun verify`.
func verifyFinishedGames(t *testing.T, bin, db, game string) {
	t.Helper()
	list, err := exec.Command(bin, "audit", "--db", db).CombinedOutput()
	if err != nil {
		t.Fatalf("audit list: %v\n%s", err, list)
	}
	ids := regexp.MustCompile(`(?m)^((?:seeded-)?[0-9a-f]{16}) +`+regexp.QuoteMeta(game)+` +finished`).FindAllSubmatch(list, -1)
	if len(ids) == 0 {
		t.Fatalf("the audit list names no finished %s game:\n%s", game, list)
	}
	for _, m := range ids {
		id := string(m[1])
		export, err := exec.Command(bin, "audit", "--db", db, "--game", id).Output()
		if err != nil {
			t.Fatalf("audit export of %s: %v", id, err)
		}
		file := filepath.Join(t.TempDir(), id+".json")
		if err := os.WriteFile(file, export, 0o600); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(bin, "verify", file).CombinedOutput(); err != nil || !strings.HasPrefix(string(out), "ok: game "+id) {
			t.Errorf("kaleun verify of %s game %s: %v\n%s", game, id, err, out)
		}
	}
}
