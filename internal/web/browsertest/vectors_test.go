package browsertest

import (
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/internal/auditvectors"
	"github.com/kaleun/kaleun/internal/gamelist"
	"github.com/kaleun/kaleun/internal/web"
)

// The verifier in Chromium agrees with kaleun verify on every test vector
// of the command, the very files bot/audit's Node test feeds the
// WebAssembly (auditvectors.Vectors: honest logs of every kind, each
// forgery audittest knows, the head given right, short, earlier and wrong,
// scripted dice accepted). Each file is chosen in the page's own file
// input, with the head typed in its field and the box of scripted dice
// ticked as the vector says, as a reader would; the page must show the
// verdict of bot/audit.Check's status, the command's text word for word,
// and the head the command computes (none for a file it rejects).
func TestVerifierAgreesWithTheCommandInChromium(t *testing.T) {
	chromiumPath(t)
	site, err := web.New(web.Options{})
	if err != nil {
		t.Fatal(err)
	}
	needsVerifier(t, site)
	srv, err := web.Listen("127.0.0.1:0", site, web.DefaultLimits(), slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	games, err := gamelist.Registry()
	if err != nil {
		t.Fatal(err)
	}
	vectors := auditvectors.Vectors(t, auditvectors.Fixtures("../../.."))
	dir := t.TempDir()
	b := startBrowser(t)
	tb := b.newTab(1280, 900, false)
	loaded := tb.open("http://" + srv.Addr() + "/verify/")
	loaded += tb.waitFor(`!document.getElementById("verify").disabled`, 60*time.Second)
	// The kinds of answer, as the page shows them (verify.js).
	class := map[int]string{audit.CodeOK: "ok", audit.CodeProblem: "bad", 2: "bad", audit.CodeScripted: "warn", audit.CodeRulesChanged: "warn"}
	count := map[string]int{}
	start := time.Now()
	var slowest time.Duration
	for i, v := range vectors {
		name := fmt.Sprintf("v%04d.json", i)
		file := filepath.Join(dir, name)
		if err := os.WriteFile(file, v.Data, 0o600); err != nil {
			t.Fatal(err)
		}
		tb.eval(fmt.Sprintf(`document.getElementById("head").value = %q; document.getElementById("scripted").checked = %v`, v.Opts.Head, v.Opts.AllowScripted), nil)
		began := time.Now()
		tb.setFile("#file", file)
		tb.waitFor(fmt.Sprintf(`document.getElementById("status").textContent.startsWith("Done: %s.")`, name), 60*time.Second)
		slowest = max(slowest, time.Since(began))
		var got struct {
			Class    string `json:"class"`
			Text     string `json:"text"`
			Head     string `json:"head"`
			HeadShow bool   `json:"headShown"`
		}
		tb.eval(`(() => ({class: document.getElementById("verdict").className, text: document.getElementById("text").textContent,
			head: document.getElementById("computed").textContent, headShown: !document.getElementById("head-box").hidden}))()`, &got)
		native := audit.Check(v.Data, games, v.Opts)
		head := ""
		if native.Report.Intact() {
			head = native.Report.Head
		}
		if got.Class != "verdict "+class[native.Code] || got.Text != native.Text || got.Head != head || got.HeadShow != (head != "") {
			t.Errorf("%s: Chromium shows %q, head %q (shown %v):\n%s\nkaleun verify says (%d), head %q:\n%s", v.Name, got.Class, got.Head, got.HeadShow, got.Text, native.Code, head, native.Text)
			continue
		}
		ok := true
		switch v.Want {
		case "honest":
			ok = native.Code == audit.CodeOK && got.Head == v.Head && strings.Contains(got.Text, "head: "+v.Head+"\n")
		case "tampered":
			ok = native.Code == audit.CodeProblem && got.Head == ""
		case "scripted":
			ok = native.Code == audit.CodeScripted && got.Head == v.Head
		case "head only":
			ok = native.Code == audit.CodeOK && got.Head != "" && got.Head != v.Head
		case "not verified":
			ok = native.Code != audit.CodeOK
		case "rules changed":
			ok = native.Code == audit.CodeRulesChanged && got.Head != ""
		case "head given":
			ok = got.Head == v.Head && (native.Code == audit.CodeOK) == !strings.Contains(got.Text, "HEAD NOT FOUND")
		}
		if !ok {
			t.Errorf("%s: want %s, the page shows %q, head %q\n%s", v.Name, v.Want, got.Class, got.Head, got.Text)
		}
		count[v.Want]++
	}
	if errs := tb.errors(); len(errs) > 0 {
		t.Errorf("the verifier's page logged errors: %q", errs)
	}
	t.Logf("the verifier loaded in Chromium in %dms; %d files verified through its page in %s (slowest %dms), each as kaleun verify: %v",
		loaded.Milliseconds(), len(vectors), time.Since(start).Round(time.Millisecond), slowest.Milliseconds(), count)
}
