package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"
)

// unitFile is a systemd unit: section → key → values in order (a key may be
// given more than once, and an empty value resets it, as systemd reads it).
type unitFile map[string]map[string][]string

func readUnit(t *testing.T, path string) unitFile {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	u := unitFile{}
	section := ""
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, ";"):
		case strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]"):
			section = line[1 : len(line)-1]
			if u[section] == nil {
				u[section] = map[string][]string{}
			}
		default:
			k, v, ok := strings.Cut(line, "=")
			if !ok || section == "" || strings.HasSuffix(line, "\\") {
				t.Fatalf("%s:%d: %q is not key=value in a section", path, n, line)
			}
			u[section][strings.TrimSpace(k)] = append(u[section][strings.TrimSpace(k)], strings.TrimSpace(v))
		}
	}
	return u
}

// last is a key's value in force: the last one given.
func (u unitFile) last(section, key string) string {
	v := u[section][key]
	if len(v) == 0 {
		return ""
	}
	return v[len(v)-1]
}

func unitPath(t *testing.T) string { return filepath.Join(repoRoot(t), "deploy", "kaleun.service") }

// The unit issue 29 asked for: a user of its own, the database in its state
// directory, the tokens from an environment file, restarts on failure, and
// a stop that SIGTERM makes and that systemd waits long enough for. Its exit
// status that is not restarted is the one serve gives a bad config.
func TestSystemdUnitHasWhatAServiceNeeds(t *testing.T) {
	u := readUnit(t, unitPath(t))
	want := map[string]string{
		"DynamicUser":              "yes",
		"StateDirectory":           "kaleun",
		"WorkingDirectory":         "/var/lib/kaleun",
		"EnvironmentFile":          "/etc/kaleun/env",
		"Restart":                  "on-failure",
		"KillSignal":               "SIGTERM",
		"RestartPreventExitStatus": "2",
		"ExecStart":                "/usr/local/bin/kaleun serve --config /etc/kaleun/config.toml",
		"ProtectSystem":            "strict",
		"NoNewPrivileges":          "yes",
	}
	for k, v := range want {
		if got := u.last("Service", k); got != v {
			t.Errorf("[Service] %s = %q, want %q", k, got, v)
		}
	}
	if u.last("Install", "WantedBy") != "multi-user.target" {
		t.Error("[Install] WantedBy=multi-user.target is missing: `systemctl enable` would not start it at boot")
	}
	// systemd ignores StartLimitIntervalSec under [Service].
	for _, k := range []string{"StartLimitIntervalSec"} {
		if _, misplaced := u["Service"][k]; misplaced {
			t.Errorf("%s is under [Service], where systemd ignores it", k)
		}
	}

	// SIGTERM: serve gives its work ops.shutdown_grace, then afterCancel,
	// before it gives up; systemd must not SIGKILL it sooner.
	cfgPath := filepath.Join(t.TempDir(), "c.toml")
	if err := os.WriteFile(cfgPath, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	cfg, err := loadConfig(cfgPath)
	if err != nil {
		t.Fatal(err)
	}
	stop, err := time.ParseDuration(u.last("Service", "TimeoutStopSec"))
	if err != nil {
		t.Fatalf("TimeoutStopSec = %q: %v", u.last("Service", "TimeoutStopSec"), err)
	}
	if need := cfg.Ops.shutdownGrace + afterCancel; stop <= need {
		t.Errorf("TimeoutStopSec %s: serve may take %s to stop after SIGTERM", stop, need)
	}

	// A bad config is exit 2, which the unit does not restart; a failure
	// at run time (exit 1) is restarted.
	bad := filepath.Join(t.TempDir(), "bad.toml")
	os.WriteFile(bad, []byte("[discord]\nenabled = true\ntoken_env = \"KALEUN_TEST_UNSET_TOKEN\"\napplication_id = \"1\"\n"), 0o600)
	if code := runServe([]string{"--config", bad}, nil, io.Discard, io.Discard); code != 2 {
		t.Errorf("serve exits %d on a config naming an unset variable; the unit keeps exit 2 from restarting", code)
	}
}

// systemd-analyze verify reads the unit as systemd would (unknown keys,
// keys in the wrong section, bad values, an ExecStart that is not
// executable). The unit's /usr/local/bin/kaleun is the binary built here.
func TestSystemdUnitVerifies(t *testing.T) {
	analyze, err := exec.LookPath("systemd-analyze")
	if err != nil {
		t.Skip("systemd-analyze is not on this machine (Debian package systemd: apt-get install systemd)")
	}
	body, err := os.ReadFile(unitPath(t))
	if err != nil {
		t.Fatal(err)
	}
	bin := kaleunBinary(t)
	if !bytes.Contains(body, []byte("ExecStart=/usr/local/bin/kaleun ")) {
		t.Fatal("the unit's ExecStart is not /usr/local/bin/kaleun")
	}
	unit := filepath.Join(t.TempDir(), "kaleun.service")
	if err := os.WriteFile(unit, bytes.ReplaceAll(body, []byte("ExecStart=/usr/local/bin/kaleun "), []byte("ExecStart="+bin+" ")), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(analyze, "verify", "--man=no", unit).CombinedOutput()
	// verify exits 0 on a key it ignores: what it says counts too.
	if err != nil || len(bytes.TrimSpace(out)) > 0 {
		t.Fatalf("systemd-analyze verify: %v\n%s", err, out)
	}

	// And it can fail: the same unit with a key misplaced.
	good, _ := os.ReadFile(unit)
	broken := filepath.Join(t.TempDir(), "kaleun.service")
	os.WriteFile(broken, bytes.Replace(good, []byte("[Service]\n"), []byte("[Service]\nStartLimitIntervalSec=1min\n"), 1), 0o644)
	if out, _ := exec.Command(analyze, "verify", "--man=no", broken).CombinedOutput(); !bytes.Contains(out, []byte("StartLimitIntervalSec")) {
		t.Fatalf("systemd-analyze verify says nothing of a key it ignores:\n%s", out)
	}
}

// syscallGroups expands systemd's syscall groups (@system-service, …) as
// this machine's systemd lists them.
func syscallGroups(t *testing.T, analyze string) map[string][]string {
	t.Helper()
	out, err := exec.Command(analyze, "syscall-filter").Output()
	if err != nil {
		t.Fatalf("systemd-analyze syscall-filter: %v", err)
	}
	groups := map[string][]string{}
	cur := ""
	for _, line := range strings.Split(string(out), "\n") {
		switch s := strings.TrimSpace(line); {
		case s == "" || strings.HasPrefix(s, "#"):
		case strings.HasPrefix(line, "@"):
			cur = s
		case cur != "":
			groups[cur] = append(groups[cur], s)
		}
	}
	return groups
}

func expandSyscalls(groups map[string][]string, name string, into map[string]bool) {
	if !strings.HasPrefix(name, "@") {
		into[name] = true
		return
	}
	for _, m := range groups[name] {
		expandSyscalls(groups, m, into)
	}
}

// The unit's SystemCallFilter answers EPERM to every other system call: a
// call kaleun needs outside it would fail under systemd where it never fails
// here. Every call kaleun makes (serve over HTTP with /healthz, a career
// played to its saves, a backup, an audit), traced with strace, is one the
// unit allows.
func TestSystemdUnitAllowsEveryCallKaleunMakes(t *testing.T) {
	analyze, err := exec.LookPath("systemd-analyze")
	if err != nil {
		t.Skip("systemd-analyze is not on this machine (Debian package systemd): the unit's syscall groups cannot be expanded")
	}
	strace, err := exec.LookPath("strace")
	if err != nil {
		t.Skip("strace is not on this machine (Debian package strace): kaleun's calls cannot be traced")
	}
	u := readUnit(t, unitPath(t))
	groups := syscallGroups(t, analyze)
	if len(groups["@system-service"]) == 0 {
		t.Fatal("systemd-analyze lists no @system-service")
	}
	allowed := map[string]bool{}
	expandSyscalls(groups, "@default", allowed) // always allowed
	for _, f := range u["Service"]["SystemCallFilter"] {
		if f == "" { // an empty value resets the filter
			allowed = map[string]bool{}
			expandSyscalls(groups, "@default", allowed)
			continue
		}
		deny := strings.HasPrefix(f, "~")
		set := map[string]bool{}
		for _, name := range strings.Fields(strings.TrimPrefix(f, "~")) {
			expandSyscalls(groups, name, set)
		}
		for s := range set {
			if deny {
				delete(allowed, s)
			} else {
				allowed[s] = true
			}
		}
	}

	bin := kaleunBinary(t)
	dir := t.TempDir()
	traced := func(name string, args ...string) *exec.Cmd {
		cmd := exec.Command(strace, append([]string{"-f", "-qq", "-o", filepath.Join(dir, name+".trace"), bin}, args...)...)
		cmd.Dir = dir
		return cmd
	}
	db := filepath.Join(dir, "kaleun.db")

	// A career, saved at every decision: sixty prompts, each answered with
	// its first option.
	play := traced("play", "play", "--db", db, "--seed", "c0ffee", "--boat", "VIIC", "--jsonl")
	in, _ := play.StdinPipe()
	out, _ := play.StdoutPipe()
	if err := play.Start(); err != nil {
		t.Fatal(err)
	}
	prompts := 0
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() && prompts < 60 {
		var line jsonLine
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil || line.Type == "error" {
			t.Fatalf("play under strace: %v %s", err, sc.Text())
		}
		if line.Type == "prompt" && len(line.Options) > 0 {
			prompts++
			fmt.Fprintln(in, line.Options[0].Key)
		}
	}
	in.Close()
	io.Copy(io.Discard, out)
	if err := play.Wait(); err != nil || prompts < 10 {
		t.Fatalf("play under strace: %d prompts answered, %v", prompts, err)
	}
	if out, err := traced("backup", "backup", "--db", db, "--out", filepath.Join(dir, "copy.db")).CombinedOutput(); err != nil {
		t.Fatalf("backup under strace: %v\n%s", err, out)
	}
	if out, err := traced("audit", "audit", "--db", db).CombinedOutput(); err != nil {
		t.Fatalf("audit under strace: %v\n%s", err, out)
	}

	// serve, asked /healthz, stopped with SIGTERM as systemd stops it.
	slackAddr, opsAddr := freePort(t), freePort(t)
	cfg := filepath.Join(dir, "serve.toml")
	os.WriteFile(cfg, []byte(fmt.Sprintf("[database]\npath = %q\n[backup]\ndir = %q\n[slack]\nenabled = true\nmode = \"http\"\nbot_token = \"xoxb-1\"\nsigning_secret = \"s\"\nlisten = %q\napi_base = \"http://127.0.0.1:1/api\"\n[ops]\nlisten = %q\n",
		filepath.Join(dir, "serve.db"), filepath.Join(dir, "backups"), slackAddr, opsAddr)), 0o600)
	serve := traced("serve", "serve", "--config", cfg)
	var logs lockedBuffer
	serve.Stderr = &logs
	if err := serve.Start(); err != nil {
		t.Fatal(err)
	}
	healthy := false
	for i := 0; i < 200 && !healthy; i++ {
		if resp, err := http.Get("http://" + opsAddr + "/healthz"); err == nil {
			resp.Body.Close()
			healthy = true
		} else {
			time.Sleep(50 * time.Millisecond)
		}
	}
	if resp, err := http.Get("http://" + opsAddr + "/metrics"); err == nil {
		resp.Body.Close()
	}
	// strace does not pass SIGTERM on: it goes to kaleun, strace's child.
	children, err := os.ReadFile(fmt.Sprintf("/proc/%d/task/%d/children", serve.Process.Pid, serve.Process.Pid))
	var kaleun int
	if _, err2 := fmt.Sscan(string(children), &kaleun); err != nil || err2 != nil {
		serve.Process.Kill()
		t.Fatalf("the traced serve's process: %v %v", err, err2)
	}
	syscall.Kill(kaleun, syscall.SIGTERM)
	done := make(chan error, 1)
	go func() { done <- serve.Wait() }()
	select {
	case err := <-done:
		if err != nil || !healthy {
			t.Fatalf("serve under strace: healthy %v, %v\n%s", healthy, err, tail(logs.String(), 2000))
		}
	case <-time.After(30 * time.Second):
		syscall.Kill(kaleun, syscall.SIGKILL) // strace's death would leave it running
		serve.Process.Kill()
		t.Fatalf("serve under strace did not stop on SIGTERM\n%s", tail(logs.String(), 2000))
	}

	call := regexp.MustCompile(`^\d+\s+(?:<\.\.\. )?([a-z0-9_]+)[( ]`)
	used := map[string][]string{}
	for _, name := range []string{"play", "backup", "audit", "serve"} {
		f, err := os.ReadFile(filepath.Join(dir, name+".trace"))
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(f), "\n") {
			if m := call.FindStringSubmatch(line); m != nil {
				used[m[1]] = append(used[m[1]], name)
			}
		}
	}
	if len(used) < 20 || !(len(used["fdatasync"]) > 0 || len(used["fsync"]) > 0) || len(used["flock"]) == 0 || len(used["mmap"]) == 0 {
		t.Fatalf("the traces hold %d calls, no bbolt commit among them: %v", len(used), keys(used))
	}
	var refused []string
	for s, by := range used {
		if !allowed[s] {
			refused = append(refused, fmt.Sprintf("%s (by %s)", s, by[0]))
		}
	}
	sort.Strings(refused)
	if len(refused) > 0 {
		t.Fatalf("kaleun makes calls the unit's SystemCallFilter refuses: %s", strings.Join(refused, ", "))
	}
	t.Logf("%d distinct system calls, all allowed: %s", len(used), strings.Join(keys(used), " "))
}

func keys(m map[string][]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
