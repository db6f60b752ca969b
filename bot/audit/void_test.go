package audit_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/bot/audit/audittest"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/internal/auditvectors"
	"github.com/kaleun/kaleun/internal/testsize"
)

// playedWithUndos is a career with an undo every fifth decision
// (auditvectors.PlayedWithUndos).
func playedWithUndos(t *testing.T, decisions int, end bool) ([]byte, engine.Registry) {
	t.Helper()
	return auditvectors.PlayedWithUndos(t, decisions, end)
}

// voidEntries are the indexes of a file's void entries.
func voidEntries(t *testing.T, x *audit.Export) []int {
	t.Helper()
	var out []int
	for i, e := range x.Entries {
		var v audit.VoidEvent
		if json.Unmarshal(e.Event, &v) == nil && v.Kind == audit.KindVoid {
			out = append(out, i)
		}
	}
	return out
}

// forgeVoid changes one void entry of a copy of the file and re-hashes it
// from there, as a forger who rewrites the log from that entry on would.
func forgeVoid(t *testing.T, data []byte, at int, edit func(v *audit.Void) string) []byte {
	t.Helper()
	var x audit.Export
	json.Unmarshal(data, &x)
	var ve audit.VoidEvent
	json.Unmarshal(x.Entries[at].Event, &ve)
	text := edit(&ve.Void)
	raw, written := audit.VoidEntry(ve.Void)
	if text == "keep" { // a text the game master did not write
		var m map[string]any
		json.Unmarshal(raw, &m)
		m["text"] = written + " (nothing was discarded)"
		raw, _ = json.Marshal(m)
	}
	x.Entries[at].Event = raw
	audittest.Rehash(&x)
	out, _ := json.Marshal(&x)
	return out
}

// The audit export and verify replay undos exactly: a career with free
// undos and undos after dice verifies, counting both; every forged void —
// dropped, its decision, dice or faces changed, made free, its text changed,
// or put after the game's end — is rejected; and every generic forgery of
// the file (audittest) is too.
func TestVerifyReplaysUndosExactly(t *testing.T) {
	data, games := playedWithUndos(t, 80, true)
	r := audit.Verify(data, games)
	if !r.OK() || !r.Over || r.Undos < 5 || r.UndoneAfterDice == 0 || r.UndoneAfterDice == r.Undos {
		t.Fatalf("the career with undos: %+v", r)
	}
	t.Logf("%d undos, %d after dice, %d decisions", r.Undos, r.UndoneAfterDice, r.Decisions)
	var x audit.Export
	json.Unmarshal(data, &x)
	voids := voidEntries(t, &x)
	var withDice, free int = -1, -1
	for _, i := range voids {
		var ve audit.VoidEvent
		json.Unmarshal(x.Entries[i].Event, &ve)
		if ve.Void.AfterDice() && withDice < 0 {
			withDice = i
		}
		if !ve.Void.AfterDice() && free < 0 {
			free = i
		}
	}
	if withDice < 0 || free < 0 {
		t.Fatal("the career needs a free undo and one after dice")
	}
	forgeries := map[string][]byte{
		"a void after dice made free": forgeVoid(t, data, withDice, func(v *audit.Void) string { v.Dice, v.Faces = nil, nil; return "" }),
		"a discarded die dropped":     forgeVoid(t, data, withDice, func(v *audit.Void) string { v.Dice, v.Faces = v.Dice[1:], v.Faces[1:]; return "" }),
		"a discarded face changed":    forgeVoid(t, data, withDice, func(v *audit.Void) string { v.Faces[0] = v.Faces[0]%6 + 1; return "" }),
		"another decision named":      forgeVoid(t, data, free, func(v *audit.Void) string { v.Decision--; return "" }),
		"another undo number":         forgeVoid(t, data, free, func(v *audit.Void) string { v.N++; return "" }),
		"a consent nobody gave":       forgeVoid(t, data, free, func(v *audit.Void) string { v.Consent = "Kretschmer"; return "" }),
		"its text changed":            forgeVoid(t, data, withDice, func(v *audit.Void) string { return "keep" }),
	}
	for _, drop := range []int{free, withDice} {
		var y audit.Export
		json.Unmarshal(data, &y)
		y.Entries = append(y.Entries[:drop:drop], y.Entries[drop+1:]...)
		audittest.Rehash(&y)
		forgeries[fmt.Sprintf("the void at entry %d dropped", drop+1)], _ = json.Marshal(&y)
	}
	{ // an undo after the end: a copy of the last void moved behind the final reveal
		var y audit.Export
		json.Unmarshal(data, &y)
		last := y.Entries[voids[len(voids)-1]]
		last.Decision = y.Entries[len(y.Entries)-1].Decision
		y.Entries = append(y.Entries, last)
		audittest.Rehash(&y)
		forgeries["an undo after the end"], _ = json.Marshal(&y)
	}
	for name, forged := range forgeries {
		if r := audit.Verify(forged, games); r.Intact() {
			t.Errorf("%s: verifies", name)
		} else if !strings.Contains(r.Problems[0].String(), "entry") && !strings.Contains(r.Problems[0].String(), "logged") {
			t.Logf("%s: %s", name, r.Problems[0])
		}
	}
	// Every generic forgery of a running career with undos.
	running, _ := playedWithUndos(t, 40, false)
	rejected, tried := 0, 0
	seen := map[string]int{}
	for _, c := range audittest.Cases(running) {
		if c.HeadOnly || c.Scripted {
			continue
		}
		// Under -race (testsize) the first of each category and one in 15
		// after it, as in TestTamperTable: each is a whole replay on one
		// goroutine; .ci/test's pass without -race tries every one.
		n := seen[c.Category]
		seen[c.Category]++
		if testsize.Race && n%15 != 0 {
			continue
		}
		tried++
		if r := audit.Verify(c.Data, games); r.OK() {
			t.Errorf("%s: passes", c.Name)
		} else {
			rejected++
		}
	}
	t.Logf("%d of %d forgeries of a career with undos rejected", rejected, tried)
}
