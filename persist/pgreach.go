package persist

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"
	"syscall"

	"github.com/jackc/pgx/v5/pgconn"
)

// ErrUnreachable: the PostgreSQL server could not be reached (no such
// host, nothing listening, the connection cut or timed out).
var ErrUnreachable = errors.New("database unreachable")

// unreachable turns a failure to reach the server into one line that says
// so and where (host:port), whatever operation met it: without it, a
// failed connection reads as a failed lock or query. Any other error is
// returned as it is.
func (p *pgKV) unreachable(err error) error {
	return unreachableAt(p.url, p.addr, err)
}

func unreachableAt(where, addr string, err error) error {
	why := connectFailure(err)
	if why == "" {
		return err
	}
	return &openError{ErrUnreachable, fmt.Sprintf("database %s is unreachable at %s (%s): check that PostgreSQL runs there and takes connections", where, addr, why)}
}

// connectFailure names, in words, a failure to reach the server; "" when
// err is something else (a refused password is the server answering).
func connectFailure(err error) string {
	if err == nil || errors.Is(err, context.Canceled) {
		return ""
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return ""
	}
	var dns *net.DNSError
	var ne net.Error
	switch {
	case errors.As(err, &dns):
		return "its host name does not resolve"
	case errors.Is(err, syscall.ECONNREFUSED):
		return "connection refused: nothing listens there"
	case errors.Is(err, syscall.EHOSTUNREACH), errors.Is(err, syscall.ENETUNREACH):
		return "no route to the host"
	case errors.Is(err, syscall.ECONNRESET), errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, syscall.EPIPE),
		errors.Is(err, net.ErrClosed), err.Error() == "conn closed" || strings.HasSuffix(err.Error(), ": conn closed"):
		return "the server closed the connection"
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &ne) && ne.Timeout():
		return "timed out"
	}
	var ce *pgconn.ConnectError
	if errors.As(err, &ce) || strings.Contains(err.Error(), "failed to connect") {
		return "the connection failed"
	}
	return ""
}

// hostPort is where a connection configuration points, for messages.
func hostPort(cfg *pgconn.Config) string {
	if strings.HasPrefix(cfg.Host, "/") {
		return cfg.Host // a Unix socket's directory
	}
	return net.JoinHostPort(cfg.Host, strconv.Itoa(int(cfg.Port)))
}
