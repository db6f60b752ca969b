package browsertest

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"
)

// A headless Chromium driven over the DevTools protocol on a pipe
// (--remote-debugging-pipe: JSON messages ended by a NUL byte, the browser
// reading file descriptor 3 and writing 4), so that no WebSocket client and
// no new dependency is needed; one browser serves every page of a test,
// which a launch per page (--dump-dom) would make tens of seconds slower.

// chromiumPath is the browser: Debian's chromium package. Outside CI a
// missing one skips the test, saying so; under CI it fails.
func chromiumPath(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("chromium is not installed, and CI must run the browser tests (.ci/run installs Debian's chromium package)")
	}
	t.Skip("chromium is not installed: the pages are not loaded in a browser here (Debian: apt-get install chromium; .ci/run installs it)")
	return ""
}

type browser struct {
	t    *testing.T
	cmd  *exec.Cmd
	in   *os.File
	mu   sync.Mutex
	next int
	wait map[int]chan message
	// events are the browser's events, by method, for waitEvent.
	events chan message
	done   chan struct{}
	logs   *lockedWriter // the browser's own stderr, told when it exits
	// errs are the console's errors and the policy's refusals, by session
	// (Log.entryAdded, Runtime.exceptionThrown).
	errs map[string][]string
}

type message struct {
	ID        int             `json:"id,omitempty"`
	Method    string          `json:"method,omitempty"`
	SessionID string          `json:"sessionId,omitempty"`
	Params    json.RawMessage `json:"params,omitempty"`
	Result    json.RawMessage `json:"result,omitempty"`
	Error     *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error,omitempty"`
}

// startBrowser starts a headless Chromium for the test, closed at its end.
func startBrowser(t *testing.T) *browser {
	t.Helper()
	bin := chromiumPath(t)
	toBrowser, browserIn, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	browserOut, fromBrowser, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	args := []string{"--headless", "--remote-debugging-pipe", "--user-data-dir=" + t.TempDir(),
		"--disable-gpu", "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
		"--disable-dev-shm-usage", "--disable-breakpad", "--hide-scrollbars", "--mute-audio", "--force-color-profile=srgb", "--font-render-hinting=none"}
	if os.Geteuid() == 0 {
		args = append(args, "--no-sandbox") // Chromium's sandbox refuses root (CI runs as root)
	}
	b := &browser{t: t, cmd: exec.Command(bin, append(args, "about:blank")...), in: browserIn, wait: map[int]chan message{},
		events: make(chan message, 1024), done: make(chan struct{}), errs: map[string][]string{}, logs: &lockedWriter{b: &strings.Builder{}}}
	b.cmd.ExtraFiles = []*os.File{toBrowser, fromBrowser} // fds 3 and 4
	b.cmd.Stderr = b.logs
	// Its crash reports and caches in the test's directory, not the home's.
	home := t.TempDir()
	b.cmd.Env = append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME="+home, "XDG_CACHE_HOME="+home)
	if err := b.cmd.Start(); err != nil {
		t.Fatalf("starting %s: %v", bin, err)
	}
	toBrowser.Close()
	fromBrowser.Close()
	go b.read(browserOut)
	t.Cleanup(func() {
		b.call("", "Browser.close", nil)
		exited := make(chan struct{})
		go func() { b.cmd.Wait(); close(exited) }()
		select {
		case <-exited:
		case <-time.After(5 * time.Second):
			b.cmd.Process.Kill()
			<-exited
		}
		browserIn.Close()
	})
	var v struct{ Product string }
	b.decode(b.call("", "Browser.getVersion", nil), &v)
	t.Logf("browser: %s", v.Product)
	return b
}

type lockedWriter struct {
	mu sync.Mutex
	b  *strings.Builder
}

func (w *lockedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.b.Len() < 1<<16 {
		w.b.Write(p)
	}
	return len(p), nil
}

// tail is the last n bytes written.
func (w *lockedWriter) tail(n int) string {
	w.mu.Lock()
	defer w.mu.Unlock()
	s := w.b.String()
	return s[max(0, len(s)-n):]
}

func (b *browser) read(out *os.File) {
	defer close(b.done)
	r := bufio.NewReaderSize(out, 1<<20)
	for {
		raw, err := r.ReadBytes(0)
		if err != nil {
			return
		}
		var m message
		if json.Unmarshal(raw[:len(raw)-1], &m) != nil {
			continue
		}
		if m.ID != 0 {
			b.mu.Lock()
			ch := b.wait[m.ID]
			delete(b.wait, m.ID)
			b.mu.Unlock()
			if ch != nil {
				ch <- m
			}
			continue
		}
		if e := pageError(m); e != "" {
			b.mu.Lock()
			b.errs[m.SessionID] = append(b.errs[m.SessionID], e)
			b.mu.Unlock()
			continue
		}
		select {
		case b.events <- m:
		default: // nobody waits for so many: drop the oldest
			<-b.events
			b.events <- m
		}
	}
}

// call sends a command (to a page's session, or to the browser for "")
// and returns its result, failing the test on an error.
func (b *browser) call(session, method string, params any) json.RawMessage {
	b.t.Helper()
	res, err := b.try(session, method, params)
	if err != nil {
		b.t.Fatal(err)
	}
	return res
}

func (b *browser) try(session, method string, params any) (json.RawMessage, error) {
	b.mu.Lock()
	b.next++
	id := b.next
	ch := make(chan message, 1)
	b.wait[id] = ch
	b.mu.Unlock()
	p, _ := json.Marshal(params)
	if params == nil {
		p = []byte("{}")
	}
	msg, _ := json.Marshal(message{ID: id, Method: method, SessionID: session, Params: p})
	if _, err := b.in.Write(append(msg, 0)); err != nil {
		return nil, fmt.Errorf("%s: writing to the browser: %w", method, err)
	}
	select {
	case m := <-ch:
		if m.Error != nil {
			return nil, fmt.Errorf("%s: %s (%d)", method, m.Error.Message, m.Error.Code)
		}
		return m.Result, nil
	case <-b.done:
		return nil, fmt.Errorf("%s: the browser exited; it said:\n%s", method, b.logs.tail(4<<10))
	case <-time.After(60 * time.Second):
		return nil, fmt.Errorf("%s: no answer from the browser in 60 s", method)
	}
}

// pageError is the text of an error the page logged or threw, or "".
func pageError(m message) string {
	switch m.Method {
	case "Log.entryAdded":
		var e struct {
			Entry struct{ Level, Text, URL string } `json:"entry"`
		}
		json.Unmarshal(m.Params, &e)
		if e.Entry.Level == "error" {
			return e.Entry.Text + " (" + e.Entry.URL + ")"
		}
	case "Runtime.exceptionThrown":
		var e struct {
			ExceptionDetails struct {
				Text      string `json:"text"`
				Exception struct {
					Description string `json:"description"`
				} `json:"exception"`
			} `json:"exceptionDetails"`
		}
		json.Unmarshal(m.Params, &e)
		return e.ExceptionDetails.Text + " " + e.ExceptionDetails.Exception.Description
	}
	return ""
}

// errors takes the errors the tab's pages logged since the last call.
func (tb *tab) errors() []string {
	tb.b.mu.Lock()
	defer tb.b.mu.Unlock()
	e := tb.b.errs[tb.session]
	delete(tb.b.errs, tb.session)
	return e
}

func (b *browser) decode(raw json.RawMessage, v any) {
	b.t.Helper()
	if err := json.Unmarshal(raw, v); err != nil {
		b.t.Fatalf("the browser's answer %s: %v", raw, err)
	}
}

// tab is one page of the browser.
type tab struct {
	b             *browser
	session       string
	width, height int
	mobile        bool
}

// newTab opens a page of width by height CSS pixels (mobile: as a phone
// lays it out, with its viewport meta tag honoured).
func (b *browser) newTab(width, height int, mobile bool) *tab {
	b.t.Helper()
	var target struct{ TargetID string }
	b.decode(b.call("", "Target.createTarget", map[string]any{"url": "about:blank"}), &target)
	var att struct{ SessionID string }
	b.decode(b.call("", "Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true}), &att)
	tb := &tab{b: b, session: att.SessionID, width: width, height: height, mobile: mobile}
	tb.call("Page.enable", nil)
	tb.call("Runtime.enable", nil)
	tb.call("Log.enable", nil)
	tb.call("Emulation.setDeviceMetricsOverride", map[string]any{"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
	return tb
}

func (tb *tab) call(method string, params any) json.RawMessage {
	tb.b.t.Helper()
	return tb.b.call(tb.session, method, params)
}

// open loads url and waits for its load event; it returns how long that
// took.
func (tb *tab) open(url string) time.Duration {
	tb.b.t.Helper()
	for drained := false; !drained; { // an earlier page's events
		select {
		case <-tb.b.events:
		default:
			drained = true
		}
	}
	// The tab in front: Chromium defers the work of a tab behind another
	// (an image's decoding, a capture), which would wait for ever.
	tb.call("Page.bringToFront", nil)
	start := time.Now()
	var nav struct{ ErrorText string }
	tb.b.decode(tb.call("Page.navigate", map[string]any{"url": url}), &nav)
	if nav.ErrorText != "" {
		tb.b.t.Fatalf("%s: %s", url, nav.ErrorText)
	}
	deadline := time.After(60 * time.Second)
	for {
		select {
		case m := <-tb.b.events:
			if m.SessionID == tb.session && m.Method == "Page.loadEventFired" {
				return time.Since(start)
			}
		case <-deadline:
			tb.b.t.Fatalf("%s: not loaded in 60 s", url)
		}
	}
}

// eval evaluates a JavaScript expression in the page (awaiting a promise)
// and decodes its value into v. DevTools' evaluation is the test's, not
// the page's: the page's policy forbids script, and still does.
func (tb *tab) eval(expr string, v any) {
	tb.b.t.Helper()
	var r struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails *struct {
			Text      string `json:"text"`
			Exception struct {
				Description string `json:"description"`
			} `json:"exception"`
		} `json:"exceptionDetails"`
	}
	tb.b.decode(tb.call("Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true, "awaitPromise": true}), &r)
	if r.ExceptionDetails != nil {
		tb.b.t.Fatalf("evaluating %.80q: %s %s", expr, r.ExceptionDetails.Text, r.ExceptionDetails.Exception.Description)
	}
	if v != nil && len(r.Result.Value) > 0 {
		tb.b.decode(r.Result.Value, v)
	}
}

// waitFor evaluates a boolean expression until it is true, failing after
// limit.
func (tb *tab) waitFor(expr string, limit time.Duration) time.Duration {
	tb.b.t.Helper()
	start := time.Now()
	for {
		var ok bool
		tb.eval("Boolean("+expr+")", &ok)
		if ok {
			return time.Since(start)
		}
		if time.Since(start) > limit {
			tb.b.t.Fatalf("%s still false after %s", expr, limit)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// text is the page's text as a reader sees it (innerText: nothing hidden).
func (tb *tab) text() string {
	tb.b.t.Helper()
	var s string
	tb.eval("document.body.innerText", &s)
	return s
}

// screenshot is a PNG of the top of the page, as tall as its content and
// at most maxHeight CSS pixels: the viewport is made that tall for it (a
// capture beyond the viewport can hang a loaded machine's Chromium).
func (tb *tab) screenshot(maxHeight int) []byte {
	tb.b.t.Helper()
	var h float64
	tb.eval("document.documentElement.scrollHeight", &h)
	height := max(1, min(int(h), maxHeight))
	tb.call("Emulation.setDeviceMetricsOverride", map[string]any{"width": tb.width, "height": height, "deviceScaleFactor": 1, "mobile": tb.mobile})
	defer tb.call("Emulation.setDeviceMetricsOverride", map[string]any{"width": tb.width, "height": tb.height, "deviceScaleFactor": 1, "mobile": tb.mobile})
	var shot struct{ Data string }
	tb.b.decode(tb.call("Page.captureScreenshot", map[string]any{"format": "png"}), &shot)
	png, err := base64.StdEncoding.DecodeString(shot.Data)
	if err != nil {
		tb.b.t.Fatal(err)
	}
	return png
}

// setFile gives the file input the selector names a file, as a reader
// choosing it would (its change event fires).
func (tb *tab) setFile(selector, path string) {
	tb.b.t.Helper()
	var doc struct {
		Root struct {
			NodeID int `json:"nodeId"`
		} `json:"root"`
	}
	tb.b.decode(tb.call("DOM.getDocument", map[string]any{"depth": 0}), &doc)
	var q struct {
		NodeID int `json:"nodeId"`
	}
	tb.b.decode(tb.call("DOM.querySelector", map[string]any{"nodeId": doc.Root.NodeID, "selector": selector}), &q)
	if q.NodeID == 0 {
		tb.b.t.Fatalf("no %s on the page", selector)
	}
	tb.call("DOM.setFileInputFiles", map[string]any{"files": []string{path}, "nodeId": q.NodeID})
}
