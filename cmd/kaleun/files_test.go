package main

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kaleun/kaleun/internal/discordfake"
	"github.com/kaleun/kaleun/persist"
	bolt "go.etcd.io/bbolt"
)

// within runs fn and fails the test if it has not returned in d: a FIFO
// opened to read waits for a writer for ever, and the test must say so
// rather than hang.
func within(t *testing.T, d time.Duration, what string, fn func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); fn() }()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("%s: still reading after %v", what, d)
	}
}

// Issue 29, defect 1: a pack's file is read only when it is a regular file
// inside the pack's directory, and up to a limit; anything else is one line
// naming the file, quoting nothing from outside the pack.
func TestPackReadsOnlyRegularFilesInsideItUpToALimit(t *testing.T) {
	secret := "root:$6$verysecret:20228:0:99999:7:::"
	outside := filepath.Join(t.TempDir(), "shadow")
	if err := os.WriteFile(outside, []byte(secret+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name  string
		spoil func(path string) error
		want  string
	}{
		{"fifo", func(p string) error { os.Remove(p); return syscall.Mkfifo(p, 0o644) }, "is a FIFO (named pipe), not a regular file"},
		{"link to /dev/zero", func(p string) error { os.Remove(p); return os.Symlink("/dev/zero", p) }, "leads out of"},
		{"link to a file outside", func(p string) error { os.Remove(p); return os.Symlink(outside, p) }, "leads out of"},
		{"relative link outside", func(p string) error {
			os.Remove(p)
			rel, _ := filepath.Rel(filepath.Dir(p), outside)
			return os.Symlink(rel, p)
		}, "leads out of"},
		{"over the limit", func(p string) error {
			return os.WriteFile(p, append([]byte("# "), bytes.Repeat([]byte("x"), 1<<20)...), 0o644)
		}, "is larger than 1 MiB"},
		{"2,000,000 entries", func(p string) error {
			return os.WriteFile(p, append([]byte("events:\n"), bytes.Repeat([]byte("  - {number: 1}\n"), 2_000_000)...), 0o644)
		}, "is larger than 1 MiB"},
		{"many short entries under the size limit", func(p string) error {
			return os.WriteFile(p, append([]byte("events:\n"), bytes.Repeat([]byte("- 1\n"), 200_000)...), 0o644)
		}, "more than 20000 lines and list items"},
		{"many flow entries on one line", func(p string) error {
			return os.WriteFile(p, append(append([]byte("events: ["), bytes.Repeat([]byte("1,"), 300_000)...), ']', '\n'), 0o644)
		}, "more than 20000 lines and list items"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := writeExamplePack(t)
			file := filepath.Join(dir, "events.yaml")
			if err := c.spoil(file); err != nil {
				t.Fatal(err)
			}
			var out string
			var code int
			start := time.Now()
			within(t, 20*time.Second, "pack check", func() { out, code = check(t, dir) })
			if code != 1 || !strings.Contains(out, c.want) || !strings.Contains(out, "events.yaml") {
				t.Fatalf("want exit 1 and %q naming events.yaml, got %d:\n%s", c.want, code, out)
			}
			if strings.Contains(out, "verysecret") || strings.Contains(out, "root:") {
				t.Fatalf("the refusal quotes the file outside the pack:\n%s", out)
			}
			if took := time.Since(start); took > 5*time.Second {
				t.Fatalf("refusing took %v", took)
			}
			// The pack given to play or serve is refused in the same words.
			if _, err := loadPackDir(dir); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("loadPackDir: want %q, got %v", c.want, err)
			}
		})
	}
}

// Issue 29, defect 2: a pack id that is a path, and a second YAML document
// after the first, are refused.
func TestPackRefusesAPathAsIDAndASecondDocument(t *testing.T) {
	dir := writeExamplePack(t)
	b, _ := os.ReadFile(filepath.Join(dir, "pack.yaml"))
	evil := strings.Replace(string(b), "id: my-copy", "id: ../../../../tmp/evil", 1)
	if evil == string(b) {
		t.Fatalf("the example pack has no id: my-copy line:\n%s", b)
	}
	os.WriteFile(filepath.Join(dir, "pack.yaml"), []byte(evil), 0o644)
	if out, code := check(t, dir); code != 1 || !strings.Contains(out, `pack.yaml: id "../../../../tmp/evil" is not a pack id`) {
		t.Fatalf("want the id refused, got %d:\n%s", code, out)
	}

	dir = writeExamplePack(t)
	f, _ := os.OpenFile(filepath.Join(dir, "counters.yaml"), os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString("---\ntactics: []\n")
	f.Close()
	if out, code := check(t, dir); code != 1 || !strings.Contains(out, "counters.yaml: line") || !strings.Contains(out, "a second YAML document") {
		t.Fatalf("want the second document refused, got %d:\n%s", code, out)
	}
}

// Issue 29, defect 1: the configuration, a dice script and an audit file
// given to verify are read the same way: a FIFO or a device is one line,
// not a hang; a file over the limit is refused unread.
func TestOperatorsFilesAreRegularAndLimited(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big")
	if err := os.WriteFile(big, bytes.Repeat([]byte("# 1\n"), 17<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) (string, int) {
		t.Helper()
		var out, errs bytes.Buffer
		var code int
		within(t, 20*time.Second, strings.Join(args, " "), func() { code = dispatch(args, strings.NewReader(""), &out, &errs) })
		return out.String() + errs.String(), code
	}
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"config fifo", []string{"serve", "--config", fifo}, "is a FIFO (named pipe), not a regular file"},
		{"config device", []string{"serve", "--config", "/dev/zero"}, "is a device, not a regular file"},
		{"config big", []string{"serve", "--config", big}, "is larger than 1 MiB"},
		{"healthcheck config fifo", []string{"healthcheck", "--config", fifo}, "is a FIFO (named pipe), not a regular file"},
		{"healthcheck config device", []string{"healthcheck", "--config", "/dev/zero"}, "is a device, not a regular file"},
		{"healthcheck config big", []string{"healthcheck", "--config", big}, "is larger than 1 MiB"},
		{"dice fifo", []string{"play", "--db", filepath.Join(dir, "a.db"), "--dice", fifo}, "is a FIFO (named pipe), not a regular file"},
		{"dice device", []string{"play", "--db", filepath.Join(dir, "b.db"), "--dice", "/dev/urandom"}, "is a device, not a regular file"},
		{"dice big", []string{"play", "--db", filepath.Join(dir, "c.db"), "--dice", big}, "is larger than 1 MiB"},
		{"verify fifo", []string{"verify", fifo}, "is a FIFO (named pipe), not a regular file"},
		{"verify device", []string{"verify", "/dev/zero"}, "is a device, not a regular file"},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, code := run(c.args...)
			if code == 0 || !strings.Contains(out, c.want) || strings.Count(strings.TrimSpace(out), "\n") > 0 {
				t.Errorf("%v: want one line with %q, got %d:\n%s", c.args, c.want, code, out)
			}
		})
	}
}

// Issue 29, defect 3: audit and render open the database to read only: a
// backup kept read-only (file 0444 in a directory 0555) is read, and a
// database of an older kaleun is left byte for byte as it was (never
// migrated). As root, permissions do not bind, so the binary runs as
// nobody.
func TestAuditAndRenderOpenTheDatabaseReadOnly(t *testing.T) {
	bin := kaleunBinary(t)
	base := t.TempDir()
	dir := filepath.Join(base, "ro")
	os.Mkdir(dir, 0o755)
	db := filepath.Join(dir, "old.db")
	gunzip(t, "testdata/v1-terminal-game.db.gz", db)
	before, _ := os.ReadFile(db)
	out := filepath.Join(base, "out")
	os.Mkdir(out, 0o777)
	os.Chmod(out, 0o777) // past the umask: nobody writes the picture here
	// nobody must reach the binary and the files.
	mine := filepath.Join(base, "kaleun")
	b, _ := os.ReadFile(bin)
	if err := os.WriteFile(mine, b, 0o755); err != nil {
		t.Fatal(err)
	}
	os.Chmod(base, 0o755)
	os.Chmod(filepath.Dir(base), 0o755) // t.TempDir's own, 0700
	os.Chmod(db, 0o444)
	os.Chmod(dir, 0o555)
	t.Cleanup(func() { os.Chmod(dir, 0o755) })
	cmd := func(args ...string) (string, error) {
		c := exec.Command(mine, args...)
		if os.Getuid() == 0 {
			c.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534, Groups: []uint32{}}}
		}
		o, err := c.CombinedOutput()
		return string(o), err
	}
	list, err := cmd("audit", "--db", db)
	if err != nil || !strings.Contains(list, "hunters") {
		t.Fatalf("audit of a read-only database: %v\n%s", err, list)
	}
	id := strings.Fields(strings.Split(list, "\n")[1])[0]
	if o, err := cmd("audit", "--db", db, "--game", id); err != nil || !strings.Contains(o, `"kaleun-audit"`) {
		t.Fatalf("audit --game: %v\n%.300s", err, o)
	}
	png := filepath.Join(out, "mat.png")
	if o, err := cmd("render", "--db", db, "--game", id, "--out", png); err != nil {
		t.Fatalf("render: %v\n%s", err, o)
	}
	if fi, err := os.Stat(png); err != nil || fi.Size() == 0 {
		t.Fatalf("no picture: %v", err)
	}
	// Permissions aside (as root they do not bind on the writable copy
	// either): the older database is not migrated.
	os.Chmod(dir, 0o755)
	os.Chmod(db, 0o644)
	for _, args := range [][]string{{"audit", "--db", db}, {"audit", "--db", db, "--game", id}, {"render", "--db", db, "--game", id, "--out", png}} {
		if o, err := exec.Command(bin, args...).CombinedOutput(); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, o)
		}
	}
	if after, _ := os.ReadFile(db); !bytes.Equal(before, after) {
		t.Fatal("audit or render changed the older database")
	}
}

// Issue 29, defect 4: a configuration holding a token inline and readable
// by others is warned of at start, once in the log and once on the
// console, naming token_env; the token itself appears in neither, nor in
// /metrics. A file only its owner reads starts without the warning.
func TestReadableConfigWithATokenIsWarnedOfAndTheTokenNeverShown(t *testing.T) {
	bin := kaleunBinary(t)
	for _, mode := range []os.FileMode{0o644, 0o600} {
		f := discordfake.New(t)
		dir := t.TempDir()
		addr := freePort(t)
		cfg := discordServeConfig(t, dir, f, fmt.Sprintf("[ops]\nlisten = %q\n", addr))
		os.Chmod(cfg, mode)
		proc := newServeProcess(t, bin, cfg)
		proc.start()
		awaitDiscord(t, f)
		awaitHealth(t, "http://"+addr, http.StatusOK, 10*time.Second)
		resp, err := http.Get("http://" + addr + "/metrics")
		if err != nil {
			t.Fatal(err)
		}
		metrics, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		proc.stop()
		log := proc.log.String()
		const token = "test.bot.token"
		if strings.Contains(log, token) || bytes.Contains(metrics, []byte(token)) {
			t.Fatalf("mode %04o: the token is in the log or /metrics:\n%s", mode, log)
		}
		console := strings.Count(log, "kaleun serve: warning: "+cfg+" holds discord.token inline and is readable")
		logged := strings.Count(log, `"msg":"the configuration file's secrets are readable by others"`)
		switch {
		case mode == 0o644 && (console != 1 || logged != 1 || !strings.Contains(log, "discord.token_env")):
			t.Fatalf("mode %04o: want the warning once on the console and once in the log, naming discord.token_env; got %d and %d:\n%s", mode, console, logged, log)
		case mode == 0o600 && (console != 0 || logged != 0):
			t.Fatalf("mode %04o: warned of a file only its owner reads:\n%s", mode, log)
		}
	}
}

// Issue 29, defect 5: Slack's HTTP mode refuses an empty listen address
// (it would bind every interface on a random port), and serve logs the
// address it listens on, whatever was given.
func TestSlackListenIsRequiredAndLogged(t *testing.T) {
	dir := t.TempDir()
	slackConfig := func(listen string) string {
		return "[database]\npath = \"" + filepath.Join(dir, "k.db") + "\"\n[log]\nformat = \"json\"\n[slack]\nenabled = true\nmode = \"http\"\nbot_token = \"xoxb-1\"\nsigning_secret = \"s\"\nlisten = \"" + listen + "\"\napi_base = \"http://127.0.0.1:1/api\"\n"
	}
	for _, listen := range []string{"", "  ", "8080"} {
		p := writeServeConfig(t, dir, slackConfig(listen))
		// loadConfig, not runServe: before the fix, serve would serve.
		if _, err := loadConfig(p); err == nil || !strings.Contains(err.Error(), "slack.listen") {
			t.Fatalf("listen %q: want a refusal naming slack.listen, got %v", listen, err)
		}
	}
	proc := newServeProcess(t, kaleunBinary(t), writeServeConfig(t, dir, slackConfig("127.0.0.1:0")))
	proc.start()
	re := regexp.MustCompile(`"msg":"slack: serving Slack's requests over HTTP","addr":"(127\.0\.0\.1:\d+)"`)
	var addr string
	for end := time.Now().Add(20 * time.Second); addr == ""; time.Sleep(20 * time.Millisecond) {
		if m := re.FindStringSubmatch(proc.log.String()); m != nil {
			addr = m[1]
		} else if time.Now().After(end) {
			t.Fatalf("serve did not log where it listens:\n%s", proc.log.String())
		}
	}
	resp, err := http.Post("http://"+addr+"/slack/commands", "application/x-www-form-urlencoded", strings.NewReader("text=help"))
	if err != nil || resp.StatusCode != http.StatusUnauthorized {
		t.Fatalf("the logged address %s does not answer: %v %v", addr, resp, err)
	}
	resp.Body.Close()
	proc.stop()
}

// Issue 29, defect 9: with PostgreSQL unreachable, play says the database
// is unreachable and where (host:port), in one line, and names no lock.
func TestPlaySaysThePostgreSQLServerIsUnreachable(t *testing.T) {
	closed := freePort(t) // nothing listens there once freePort returns
	for _, c := range []struct{ url, where, why string }{
		{"postgres://kaleun:pw@" + closed + "/kaleun", closed, "connection refused"},
		{"postgres://kaleun:pw@kaleun-db.invalid:5432/kaleun", "kaleun-db.invalid:5432", "its host name does not resolve"},
	} {
		var out, errb bytes.Buffer
		code := dispatch([]string{"play", "--db", c.url}, strings.NewReader(""), &out, &errb)
		msg := strings.TrimSpace(errb.String())
		if code != 1 || !strings.Contains(msg, "is unreachable at "+c.where+" ("+c.why) || strings.Contains(msg, "lock") || strings.Contains(msg, "\n") || strings.Contains(msg, ":pw@") {
			t.Errorf("%s: exit %d, %q", c.url, code, msg)
		}
	}
}

// Issue 29, defect 7: serve says what failed when Discord cannot be
// reached: DNS, the connection, TLS, or a refused token; only the last
// names the token.
func TestServeSaysWhatFailedReachingDiscord(t *testing.T) {
	refusing := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusUnauthorized)
		io.WriteString(w, `{"message": "401: Unauthorized", "code": 0}`)
	}))
	defer refusing.Close()
	plain := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	defer plain.Close()
	untrusted := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	defer untrusted.Close()
	closed := freePort(t)
	for _, c := range []struct{ name, base, want string }{
		{"tls certificate", untrusted.URL + "/api/v10", "the TLS handshake failed"},
		{"dns", "https://discord.invalid/api/v10", "the name discord.invalid does not resolve (DNS"},
		{"connection", "http://" + closed + "/api/v10", "the connection failed"},
		{"tls", "https://" + strings.TrimPrefix(plain.URL, "http://") + "/api/v10", "the TLS handshake failed"},
		{"token", refusing.URL + "/api/v10", "discord refused the token"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			cfg := writeServeConfig(t, dir, fmt.Sprintf("[database]\npath = %q\n[discord]\nenabled = true\ntoken = \"a.b.c\"\napplication_id = \"123456789012345678\"\napi_base = %q\n",
				filepath.Join(dir, "k.db"), c.base))
			var out, errb bytes.Buffer
			var code int
			within(t, 60*time.Second, "serve", func() { code = dispatch([]string{"serve", "--config", cfg}, strings.NewReader(""), &out, &errb) })
			msg := errb.String()
			if i := strings.LastIndex(msg, "kaleun serve: "); i >= 0 {
				msg = msg[i:] // after the log's lines
			}
			names := strings.Contains(msg, "discord.token")
			if code != 1 || !strings.Contains(msg, c.want) || names != (c.name == "token") {
				t.Fatalf("want exit 1 with %q, the token named only when refused; got %d %q", c.want, code, msg)
			}
		})
	}
}

// Issue 29, defect 6: one damaged finished-game record does not fail the
// whole of audit's list: every readable game is listed, the damaged one is
// marked, and the exit status and a line on stderr say so.
func TestAuditListsEveryReadableGameAndMarksTheDamaged(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.db")
	s, err := persist.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range []struct{ id, key string }{{"done-1", "terminal/a/1"}, {"running-1", "terminal/a/2"}} {
		rec := &persist.GameRecord{ID: g.id, Game: "hunters", Key: g.key, State: []byte(`{"n":1}`)}
		if err := s.Commit(t.Context(), rec, nil); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Archive(t.Context(), "terminal/a/1"); err != nil {
		t.Fatal(err)
	}
	s.Close()
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Update(func(tx *bolt.Tx) error {
		return tx.Bucket([]byte("archive")).Put([]byte("broken-1"), []byte(`{"id": "broken-1", "game": `))
	}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	var out, errb bytes.Buffer
	code := dispatch([]string{"audit", "--db", path}, nil, &out, &errb)
	list := out.String()
	for _, want := range []string{"done-1", "running-1", "broken-1"} {
		if !strings.Contains(list, want) {
			t.Errorf("the list lacks %s", want)
		}
	}
	if code != 1 || !regexp.MustCompile(`broken-1 +\? +DAMAGED`).MatchString(list) || !strings.Contains(errb.String(), path+": 1 game record(s) marked DAMAGED") {
		t.Fatalf("exit %d\n%s\n%s", code, list, errb.String())
	}
}
