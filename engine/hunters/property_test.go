package hunters

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
	"github.com/kaleun/kaleun/internal/testsize"
)

// invariants checks what must hold in every state of every career.
func invariants(s *State) error {
	b := &s.Boat
	m := s.mat()
	for _, n := range []int{b.FwdA, b.FwdE, b.AftA, b.AftE, b.Ammo, b.ShaftMines, b.Hull, b.Flooding} {
		if n < 0 {
			return fmt.Errorf("negative count in %+v", b)
		}
	}
	if b.FwdA+b.FwdE > m.Reloads.Forward || b.AftA+b.AftE > m.Reloads.Aft {
		return fmt.Errorf("reloads over capacity: %+v", b)
	}
	if m.DeckGun != nil && b.Ammo > m.DeckGun.Ammo {
		return fmt.Errorf("ammo %d over capacity", b.Ammo)
	}
	if s.Over == nil && (b.Hull >= m.HullSpaces || b.Flooding >= m.FloodingSpaces) {
		return fmt.Errorf("afloat with hull %d/%d flooding %d/%d", b.Hull, m.HullSpaces, b.Flooding, m.FloodingSpaces)
	}
	for i, st := range b.Sys {
		if st > Inoperable || (!b.Aboard[i] && st != OK) {
			return fmt.Errorf("system %d status %d aboard %v", i, st, b.Aboard[i])
		}
	}
	if len(b.Fwd) != m.Tubes.Forward || len(b.Aft) != m.Tubes.Aft {
		return fmt.Errorf("tube count changed")
	}
	return nil
}

// Thousands of seeded careers with random legal choices: the invariants hold
// after every decision, dates never go back, every career ends by June 1943,
// and a decoded copy of a mid-career state plays on identically.
func TestPropertiesOverSeededCareers(t *testing.T) {
	n := testsize.Scale(3000, 100)
	if testing.Short() && n > 300 {
		n = 300
	}
	r := NewRulesWithPack(pack(t))
	boats := []string{"VIIA", "VIIB", "VIIC", "VIID", "VIIC_Flak", "IXA", "IXB", "IXC"}
	ruleSets := []string{"", "4.5.2,14.1,14.2,14.3,14.6,14.7,14.8,14.9,14.10,14.11", "diesel_repair=inoperable_at_once,viid_tracks=mat,air_attack_injuries=per_encounter"}
	for i := 0; i < n; i++ {
		d := dice.NewFast(uint64(i) * 7919)
		choose := dice.NewFast(uint64(i) + 1)
		su, err := r.ParseSetup([]byte(fmt.Sprintf(`{"boat":%q,"rules":%q}`, boats[i%len(boats)], ruleSets[i%len(ruleSets)])))
		if err != nil {
			t.Fatal(err)
		}
		s, _, err := r.Start(su, d, false)
		if err != nil {
			t.Fatal(err)
		}
		last := s.Career.Month
		for step := 0; s.Over == nil; step++ {
			opts := s.Pending().Options
			var key string
			if i%2 == 0 {
				key = Command(s)
			} else {
				k, _ := choose.Roll(len(opts))
				key = opts[k-1].Key
			}
			if _, err := s.ApplyInPlace(engine.Choice{Key: key}, d, false); err != nil {
				t.Fatalf("career %d step %d: %v", i, step, err)
			}
			if err := invariants(s); err != nil {
				t.Fatalf("career %d step %d (%s): %v", i, step, s.Phase, err)
			}
			if s.Career.Month < last {
				t.Fatalf("career %d: month went back from %s to %s", i, last, s.Career.Month)
			}
			last = s.Career.Month
			if step > 50000 {
				t.Fatalf("career %d never ends", i)
			}
		}
		if s.Career.Month > lastMonth {
			t.Fatalf("career %d ended in %s, after June 1943", i, s.Career.Month)
		}
		for _, row := range s.Career.Log {
			if row.Mark == "patrol" && row.Month > lastMonth {
				t.Fatalf("career %d patrolled in %s", i, row.Month)
			}
		}
	}
}

// Illegal choices are refused with an error and leave the state unchanged;
// a saved state decodes and plays on exactly like the original.
func TestIllegalChoicesChangeNothingAndStatesRoundTrip(t *testing.T) {
	r := NewRulesWithPack(pack(t))
	for seed := uint64(1); seed <= uint64(testsize.Scale(30, 3)); seed++ {
		d := dice.NewFast(seed)
		st, _, err := r.New([]byte(`{"boat":"IXB","rules":"14.6,14.8"}`), d)
		if err != nil {
			t.Fatal(err)
		}
		for step := 0; step < 150 && st.Outcome() == nil; step++ {
			before, _ := st.Encode()
			p := st.Pending()
			for _, bad := range []engine.Choice{{Key: "no-such-option"}, {Key: ""}, {Key: p.Options[0].Key, Token: "999999"}} {
				_, _, err := st.Apply(bad, d)
				if err == nil || !(errors.Is(err, engine.ErrIllegalChoice) || errors.Is(err, engine.ErrStaleToken)) {
					t.Fatalf("choice %+v: got %v", bad, err)
				}
				after, _ := st.Encode()
				if !bytes.Equal(before, after) {
					t.Fatalf("a refused choice changed the state")
				}
			}
			// Round trip: the decoded copy takes the same decision to the same state.
			copyState, err := r.Decode(before)
			if err != nil {
				t.Fatal(err)
			}
			key := Command(st.(*State))
			cursorDice := func() engine.Dice { return dice.NewFast(seed*1000 + uint64(step)) }
			a, _, err := st.Apply(engine.Choice{Key: key, Token: p.Token}, cursorDice())
			if err != nil {
				t.Fatal(err)
			}
			b, _, err := copyState.Apply(engine.Choice{Key: key, Token: p.Token}, cursorDice())
			if err != nil {
				t.Fatal(err)
			}
			ea, _ := a.Encode()
			eb, _ := b.Encode()
			if !bytes.Equal(ea, eb) {
				t.Fatalf("seed %d step %d: the decoded copy diverged", seed, step)
			}
			st = a
		}
	}
	if _, err := r.Decode([]byte(`{"schema":99}`)); err == nil {
		t.Fatal("a future schema must be refused")
	}
	if _, err := r.Decode([]byte(`not json`)); err == nil {
		t.Fatal("garbage must be refused")
	}
}

// Simulation skips texts and reuses buffers (pending options, the combat
// mat); it must still reach exactly the state the recorded path reaches.
func TestSimulatedAndRecordedCareersAgree(t *testing.T) {
	r := NewRulesWithPack(pack(t))
	for seed := uint64(1); seed <= 60; seed++ {
		su, err := r.ParseSetup([]byte(`{"boat":"IXB","start":"1940-06","rules":"14.6,14.7,14.8"}`))
		if err != nil {
			t.Fatal(err)
		}
		fd, rd := dice.NewFast(seed), dice.NewFast(seed)
		fast, _, err := r.Start(su, fd, false)
		if err != nil {
			t.Fatal(err)
		}
		recorded, _, err := r.Start(su, rd, true)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; fast.Over == nil; i++ {
			key := Command(fast)
			if _, err := fast.ApplyInPlace(engine.Choice{Key: key}, fd, false); err != nil {
				t.Fatal(err)
			}
			if _, err := recorded.ApplyInPlace(engine.Choice{Key: key}, rd, true); err != nil {
				t.Fatalf("seed %d decision %d: the recorded path refuses %q: %v", seed, i, key, err)
			}
		}
		a, _ := fast.Encode()
		b, _ := recorded.Encode()
		if string(a) != string(b) {
			t.Fatalf("seed %d: the simulated and recorded careers end in different states", seed)
		}
	}
}

// TestRestartedCareersMatchFreshOnes holds the recycling of a simulated
// career's buffers to its promise: a career restarted in a used state, after
// careers of other boats, dates and rules, ends exactly as a fresh one.
func TestRestartedCareersMatchFreshOnes(t *testing.T) {
	r := NewRulesWithPack(pack(t))
	setups := []string{
		`{"boat":"VIIC","start":"1940-10"}`,
		`{"boat":"IXB","start":"1940-06","rules":"14.6,14.7,14.8"}`,
		`{"boat":"VIID","start":"1942-01","rules":"14.3,14.9"}`,
		`{"boat":"VIIA","start":"1939-09","rules":"4.5.2,14.2"}`,
	}
	used := &State{pack: r.pack}
	for seed := uint64(1); seed <= 40; seed++ {
		su, err := r.ParseSetup([]byte(setups[seed%uint64(len(setups))]))
		if err != nil {
			t.Fatal(err)
		}
		fd, rd := dice.NewFast(seed), dice.NewFast(seed)
		fresh, _, err := r.Start(su, fd, false)
		if err != nil {
			t.Fatal(err)
		}
		if err := r.Restart(used, su, rd); err != nil {
			t.Fatal(err)
		}
		for fresh.Over == nil {
			key := Command(fresh)
			if _, err := fresh.ApplyInPlace(engine.Choice{Key: key}, fd, false); err != nil {
				t.Fatal(err)
			}
			if _, err := used.ApplyInPlace(engine.Choice{Key: key}, rd, false); err != nil {
				t.Fatalf("seed %d: the restarted career refuses %q: %v", seed, key, err)
			}
		}
		a, _ := fresh.Encode()
		b, _ := used.Encode()
		if string(a) != string(b) {
			t.Fatalf("seed %d: a restarted career ends unlike a fresh one\nfresh:     %.300s\nrestarted: %.300s", seed, a, b)
		}
	}
}

// TestRolloutsFromMidGameStatesAgree extends the agreement of the simulated
// and recorded paths to rollouts: a state of a recorded career, copied by
// the simulator (copyFrom, into one state reused for every rollout) and
// played on quietly by the built-in commander, ends exactly where the
// recorded path ends from the same state with the same dice; the copy
// encodes as its source does, and playing it never changes the source.
func TestRolloutsFromMidGameStatesAgree(t *testing.T) {
	r := NewRulesWithPack(pack(t))
	setups := []string{
		`{"boat":"IXB","start":"1940-06","rules":"14.6,14.7,14.8"}`,
		`{"boat":"VIIC","start":"1941-03","rules":"14.1,14.9,14.11"}`,
		`{"boat":"VIID","start":"1942-01","rules":"14.3,14.9,viid_tracks=mat"}`,
		`{"boat":"VIIA","start":"1939-09","rules":"4.5.2,14.2,14.4"}`,
		`{"boat":"VIIC_Flak","start":"1943-05","rules":"14.7,diesel_repair=inoperable_at_once"}`,
	}
	rollout := &State{pack: r.pack}
	rollouts := 0
	for seed := uint64(1); seed <= 25; seed++ {
		su, err := r.ParseSetup([]byte(setups[seed%uint64(len(setups))]))
		if err != nil {
			t.Fatal(err)
		}
		su.Settings.TwoPlayer = seed%4 == 0 // the enemy's Roll prompts and secret picks too
		d := dice.NewFast(seed)
		src, _, err := r.Start(su, d, true)
		if err != nil {
			t.Fatal(err)
		}
		for step := 0; src.Over == nil; step++ {
			if step%23 == 7 {
				before, _ := src.Encode()
				rollout.copyFrom(src)
				if got, _ := rollout.Encode(); string(got) != string(before) {
					t.Fatalf("seed %d step %d: the copy encodes otherwise than its source\nsource: %.400s\ncopy:   %.400s", seed, step, before, got)
				}
				dd := seed*100_000 + uint64(step)
				if err := rollout.play(dice.NewFast(dd), nil); err != nil {
					t.Fatalf("seed %d step %d: %v", seed, step, err)
				}
				if after, _ := src.Encode(); string(after) != string(before) {
					t.Fatalf("seed %d step %d: playing the copy changed its source", seed, step)
				}
				recorded, err := r.Decode(before)
				if err != nil {
					t.Fatal(err)
				}
				rs, rd := recorded.(*State), dice.NewFast(dd)
				for rs.Over == nil {
					if _, err := rs.ApplyInPlace(engine.Choice{Key: Command(rs)}, rd, true); err != nil {
						t.Fatalf("seed %d step %d: %v", seed, step, err)
					}
				}
				a, _ := rollout.Encode()
				b, _ := rs.Encode()
				if string(a) != string(b) {
					t.Fatalf("seed %d step %d: the rollout and the recorded path end in different states\nrollout:  %.400s\nrecorded: %.400s", seed, step, a, b)
				}
				rollouts++
			}
			if _, err := src.ApplyInPlace(engine.Choice{Key: Command(src)}, d, true); err != nil {
				t.Fatal(err)
			}
		}
	}
	if rollouts < 100 {
		t.Fatalf("only %d rollouts were compared", rollouts)
	}
}

// A decision that tells its options without building them (count, offers:
// aiming) tells exactly what its options list, at every such decision of
// careers played by the built-in commander and by random legal choices.
func TestDecisionsTellTheirOptionsAsTheyList(t *testing.T) {
	r := NewRulesWithPack(pack(t))
	keys := []string{"hold", "fire", "t0", "all0", "t5", ""}
	keys = append(append(keys, targetKeys[:]...), allKeys[:]...)
	checked := 0
	for i := 0; i < 300; i++ {
		d, choose := dice.NewFast(uint64(i)+77), dice.NewFast(uint64(i)+1)
		su, err := r.ParseSetup([]byte(`{"boat":"IXC","start":"1941-06","rules":"14.2,14.11"}`))
		if err != nil {
			t.Fatal(err)
		}
		s, _, err := r.Start(su, d, false)
		if err != nil {
			t.Fatal(err)
		}
		for s.Over == nil {
			dec := s.handler().dec
			opts := s.options(dec)
			if dec.count != nil {
				if n := dec.count(s); n != len(opts) {
					t.Fatalf("career %d, %s: count %d, options %d", i, s.Phase, n, len(opts))
				}
				for _, k := range keys {
					if dec.offers(s, k) != menu(opts).has(k) {
						t.Fatalf("career %d, %s: offers(%q) = %v, options %s", i, s.Phase, k, dec.offers(s, k), optionKeys(opts))
					}
				}
				checked++
			}
			key := Command(s)
			if i%2 == 1 {
				k, _ := choose.Roll(len(opts))
				key = opts[k-1].Key
			}
			if _, err := s.ApplyInPlace(engine.Choice{Key: key}, d, false); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d decisions checked", checked)
	}
}

// isTorpedo tells the loads of a tube apart by length: it holds only if the
// torpedoes' names are as long as each other and unlike the others'.
func TestIsTorpedo(t *testing.T) {
	if !isTorpedo(G7a) || !isTorpedo(G7e) || isTorpedo(Mine) || isTorpedo("") {
		t.Fatal("isTorpedo no longer tells a tube's loads apart")
	}
}
