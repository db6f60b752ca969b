package webhook

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"strings"
)

// MaxURLLength bounds a webhook's URL.
const MaxURLLength = 2000

// ErrRefusedAddress: the URL's host resolves to an address the operator
// does not let webhooks reach ([webhooks] allow_private).
var ErrRefusedAddress = errors.New("webhook address refused")

// CheckURL says what is wrong with a URL an organiser sets, "" when
// nothing: http or https, a host, no user or password (it would be shown
// and logged), no fragment. Where the host resolves is checked at each
// send (Dialer), since DNS can change between the two.
func CheckURL(raw string) string {
	if len(raw) > MaxURLLength {
		return fmt.Sprintf("the URL is longer than %d characters", MaxURLLength)
	}
	u, err := url.Parse(raw)
	if err != nil {
		return "that is not a URL"
	}
	switch {
	case u.Scheme != "http" && u.Scheme != "https":
		return "the URL must start with https:// (or http://)"
	case u.Host == "" || u.Hostname() == "":
		return "the URL has no host"
	case u.User != nil:
		return "the URL must not hold a user or password (the secret signs each delivery instead)"
	case u.Fragment != "" || strings.Contains(raw, "#"):
		return "the URL must not have a #fragment"
	case u.Opaque != "":
		return "that is not a URL"
	}
	return ""
}

// Private tells the addresses a webhook may not reach unless the operator
// allows it: loopback, private (RFC 1918, fc00::/7), link-local (cloud
// metadata services live there), carrier-grade NAT, unspecified,
// multicast and broadcast.
func Private(a netip.Addr) bool {
	a = a.Unmap()
	return a.IsLoopback() || a.IsPrivate() || a.IsLinkLocalUnicast() || a.IsLinkLocalMulticast() ||
		a.IsInterfaceLocalMulticast() || a.IsMulticast() || a.IsUnspecified() ||
		cgnat.Contains(a) || a == netip.AddrFrom4([4]byte{255, 255, 255, 255}) || !a.IsValid()
}

var cgnat = netip.MustParsePrefix("100.64.0.0/10")

// Resolver is the part of net.Resolver the dialer uses (tests give a fake
// one, to resolve a name to loopback).
type Resolver interface {
	LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error)
}

// Dialer dials a webhook's host at an address it has checked itself: it
// resolves the name, refuses the addresses Private tells unless
// AllowPrivate, and connects to the checked address, never to the name
// again (a DNS answer that changes between the check and the connection,
// DNS rebinding, cannot send it elsewhere).
type Dialer struct {
	AllowPrivate bool
	Resolver     Resolver // nil: net.DefaultResolver
	Dial         func(ctx context.Context, network, addr string) (net.Conn, error)
}

// DialContext is an http.Transport's DialContext.
func (d *Dialer) DialContext(ctx context.Context, network, addr string) (net.Conn, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, err
	}
	var addrs []netip.Addr
	if a, err := netip.ParseAddr(host); err == nil {
		addrs = []netip.Addr{a}
	} else {
		r := d.Resolver
		if r == nil {
			r = net.DefaultResolver
		}
		if addrs, err = r.LookupNetIP(ctx, "ip", host); err != nil {
			return nil, fmt.Errorf("resolving %s: %w", host, err)
		}
	}
	dial := d.Dial
	if dial == nil {
		dial = (&net.Dialer{}).DialContext
	}
	var last error = fmt.Errorf("%s has no address", host)
	for _, a := range addrs {
		if !d.AllowPrivate && Private(a) {
			last = fmt.Errorf("%w: %s resolves to %s, a private address ([webhooks] allow_private is off)", ErrRefusedAddress, host, a.Unmap())
			continue
		}
		c, err := dial(ctx, network, net.JoinHostPort(a.Unmap().String(), port))
		if err == nil {
			return c, nil
		}
		last = err
	}
	return nil, last
}
