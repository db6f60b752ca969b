package web

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/internal/gamelist"
	"github.com/kaleun/kaleun/internal/web/wasmbuild"
)

// shown is what the page shows at a step (testdata/page.js).
type shown struct {
	Status, WasmSum, Verdict, Kind, Head, Text string
	HeadShown, Focused                         bool
	Fetched                                    []string
}

// runPage runs the page's script under Node with the verifier at wasm
// ("-": not found), the reader choosing each file in turn.
func runPage(t *testing.T, node string, b wasmbuild.Built, wasm string, files ...string) []shown {
	return runPageAt(t, node, b, wasm, nil, files...)
}

// runPageAt is runPage with the page's environment (KALEUN_PAGE_…).
func runPageAt(t *testing.T, node string, b wasmbuild.Built, wasm string, env []string, files ...string) []shown {
	t.Helper()
	out := filepath.Join(t.TempDir(), "shown.json")
	args := append([]string{"testdata/page.js", b.ExecJS, "static/verify/verify.js", wasm, out}, files...)
	cmd := exec.CommandContext(t.Context(), node, args...)
	cmd.Env = append(os.Environ(), env...)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("node: %v\n%s", err, msg)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var s []shown
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	return s
}

// The page's own script, run under Node on a stand-in of its elements (no
// browser here): it loads the verifier as a browser does and shows its
// SHA-256; a file the reader chooses is said "Verified" with the head the
// verifier computed and kaleun verify's very text; a file that is no log
// is "NOT verified", no head shown; either way the result takes the
// focus. A binary built without the verifier gets a page that says so.
func TestWebVerifierPageShowsTheVerdictAndTheHead(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: the verifier's page is not run here (Debian: apt-get install nodejs)")
	}
	dir := t.TempDir()
	b, err := wasmbuild.Build(t.Context(), dir)
	if err != nil {
		t.Fatal(err)
	}
	honest, _ := filepath.Abs("../../bot/audit/testdata/v1-chat-abandoned.json")
	garbage := filepath.Join(dir, "garbage.json")
	os.WriteFile(garbage, []byte("{not json"), 0o600)
	s := runPage(t, node, b, b.Wasm, honest, garbage)
	raw, _ := os.ReadFile(b.Wasm)
	sum := sha256.Sum256(raw)
	if !strings.Contains(s[0].Status, "ready") || s[0].WasmSum != hex.EncodeToString(sum[:]) {
		t.Fatalf("loaded: %+v", s[0])
	}
	games, err := gamelist.Registry()
	if err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(honest)
	native := audit.Check(data, games, audit.CheckOptions{})
	if h := s[1]; !strings.HasPrefix(h.Verdict, "Verified") || h.Kind != "verdict ok" || h.Head != native.Report.Head || !h.HeadShown || h.Text != native.Text || !h.Focused {
		t.Errorf("an honest file: %+v", h)
	}
	if g := s[2]; !strings.HasPrefix(g.Verdict, "NOT verified") || g.Kind != "verdict bad" || g.HeadShown || !strings.Contains(g.Text, "not an audit file") {
		t.Errorf("garbage: %+v", g)
	}
	if s := runPage(t, node, b, "-"); !strings.Contains(s[0].Status, "built without the verifier") {
		t.Errorf("no verifier: %+v", s[0])
	}

	// Opened from a game's audit page (served under a proxy's prefix), the
	// page fetches that game's file from its own server and checks it; a
	// link to another origin, or to anything but a game's audit file, is
	// not fetched.
	at := "https://kaleun.example.org/k/g/g1.0123456789abcdef0123456789abcdef/audit.json"
	served := []string{"KALEUN_PAGE_SERVED=" + honest, "KALEUN_PAGE_SERVED_AT=" + at}
	s = runPageAt(t, node, b, b.Wasm, append(served, "KALEUN_PAGE_HREF=https://kaleun.example.org/k/verify/?audit=..%2Fg%2Fg1.0123456789abcdef0123456789abcdef%2Faudit.json"))
	if f := s[1]; !strings.HasPrefix(f.Verdict, "Verified") || f.Head != native.Report.Head || f.Text != native.Text || len(f.Fetched) != 1 || f.Fetched[0] != at {
		t.Errorf("the linked file: %+v", f)
	}
	for _, bad := range []string{"https://evil.example/g/g1.x/audit.json", "//evil.example/g/g1.x/audit.json", "../style.css", "../g/g1.x/audit", "../g/g1.x/audit.json?x=1", "javascript:alert(1)"} {
		s = runPageAt(t, node, b, b.Wasm, append(served, "KALEUN_PAGE_HREF=https://kaleun.example.org/k/verify/?audit="+url.QueryEscape(bad)))
		if f := s[1]; len(f.Fetched) != 0 || !strings.Contains(f.Status, "not fetched") {
			t.Errorf("a link to %s: %+v", bad, f)
		}
	}
}
