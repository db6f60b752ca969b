package web

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"time"
)

// Limits bound what one client can hold of the server: slow or huge
// requests time out or are refused, and no more than MaxConns connections
// are open at once (the others wait in the kernel's queue).
type Limits struct {
	// ReadHeader is the time to send a request's line and headers; Read
	// the whole request, its body too; Write the answer (the verifier's
	// WebAssembly is about 3 MB gzipped); Idle a kept-alive connection's
	// wait for its next request.
	ReadHeader, Read, Write, Idle time.Duration
	// MaxHeaderBytes is the most a request's line and headers may hold.
	MaxHeaderBytes int
	// MaxConns is the most connections served at once.
	MaxConns int
}

// DefaultLimits are the limits kaleun serve runs with.
func DefaultLimits() Limits {
	return Limits{ReadHeader: 5 * time.Second, Read: 10 * time.Second, Write: 60 * time.Second, Idle: 60 * time.Second,
		MaxHeaderBytes: 16 << 10, MaxConns: 512}
}

// Server serves a site.
type Server struct {
	srv  *http.Server
	ln   net.Listener
	done chan struct{}
}

// Listen starts serving h on addr within the limits.
func Listen(addr string, h http.Handler, lim Limits, log *slog.Logger) (*Server, error) {
	if lim.MaxConns < 1 {
		return nil, fmt.Errorf("web: at least one connection must be served (MaxConns %d)", lim.MaxConns)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("listening on %s: %w", addr, err)
	}
	s := &Server{ln: &limited{Listener: ln, slots: make(chan struct{}, lim.MaxConns), closed: make(chan struct{})}, done: make(chan struct{}),
		srv: &http.Server{Handler: h, ReadHeaderTimeout: lim.ReadHeader, ReadTimeout: lim.Read, WriteTimeout: lim.Write, IdleTimeout: lim.Idle,
			MaxHeaderBytes: lim.MaxHeaderBytes, ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}}
	go func() {
		defer close(s.done)
		if err := s.srv.Serve(s.ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("web: the pages stopped", "err", err)
		}
	}()
	return s, nil
}

// Addr is the address listened on.
func (s *Server) Addr() string { return s.ln.Addr().String() }

// Close stops serving, letting answers under way finish for a moment.
func (s *Server) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	err := s.srv.Shutdown(ctx)
	if errors.Is(err, context.DeadlineExceeded) {
		err = s.srv.Close() // a download too slow to wait for
	}
	<-s.done
	return err
}

// limited is a listener that holds at most cap(slots) connections open:
// Accept waits for a slot, and a connection's Close gives it back.
type limited struct {
	net.Listener
	slots     chan struct{}
	closed    chan struct{} // closed by Close: an Accept waiting for a slot gives up
	closeOnce sync.Once
}

func (l *limited) Accept() (net.Conn, error) {
	select {
	case l.slots <- struct{}{}:
	case <-l.closed:
		return nil, net.ErrClosed
	}
	c, err := l.Listener.Accept()
	if err != nil {
		<-l.slots
		return nil, err
	}
	return &slotConn{Conn: c, free: func() { <-l.slots }}, nil
}

func (l *limited) Close() error {
	l.closeOnce.Do(func() { close(l.closed) })
	return l.Listener.Close()
}

// slotConn gives its slot back once, at its first Close.
type slotConn struct {
	net.Conn
	once sync.Once
	free func()
}

func (c *slotConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.free)
	return err
}
