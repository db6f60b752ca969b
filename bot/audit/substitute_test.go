package audit_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/bot/audit/audittest"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/internal/auditvectors"
)

// The handover is in the log, and verify replays it: the honest file is
// verified with its handover and its undo after it; a handover or an undo
// changed to what the game master would not have written, re-hashed end to
// end, is rejected, each for what it is.
func TestSubstituteEntriesVerifyAndForgeriesAreRejected(t *testing.T) {
	data, games := auditvectors.PlayedWithSubstitute(t)
	rep := audit.Verify(data, games)
	if !rep.OK() || rep.Substitutes != 1 || rep.Undos != 1 {
		t.Fatalf("the honest duel with a substitute: %+v", rep)
	}
	var x audit.Export
	json.Unmarshal(data, &x)
	at, voidAt := -1, -1
	for i, e := range x.Entries {
		var k struct{ Kind engine.EventKind }
		json.Unmarshal(e.Event, &k)
		switch {
		case k.Kind == audit.KindSubstitute:
			at = i
		case k.Kind == audit.KindVoid && at >= 0:
			voidAt = i
		}
	}
	if at < 0 || voidAt < 0 {
		t.Fatalf("the log has no handover (%d) or no undo after it (%d)", at, voidAt)
	}
	var sub audit.SubstituteEvent
	json.Unmarshal(x.Entries[at].Event, &sub)
	if s := sub.Substitute; s.From.Name != "Kretschmer" || s.To.Name != "Lemp" || len(s.By) != 2 || s.By[0].Name != "Prien" || s.By[1].Name != "Lemp" || len(s.Seats) != 1 {
		t.Fatalf("the handover's entry: %+v", s)
	}
	forge := func(name, want string, edit func(x *audit.Export)) {
		t.Helper()
		var y audit.Export
		json.Unmarshal(data, &y)
		edit(&y)
		audittest.Rehash(&y)
		b, _ := json.Marshal(&y)
		r := audit.Verify(b, games)
		if r.Intact() || !strings.Contains(r.Problems[0].Msg, want) {
			t.Errorf("%s: want a problem saying %q, got %v", name, want, r.Problems)
		}
	}
	resub := func(f func(s *audit.Substitute)) func(x *audit.Export) {
		return func(y *audit.Export) {
			s := sub.Substitute
			f(&s)
			y.Entries[at].Event, _ = audit.SubstituteEntry(s)
		}
	}
	forge("its text changed", "not what the game master writes", func(y *audit.Export) {
		y.Entries[at].Event = json.RawMessage(strings.Replace(string(y.Entries[at].Event), "takes over", "took over", 1))
	})
	forge("from another player than the seat's", "holds it since an earlier handover", func(y *audit.Export) {
		// A second handover, of the seat from Kretschmer again, as if he still held it.
		s := sub.Substitute
		s.N, s.To = 2, audit.Person{ID: "u4", Name: "Schepke"}
		e := y.Entries[len(y.Entries)-1]
		s.Decision = e.Decision
		e.Event, _ = audit.SubstituteEntry(s)
		e.Dice = nil
		y.Entries = append(y.Entries, e)
	})
	forge("numbered 2", "handover number", resub(func(s *audit.Substitute) { s.N = 2 }))
	forge("to himself", "from one player to another", resub(func(s *audit.Substitute) { s.To = s.From }))
	forge("decided by nobody", "names nobody", resub(func(s *audit.Substitute) { s.By = nil }))
	forge("of no seat", "passes no seat", resub(func(s *audit.Substitute) { s.Seats = nil }))
	forge("after another decision", "logged with decision", resub(func(s *audit.Substitute) { s.Decision++ }))
	forge("with a die", "dice numbered", func(y *audit.Export) { y.Entries[at].Dice = []int64{1} })
	forge("the undo by the replaced player", "but Lemp holds it since its handover", func(y *audit.Export) {
		var ve audit.VoidEvent
		json.Unmarshal(y.Entries[voidAt].Event, &ve)
		ve.Void.By = "Kretschmer"
		y.Entries[voidAt].Event, _ = audit.VoidEntry(ve.Void)
	})
}
