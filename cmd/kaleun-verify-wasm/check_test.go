package main

import (
	"os"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/internal/gamelist"
	"github.com/kaleun/kaleun/internal/safefile"
)

// check is kaleun verify's verdict (bot/audit.Check) with the command's
// limits on its input: a head that is no head and a file over the audit
// limit are refused (status 2, the command's usage error) before anything
// is checked; a head is taken in any case, as --head takes it; the head
// is returned only for an intact file.
func TestCheckIsTheCommandsVerdict(t *testing.T) {
	games, err := gamelist.Registry()
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile("../../bot/audit/testdata/v1-chat-abandoned.json")
	if err != nil {
		t.Fatal(err)
	}
	native := audit.Check(data, games, audit.CheckOptions{})
	r := check(data, "", false, games)
	if r.Code != 0 || r.Text != native.Text || r.Head != native.Report.Head || r.Head == "" || r.GameID != "v1chat" {
		t.Fatalf("%+v", r)
	}
	if r := check(data, " "+strings.ToUpper(native.Report.Head[:12])+" ", false, games); r.Code != 0 || !strings.Contains(r.Text, "is this file's head") {
		t.Fatalf("a head as pasted: %+v", r)
	}
	for _, head := range []string{"0123", "not-hex-at-all!", strings.Repeat("a", 65)} {
		if r := check(data, head, false, games); r.Code != 2 || r.Head != "" {
			t.Errorf("head %q: %+v", head, r)
		}
	}
	if r := check(make([]byte, safefile.AuditLimit+1), "", false, games); r.Code != 2 || !strings.Contains(r.Text, "larger than 64 MiB") {
		t.Errorf("a file over the limit: %+v", r)
	}
	if r := check(append([]byte(nil), data[:len(data)/2]...), "", false, games); r.Code != 1 || r.Head != "" {
		t.Errorf("half a file: %+v", r)
	}
}
