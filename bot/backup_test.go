package bot

import (
	"context"
	"strings"
	"testing"
)

// The backup command: server managers only, and only where the operator
// configured backups; the copy stays on the operator's disk.
func TestBackupCommandIsForManagersOfABotThatMakesBackups(t *testing.T) {
	svc, _ := newService(t)
	r, err := svc.Command(t.Context(), here, manager, "hunters", "backup", nil)
	if err != nil || len(r.Private) != 1 || !strings.Contains(r.Private[0].Text, "[backup] dir") {
		t.Fatalf("no backups configured: %+v %v", r, err)
	}
	asked := 0
	svc.backup = func(context.Context) (string, error) {
		asked++
		return "Backup written and checked: kaleun-x-asked.db", nil
	}
	r, _ = svc.Command(t.Context(), here, prien, "hunters", "backup", nil)
	if asked != 0 || len(r.Private) != 1 || !strings.Contains(r.Private[0].Text, "Only a server manager") {
		t.Fatalf("a player asked: %+v", r)
	}
	r, _ = svc.Command(t.Context(), here, manager, "hunters", "backup", nil)
	if asked != 1 || len(r.Public) != 0 || !strings.Contains(r.Private[0].Text, "kaleun-x-asked.db") {
		t.Fatalf("a manager asked: %+v", r)
	}
}
