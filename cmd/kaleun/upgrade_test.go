package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/kaleun/kaleun/persist"
)

// schemaOf reads the layout version a bbolt file records ("" for none).
func schemaOf(t *testing.T, path string) string {
	t.Helper()
	db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	v := ""
	db.View(func(tx *bolt.Tx) error {
		if b := tx.Bucket([]byte("schema")); b != nil {
			v = string(b.Get([]byte("version")))
		}
		return nil
	})
	return v
}

// docs/operators/upgrades.md, step by step, through the binary: a database
// of an older kaleun (testdata, from before the log's format 2 and before
// files recorded their layout) is backed up before the upgrade, untouched
// by that backup and by audit, brought up to date by the first command that
// writes (play), and goes on; the same file marked as laid out by a newer
// kaleun is refused by every command in one line and left as it was; and
// the backup taken before the upgrade restores.
func TestUpgradesAsTheOperatorsPageSays(t *testing.T) {
	bin, dir := kaleunBinary(t), t.TempDir()
	db := filepath.Join(dir, "kaleun.db")
	gunzip(t, "testdata/v1-terminal-game.db.gz", db)
	run := func(args ...string) (int, string) {
		t.Helper()
		out, err := exec.Command(bin, args...).CombinedOutput()
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return exit.ExitCode(), string(out)
		} else if err != nil {
			t.Fatal(err)
		}
		return 0, string(out)
	}
	if v := schemaOf(t, db); v != "" {
		t.Fatalf("the older file already records schema %q", v)
	}
	original, _ := os.ReadFile(db)

	// Before the upgrade: a backup (read-only: the file stays as it was).
	saved := filepath.Join(dir, "kaleun-before-upgrade.db")
	if code, out := run("backup", "--db", db, "--out", saved); code != 0 || !strings.Contains(out, "1 running") {
		t.Fatalf("backup before the upgrade: exit %d\n%s", code, out)
	}
	code, listing := run("audit", "--db", db)
	if code != 0 || !strings.Contains(listing, "running") {
		t.Fatalf("audit of the older file: exit %d\n%s", code, listing)
	}
	game := strings.Fields(strings.Split(listing, "\n")[1])[0]
	if now, _ := os.ReadFile(db); !bytes.Equal(now, original) {
		t.Fatal("backup or audit wrote to the older file")
	}

	// The first command that writes migrates it, and the game goes on.
	driveJSONL(t, bin, []string{"--db", db}, firstOptions(3), nil)
	if v := schemaOf(t, db); v != strconv.Itoa(persist.BoltSchemaVersion) {
		t.Fatalf("after play, the file records schema %q, not %d", v, persist.BoltSchemaVersion)
	}

	// A file a newer kaleun laid out: refused by every command, untouched.
	newer := filepath.Join(dir, "newer.db")
	data, _ := os.ReadFile(db)
	os.WriteFile(newer, data, 0o600)
	nb, err := bolt.Open(newer, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	nb.Update(func(tx *bolt.Tx) error {
		return tx.Bucket([]byte("schema")).Put([]byte("version"), []byte(strconv.Itoa(persist.BoltSchemaVersion+1)))
	})
	nb.Close()
	before, _ := os.ReadFile(newer)
	line := "database " + newer + " has schema version " + strconv.Itoa(persist.BoltSchemaVersion+1) + ", newer than this kaleun's " + strconv.Itoa(persist.BoltSchemaVersion) + ": run the kaleun that last used it, or a newer one"
	for _, args := range [][]string{
		{"play", "--db", newer},
		{"play", "--db", newer, "--jsonl"},
		{"audit", "--db", newer},
		{"backup", "--db", newer, "--out", filepath.Join(dir, "never.db")},
		{"render", "--db", newer, "--game", game, "--out", filepath.Join(dir, "never.png")},
	} {
		code, out := run(args...)
		if code != 1 || !strings.Contains(out, line) {
			t.Errorf("%v: exit %d, want 1 and %q:\n%s", args, code, line, out)
		}
		if lines := strings.Count(strings.TrimSpace(out), "\n"); lines > 0 && !(len(args) == 4 && args[3] == "--jsonl") {
			t.Errorf("%v: %d lines:\n%s", args, lines+1, out)
		}
	}
	if after, _ := os.ReadFile(newer); !bytes.Equal(before, after) {
		t.Fatal("a command wrote to the newer file")
	}
	if _, err := os.Stat(filepath.Join(dir, "never.db")); err == nil {
		t.Fatal("backup copied the newer file")
	}

	// Rolling back: the backup taken before the upgrade over the database.
	restored, _ := os.ReadFile(saved)
	os.WriteFile(db, restored, 0o600)
	if code, out := run("audit", "--db", db); code != 0 || !strings.Contains(out, "running") {
		t.Fatalf("audit of the restored backup: exit %d\n%s", code, out)
	}
}
