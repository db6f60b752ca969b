package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/kaleun/kaleun/internal/ops"
)

// healthcheckRun runs `kaleun healthcheck args` as the image runs it: the
// binary, its exit status and its one line.
func healthcheckRun(t *testing.T, bin string, args ...string) (int, string) {
	t.Helper()
	out, err := exec.Command(bin, append([]string{"healthcheck"}, args...)...).CombinedOutput()
	code := 0
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(strings.TrimSpace(string(out)), "\n"); n > 0 {
		t.Errorf("healthcheck %v says more than one line:\n%s", args, out)
	}
	return code, strings.TrimSpace(string(out))
}

// The Docker image had no HEALTHCHECK: it has no shell and no curl to ask
// /healthz with. `kaleun healthcheck` asks a real `kaleun serve`, found
// through its config's ops.listen: exit 0 while it serves, 1 once it is
// gone, each in one line.
func TestHealthcheckAsksARealServe(t *testing.T) {
	bin := kaleunBinary(t)
	dir := t.TempDir()
	opsAddr := freePort(t)
	cfg := writeServeConfig(t, dir, fmt.Sprintf("[database]\npath = %q\n[slack]\nenabled = true\nmode = \"http\"\nbot_token_env = \"KALEUN_TEST_HEALTH_BOT_TOKEN\"\nsigning_secret = \"s\"\nlisten = %q\napi_base = \"http://127.0.0.1:1/api\"\n[ops]\nlisten = %q\n",
		filepath.Join(dir, "k.db"), freePort(t), opsAddr))
	s := newServeProcess(t, bin, cfg)
	t.Setenv("KALEUN_TEST_HEALTH_BOT_TOKEN", "xoxb-1")
	s.start()
	var code int
	var line string
	for i := 0; i < 200; i++ {
		// The check reads only ops.listen: the token the config names in
		// the environment is not needed (it is set for serve alone here).
		cmd := exec.Command(bin, "healthcheck", "--config", cfg)
		cmd.Env = []string{"PATH=/usr/bin:/bin"}
		out, err := cmd.CombinedOutput()
		code, line = 0, strings.TrimSpace(string(out))
		if err != nil {
			code = 1
		}
		if code == 0 {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if code != 0 || line != "kaleun healthcheck: healthy: database ok, slack connected" {
		t.Fatalf("against a serving kaleun: exit %d, %q", code, line)
	}
	if code, line := healthcheckRun(t, bin, "--addr", opsAddr); code != 0 || !strings.Contains(line, "healthy: database ok") {
		t.Fatalf("--addr %s: exit %d, %q", opsAddr, code, line)
	}
	s.stop()
	code, line = healthcheckRun(t, bin, "--config", cfg)
	if code != 1 || line != `kaleun healthcheck: unhealthy: nothing listens at `+opsAddr+` (is kaleun serve running, with ops.listen = "`+opsAddr+`"?)` {
		t.Fatalf("once serve has stopped: exit %d, %q", code, line)
	}
}

// What /healthz says of a failing database or a lost platform is the line,
// exit 1; so is anything that is not kaleun's answer, a server that does not
// answer in time, and a config or flags that give no address.
func TestHealthcheckSaysWhyItIsUnhealthy(t *testing.T) {
	bin := kaleunBinary(t)
	failing := httptest.NewServer(ops.Handler(prometheus.NewRegistry(), ops.Health{
		Database: func(context.Context) error { return errors.New("database k.db: disk I/O error") },
		Adapters: map[string]func() bool{"discord": func() bool { return false }, "slack": func() bool { return true }}}))
	defer failing.Close()
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { fmt.Fprintln(w, "hello") }))
	defer other.Close()
	release := make(chan struct{})
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	defer slow.Close()
	defer close(release)
	host := func(s *httptest.Server) string { return strings.TrimPrefix(s.URL, "http://") }

	dir := t.TempDir()
	noOps := writeServeConfig(t, dir, "[database]\npath = \"k.db\"\n")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--addr", host(failing)}, "unhealthy: database failing: database k.db: disk I/O error, discord not connected, slack connected (503 Service Unavailable)"},
		{[]string{"--addr", host(other)}, "unhealthy: http://" + host(other) + "/healthz answered 200 OK, not kaleun's health report"},
		{[]string{"--addr", host(slow), "--timeout", "300ms"}, "unhealthy: http://" + host(slow) + "/healthz did not answer within 300ms"},
		{[]string{"--config", noOps}, noOps + " sets no ops.listen, so kaleun serves no /healthz"},
		{[]string{"--config", filepath.Join(dir, "missing.toml")}, "reading " + filepath.Join(dir, "missing.toml")},
		{nil, "give --config FILE (its ops.listen is asked) or --addr HOST:PORT"},
		{[]string{"--addr", "9090"}, `"9090" is not host:port`},
		{[]string{"--bogus"}, "flag provided but not defined: -bogus (usage: kaleun healthcheck"},
		{[]string{"--addr", "127.0.0.1:1", "now"}, `unexpected argument "now"`},
	} {
		code, line := healthcheckRun(t, bin, c.args...)
		if code != 1 || !strings.Contains(line, c.want) {
			t.Errorf("healthcheck %v: exit %d, %q; want exit 1 and %q", c.args, code, line, c.want)
		}
	}
}

// A server listening on every interface (in a container) is asked on
// loopback, beside it.
func TestHealthcheckAsksAWildcardListenOnLoopback(t *testing.T) {
	for in, want := range map[string]string{"0.0.0.0:9090": "127.0.0.1:9090", ":9090": "127.0.0.1:9090", "[::]:9090": "[::1]:9090", "127.0.0.1:9090": "127.0.0.1:9090", "kaleun:9090": "kaleun:9090"} {
		if got, err := healthTarget("", in); err != nil || got != want {
			t.Errorf("%s: asked at %q, %v; want %q", in, got, err, want)
		}
	}
}
