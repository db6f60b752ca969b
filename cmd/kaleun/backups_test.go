package main

import (
	"bytes"
	"context"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kaleun/kaleun/persist"
)

// A manager's backups: written and checked, at most one per ten minutes,
// and pruned among themselves, never pushing out the scheduled ones.
func TestAskedBackupsAreRationedAndKeptApartFromScheduledOnes(t *testing.T) {
	bin, dir := kaleunBinary(t), t.TempDir()
	db := filepath.Join(dir, "k.db")
	playFirstOptions(t, bin, []string{"--db", db, "--seed", "abcd", "--boat", "VIIC"}, 10)
	store, err := persist.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	clock := time.Date(2026, 6, 10, 10, 0, 0, 0, time.UTC)
	bdir := filepath.Join(dir, "backups")
	os.Mkdir(bdir, 0o700)
	b := &backups{store: store, dir: bdir, keep: 2, log: slog.New(slog.DiscardHandler), now: func() time.Time { return clock }}

	if _, err := b.write(t.Context(), false); err != nil {
		t.Fatal(err)
	}
	if got := b.newest(); !got.Equal(clock) {
		t.Fatalf("newest scheduled backup: %v", got)
	}
	text, _ := b.asked(t.Context())
	if !strings.Contains(text, "kaleun-20260610-100000-asked.db") || !strings.Contains(text, "1 running") {
		t.Fatalf("first: %s", text)
	}
	clock = clock.Add(5 * time.Minute)
	if text, _ := b.asked(t.Context()); !strings.Contains(text, "ask again from 10:10") {
		t.Fatalf("asked again too soon: %s", text)
	}
	for range 3 {
		clock = clock.Add(11 * time.Minute)
		if text, _ := b.asked(t.Context()); !strings.Contains(text, "written and checked") {
			t.Fatal(text)
		}
	}
	if asked, scheduled := b.list(true), b.list(false); len(asked) != 2 || len(scheduled) != 1 || asked[1] != "kaleun-20260610-103800-asked.db" {
		t.Fatalf("kept: asked %v, scheduled %v", asked, scheduled)
	}
	for _, name := range append(b.list(true), b.list(false)...) {
		s, err := persist.OpenReadOnly(filepath.Join(bdir, name))
		if err != nil {
			t.Fatal(err)
		}
		if g, _ := s.Games(t.Context()); len(g) != 1 {
			t.Fatalf("%s: %d games", name, len(g))
		}
		s.Close()
	}
}

// The schedule counts from the newest backup on disk: one overdue is
// written at once.
func TestScheduledBackupCountsFromTheNewestOnDisk(t *testing.T) {
	dir := t.TempDir()
	store, err := persist.Open(filepath.Join(dir, "k.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	old := "kaleun-" + time.Now().UTC().Add(-2*time.Hour).Format(stampLayout) + ".db"
	os.WriteFile(filepath.Join(dir, old), nil, 0o600)
	b := &backups{store: store, dir: dir, keep: 1, log: slog.New(slog.DiscardHandler), now: time.Now}
	stop := b.start(context.Background(), time.Hour)
	defer stop()
	for range 100 {
		if names := b.list(false); len(names) == 1 && names[0] != old {
			return // written, and the old one pruned
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("no overdue backup: %v", b.list(false))
}

// bbolt holds a served database's lock exclusively: a second process may
// not even read it (its shared lock waits), so `kaleun backup` says to use
// the serving bot's backups, which a real serve process writes at once
// when none is on disk. After the bot stops, kaleun backup copies the file.
func TestServeWritesItsOwnBackupsWhileKaleunBackupIsLockedOut(t *testing.T) {
	bin, dir := kaleunBinary(t), t.TempDir()
	db := filepath.Join(dir, "k.db")
	playFirstOptions(t, bin, []string{"--db", db, "--seed", "abcd", "--boat", "VIIC"}, 10)
	bdir := filepath.Join(dir, "backups")
	addr := freePort(t)
	cfg := filepath.Join(dir, "c.toml")
	os.WriteFile(cfg, []byte("[database]\npath = \""+db+"\"\n[backup]\ndir = \""+bdir+"\"\nevery = \"1h\"\nkeep = 3\n[slack]\nenabled = true\nmode = \"http\"\nbot_token = \"xoxb-1\"\nsigning_secret_env = \"KALEUN_TEST_SECRET\"\nlisten = \""+addr+"\"\napi_base = \"http://127.0.0.1:1/api\"\n"), 0o600)
	serve := exec.Command(bin, "serve", "--config", cfg)
	serve.Env = append(os.Environ(), "KALEUN_TEST_SECRET=s")
	var logs bytes.Buffer
	serve.Stderr = &logs
	if err := serve.Start(); err != nil {
		t.Fatal(err)
	}
	defer serve.Process.Kill()
	var written []string
	for range 200 {
		if written, _ = filepath.Glob(filepath.Join(bdir, "kaleun-*.db")); len(written) == 1 {
			break
		}
		time.Sleep(25 * time.Millisecond)
	}
	if len(written) != 1 {
		t.Fatalf("serve wrote no backup at its start:\n%s", logs.String())
	}

	for _, args := range [][]string{{"backup", "--db", db, "--out", filepath.Join(dir, "copy.db")}, {"audit", "--db", db}} {
		cmd := exec.Command(bin, args...)
		out, _ := cmd.CombinedOutput()
		if cmd.ProcessState.ExitCode() != 1 || strings.Count(strings.TrimSpace(string(out)), "\n") > 0 || !strings.Contains(string(out), "another kaleun process") {
			t.Fatalf("kaleun %s while serving: exit %d: %s", args[0], cmd.ProcessState.ExitCode(), out)
		}
		if args[0] == "backup" && !strings.Contains(string(out), "[backup] dir") {
			t.Fatalf("kaleun backup does not point to the bot's backups: %s", out)
		}
	}

	serve.Process.Signal(syscall.SIGTERM)
	if err := serve.Wait(); err != nil {
		t.Fatalf("serve: %v\n%s", err, logs.String())
	}
	if !strings.Contains(logs.String(), "backup written and checked") {
		t.Fatalf("logs: %s", logs.String())
	}
	copyPath := filepath.Join(dir, "copy.db")
	out, err := exec.Command(bin, "backup", "--db", db, "--out", copyPath).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "1 running and 0 finished games; reopened and checked") {
		t.Fatalf("kaleun backup of a database at rest: %v %s", err, out)
	}
	// The served backup and the copy list the same game at the same decision.
	a, _ := exec.Command(bin, "audit", "--db", written[0]).Output()
	b, _ := exec.Command(bin, "audit", "--db", copyPath).Output()
	if !bytes.Equal(a, b) || !strings.Contains(string(a), "running") {
		t.Fatalf("the backups differ:\n%s\n%s", a, b)
	}
}
