package main

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"strings"
	"syscall"
)

// startFailure says what failed when a chat platform could not be reached
// at start: the name's lookup (DNS), the connection, TLS, or the platform
// refusing its token. Only the last names the token's keys: blaming the
// token for a network failure sends the operator to the wrong place.
func startFailure(err error, platform, tokenKeys string, refused func(error) bool) error {
	var dns *net.DNSError
	var ue x509.UnknownAuthorityError
	var he x509.HostnameError
	var ci x509.CertificateInvalidError
	var rh tls.RecordHeaderError
	var ae tls.AlertError
	var op *net.OpError
	var ne net.Error
	switch {
	case refused(err):
		return fmt.Errorf("%s refused the token (%v): check %s", platform, err, tokenKeys)
	case errors.As(err, &dns):
		return fmt.Errorf("%s could not be reached: the name %s does not resolve (DNS: %s): check this machine's network and DNS", platform, dns.Name, dns.Err)
	case errors.As(err, &ue), errors.As(err, &he), errors.As(err, &ci), errors.As(err, &rh), errors.As(err, &ae), strings.Contains(err.Error(), "tls: "), strings.Contains(err.Error(), "server gave HTTP response to HTTPS client"):
		return fmt.Errorf("%s could not be reached: the TLS handshake failed (%v): check the api_base address, the system's CA certificates and any proxy in the way", platform, err)
	case errors.Is(err, syscall.ECONNREFUSED), errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.EHOSTUNREACH), errors.Is(err, syscall.ENETUNREACH),
		errors.As(err, &op) && op.Op == "dial", errors.As(err, &ne) && ne.Timeout():
		return fmt.Errorf("%s could not be reached: the connection failed (%v): check this machine's network, firewall and proxy", platform, err)
	}
	return err
}
