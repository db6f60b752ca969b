package audit_test

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/bot/audit/audittest"
	"github.com/kaleun/kaleun/internal/gamelist"
	"github.com/kaleun/kaleun/internal/web/wasmbuild"
)

// vector is one test file for the verifier built for the browser, with the
// options a reader gives and what the command must say of it.
type vector struct {
	name string
	data []byte
	opts audit.CheckOptions
	// want is what the file is: "honest" (verified, with head), "tampered"
	// (rejected), "scripted" (intact, its dice called chosen), "head only"
	// (a consistent log of another game: verified with another head),
	// "rules changed" (intact, played under other rules), "head given"
	// (the verdict on the head the reader gave); of format 1 forgeries,
	// "not verified" (any status but 0), or "unbound in format 1" (what
	// format 1 cannot tell: the two verifiers need only agree).
	want string
	head string // the head of the honest file it came from
}

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
	vectors := wasmVectors(t)
	cases := make([]wasmbuild.Case, len(vectors))
	for i, v := range vectors {
		file := filepath.Join(dir, fmt.Sprintf("v%04d.json", i))
		if err := os.WriteFile(file, v.data, 0o600); err != nil {
			t.Fatal(err)
		}
		cases[i] = wasmbuild.Case{File: file, Head: v.opts.Head, AllowScripted: v.opts.AllowScripted}
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
		native := audit.Check(v.data, games, v.opts)
		if a.Code != native.Code || a.Text != native.Text {
			t.Errorf("%s: the browser says (%d)\n%s\nkaleun verify says (%d)\n%s", v.name, a.Code, a.Text, native.Code, native.Text)
			continue
		}
		if a.Verified != (a.Code == audit.CodeOK) {
			t.Errorf("%s: verified %v with status %d", v.name, a.Verified, a.Code)
		}
		ok := false
		switch v.want {
		case "honest":
			ok = a.Code == audit.CodeOK && a.Head == v.head && strings.Contains(a.Text, "head: "+v.head+"\n")
		case "tampered":
			ok = a.Code == audit.CodeProblem && a.Head == ""
		case "scripted":
			ok = a.Code == audit.CodeScripted && a.Head == v.head
		case "head only":
			ok = a.Code == audit.CodeOK && a.Head != "" && a.Head != v.head
		case "not verified":
			ok = a.Code != audit.CodeOK
		case "unbound in format 1":
			ok = true // the agreement above is all there is to check
		case "rules changed":
			ok = a.Code == audit.CodeRulesChanged && a.Head != ""
		case "head given":
			ok = a.Head == v.head && (a.Code == audit.CodeOK) == !strings.Contains(a.Text, "HEAD NOT FOUND")
		}
		if !ok {
			t.Errorf("%s: want %s, got status %d, head %q\n%s", v.name, v.want, a.Code, a.Head, a.Text)
		}
		count[v.want]++
	}
	fi, _ := os.Stat(built.Wasm)
	t.Logf("verifier.wasm %d bytes (%s); %d files verified under Node in %.0f ms (slowest %.0f ms), each as kaleun verify: %v",
		fi.Size(), built.GoVersion, len(vectors), run.TotalMillis, slowest, count)
}

// wasmVectors are the files of the table: the command's test vectors.
func wasmVectors(t *testing.T) []vector {
	t.Helper()
	headOf := func(data []byte) string {
		var x audit.Export
		json.Unmarshal(data, &x)
		return x.Head
	}
	var vs []vector
	honest := func(name string, data []byte, want string) {
		vs = append(vs, vector{name: name, data: data, want: want, head: headOf(data)})
	}
	forged := func(name string, data []byte) {
		head := headOf(data)
		for _, c := range audittest.Sample(data) {
			v := vector{name: name + ", " + c.Category + ": " + c.Name, data: c.Data, want: "tampered", head: head}
			switch {
			case c.HeadOnly:
				v.want = "head only"
			case c.Scripted:
				v.want = "scripted"
				v.head = headOf(c.Data)
			}
			vs = append(vs, v)
		}
	}
	for _, name := range []string{"v1-terminal-running.json", "v1-chat-abandoned.json", "career-before-load-order.json", "duel-before-load-order.json"} {
		honest(name, readFixture(t, name), "honest")
	}
	scriptedV1 := readFixture(t, "v1-terminal-scripted.json")
	honest("v1-terminal-scripted.json", scriptedV1, "scripted")
	vs = append(vs, vector{name: "v1-terminal-scripted.json, --allow-scripted", data: scriptedV1, opts: audit.CheckOptions{AllowScripted: true}, want: "honest", head: headOf(scriptedV1)})
	// Format 1 forgeries, as TestFormatOneFilesStillVerify tries them:
	// format 1 binds neither the game's id, its creation time nor its
	// surface, and a replay that parts from a log that names no rules
	// version is told as a change of the rules (status 4): never verified.
	v1 := readFixture(t, "v1-chat-abandoned.json")
	for _, c := range audittest.Cases(v1, "relabel the game", "flip over", "drop the reveal", "swap decisions", "seeded to scripted") {
		v := vector{name: "v1-chat-abandoned.json, " + c.Category + ": " + c.Name, data: c.Data, want: "not verified", head: headOf(v1)}
		if strings.HasPrefix(c.Name, "the game id") || strings.HasPrefix(c.Name, "the creation time") || c.Name == "the surface" || c.Scripted || c.HeadOnly {
			v.want = "unbound in format 1"
		}
		vs = append(vs, v)
	}

	finished, _ := finishedCareer(t, 9)
	running, _ := played(t, script{decisions: 30, entropy: []string{"Prien"}, revealAt: 10})
	undos, _ := playedWithUndos(t, 40, false)
	scripted := playedScripted(t, 40)
	honest("a finished chat career", finished, "honest")
	honest("a running chat career", running, "honest")
	honest("a career with undos", undos, "honest")
	substituted, _ := playedWithSubstitute(t)
	honest("a duel with a substitute", substituted, "honest")
	forged("the duel with a substitute", substituted)
	honest("a scripted terminal game", scripted, "scripted")
	vs = append(vs, vector{name: "a scripted terminal game, --allow-scripted", data: scripted, opts: audit.CheckOptions{AllowScripted: true}, want: "honest", head: headOf(scripted)})
	forged("the finished career", finished)
	forged("the running career", running)
	for _, re := range audittest.Reencodings() {
		if !re.Available() {
			continue
		}
		out, err := re.Do(finished)
		if err != nil {
			t.Fatal(err)
		}
		honest("the finished career, "+re.Name, out, "honest")
	}

	// The head as a reader gives it: whole, a prefix, an earlier entry's,
	// one of no entry.
	var x audit.Export
	json.Unmarshal(finished, &x)
	for name, head := range map[string]string{"its head": x.Head, "its head's first 12": x.Head[:12], "entry 10's hash": x.Entries[9].Hash[:16], "no entry's hash": "0123456789ab"} {
		vs = append(vs, vector{name: "the finished career, --head " + name, data: finished, opts: audit.CheckOptions{Head: head}, want: "head given", head: x.Head})
	}

	// Played under another reading of the rules; the same change under this
	// one's is a changed log (cmd/kaleun's TestVerifyTellsARulesChangeFromAChangedLog).
	vs = append(vs, vector{name: "a note reworded under rules hunters/0", data: reworded(t, running, "hunters/0"), want: "rules changed"})
	vs = append(vs, vector{name: "a note reworded under this kaleun's rules", data: reworded(t, running, ""), want: "tampered"})

	// A face edited in the file's text, not re-hashed (cmd/kaleun's
	// TestAuditAndVerifyCommands), and files that are no audit file.
	text := string(finished)
	at := strings.Index(text, `"faces":[`) + len(`"faces":[`)
	face := map[byte]string{'1': "2", '2': "3", '3': "4", '4': "5", '5': "6", '6': "1"}[text[at]]
	if at < len(`"faces":[`) || face == "" {
		t.Fatal("no die face to change in the finished career")
	}
	vs = append(vs, vector{name: "a face changed in the text", data: []byte(text[:at] + face + text[at+1:]), want: "tampered"})
	for name, data := range map[string]string{"garbage": "{not json", "nothing": "", "a JSON array": "[]", "a member twice": strings.Replace(text, `"over":true`, `"over":true,"over":false`, 1)} {
		vs = append(vs, vector{name: name, data: []byte(data), want: "tampered"})
	}
	return vs
}

// reworded is a log whose last note is worded otherwise, its first entry
// naming rules version (none: left as logged), re-hashed end to end.
func reworded(t *testing.T, data []byte, version string) []byte {
	t.Helper()
	var x audit.Export
	json.Unmarshal(data, &x)
	var ge audit.GenesisEvent
	json.Unmarshal(x.Entries[0].Event, &ge)
	if version != "" {
		ge.Genesis.Rules = version
		x.Entries[0].Event, _ = audit.EncodeGenesis(ge.Genesis)
	}
	for i := len(x.Entries) - 1; i > 0; i-- {
		var ev map[string]any
		json.Unmarshal(x.Entries[i].Event, &ev)
		if ev["kind"] == "note" {
			ev["text"] = "(reworded) " + ev["text"].(string)
			x.Entries[i].Event, _ = json.Marshal(ev)
			audittest.Rehash(&x)
			b, _ := json.Marshal(&x)
			return b
		}
	}
	t.Fatal("no note to reword")
	return nil
}
