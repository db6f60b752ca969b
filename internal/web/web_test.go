package web

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

// fakeAssets are the embedded pages with a stand-in verifier (a few bytes
// gzipped), so that these tests need no go generate.
func fakeAssets(t *testing.T, wasm []byte) fs.FS {
	t.Helper()
	sub, err := fs.Sub(embedded, "static")
	if err != nil {
		t.Fatal(err)
	}
	m := fstest.MapFS{}
	for _, name := range []string{"index.html", "style.css", "favicon.ico", "verify/index.html", "verify/verify.js"} {
		b, err := fs.ReadFile(sub, name)
		if err != nil {
			t.Fatal(err)
		}
		m[name] = &fstest.MapFile{Data: b}
	}
	if wasm != nil {
		var gz bytes.Buffer
		z := gzip.NewWriter(&gz)
		z.Write(wasm)
		z.Close()
		m["verify/"+WasmGz] = &fstest.MapFile{Data: gz.Bytes()}
		m["verify/"+ExecJS] = &fstest.MapFile{Data: []byte("// the toolchain's loader\n")}
	}
	return m
}

func site(t *testing.T, wasm []byte) *Site {
	t.Helper()
	s, err := New(Options{Assets: fakeAssets(t, wasm)})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func get(h http.Handler, method, path string, header ...string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(method, path, nil)
	for i := 0; i+1 < len(header); i += 2 {
		r.Header.Set(header[i], header[i+1])
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

// Every answer, found or not, carries the strict headers: a
// Content-Security-Policy that allows no framing, no form and no script
// but, on the verifier's page alone, its own scripts and the compiling of
// its WebAssembly; no framing (X-Frame-Options too), no sniffing, no
// referrer; each file its declared type.
func TestWebHeadersAreStrict(t *testing.T) {
	s := site(t, []byte("\x00asm fake"))
	types := map[string]string{"/": "text/html; charset=utf-8", "/style.css": "text/css; charset=utf-8", "/verify/": "text/html; charset=utf-8",
		"/verify/verify.js": "text/javascript; charset=utf-8", "/verify/wasm_exec.js": "text/javascript; charset=utf-8", "/verify/verifier.wasm": "application/wasm", "/nowhere": "text/plain; charset=utf-8"}
	for path, ctype := range types {
		w := get(s, "GET", path)
		h := w.Result().Header
		want := http.StatusOK
		if path == "/nowhere" {
			want = http.StatusNotFound
		}
		if w.Code != want || h.Get("Content-Type") != ctype {
			t.Errorf("%s: %d %q, want %d %q", path, w.Code, h.Get("Content-Type"), want, ctype)
		}
		csp := h.Get("Content-Security-Policy")
		for _, d := range []string{"default-src 'none'", "frame-ancestors 'none'", "form-action 'none'", "base-uri 'none'"} {
			if !strings.Contains(csp, d) {
				t.Errorf("%s: the policy %q lacks %s", path, csp, d)
			}
		}
		scripts := strings.Contains(csp, "script-src 'self' 'wasm-unsafe-eval'") && strings.Contains(csp, "connect-src 'self'")
		if scripts != (path == "/verify/") || strings.Contains(csp, "'unsafe-eval'") || strings.Contains(csp, "'unsafe-inline'") {
			t.Errorf("%s: the policy %q: scripts and WebAssembly only on the verifier's page, never unsafe-eval or inline", path, csp)
		}
		for k, v := range map[string]string{"X-Frame-Options": "DENY", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer", "Cross-Origin-Opener-Policy": "same-origin"} {
			if h.Get(k) != v {
				t.Errorf("%s: %s is %q, want %q", path, k, h.Get(k), v)
			}
		}
	}
}

// The server is read-only: GET and HEAD are answered, every other method
// is refused with 405 naming them, on every path; no path but the site's
// own is answered (no listing, no file reached by a path of the request).
func TestWebIsReadOnly(t *testing.T) {
	s := site(t, []byte("\x00asm fake"))
	for _, path := range []string{"/", "/verify/", "/verify/verifier.wasm", "/nowhere"} {
		for _, m := range []string{"POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "CONNECT", "PROPFIND"} {
			w := get(s, m, path)
			if w.Code != http.StatusMethodNotAllowed || w.Result().Header.Get("Allow") != "GET, HEAD" || w.Result().Header.Get("X-Frame-Options") != "DENY" {
				t.Errorf("%s %s: %d, Allow %q", m, path, w.Code, w.Result().Header.Get("Allow"))
			}
		}
	}
	if w := get(s, "HEAD", "/verify/"); w.Code != http.StatusOK || w.Body.Len() != 0 {
		t.Errorf("HEAD: %d, %d bytes", w.Code, w.Body.Len())
	}
	for _, path := range []string{"/static/index.html", "/verify/index.html", "/verify/verifier.wasm.gz", "/../web.go", "/verify/../style.css/", "/index.html", "/%2e%2e/web.go"} {
		if w := get(s, "GET", path); w.Code != http.StatusNotFound && w.Code != http.StatusMovedPermanently {
			t.Errorf("GET %s: %d, want not found", path, w.Code)
		}
	}
	if w := get(s, "GET", "/verify"); w.Code != http.StatusMovedPermanently || w.Result().Header.Get("Location") != "verify/" {
		t.Errorf("GET /verify: %d to %q", w.Code, w.Result().Header.Get("Location"))
	}
}

// The verifier's WebAssembly is embedded gzipped: a browser (which accepts
// gzip) gets those bytes with Content-Encoding: gzip, a client that does
// not gets them decompressed, both the same file; its ETag lets a browser
// keep it until it changes; Verifier is the SHA-256 of what the browser
// runs.
func TestWebServesTheVerifier(t *testing.T) {
	wasm := bytes.Repeat([]byte("\x00asm verifier "), 1000)
	s := site(t, wasm)
	sum := sha256.Sum256(wasm)
	if s.Verifier() != hex.EncodeToString(sum[:]) {
		t.Fatalf("Verifier() = %q", s.Verifier())
	}
	w := get(s, "GET", "/verify/verifier.wasm", "Accept-Encoding", "br, gzip;q=0.9")
	if w.Result().Header.Get("Content-Encoding") != "gzip" || w.Result().Header.Get("Vary") != "Accept-Encoding" {
		t.Fatalf("a browser's request: %v", w.Result().Header)
	}
	z, err := gzip.NewReader(w.Body)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := io.ReadAll(z); !bytes.Equal(got, wasm) {
		t.Fatal("the gzipped answer is not the verifier")
	}
	for _, ae := range []string{"", "identity", "gzip;q=0"} {
		w = get(s, "GET", "/verify/verifier.wasm", "Accept-Encoding", ae)
		if w.Result().Header.Get("Content-Encoding") != "" || !bytes.Equal(w.Body.Bytes(), wasm) {
			t.Errorf("Accept-Encoding %q: %v, %d bytes", ae, w.Result().Header, w.Body.Len())
		}
	}
	etag := w.Result().Header.Get("ETag")
	if w = get(s, "GET", "/verify/verifier.wasm", "If-None-Match", etag); w.Code != http.StatusNotModified {
		t.Errorf("If-None-Match its ETag: %d", w.Code)
	}
	// A binary built without go generate: the page is served, the
	// verifier is not found, and Verifier says it is missing.
	bare := site(t, nil)
	if bare.Verifier() != "" || get(bare, "GET", "/verify/").Code != http.StatusOK || get(bare, "GET", "/verify/verifier.wasm").Code != http.StatusNotFound {
		t.Error("without the verifier: the page, and a 404 for its WebAssembly")
	}
}
