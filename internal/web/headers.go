package web

import "net/http"

// The Content-Security-Policies: nothing but the site's own style sheet on
// a page, and on the verifier's page its own scripts, the compiling of its
// own WebAssembly ('wasm-unsafe-eval', which allows no JavaScript eval) and
// the fetch of that file; no page may be framed, post a form, or change
// its base.
const (
	cspPage     = "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
	cspVerifier = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)

// secure sets the headers every answer carries.
func secure(h http.Header, csp string) {
	h.Set("Content-Security-Policy", csp)
	h.Set("X-Frame-Options", "DENY")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	h.Set("Cross-Origin-Resource-Policy", "same-origin")
	h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()")
}
