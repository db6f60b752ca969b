package hunters

import (
	"fmt"
	"sync"
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
)

// The career outlook is worked out once per setup and rules (issue 28,
// item 8): asked again, through the rules or at a career's first decision,
// it costs no simulated career (a few allocations, where 10,000 careers
// make millions), and it reads the same.
func TestOutlookIsMemoised(t *testing.T) {
	r := NewRulesWithPack(pack(t))
	setup := []byte(`{"boat":"VIIC","start":"1943-02","kommandant":"Prien"}`)
	first, err := r.Outlook(setup, 1)
	if err != nil {
		t.Fatal(err)
	}
	var again string
	if allocs := testing.AllocsPerRun(3, func() { again, err = r.Outlook(setup, 1) }); allocs > 200 {
		t.Fatalf("the outlook asked again made %.0f allocations: it was worked out again", allocs)
	}
	if err != nil || again != first {
		t.Fatalf("the outlook asked again: %q %v, first %q", again, err, first)
	}
	// The career's first decision: its odds carry the same outlook, from
	// the rules' cache, in a state decoded as the bot decodes it.
	st, _, err := r.New(setup, dice.NewFast(1))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := st.Encode()
	dec, err := r.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	s := dec.(*State)
	if s.Decision != 0 {
		t.Fatalf("the career starts at decision %d", s.Decision)
	}
	var o string
	if allocs := testing.AllocsPerRun(3, func() { o, err = s.outlook(1) }); allocs > 200 {
		t.Fatalf("the first decision's outlook made %.0f allocations: it was worked out again", allocs)
	}
	if err != nil || o != first {
		t.Fatalf("the first decision's outlook %q %v, want %q", o, err, first)
	}
	odds, err := s.Odds("", engine.OddsBudget{Rollouts: 20, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if got := odds.Notes[len(odds.Notes)-1]; got != first {
		t.Fatalf("the first decision's odds end with %q, want the outlook %q", got, first)
	}
}

// Callers asking at once for an outlook not yet worked out wait for the one
// working it out; the cache keeps at most outlookCacheSize outlooks, the
// oldest going first, and another setup is another outlook.
func TestOutlookCacheSharesAndIsBounded(t *testing.T) {
	c := newOutlookCache()
	r := NewRulesWithPack(pack(t))
	su, err := r.ParseSetup([]byte(`{"boat":"VIIC"}`))
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	works := 0
	release := make(chan struct{})
	work := func() (string, error) {
		mu.Lock()
		works++
		mu.Unlock()
		<-release
		return "outlook", nil
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			if text, err := c.get(r.pack, su, work); text != "outlook" || err != nil {
				t.Errorf("got %q %v", text, err)
			}
		})
	}
	close(release)
	wg.Wait()
	if works != 1 {
		t.Fatalf("8 callers at once worked the outlook out %d times", works)
	}
	for i := range outlookCacheSize + 1 {
		other := su
		other.Kommandant = fmt.Sprint("K", i)
		if _, err := c.get(r.pack, other, func() (string, error) { return "x", nil }); err != nil {
			t.Fatal(err)
		}
	}
	if len(c.entries) != outlookCacheSize || len(c.order) != outlookCacheSize {
		t.Fatalf("the cache holds %d outlooks (%d in order), at most %d", len(c.entries), len(c.order), outlookCacheSize)
	}
	if _, ok := c.entries[outlookKey{r.pack, su}]; ok {
		t.Fatal("the oldest outlook is still kept")
	}
}
