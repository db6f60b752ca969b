package persist

import (
	"errors"
	"io"
	"net"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/kaleun/kaleun/internal/pgtest"
)

// Issue 29, defect 9: the server going away after the database was opened
// (here: the connection through a proxy cut) makes the next operation, a
// place's lock or a read, say the database is unreachable and where, not
// that a lock failed.
func TestPostgresGoneMidSessionIsUnreachableNotALock(t *testing.T) {
	target, err := url.Parse(pgtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var conns []net.Conn
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			s, err := net.Dial("tcp", target.Host)
			if err != nil {
				c.Close()
				continue
			}
			mu.Lock()
			conns = append(conns, c, s)
			mu.Unlock()
			go func() { io.Copy(s, c); s.Close() }()
			go func() { io.Copy(c, s); c.Close() }()
		}
	}()
	proxied := *target
	proxied.Host = ln.Addr().String()
	s, err := OpenPostgres(t.Context(), proxied.String())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	// The server goes: nothing listens, every connection is cut.
	ln.Close()
	mu.Lock()
	for _, c := range conns {
		c.Close()
	}
	mu.Unlock()
	want := "is unreachable at " + proxied.Host
	_, lockErr := s.LockChannel(t.Context(), "terminal/local/local")
	_, loadErr := s.Load(t.Context(), "terminal/local/local")
	for _, err := range []error{lockErr, loadErr} {
		if !errors.Is(err, ErrUnreachable) || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "lock") {
			t.Errorf("want %q and no lock named, got %v", want, err)
		}
	}
}
