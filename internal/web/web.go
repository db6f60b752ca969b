// Package web is kaleun serve's read-only web server ([web]): for now the
// verifier that runs in the reader's browser (cmd/kaleun-verify-wasm, the
// code of kaleun verify built for GOOS=js) and the page that loads it. The
// files are embedded in the binary; the WebAssembly among them is built by
// go generate ./internal/web (genwasm), which a checkout runs before go
// build (the Dockerfile and .ci/run do), and is never committed: it is
// built from the very source of the binary that serves it. Without it the
// page says so and kaleun serve warns at start.
//
// Every answer carries strict headers (headers.go); only GET and HEAD are
// answered; nothing a reader gives reaches the server, which holds no
// input but the request line and its headers.
package web

//go:generate go run ./genwasm -out static/verify

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"path"
	"strings"
	"time"

	"github.com/kaleun/kaleun/engine"
)

//go:embed static
var embedded embed.FS

// The game pages' templates (not served as files).
//
//go:embed templates
var templates embed.FS

// The verifier's files as go generate writes them (genwasm).
const (
	WasmGz = "verifier.wasm.gz" // the WebAssembly, gzipped (served as verifier.wasm)
	ExecJS = "wasm_exec.js"     // the Go toolchain's loader of it
)

// Options are the site's.
type Options struct {
	// Assets are the site's files, laid out as static/ (tests); nil: the
	// embedded ones.
	Assets fs.FS
	// Games, when set, are the games whose pages are served (by their
	// links, under /g/), with Rules the games' descriptors by kind.
	Games Games
	Rules engine.Registry
	// Tournaments, when set, are the tournaments' pages (under /t/), and
	// Boards the servers' leaderboards (under /l/).
	Tournaments Tournaments
	Boards      Boards
	// Players are the players' pages (under /p/).
	Players Players
	// Log is where a failure to read or draw a game is told (nil: none).
	Log *slog.Logger
}

// asset is one file as served.
type asset struct {
	body  []byte
	ctype string
	// gzipped: body is gzip, sent as is to a client that accepts it and
	// decompressed for one that does not.
	gzipped bool
	etag    string
	// csp is the file's Content-Security-Policy.
	csp string
}

// Site serves the pages. It holds every file in memory, read once at New.
type Site struct {
	files map[string]*asset // by URL path
	// wasmSHA256 is the hex SHA-256 of the verifier's WebAssembly as the
	// browser runs it (ungzipped); "" when the binary was built without it.
	wasmSHA256  string
	games       Games
	tournaments Tournaments
	boards      Boards
	players     Players
	rules       engine.Registry
	pages       *template.Template
	log         *slog.Logger
}

// routes are the site's URL paths and the files they serve: nothing else
// is answered (no listing, no path from the request reaches the files).
var routes = []struct{ url, file string }{
	{"/", "index.html"},
	{"/style.css", "style.css"},
	// Every browser asks for it: without one, each first visit logs a 404.
	{"/favicon.ico", "favicon.ico"},
	{"/verify/", "verify/index.html"},
	{"/verify/verify.js", "verify/verify.js"},
	{"/verify/" + ExecJS, "verify/" + ExecJS},
	{"/verify/verifier.wasm", "verify/" + WasmGz},
}

// New reads the site's files.
func New(o Options) (*Site, error) {
	assets := o.Assets
	if assets == nil {
		sub, err := fs.Sub(embedded, "static")
		if err != nil {
			return nil, err
		}
		assets = sub
	}
	pages, err := template.New("").Funcs(pageFuncs).ParseFS(templates, "templates/*.html")
	if err != nil {
		return nil, fmt.Errorf("the web pages' templates: %w", err)
	}
	log := o.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	s := &Site{files: map[string]*asset{}, games: o.Games, tournaments: o.Tournaments, boards: o.Boards, players: o.Players, rules: o.Rules, pages: pages, log: log}
	for _, r := range routes {
		body, err := fs.ReadFile(assets, r.file)
		if err != nil {
			if r.file == "verify/"+WasmGz || r.file == "verify/"+ExecJS {
				continue // built by go generate; the page says it is missing
			}
			return nil, fmt.Errorf("the web pages' file %s: %w", r.file, err)
		}
		a := &asset{body: body, ctype: contentType(r.file), csp: cspPage}
		if r.url == "/verify/" {
			a.csp = cspVerifier
		}
		if strings.HasSuffix(r.file, ".gz") {
			a.gzipped = true
			raw, err := gunzip(body)
			if err != nil {
				return nil, fmt.Errorf("the web pages' file %s: %w", r.file, err)
			}
			sum := sha256.Sum256(raw)
			s.wasmSHA256 = hex.EncodeToString(sum[:])
		}
		sum := sha256.Sum256(body)
		a.etag = `"` + hex.EncodeToString(sum[:16]) + `"`
		s.files[r.url] = a
	}
	if s.wasmSHA256 != "" && s.files["/verify/"+ExecJS] == nil {
		return nil, fmt.Errorf("the web pages have the verifier's %s but not its %s: run go generate ./internal/web again", WasmGz, ExecJS)
	}
	return s, nil
}

// Verifier is the hex SHA-256 of the verifier's WebAssembly, as anyone who
// builds it from the same source with the same Go gets it
// (wasmbuild.Flags); "" when this binary was built without it (go generate
// ./internal/web was not run).
func (s *Site) Verifier() string { return s.wasmSHA256 }

// ServeHTTP answers GET and HEAD of the site's paths; any other method is
// refused (405), any other path is not found (404).
func (s *Site) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	secure(h, cspPage)
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		h.Set("Allow", "GET, HEAD")
		plain(w, http.StatusMethodNotAllowed, "this server is read-only: it answers GET and HEAD only")
		return
	}
	if r.URL.RawPath != "" {
		// A path spelt with escapes its plain form would not have (an
		// encoded slash): none of the site's, whose paths need none.
		plain(w, http.StatusNotFound, "not found")
		return
	}
	if r.URL.Path == "/verify" {
		// Relative, so that a proxy that serves the site under a prefix
		// keeps it.
		h.Set("Location", "verify/")
		w.WriteHeader(http.StatusMovedPermanently)
		return
	}
	if strings.HasPrefix(r.URL.Path, "/g/") {
		s.serveGame(w, r)
		return
	}
	if strings.HasPrefix(r.URL.Path, "/t/") {
		s.serveTournament(w, r)
		return
	}
	if strings.HasPrefix(r.URL.Path, "/l/") {
		s.serveBoard(w, r)
		return
	}
	if strings.HasPrefix(r.URL.Path, "/p/") {
		s.servePlayer(w, r)
		return
	}
	a := s.files[r.URL.Path]
	if a == nil {
		plain(w, http.StatusNotFound, "not found")
		return
	}
	secure(h, a.csp)
	h.Set("Content-Type", a.ctype)
	h.Set("ETag", a.etag)
	h.Set("Cache-Control", "no-cache") // revalidated: a new kaleun's pages are seen at once
	body := a.body
	if a.gzipped {
		h.Set("Vary", "Accept-Encoding")
		if acceptsGzip(r) {
			h.Set("Content-Encoding", "gzip")
		} else if raw, err := gunzip(body); err == nil {
			body = raw
		} else {
			plain(w, http.StatusInternalServerError, "the verifier's file is damaged")
			return
		}
	}
	http.ServeContent(w, r, path.Base(r.URL.Path), time.Time{}, bytes.NewReader(body))
}

// toSlashed redirects a link's page asked without its final slash to the
// page with it, relatively (a proxy may serve the site under a prefix).
// A link is letters, digits and . _ ~ - only (persist's ids and tags):
// anything else is no link, and is not found rather than sent on, since a
// browser reads a Location of \\host as //host, another site.
func toSlashed(w http.ResponseWriter, link string) {
	for _, r := range link {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '~' || r == '-') {
			plain(w, http.StatusNotFound, "not found")
			return
		}
	}
	w.Header().Set("Location", "./"+link+"/")
	w.WriteHeader(http.StatusMovedPermanently)
}

// plain answers a short text.
func plain(w http.ResponseWriter, code int, msg string) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(code)
	io.WriteString(w, msg+"\n")
}

// acceptsGzip tells whether the request accepts a gzip body (every
// browser does).
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		name, q, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(name), "gzip") && strings.ReplaceAll(strings.TrimSpace(q), " ", "") != "q=0" {
			return true
		}
	}
	return false
}

func gunzip(b []byte) ([]byte, error) {
	z, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(z)
}

// contentType is a file's type, by its name: no sniffing.
func contentType(name string) string {
	switch path.Ext(strings.TrimSuffix(name, ".gz")) {
	case ".html":
		return "text/html; charset=utf-8"
	case ".css":
		return "text/css; charset=utf-8"
	case ".js":
		return "text/javascript; charset=utf-8"
	case ".wasm":
		return "application/wasm"
	case ".ico":
		return "image/x-icon"
	}
	return "application/octet-stream"
}
