package main

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/hex"
	"encoding/pem"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// proxyExample is a fenced block of docs/operators/slack.md: the first one
// after the line that starts with intro.
func proxyExample(t *testing.T, intro string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot(t), "docs", "operators", "slack.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	at := strings.Index(text, "\n"+intro)
	if at < 0 {
		t.Fatalf("slack.md has no paragraph starting %q", intro)
	}
	m := regexp.MustCompile("(?s)\n```[a-z]*\n(.*?)\n```").FindStringSubmatch(text[at:])
	if m == nil {
		t.Fatalf("slack.md has no example after %q", intro)
	}
	return m[1]
}

// selfSigned writes a certificate for host and its key, and returns a pool
// that trusts it.
func selfSigned(t *testing.T, dir, host string) (cert, key string, pool *x509.CertPool) {
	t.Helper()
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: host}, DNSNames: []string{host},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour), KeyUsage: x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &k.PublicKey, k)
	if err != nil {
		t.Fatal(err)
	}
	kder, err := x509.MarshalECPrivateKey(k)
	if err != nil {
		t.Fatal(err)
	}
	cert, key = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	os.WriteFile(cert, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o644)
	os.WriteFile(key, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kder}), 0o600)
	parsed, _ := x509.ParseCertificate(der)
	pool = x509.NewCertPool()
	pool.AddCert(parsed)
	return cert, key, pool
}

// The reverse-proxy examples of slack.md, run as they are written (only the
// certificate's paths and the ports changed), in front of a real kaleun
// serve: over TLS, a slash command Slack signed gets kaleun's answer, one
// signed with another secret kaleun's "bad signature" (so the signature's
// headers and the body reach it as sent), and /slack/interactions and
// /slack/events (the App Home's event) reach kaleun too. Each proxy is tried where it is installed (Debian's caddy,
// nginx-light); the test skips only when neither is.
func TestSlackProxyExamplesForwardSignedRequests(t *testing.T) {
	proxies := map[string]string{}
	for _, p := range []string{"caddy", "nginx"} {
		if path, err := exec.LookPath(p); err == nil {
			proxies[p] = path
		}
	}
	if len(proxies) == 0 {
		t.Skip("neither caddy nor nginx is installed (apt-get install caddy nginx-light)")
	}
	bin := kaleunBinary(t)
	dir := t.TempDir()
	const host, secret = "kaleun.example.com", "proxy-test-signing-secret"
	cert, key, pool := selfSigned(t, dir, host)
	kaleunAddr := freePort(t)
	cfg := writeServeConfig(t, dir, fmt.Sprintf("[database]\npath = %q\n[slack]\nenabled = true\nmode = \"http\"\nbot_token = \"xoxb-1\"\nsigning_secret = %q\nlisten = %q\napi_base = \"http://127.0.0.1:1/api\"\n",
		filepath.Join(dir, "k.db"), secret, kaleunAddr))
	s := newServeProcess(t, bin, cfg)
	s.start()
	defer s.stop()

	sign := func(secret, ts, body string) string {
		m := hmac.New(sha256.New, []byte(secret))
		fmt.Fprintf(m, "v0:%s:%s", ts, body)
		return "v0=" + hex.EncodeToString(m.Sum(nil))
	}
	client := &http.Client{Timeout: 3 * time.Second, Transport: &http.Transport{Proxy: nil,
		TLSClientConfig: &tls.Config{RootCAs: pool, ServerName: host}}}
	post := func(base, path, secret, body string) (int, string, error) {
		ts := strconv.FormatInt(time.Now().Unix(), 10)
		req, _ := http.NewRequest(http.MethodPost, base+path, strings.NewReader(body))
		req.Host = host // as Slack names the site; the connection goes to loopback
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("X-Slack-Request-Timestamp", ts)
		req.Header.Set("X-Slack-Signature", sign(secret, ts, body))
		resp, err := client.Do(req)
		if err != nil {
			return 0, "", err
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, strings.TrimSpace(string(b)), nil
	}
	slash := func(id string) string {
		return url.Values{"command": {"/hunters"}, "text": {"help"}, "user_id": {"U1"}, "user_name": {"u"}, "channel_id": {"C1"},
			"team_id": {"T1"}, "trigger_id": {"trig-" + id}, "response_url": {"http://127.0.0.1:1/response/" + id}}.Encode()
	}

	for name, path := range proxies {
		t.Run(name, func(t *testing.T) {
			port := strings.TrimPrefix(freePort(t), "127.0.0.1:")
			pdir := t.TempDir()
			example := strings.ReplaceAll(proxyExample(t, map[string]string{"caddy": "Caddy gets", "nginx": "nginx, with"}[name]), "127.0.0.1:8080", kaleunAddr)
			var cmd *exec.Cmd
			switch name {
			case "caddy":
				// The site's address with a port; the certificate given
				// instead of Caddy's own ACME (no CA can reach this machine).
				site := strings.Replace(example, host+" {", "https://"+host+":"+port+" {\n\ttls "+cert+" "+key, 1)
				conf := filepath.Join(pdir, "Caddyfile")
				os.WriteFile(conf, []byte("{\n\tadmin off\n\tauto_https disable_redirects\n\tstorage file_system "+pdir+"\n}\n"+site+"\n"), 0o644)
				cmd = exec.Command(path, "run", "--adapter", "caddyfile", "--config", conf)
				cmd.Env = append(os.Environ(), "HOME="+pdir, "XDG_DATA_HOME="+pdir, "XDG_CONFIG_HOME="+pdir)
			case "nginx":
				server := strings.Replace(example, "listen 443 ssl;", "listen 127.0.0.1:"+port+" ssl;", 1)
				server = regexp.MustCompile(`ssl_certificate +\S+;`).ReplaceAllString(server, "ssl_certificate "+cert+";")
				server = regexp.MustCompile(`ssl_certificate_key +\S+;`).ReplaceAllString(server, "ssl_certificate_key "+key+";")
				user := ""
				if os.Geteuid() == 0 {
					user = "user root;\n"
				}
				conf := filepath.Join(pdir, "nginx.conf")
				os.WriteFile(conf, []byte(user+"daemon off;\nworker_processes 1;\npid "+pdir+"/nginx.pid;\nerror_log "+pdir+"/error.log;\nevents {}\nhttp {\n"+
					"access_log off;\nclient_body_temp_path "+pdir+"/body;\nproxy_temp_path "+pdir+"/proxy;\nfastcgi_temp_path "+pdir+"/fcgi;\nuwsgi_temp_path "+pdir+"/uwsgi;\nscgi_temp_path "+pdir+"/scgi;\n"+
					server+"\n}\n"), 0o644)
				cmd = exec.Command(path, "-p", pdir, "-c", conf)
			}
			// A file, not a pipe: a worker the master leaves behind must not
			// hold Wait open.
			logPath := filepath.Join(pdir, "proxy.log")
			logFile, err := os.Create(logPath)
			if err != nil {
				t.Fatal(err)
			}
			defer logFile.Close()
			cmd.Stdout, cmd.Stderr = logFile, logFile
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer func() {
				// SIGTERM: both stop at once, nginx its workers with it.
				cmd.Process.Signal(syscall.SIGTERM)
				done := make(chan struct{})
				go func() { cmd.Wait(); close(done) }()
				select {
				case <-done:
				case <-time.After(10 * time.Second):
					cmd.Process.Kill()
					<-done
				}
				if t.Failed() {
					out, _ := os.ReadFile(logPath)
					nginxLog, _ := os.ReadFile(filepath.Join(pdir, "error.log"))
					t.Logf("%s's log:\n%s%s", name, tail(string(out), 3000), nginxLog)
				}
			}()
			base := "https://127.0.0.1:" + port
			var code int
			var body string
			for i := 0; i < 50; i++ {
				if code, body, err = post(base, "/slack/commands", secret, slash(name+"-1")); err == nil && code != http.StatusBadGateway {
					break
				}
				time.Sleep(100 * time.Millisecond)
			}
			if err != nil || code != http.StatusOK || !strings.Contains(body, `"text"`) {
				t.Fatalf("a signed /hunters help through %s: %d %v\n%s", name, code, err, body)
			}
			if code, body, err := post(base, "/slack/commands", "another secret", slash(name+"-2")); err != nil || code != http.StatusUnauthorized || body != "bad signature" {
				t.Fatalf("a command signed with another secret through %s: %d %q %v (want kaleun's 401 bad signature)", name, code, body, err)
			}
			if code, body, err := post(base, "/slack/interactions", "another secret", "payload=%7B%7D"); err != nil || code != http.StatusUnauthorized || body != "bad signature" {
				t.Fatalf("/slack/interactions through %s: %d %q %v (want kaleun's 401 bad signature)", name, code, body, err)
			}
			if code, body, err := post(base, "/slack/events", "another secret", `{"type":"url_verification","challenge":"c"}`); err != nil || code != http.StatusUnauthorized || body != "bad signature" {
				t.Fatalf("/slack/events through %s: %d %q %v (want kaleun's 401 bad signature)", name, code, body, err)
			}
		})
	}
}
