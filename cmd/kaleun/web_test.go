package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kaleun/kaleun/internal/web/wasmbuild"
	"github.com/kaleun/kaleun/persist"
)

// A malformed [web] is one line naming its key and saying what to give;
// so is [ops] beside [web] alone, which would have nothing to check.
func TestWebConfigErrorsNameTheKey(t *testing.T) {
	dir := t.TempDir()
	for name, c := range map[string]struct{ body, want string }{
		"no listen":      {"[web]\nenabled = true\nlisten = \"\"", "web.listen is empty"},
		"no port":        {"[web]\nenabled = true\nlisten = \"127.0.0.1\"", "web.listen: \"127.0.0.1\" is not host:port"},
		"a bad port":     {"[web]\nlisten = \"127.0.0.1:http-alt\"", "web.listen: \"127.0.0.1:http-alt\" has no port number"},
		"no scheme":      {"[web]\nenabled = true\nbase_url = \"kaleun.example.org\"", "web.base_url is \"kaleun.example.org\": give an absolute http or https address"},
		"another scheme": {"[web]\nbase_url = \"ftp://kaleun.example.org/\"", "web.base_url is \"ftp://kaleun.example.org/\""},
		"a user":         {"[web]\nbase_url = \"https://me:pw@kaleun.example.org/\"", "no user, query or fragment"},
		"a query":        {"[web]\nbase_url = \"https://kaleun.example.org/?x=1\"", "no user, query or fragment"},
		"a bad URL":      {"[web]\nbase_url = \"https://kaleun example.org/%zz\"", "web.base_url \"https://kaleun example.org/%zz\" does not parse"},
		"unknown key":    {"[web]\nlistn = \"127.0.0.1:8090\"", `unknown key "web.listn"`},
		"not a bool":     {"[web]\nenabled = \"yes\"", "line 2"},
		"web and ops":    {"[web]\nenabled = true\n[ops]\nlisten = \"127.0.0.1:9090\"", "ops.listen is set"},
	} {
		p := filepath.Join(dir, strings.ReplaceAll(name, " ", "-")+".toml")
		os.WriteFile(p, []byte(c.body), 0o600)
		var out, errb bytes.Buffer
		code := runServe([]string{"--config", p}, nil, &out, &errb)
		if code != 2 || !strings.Contains(errb.String(), c.want) || strings.Count(strings.TrimSpace(errb.String()), "\n") > 0 {
			t.Errorf("%s: exit %d, %q (want one line with %q)", name, code, errb.String(), c.want)
		}
	}
	// What is taken: the example config (off), an address with a prefix
	// (given its final slash), any interface (the pages are public).
	cfg, err := loadConfig("../../config.example.toml")
	if err != nil || cfg.Web.Enabled || cfg.Web.Listen != "127.0.0.1:8090" || cfg.Web.BaseURL != "" {
		t.Fatalf("config.example.toml: %+v %v", cfg, err)
	}
	p := filepath.Join(dir, "ok.toml")
	os.WriteFile(p, []byte("[web]\nenabled = true\nlisten = \"0.0.0.0:8090\"\nbase_url = \"https://kaleun.example.org/pages\""), 0o600)
	if cfg, err = loadConfig(p); err != nil || cfg.Web.BaseURL != "https://kaleun.example.org/pages/" {
		t.Fatalf("a base URL with a prefix: %+v %v", cfg, err)
	}
}

// serveProc runs kaleun serve with a config until the test ends.
type serveProc struct {
	cmd  *exec.Cmd
	logs *lockedBuffer
}

func startServe(t *testing.T, config string, env ...string) *serveProc {
	t.Helper()
	bin := kaleunBinary(t)
	p := filepath.Join(t.TempDir(), "c.toml")
	os.WriteFile(p, []byte(config), 0o600)
	s := &serveProc{cmd: exec.Command(bin, "serve", "--config", p), logs: &lockedBuffer{}}
	s.cmd.Env = append(os.Environ(), env...)
	s.cmd.Stderr = s.logs
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.cmd.Process.Kill(); s.cmd.Wait() })
	return s
}

// stop sends SIGTERM and wants a clean exit.
func (s *serveProc) stop(t *testing.T) {
	t.Helper()
	s.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan error, 1)
	go func() { done <- s.cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil || !strings.Contains(s.logs.String(), `"msg":"stopped"`) {
			t.Fatalf("exit: %v\n%s", err, s.logs)
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("serve did not stop on SIGTERM\n%s", s.logs)
	}
}

// getWeb asks the pages for path until they answer.
func getWeb(t *testing.T, s *serveProc, addr, path string) (*http.Response, []byte) {
	t.Helper()
	var err error
	for i := 0; i < 200; i++ {
		var resp *http.Response
		if resp, err = http.Get("http://" + addr + path); err == nil {
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			return resp, b
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("GET %s: %v\n%s", path, err, s.logs)
	return nil, nil
}

// kaleun serve with [web] alone, no token, its database opened only to
// read (TestLinkAndTheWebOnlyPagesOfAGame serves its games): it serves the
// verifier's page with its strict headers, refuses a POST, and serves the
// WebAssembly built in this binary, which, with the wasm_exec.js beside
// it, verifies a file of the command's test data under Node as kaleun
// verify does; its log names the verifier's SHA-256. SIGTERM stops it.
// With a chat platform (Slack's HTTP mode) the same pages are served
// beside it.
func TestServeWebOnlyServesTheVerifier(t *testing.T) {
	addr := freePort(t)
	db := filepath.Join(t.TempDir(), "k.db")
	if store, err := persist.Open(db); err != nil {
		t.Fatal(err)
	} else {
		store.Close()
	}
	s := startServe(t, "[database]\npath = \""+db+"\"\n[log]\nformat = \"json\"\n[web]\nenabled = true\nlisten = \""+addr+"\"\nbase_url = \"https://kaleun.example.org/\"\n")
	resp, page := getWeb(t, s, addr, "/verify/")
	csp := resp.Header.Get("Content-Security-Policy")
	if resp.StatusCode != 200 || !strings.Contains(string(page), "<h1>Verify an audit file</h1>") || !strings.Contains(csp, "'wasm-unsafe-eval'") || !strings.Contains(csp, "frame-ancestors 'none'") ||
		resp.Header.Get("X-Frame-Options") != "DENY" || resp.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Fatalf("the verifier's page: %d %v", resp.StatusCode, resp.Header)
	}
	if r, err := http.Post("http://"+addr+"/verify/", "application/json", strings.NewReader("{}")); err != nil || r.StatusCode != http.StatusMethodNotAllowed {
		t.Fatalf("a POST: %v %v", r, err)
	} else {
		r.Body.Close()
	}
	wasmResp, wasm := getWeb(t, s, addr, "/verify/verifier.wasm")
	_, execJS := getWeb(t, s, addr, "/verify/wasm_exec.js")
	var sum string
	for _, line := range strings.Split(s.logs.String(), "\n") {
		var l struct {
			Msg, Verifier string
			Sum           string `json:"verifier_sha256"`
		}
		if json.Unmarshal([]byte(line), &l) == nil && strings.HasPrefix(l.Msg, "serving the web pages") {
			sum = l.Sum
			if l.Verifier != "https://kaleun.example.org/verify/" {
				t.Errorf("the log names the verifier at %q", l.Verifier)
			}
		}
	}
	switch {
	case wasmResp.StatusCode == http.StatusNotFound && os.Getenv("CI") == "":
		t.Log("this kaleun was built without the verifier (go generate ./internal/web not run): its WebAssembly is not tried here")
	case wasmResp.StatusCode != 200 || sum == "":
		t.Fatalf("the verifier: %d, logged sha256 %q (CI runs go generate ./internal/web first)\n%s", wasmResp.StatusCode, sum, s.logs)
	default:
		if !wasmResp.Uncompressed { // Go's client asks for gzip, as a browser does, and decodes it
			t.Error("the verifier was not sent gzipped")
		}
		node, err := exec.LookPath("node")
		if err != nil {
			t.Log("node is not installed: the served verifier is not run")
			break
		}
		dir := t.TempDir()
		b := wasmbuild.Built{Wasm: filepath.Join(dir, "served.wasm"), ExecJS: filepath.Join(dir, "served_exec.js")}
		os.WriteFile(b.Wasm, wasm, 0o600)
		os.WriteFile(b.ExecJS, execJS, 0o600)
		fixture, _ := filepath.Abs("../../bot/audit/testdata/v1-chat-abandoned.json")
		var x struct{ Head string }
		data, _ := os.ReadFile(fixture)
		json.Unmarshal(data, &x)
		run, err := wasmbuild.RunNode(t.Context(), node, b, dir, []wasmbuild.Case{{File: fixture}, {File: fixture, Head: x.Head[:12]}})
		if err != nil {
			t.Fatal(err)
		}
		want, code := verify(t, kaleunBinary(t), fixture)
		if a := run.Answers[0]; a.Code != code || a.Text != want || a.Head != x.Head {
			t.Fatalf("the served verifier says (%d, head %q)\n%s\nkaleun verify says (%d)\n%s", a.Code, a.Head, a.Text, code, want)
		}
		if a := run.Answers[1]; a.Code != 0 || !strings.Contains(a.Text, "is this file's head: the log is the one posted") {
			t.Fatalf("with the posted head: %+v", a)
		}
		t.Logf("served: verifier.wasm %d bytes, sha256 %s", len(wasm), sum)
	}
	s.stop(t)

	// Beside a chat platform.
	addr, slackAddr := freePort(t), freePort(t)
	s = startServe(t, "[database]\npath = \""+filepath.Join(t.TempDir(), "k.db")+"\"\n[log]\nformat = \"json\"\n[web]\nenabled = true\nlisten = \""+addr+"\"\n"+
		"[slack]\nenabled = true\nmode = \"http\"\nbot_token = \"xoxb-1\"\nsigning_secret_env = \"KALEUN_TEST_SECRET\"\nlisten = \""+slackAddr+"\"\napi_base = \"http://127.0.0.1:1/api\"\n", "KALEUN_TEST_SECRET=s")
	if resp, _ := getWeb(t, s, addr, "/"); resp.StatusCode != 200 || resp.Header.Get("Referrer-Policy") != "no-referrer" {
		t.Fatalf("the pages beside Slack: %d %v", resp.StatusCode, resp.Header)
	}
	s.stop(t)
}
