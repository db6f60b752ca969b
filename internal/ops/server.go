package ops

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sort"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// ErrRemote refuses a listening address beyond this machine that was not
// allowed: neither endpoint asks who calls, and /metrics tells how busy the
// bot is and what fails.
var ErrRemote = errors.New("not a loopback address")

// CheckListen says whether the operator's endpoints may listen on addr:
// "host:port" with an IP address on loopback (127.0.0.1, ::1) or
// "localhost", unless allowRemote. An empty host (every interface), another
// address or a host name (which could resolve anywhere) needs allowRemote.
func CheckListen(addr string, allowRemote bool) error {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("%q is not host:port, like \"127.0.0.1:9090\"", addr)
	}
	if n, err := strconv.Atoi(port); err != nil || n < 0 || n > 65535 {
		return fmt.Errorf("%q has no port number", addr)
	}
	if allowRemote || host == "localhost" {
		return nil
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return nil
	}
	return fmt.Errorf("%q is %w", addr, ErrRemote)
}

// Health is what /healthz checks: the database answers a read, and every
// enabled platform is connected.
type Health struct {
	Database func(ctx context.Context) error
	// Adapters tell, by platform, whether each enabled one is connected.
	Adapters map[string]func() bool
}

// healthBody is /healthz's answer.
type healthBody struct {
	Status   string                   `json:"status"` // "ok" or "unavailable"
	Database component                `json:"database"`
	Adapters map[string]adapterHealth `json:"adapters"`
}

type component struct {
	OK    bool   `json:"ok"`
	Error string `json:"error,omitempty"`
}

type adapterHealth struct {
	Connected bool `json:"connected"`
}

// healthTimeout bounds the database's answer to /healthz.
const healthTimeout = 2 * time.Second

func (h Health) check(ctx context.Context) (healthBody, bool) {
	b := healthBody{Status: "ok", Database: component{OK: true}, Adapters: map[string]adapterHealth{}}
	ctx, cancel := context.WithTimeout(ctx, healthTimeout)
	defer cancel()
	ok := true
	if err := h.Database(ctx); err != nil {
		b.Database, ok = component{Error: err.Error()}, false
	}
	names := make([]string, 0, len(h.Adapters))
	for n := range h.Adapters {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		up := h.Adapters[n]()
		b.Adapters[n] = adapterHealth{Connected: up}
		ok = ok && up
	}
	if !ok {
		b.Status = "unavailable"
	}
	return b, ok
}

// Handler serves /healthz (200 and "ok" only when the database answers and
// the enabled platforms are connected, else 503; a JSON body names each)
// and /metrics (the registry, in Prometheus' text format).
func Handler(reg *prometheus.Registry, h Health) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		b, ok := h.check(r.Context())
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		if !ok {
			w.WriteHeader(http.StatusServiceUnavailable)
		}
		json.NewEncoder(w).Encode(b)
	})
	mux.Handle("GET /metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{Registry: reg}))
	return mux
}

// Server serves the operator's endpoints.
type Server struct {
	srv  *http.Server
	ln   net.Listener
	done chan struct{}
}

// Listen starts serving h on addr (CheckListen it first).
func Listen(addr string, h http.Handler, log *slog.Logger) (*Server, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("listening on %s: %w", addr, err)
	}
	s := &Server{ln: ln, done: make(chan struct{}),
		srv: &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second, ReadTimeout: 10 * time.Second, WriteTimeout: 30 * time.Second, IdleTimeout: 60 * time.Second,
			ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}}
	go func() {
		defer close(s.done)
		if err := s.srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("ops: /healthz and /metrics stopped", "err", err)
		}
	}()
	return s, nil
}

// Addr is the address listened on.
func (s *Server) Addr() string { return s.ln.Addr().String() }

// Close stops serving, letting scrapes under way finish for a moment.
func (s *Server) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	err := s.srv.Shutdown(ctx)
	<-s.done
	return err
}
