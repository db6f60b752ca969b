package follow

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/kaleun/kaleun/internal/discordfake"
	"github.com/kaleun/kaleun/internal/slackfake"
)

// The process and waiting helpers, as internal/e2e/substitute has them
// (copied, not shared, so that neither test's checks move with the other's).

const wait = 30 * time.Second

// process is a `kaleun serve` the test can kill with SIGKILL and start again.
type process struct {
	t           *testing.T
	bin, config string
	cmd         *exec.Cmd
	done        chan error
	log         lockedBuffer
}

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func (p *process) start() {
	p.t.Helper()
	p.cmd = exec.Command(p.bin, "serve", "--config", p.config)
	p.cmd.Stdout, p.cmd.Stderr = &p.log, &p.log
	if err := p.cmd.Start(); err != nil {
		p.t.Fatal(err)
	}
	p.done = make(chan error, 1)
	go func(c *exec.Cmd, done chan error) { done <- c.Wait() }(p.cmd, p.done)
}

func (p *process) kill9() {
	p.t.Helper()
	if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		p.t.Fatal(err)
	}
	select {
	case <-p.done:
	case <-time.After(10 * time.Second):
		p.t.Fatal("kaleun serve did not die of SIGKILL")
	}
}

func (p *process) stop() {
	p.t.Helper()
	p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-p.done:
		if err != nil {
			p.t.Fatalf("kaleun serve exited with %v after SIGTERM", err)
		}
	case <-time.After(15 * time.Second):
		p.t.Fatal("kaleun serve did not stop on SIGTERM")
	}
}

func (p *process) cleanup() {
	if p.cmd != nil && p.cmd.ProcessState == nil {
		p.cmd.Process.Kill()
		<-p.done
	}
	if p.t.Failed() {
		log := p.log.String()
		if len(log) > 4096 {
			log = log[len(log)-4096:]
		}
		p.t.Logf("kaleun serve's log (the end):\n%s", log)
	}
}

// build builds the binary (without -race: it is the product under test).
func build(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "kaleun")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/kaleun/kaleun/cmd/kaleun").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	return bin
}

func awaitReady(t *testing.T, df *discordfake.Server, sf *slackfake.Server) {
	t.Helper()
	select {
	case <-df.Ready():
	case <-time.After(wait):
		t.Fatal("kaleun serve did not connect to the Discord gateway")
	}
	select {
	case <-sf.Open():
	case <-time.After(wait):
		t.Fatal("kaleun serve did not open its Socket Mode connection")
	}
	time.Sleep(200 * time.Millisecond) // the commands registered, the socket's hello answered
}

func awaitCondition(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for end := time.Now().Add(wait); !cond(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("%s: not within %v", what, wait)
		}
	}
}
