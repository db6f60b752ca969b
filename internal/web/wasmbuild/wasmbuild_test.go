package wasmbuild

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The build and its Node run, on three inputs: a format 1 file of the
// command's test data verifies with the file's head; garbage is not an
// audit file; a head that is not hex is refused before anything is read.
// (bot/audit's TestWasmVerifierAgreesWithTheCommand runs every test vector.)
func TestBuildRunsUnderNode(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: the verifier built for the browser is not run here (Debian: apt-get install nodejs)")
	}
	dir := t.TempDir()
	b, err := Build(t.Context(), dir)
	if err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(b.Wasm)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("verifier.wasm: %d bytes, built by %s", fi.Size(), b.GoVersion)
	fixture := filepath.Join("..", "..", "..", "bot", "audit", "testdata", "v1-terminal-running.json")
	var x struct{ Head string }
	data, err := os.ReadFile(fixture)
	if err != nil {
		t.Fatal(err)
	}
	json.Unmarshal(data, &x)
	garbage := filepath.Join(dir, "garbage.json")
	os.WriteFile(garbage, []byte("{not json"), 0o600)
	run, err := RunNode(t.Context(), node, b, dir, []Case{{File: fixture}, {File: garbage}, {File: fixture, Head: "not-a-head"}})
	if err != nil {
		t.Fatal(err)
	}
	a := run.Answers
	if a[0].Code != 0 || !a[0].Verified || a[0].Head != x.Head || !strings.HasPrefix(a[0].Text, "ok: game ") {
		t.Errorf("the fixture: %+v", a[0])
	}
	if a[1].Code != 1 || a[1].Verified || a[1].Head != "" || !strings.Contains(a[1].Text, "not an audit file") {
		t.Errorf("garbage: %+v", a[1])
	}
	if a[2].Code != 2 || !strings.Contains(a[2].Text, "hex digits") {
		t.Errorf("a bad head: %+v", a[2])
	}
}
