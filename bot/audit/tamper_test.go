package audit_test

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/bot/audit/audittest"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/internal/auditvectors"
	"github.com/kaleun/kaleun/internal/testsize"
)

// finishedCareer is a finished career of 30 to 80 decisions
// (auditvectors.FinishedCareer).
func finishedCareer(t *testing.T, revealAt int) ([]byte, engine.Registry) {
	t.Helper()
	return auditvectors.FinishedCareer(t, revealAt)
}

// tally counts forgeries by category.
type tally struct {
	tried, rejected map[string]int
}

func (t tally) String() string {
	var cats []string
	for c := range t.tried {
		cats = append(cats, c)
	}
	sort.Strings(cats)
	var b strings.Builder
	total, rejected := 0, 0
	for _, c := range cats {
		fmt.Fprintf(&b, "\n  %-22s %4d tried, %4d rejected", c, t.tried[c], t.rejected[c])
		total += t.tried[c]
		rejected += t.rejected[c]
	}
	return fmt.Sprintf("tamper cases tried %d, rejected %d:%s", total, rejected, b.String())
}

// Every forgery audittest knows, re-hashed end to end, on a finished chat
// career (entropy, a mid-game reveal, its end revealing the last seed) and
// on a running one (its last seed not revealed): each is rejected, except
// the two kinds only the head posted in the channel can tell (a log cut at
// a decision, a game relabelled from its first entry on), which verify
// accepts with another head, and a seeded game consistently rewritten as a
// script, which verify calls chosen dice. Every faithful re-encoding of
// both files is accepted.
func TestTamperTable(t *testing.T) {
	finished, games := finishedCareer(t, 9)
	running, _ := played(t, script{decisions: 30, entropy: []string{"Prien"}, revealAt: 10})
	tal := tally{map[string]int{}, map[string]int{}}
	headOnly, chosen := 0, 0
	for name, data := range map[string][]byte{"finished": finished, "running": running} {
		var x audit.Export
		json.Unmarshal(data, &x)
		if name == "finished" && (!x.Over || x.Version != 2) || name == "running" && x.Over {
			t.Fatalf("the %s game is not what this test needs: over %v, version %d", name, x.Over, x.Version)
		}
		if r := audit.Verify(data, games); !r.OK() {
			t.Fatalf("the %s game does not verify: %v", name, r.Problems)
		}
		seen := map[string]int{}
		for _, c := range audittest.Cases(data) {
			// Under -race (testsize) the first forgery of each category and
			// one in 15 after it: the race detector slows every replay
			// tenfold, and a replay is one goroutine; .ci/test's pass
			// without -race tries them all.
			n := seen[c.Category]
			seen[c.Category]++
			if testsize.Race && n%15 != 0 {
				continue
			}
			r := audit.Verify(c.Data, games)
			switch {
			case c.HeadOnly:
				if !r.OK() || r.Head == x.Head {
					t.Errorf("%s game, %s: a consistent log of another game, expected to pass with another head: %+v", name, c.Name, r)
				}
				headOnly++
				continue
			case c.Scripted:
				if !r.Intact() || !r.Scripted || r.OK() {
					t.Errorf("%s game, %s: want a file of chosen dice, called so: %+v", name, c.Name, r)
				}
				chosen++
			case r.Intact():
				t.Errorf("%s game, %s: the forgery passes: %+v", name, c.Name, r)
			}
			tal.tried[c.Category]++
			if !r.OK() {
				tal.rejected[c.Category]++
			}
		}
	}
	if testsize.Race {
		t.Log("under the race detector, the first forgery of each category and one in 15 after it are tried")
	}
	t.Log(tal)
	t.Logf("of the rejected, %d consistent seeded-to-scripted forgeries are intact files reported as chosen dice (verify exits %d on them)", chosen, 3)
	t.Logf("consistent forgeries only the head catches (accepted, with another head): %d", headOnly)

	tried, accepted := 0, 0
	for name, data := range map[string][]byte{"finished": finished, "running": running} {
		for _, re := range audittest.Reencodings() {
			if !re.Available() {
				t.Logf("%s is not installed here: %q not tried", re.Tool, re.Name)
				continue
			}
			out, err := re.Do(data)
			if err != nil {
				t.Fatal(err)
			}
			tried++
			if r := audit.Verify(out, games); r.OK() && audittest.SameContent(out, data) {
				accepted++
			} else {
				t.Errorf("%s game, %s: a faithful re-encoding fails: %v", name, re.Name, r.Problems)
			}
		}
	}
	t.Logf("faithful re-encodings tried %d, accepted %d", tried, accepted)
}

// Format 1 files, made by the code before format 2, still verify; so do
// their re-encodings that keep each object's members in order (jq and
// Python by default). Re-encodings that sort keys do not: format 1 hashed
// the bytes Go wrote, in its field order.
func TestFormatOneFilesStillVerify(t *testing.T) {
	games := hunterGames(t)
	kept, keptOK, sorted, sortedOK := 0, 0, 0, 0
	for _, name := range []string{"v1-terminal-running.json", "v1-chat-abandoned.json", "v1-terminal-scripted.json"} {
		data := readFixture(t, name)
		r := audit.Verify(data, games)
		if !r.Intact() || r.Version != 1 || r.Checked+r.Matched != r.Dice || r.Dice == 0 {
			t.Fatalf("%s: %+v", name, r)
		}
		if name == "v1-chat-abandoned.json" && (!r.Over || !r.OK()) {
			t.Fatalf("%s: an abandoned game, its seeds revealed: %+v", name, r)
		}
		for _, re := range audittest.Reencodings() {
			if !re.Available() {
				continue
			}
			out, err := re.Do(data)
			if err != nil {
				t.Fatal(err)
			}
			r := audit.Verify(out, games)
			if re.KeepsOrder != r.Intact() {
				t.Errorf("%s, %s (keeps order: %v): %v", name, re.Name, re.KeepsOrder, r.Problems)
			}
			if re.KeepsOrder {
				kept++
				keptOK += map[bool]int{true: 1}[r.Intact()]
			} else {
				sorted++
				sortedOK += map[bool]int{true: 1}[r.Intact()]
			}
		}
	}
	t.Logf("format 1: re-encodings keeping member order tried %d, accepted %d; re-sorting keys tried %d, accepted %d", kept, keptOK, sorted, sortedOK)
	// What format 1 cannot bind, and what it now can.
	data := readFixture(t, "v1-chat-abandoned.json")
	for _, c := range audittest.Cases(data, "relabel the game", "flip over", "drop the reveal", "swap decisions", "seeded to scripted") {
		r := audit.Verify(c.Data, games)
		unbound := strings.HasPrefix(c.Name, "the game id") || strings.HasPrefix(c.Name, "the creation time") || c.Name == "the surface" || c.Scripted || c.HeadOnly
		if !unbound && r.OK() {
			t.Errorf("format 1, %s: passes", c.Name)
		}
	}
}
