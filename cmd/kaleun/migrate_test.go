package main

import (
	"encoding/json"
	"maps"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/internal/pgtest"
)

// A database made by the real `kaleun play` (a finished career and one in
// progress) moves to PostgreSQL with `kaleun migrate`: every game's audit
// verifies before and after with the same head, the migrated game plays on
// from PostgreSQL, and a second migration into the now full database is
// refused.
func TestMigrateAPlayedDatabaseToPostgres(t *testing.T) {
	bin, dir := kaleunBinary(t), t.TempDir()
	db := filepath.Join(dir, "k.db")
	driveJSONL(t, bin, []string{"--db", db, "--boat", "VIIC", "--name", "Günther Prien"}, firstOptions(1<<30), nil)
	driveJSONL(t, bin, []string{"--db", db, "--boat", "VIIB", "--name", "Otto Kretschmer", "--seed", "0123456789abcdef0123456789abcdef"}, firstOptions(3), nil)
	before := auditAll(t, bin, dir, db)
	if len(before) != 2 {
		t.Fatalf("want a finished and a running game, got %d", len(before))
	}
	url := pgtest.URL(t)
	out, err := exec.Command(bin, "migrate", "--from", "bbolt:"+db, "--to", url).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "1 running and 1 finished games") {
		t.Fatalf("migrate: %v\n%s", err, out)
	}
	after := auditAll(t, bin, dir, url)
	for id, head := range before {
		if after[id] != head {
			t.Errorf("game %s: head %s after the migration, %s before", id, after[id], head)
		}
	}
	// The running game goes on, from PostgreSQL.
	driveJSONL(t, bin, []string{"--db", url}, firstOptions(10), nil)
	moved := auditAll(t, bin, dir, url)
	changed := 0
	for id, head := range moved {
		if head != before[id] {
			changed++
		}
	}
	if changed != 1 {
		t.Fatalf("%d games moved on after the migration, want the running one", changed)
	}
	// And back to a file, the game played on PostgreSQL with it.
	back := filepath.Join(dir, "back.db")
	if out, err := exec.Command(bin, "migrate", "--from", url, "--to", "bbolt:"+back).CombinedOutput(); err != nil {
		t.Fatalf("migrate back: %v\n%s", err, out)
	}
	if returned := auditAll(t, bin, dir, back); !maps.Equal(returned, moved) {
		t.Fatalf("heads after the way back %v, on PostgreSQL %v", returned, moved)
	}
	cmd := exec.Command(bin, "migrate", "--from", "bbolt:"+db, "--to", url)
	out, _ = cmd.CombinedOutput()
	if cmd.ProcessState.ExitCode() != 1 || !strings.Contains(string(out), "already holds") {
		t.Fatalf("a migration into a full database: exit %d\n%s", cmd.ProcessState.ExitCode(), out)
	}
	cmd = exec.Command(bin, "migrate", "--from", db, "--to", url)
	out, _ = cmd.CombinedOutput()
	if cmd.ProcessState.ExitCode() != 1 || !strings.Contains(string(out), "neither bbolt:FILE nor a postgres:// URL") {
		t.Fatalf("a source without its kind: exit %d\n%s", cmd.ProcessState.ExitCode(), out)
	}
}

// migrateRoundTrip copies a database to a fresh PostgreSQL one and from it
// to a new file: every game's audit verifies at each step, with the heads it
// had in the first.
func migrateRoundTrip(t *testing.T, bin, dir, db string) {
	t.Helper()
	before := auditAll(t, bin, dir, db)
	if len(before) == 0 {
		t.Fatalf("%s lists no game to migrate", db)
	}
	url := pgtest.URL(t)
	back := filepath.Join(t.TempDir(), "back.db")
	for _, step := range [][2]string{{"bbolt:" + db, url}, {url, "bbolt:" + back}} {
		if out, err := exec.Command(bin, "migrate", "--from", step[0], "--to", step[1]).CombinedOutput(); err != nil {
			t.Fatalf("migrate %s to %s: %v\n%s", step[0], step[1], err, out)
		}
	}
	for _, where := range []string{url, back} {
		if after := auditAll(t, bin, dir, where); !maps.Equal(after, before) {
			t.Fatalf("heads in %s: %v; in the file migrated: %v", where, after, before)
		}
	}
	t.Logf("%d games migrated to PostgreSQL and back, every audit verifying with its head", len(before))
}

// auditAll exports every game of a database with kaleun audit, verifies
// each with kaleun verify, and returns their heads by game id.
func auditAll(t *testing.T, bin, dir, db string) map[string]string {
	t.Helper()
	out, err := exec.Command(bin, "audit", "--db", db).CombinedOutput()
	if err != nil {
		t.Fatalf("audit list: %v\n%s", err, out)
	}
	heads := map[string]string{}
	for _, m := range regexp.MustCompile(`(?m)^(\S+) +\S+ +(?:running|finished) `).FindAllSubmatch(out, -1) {
		id := string(m[1])
		data, err := exec.Command(bin, "audit", "--db", db, "--game", id).Output()
		if err != nil {
			t.Fatalf("audit export %s: %v", id, err)
		}
		var x audit.Export
		if err := json.Unmarshal(data, &x); err != nil {
			t.Fatal(err)
		}
		if got, code := verifyData(t, bin, dir, data); code != 0 {
			t.Fatalf("verify %s from %s: exit %d\n%s", id, db, code, got)
		}
		heads[id] = x.Head
	}
	return heads
}
