package hunters

import (
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
)

// A career that undid decisions after seeing their dice carries the mark to
// its end (issue 18): the end's summary says it, and its fields have it
// under "undone" with its words; a career with none carries no mark.
func TestTheEndCarriesTheUndoMark(t *testing.T) {
	s := bare(t, "VIIC", "1941-03", "")
	s.Career.Fate = "survived"
	clean := s.outcome("draw")
	if strings.Contains(clean.Summary, "Marked") || fieldNamed(clean.Fields, "undone") != nil {
		t.Fatalf("an unmarked career's end: %q %+v", clean.Summary, clean.Fields)
	}
	s.Career.Undone = 2
	o := s.outcome("draw")
	if !strings.HasSuffix(o.Summary, " Marked: 2 decisions undone after dice were seen.") {
		t.Fatalf("the end's summary: %q", o.Summary)
	}
	f := fieldNamed(o.Fields, "undone")
	if f == nil || f.Value != "2" || f.Label != "Undone" || f.Text != "2 decisions undone after dice were seen" {
		t.Fatalf("the end's undone field: %+v", f)
	}
	s.Career.Undone = 1
	if !strings.Contains(s.outcome("draw").Summary, "Marked: 1 decision undone after dice were seen.") {
		t.Fatal("one undo after dice is one decision")
	}
}

func fieldNamed(fs []engine.Field, name string) *engine.Field {
	for i := range fs {
		if fs[i].Name == name {
			return &fs[i]
		}
	}
	return nil
}
