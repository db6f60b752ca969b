package audit_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/internal/auditvectors"
	"github.com/kaleun/kaleun/internal/gamelist"
	"github.com/kaleun/kaleun/internal/web/wasmbuild"
)

// The verifier built for the browser (cmd/kaleun-verify-wasm, GOOS=js
// GOARCH=wasm), run under Node as the page runs it, agrees with kaleun
// verify on the command's own test vectors: the format 1 and older files of
// testdata, a finished and a running chat career, a scripted terminal game,
// a career with undos, a game played under rules read otherwise, their
// faithful re-encodings, and the first, a middle and the last forgery of
// each kind audittest knows (as the binary's test tries them), with the
// head given right, earlier and wrong, and scripted dice accepted. On each
// it returns the very verdict, text and status of bot/audit.Check (what
// kaleun verify prints), and the head it computed is the honest file's
// head, another for a consistent log of another game, none for a rejected
// file.
func TestWasmVerifierAgreesWithTheCommand(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: the verifier built for the browser is not run here (Debian: apt-get install nodejs; CI has it)")
	}
	games, err := gamelist.Registry()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	built, err := wasmbuild.Build(t.Context(), dir) // once for the whole table
	if err != nil {
		t.Fatal(err)
	}
	vectors := auditvectors.Vectors(t, "testdata")
	cases := make([]wasmbuild.Case, len(vectors))
	for i, v := range vectors {
		file := filepath.Join(dir, fmt.Sprintf("v%04d.json", i))
		if err := os.WriteFile(file, v.Data, 0o600); err != nil {
			t.Fatal(err)
		}
		cases[i] = wasmbuild.Case{File: file, Head: v.Opts.Head, AllowScripted: v.Opts.AllowScripted}
	}
	run, err := wasmbuild.RunNode(t.Context(), node, built, dir, cases)
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	slowest := 0.0
	for i, v := range vectors {
		a := run.Answers[i]
		slowest = max(slowest, a.Millis)
		native := audit.Check(v.Data, games, v.Opts)
		if a.Code != native.Code || a.Text != native.Text {
			t.Errorf("%s: the browser says (%d)\n%s\nkaleun verify says (%d)\n%s", v.Name, a.Code, a.Text, native.Code, native.Text)
			continue
		}
		if a.Verified != (a.Code == audit.CodeOK) {
			t.Errorf("%s: verified %v with status %d", v.Name, a.Verified, a.Code)
		}
		ok := false
		switch v.Want {
		case "honest":
			ok = a.Code == audit.CodeOK && a.Head == v.Head && strings.Contains(a.Text, "head: "+v.Head+"\n")
		case "tampered":
			ok = a.Code == audit.CodeProblem && a.Head == ""
		case "scripted":
			ok = a.Code == audit.CodeScripted && a.Head == v.Head
		case "head only":
			ok = a.Code == audit.CodeOK && a.Head != "" && a.Head != v.Head
		case "not verified":
			ok = a.Code != audit.CodeOK
		case "unbound in format 1":
			ok = true // the agreement above is all there is to check
		case "rules changed":
			ok = a.Code == audit.CodeRulesChanged && a.Head != ""
		case "head given":
			ok = a.Head == v.Head && (a.Code == audit.CodeOK) == !strings.Contains(a.Text, "HEAD NOT FOUND")
		}
		if !ok {
			t.Errorf("%s: want %s, got status %d, head %q\n%s", v.Name, v.Want, a.Code, a.Head, a.Text)
		}
		count[v.Want]++
	}
	fi, _ := os.Stat(built.Wasm)
	t.Logf("verifier.wasm %d bytes (%s); %d files verified under Node in %.0f ms (slowest %.0f ms), each as kaleun verify: %v",
		fi.Size(), built.GoVersion, len(vectors), run.TotalMillis, slowest, count)
}
