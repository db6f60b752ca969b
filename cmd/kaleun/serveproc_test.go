package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// serveProcess is a real `kaleun serve` process, built by the test, whose
// log the test keeps. It can be killed with SIGKILL (as a crash or an OOM
// kill would) and started again on the same configuration and database.
type serveProcess struct {
	t      *testing.T
	bin    string
	config string
	cmd    *exec.Cmd
	log    *lockedBuffer
	runs   int
	done   chan error
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

// writeServeConfig writes a configuration file into dir and returns its path.
func writeServeConfig(t *testing.T, dir, body string) string {
	t.Helper()
	p := filepath.Join(dir, "kaleun.toml")
	if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func newServeProcess(t *testing.T, bin, config string) *serveProcess {
	s := &serveProcess{t: t, bin: bin, config: config, log: &lockedBuffer{}}
	t.Cleanup(func() {
		if s.cmd != nil && s.cmd.ProcessState == nil {
			s.cmd.Process.Kill()
			<-s.done
		}
		if t.Failed() {
			t.Logf("kaleun serve's log (last 4 KB):\n%s", tail(s.log.String(), 4096))
		}
	})
	return s
}

// start runs the binary; the caller waits for it to connect.
func (s *serveProcess) start() {
	s.t.Helper()
	s.runs++
	s.log.Write([]byte("=== run " + string(rune('0'+s.runs)) + "\n"))
	s.cmd = exec.Command(s.bin, "serve", "--config", s.config)
	s.cmd.Stdout, s.cmd.Stderr = s.log, s.log
	if err := s.cmd.Start(); err != nil {
		s.t.Fatal(err)
	}
	s.done = make(chan error, 1)
	go func(c *exec.Cmd, done chan error) { done <- c.Wait() }(s.cmd, s.done)
}

// kill9 sends SIGKILL and waits for the process to be gone.
func (s *serveProcess) kill9() {
	s.t.Helper()
	if err := s.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		s.t.Fatal(err)
	}
	select {
	case <-s.done:
	case <-time.After(10 * time.Second):
		s.t.Fatal("kaleun serve did not die of SIGKILL")
	}
}

// stop sends SIGTERM and requires a clean exit.
func (s *serveProcess) stop() {
	s.t.Helper()
	s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-s.done:
		if err != nil {
			s.t.Fatalf("kaleun serve exited with %v after SIGTERM", err)
		}
	case <-time.After(15 * time.Second):
		s.t.Fatal("kaleun serve did not stop on SIGTERM")
	}
}

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	s = s[len(s)-n:]
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	return s
}
