package main

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/persist"
	bolt "go.etcd.io/bbolt"
)

// A duel played to its end in the terminal: kaleun link prints its page's
// address (the base given, g/, the game's id and a tag of 32 hex digits),
// the same on every run, and refuses a game the database lacks; kaleun
// serve with [web] alone opens the database only to read and serves the
// game's page, its replay at a step, its audit page, and the audit file,
// byte for byte what kaleun audit writes; a link with another tag is not
// found, and nothing lists the games.
func TestLinkAndTheWebOnlyPagesOfAGame(t *testing.T) {
	bin, dir := kaleunBinary(t), t.TempDir()
	db := filepath.Join(dir, "k.db")
	driveJSONL(t, bin, []string{"--db", db, "--game", "hunters-duel", "--boat", "VIIC", "--name", "Prien", "--opponent", "Kretschmer", "--end", "1941-06", "--seed", "1234"},
		func(l jsonLine) string { return l.Options[0].Key }, func(jsonLine) {})
	store, err := persist.OpenReadOnly(db)
	if err != nil {
		t.Fatal(err)
	}
	done, err := store.Finished(t.Context())
	store.Close()
	if err != nil || len(done) != 1 {
		t.Fatalf("finished games: %v %v", done, err)
	}
	id := done[0].ID
	run := func(args ...string) (string, string, int) {
		cmd := exec.Command(bin, args...)
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		cmd.Run()
		return out.String(), errb.String(), cmd.ProcessState.ExitCode()
	}
	out, stderr, code := run("link", "--db", db, "--game", id, "--base", "https://kaleun.example.org/k")
	re := regexp.MustCompile(`^https://kaleun\.example\.org/k/g/` + regexp.QuoteMeta(id) + `\.[0-9a-f]{32}/\n$`)
	if code != 0 || !re.MatchString(out) {
		t.Fatalf("kaleun link: %d %q %s", code, out, stderr)
	}
	if again, _, _ := run("link", "--db", db, "--game", id, "--base", "https://kaleun.example.org/k/"); again != out {
		t.Fatalf("the link changed: %q, then %q", out, again)
	}
	if _, stderr, code := run("link", "--db", db, "--game", "nope"); code != 2 || !strings.Contains(stderr, `no game "nope"`) {
		t.Fatalf("an unknown game: %d %s", code, stderr)
	}
	path := strings.TrimSpace(strings.TrimPrefix(out, "https://kaleun.example.org/k"))
	// A tournament whose one career is this game (saved by the store, as
	// the bot saves one).
	if store, err = persist.Open(db); err != nil {
		t.Fatal(err)
	}
	err = store.SaveTournament(t.Context(), &persist.Tournament{ID: "t1", Game: "hunters-duel", Name: "Spring Cup", Key: done[0].Key, Status: "running", OrganiserName: "Dönitz",
		Entrants: []persist.Entrant{{User: "u1", Name: "Prien", GameID: id, Place: done[0].Key, Seat: "a"}, {User: "u2", Name: "Schepke", Withdrawn: true}}})
	store.Close()
	if err != nil {
		t.Fatal(err)
	}
	tout, stderr, code := run("link", "--db", db, "--tournament", "t1", "--base", "https://kaleun.example.org/k")
	if code != 0 || !regexp.MustCompile(`^https://kaleun\.example\.org/k/t/t1\.[0-9a-f]{32}/\n$`).MatchString(tout) {
		t.Fatalf("kaleun link --tournament: %d %q %s", code, tout, stderr)
	}
	addr := freePort(t)
	s := startServe(t, "[database]\npath = \""+db+"\"\n[log]\nformat = \"json\"\n[web]\nenabled = true\nlisten = \""+addr+"\"\n")
	resp, page := getWeb(t, s, addr, path)
	if resp.StatusCode != 200 || !strings.Contains(string(page), "game "+id) || !strings.Contains(string(page), "finished") || !strings.Contains(string(page), "Kretschmer") {
		t.Fatalf("the game's page: %d\n%s", resp.StatusCode, page)
	}
	if resp, page := getWeb(t, s, addr, path+"?step=5"); resp.StatusCode != 200 || !strings.Contains(string(page), "The game at step 5") {
		t.Fatalf("step 5: %d\n%s", resp.StatusCode, page)
	}
	if resp, page := getWeb(t, s, addr, path+"audit"); resp.StatusCode != 200 || !strings.Contains(string(page), done[0].Head) || !strings.Contains(string(page), "Revealed: ") {
		t.Fatalf("the audit page: %d\n%s", resp.StatusCode, page)
	}
	resp, file := getWeb(t, s, addr, path+"audit.json")
	want, stderr, code := run("audit", "--db", db, "--game", id)
	if resp.StatusCode != 200 || code != 0 || string(file) != want || resp.Header.Get("Content-Type") != "application/json" {
		t.Fatalf("the audit file (%d) is not kaleun audit's (%d %s)", resp.StatusCode, code, stderr)
	}
	tpath := strings.TrimSpace(strings.TrimPrefix(tout, "https://kaleun.example.org/k"))
	if resp, page := getWeb(t, s, addr, tpath); resp.StatusCode != 200 || !strings.Contains(string(page), "<h1>Spring Cup</h1>") ||
		!strings.Contains(string(page), `<a href="../../`+strings.TrimPrefix(path, "/")+`">career's page</a>`) || !strings.Contains(string(page), "Schepke") {
		t.Fatalf("the tournament's page: %d\n%s", resp.StatusCode, page)
	} else if !strings.Contains(string(page), `<h2 id="chart">Score over time</h2>`) || !strings.Contains(string(page), "<strong>Prien</strong>: no deadline pending") {
		t.Fatalf("the tournament's page lacks its chart or deadlines:\n%s", page)
	}
	lout, stderr, code := run("link", "--db", db, "--leaderboard", "terminal/"+strings.Split(done[0].Key, "/")[1]+"/hunters-duel", "--base", "https://kaleun.example.org/k")
	if resp, page := getWeb(t, s, addr, strings.TrimSpace(strings.TrimPrefix(lout, "https://kaleun.example.org/k"))); code != 0 || resp.StatusCode != 200 || !strings.Contains(string(page), "<strong>1. ") {
		t.Fatalf("the leaderboard (%d %q %s): %d\n%s", code, lout, stderr, resp.StatusCode, page)
	}
	// A player's page: his career linked, his luck measured.
	seat := done[0].Seats[0]
	pout, stderr, code := run("link", "--db", db, "--player", "terminal/"+strings.Split(done[0].Key, "/")[1]+"/"+seat.ID, "--base", "https://kaleun.example.org/k")
	if !regexp.MustCompile(`^https://kaleun\.example\.org/k/p/terminal~[^/]+~[^/]+\.[0-9a-f]{32}/\n$`).MatchString(pout) || code != 0 {
		t.Fatalf("kaleun link --player: %d %q %s", code, pout, stderr)
	}
	if resp, page := getWeb(t, s, addr, strings.TrimSpace(strings.TrimPrefix(pout, "https://kaleun.example.org/k"))); resp.StatusCode != 200 ||
		!strings.Contains(string(page), `<a href="../../`+strings.TrimPrefix(path, "/")+`">career's page</a>`) || !strings.Contains(string(page), "<h2 id=\"luck\">Luck</h2>") || !strings.Contains(string(page), "Over ") {
		t.Fatalf("the player's page: %d\n%s", resp.StatusCode, page)
	}
	if _, stderr, code := run("link", "--db", db, "--player", "discord/123"); code != 2 || !strings.Contains(stderr, "PLATFORM/SERVER/USER") {
		t.Fatalf("a malformed --player: %d %s", code, stderr)
	}
	// While the web pages hold it open to read, the operator can read it too.
	if again, _, code := run("link", "--db", db, "--game", id, "--base", "https://kaleun.example.org/k"); code != 0 || again != out {
		t.Fatalf("kaleun link beside the pages: %d %q", code, again)
	}
	other := path[:len(path)-2] + map[bool]string{true: "1/", false: "0/"}[path[len(path)-2] == '0']
	for _, p := range []string{other, "/g/", "/g/" + id + "/", "/games", "/g/" + id + ".x/"} {
		if resp, _ := getWeb(t, s, addr, p); resp.StatusCode != 404 {
			t.Errorf("%s: %d", p, resp.StatusCode)
		}
	}
	s.stop(t)
}

// A database last written by a kaleun from before the pages has no link
// secret: kaleun link says to open it once to write, and a serve of the
// pages alone, which only reads it, warns at start and finds no game's
// page; once opened to write (here by persist, as serve and play do), the
// link is made and its page served.
func TestLinkOfAnOldDatabase(t *testing.T) {
	bin, dir := kaleunBinary(t), t.TempDir()
	db := filepath.Join(dir, "old.db")
	store, err := persist.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	if err := store.Commit(t.Context(), &persist.GameRecord{ID: "g1", Game: "hunters", Key: "discord/s/c", State: []byte(`{}`)}, nil); err != nil {
		t.Fatal(err)
	}
	store.Close()
	b, err := bolt.Open(db, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Update(func(tx *bolt.Tx) error { return tx.Bucket([]byte("meta")).Delete([]byte("link_secret")) }); err != nil {
		t.Fatal(err)
	}
	b.Close()
	out, err := exec.Command(bin, "link", "--db", db, "--game", "g1").CombinedOutput()
	if err == nil || !strings.Contains(string(out), "open it once to write") {
		t.Fatalf("kaleun link of an old database: %v %s", err, out)
	}
	addr := freePort(t)
	s := startServe(t, "[database]\npath = \""+db+"\"\n[log]\nformat = \"json\"\n[web]\nenabled = true\nlisten = \""+addr+"\"\n")
	if resp, _ := getWeb(t, s, addr, "/g/g1.0123456789abcdef0123456789abcdef/"); resp.StatusCode != 404 || !strings.Contains(s.logs.String(), "the games' pages are not served") {
		t.Fatalf("%d\n%s", resp.StatusCode, s.logs)
	}
	s.stop(t)
	store, err = persist.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	store.Close()
	if out, err := exec.Command(bin, "link", "--db", db, "--game", "g1").CombinedOutput(); err != nil || !strings.Contains(string(out), "http://127.0.0.1:8090/g/g1.") {
		t.Fatalf("kaleun link once opened to write: %v %s", err, out)
	}
}
