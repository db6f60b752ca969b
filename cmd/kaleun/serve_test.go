package main

import (
	"bytes"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kaleun/kaleun/persist"
)

func TestServeConfigErrorsNameTheKey(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(body), 0o600)
		return p
	}
	cases := []struct{ file, want string }{
		{filepath.Join(dir, "missing.toml"), "not found"},
		{write("bad.toml", "[database\npath = 1"), "line"},
		{write("unknown.toml", "[discord]\ntokn = \"x\""), `unknown key "discord.tokn"`},
		{write("none.toml", "[database]\npath = \"k.db\""), "kaleun play"},
		{write("slack.toml", "[slack]\nenabled = true\nbot_token = \"nope\"\napp_token = \"xapp-1\""), "slack.bot_token"},
		{write("env.toml", "[discord]\nenabled = true\ntoken_env = \"KALEUN_TEST_UNSET_TOKEN\"\napplication_id = \"1\""), "KALEUN_TEST_UNSET_TOKEN"},
		{write("discord.toml", "[discord]\nenabled = true\ntoken = \"short\"\napplication_id = \"1\""), "discord.token"},
		{write("log.toml", "[log]\nformat = \"xml\""), "log.format"},
		{write("every.toml", "[backup]\ndir = \"b\"\nevery = \"10s\""), "backup.every"},
		{write("keep.toml", "[backup]\ndir = \"b\"\nkeep = 0"), "backup.keep"},
		{write("nopack.toml", "[uboatleader]\npacks = [\""+filepath.Join(dir, "nowhere")+"\"]"), "uboatleader.packs"},
		{write("badpack.toml", "[uboatleader]\npacks = [\""+dir+"\"]"), "uboatleader.packs: pack " + dir + " has 9 problem(s), the first: pack.yaml: missing"},
		{write("unknownpack.toml", "[uboatleader]\npack = \"x\""), `unknown key "uboatleader.pack"`},
		{write("packsnotalist.toml", "[xxi]\npacks = \"one\""), "xxi.packs: want a list of directories"},
		{write("nopackgame.toml", "[hunters]\npacks = []"), `unknown key "hunters"`},
		{write("xxibadpack.toml", "[xxi]\npacks = [\""+dir+"\"]"), "xxi.packs: pack " + dir},
		{write("grace.toml", "[ops]\nshutdown_grace = \"soon\""), "ops.shutdown_grace"},
		{write("opskey.toml", "[ops]\ngrace = \"5s\""), `unknown key "ops.grace"`},
		{write("remote.toml", "[ops]\nlisten = \"0.0.0.0:9090\""), "ops.allow_remote = true"},
		{write("anyhost.toml", "[ops]\nlisten = \":9090\""), "not a loopback address"},
		{write("hostname.toml", "[ops]\nlisten = \"metrics.example.org:9090\""), "ops.listen"},
		{write("noport.toml", "[ops]\nlisten = \"127.0.0.1\""), "ops.listen"},
		{write("remotekind.toml", "[ops]\nallow_remote = \"yes\""), "line"},
		{write("idle.toml", "[games]\nidle_warn = \"a month\""), "games.idle_warn"},
		{write("idlealone.toml", "[games]\nidle_warn = \"720h\""), "games.idle_end is not set"},
		{write("endalone.toml", "[games]\nidle_end = \"720h\""), "games.idle_warn is not set"},
		{write("idleorder.toml", "[games]\nidle_warn = \"720h\"\nidle_end = \"360h\""), "must come before games.idle_end"},
		{write("idledeadline.toml", "[games]\nidle_warn = \"48h\"\nidle_end = \"720h\""), "after reminders.deadline"},
		{write("dburl.toml", "[database]\nurl = \"mysql://kaleun@db/kaleun\""), "database.url is not a PostgreSQL URL"},
		{write("dburlenv.toml", "[database]\nurl_env = \"KALEUN_TEST_UNSET_DATABASE_URL\""), "KALEUN_TEST_UNSET_DATABASE_URL"},
		{write("shard.toml", "[discord]\nenabled = true\ntoken = \"a.b.c\"\napplication_id = \"1\"\nshard_id = 2\nshard_count = 2"), "discord.shard_id is 2 of discord.shard_count 2"},
	}
	for _, c := range cases {
		var out, errb bytes.Buffer
		code := runServe([]string{"--config", c.file}, nil, &out, &errb)
		if code != 2 || !strings.Contains(errb.String(), c.want) || strings.Count(strings.TrimSpace(errb.String()), "\n") > 0 {
			t.Errorf("%s: exit %d, %q (want one line with %q)", filepath.Base(c.file), code, errb.String(), c.want)
		}
	}
}

// Loopback addresses are taken as they are; another address only when
// allowed.
func TestOpsListenIsLoopbackUnlessAllowed(t *testing.T) {
	dir := t.TempDir()
	for i, c := range []string{
		"[ops]\nlisten = \"127.0.0.1:9090\"",
		"[ops]\nlisten = \"[::1]:9090\"",
		"[ops]\nlisten = \"localhost:9090\"",
		"[ops]\nlisten = \"0.0.0.0:9090\"\nallow_remote = true",
	} {
		p := filepath.Join(dir, fmt.Sprintf("c%d.toml", i))
		os.WriteFile(p, []byte(c), 0o600)
		if _, err := loadConfig(p); err != nil {
			t.Errorf("%q: %v", c, err)
		}
	}
}

func freePort(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// A real serve process (Slack HTTP mode) stops on SIGTERM, exits 0, and
// leaves the database closed and intact.
func TestServeStopsCleanlyOnSIGTERM(t *testing.T) {
	bin := kaleunBinary(t)
	dir := t.TempDir()
	addr := freePort(t)
	db := filepath.Join(dir, "k.db")
	cfg := filepath.Join(dir, "c.toml")
	os.WriteFile(cfg, []byte("[database]\npath = \""+db+"\"\n[log]\nformat = \"json\"\n[slack]\nenabled = true\nmode = \"http\"\nbot_token = \"xoxb-1\"\nsigning_secret_env = \"KALEUN_TEST_SECRET\"\nlisten = \""+addr+"\"\napi_base = \"http://127.0.0.1:1/api\"\n"), 0o600)
	cmd := exec.Command(bin, "serve", "--config", cfg)
	cmd.Env = append(os.Environ(), "KALEUN_TEST_SECRET=s")
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Wait until it listens; an unsigned request is refused.
	var resp *http.Response
	var err error
	for i := 0; i < 100; i++ {
		resp, err = http.Post("http://"+addr+"/slack/commands", "application/x-www-form-urlencoded", strings.NewReader("text=help"))
		if err == nil {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err != nil || resp.StatusCode != http.StatusUnauthorized {
		cmd.Process.Kill()
		t.Fatalf("serve not answering: %v %v\n%s", resp, err, errb.String())
	}
	cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("exit: %v\n%s", err, errb.String())
		}
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		t.Fatal("serve did not stop on SIGTERM")
	}
	if !strings.Contains(errb.String(), `"msg":"shutting down`) {
		t.Fatalf("logs: %s", errb.String())
	}
	s, err := persist.Open(db)
	if err != nil {
		t.Fatalf("the database must be closed and intact: %v", err)
	}
	s.Close()
}
