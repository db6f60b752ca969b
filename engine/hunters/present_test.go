package hunters

import (
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
)

// Issue 17: the options' short labels and what they lead to, risky options
// with their questions, the safe default; nothing a log holds changes.
func TestPromptsReadShortInChat(t *testing.T) {
	opts := []engine.Option{
		{Key: "t2", Label: "At #2 small freighter Empire Barracuda, 5000 t, 0/2 damage", Case: "9.2.1"},
		{Key: "all1", Label: "This and the 1 others at #1", Case: "9.2.1"},
		{Key: "hold", Label: "Hold this one", Case: "9.2.1"},
	}
	present("aim", opts)
	if o := opts[0]; o.Short != "#2 Empire Barracuda" || o.Detail != "small freighter, 5,000 t, 0/2 damage" || o.Label != "At #2 small freighter Empire Barracuda, 5000 t, 0/2 damage" {
		t.Fatalf("a target: %+v", o)
	}
	if o := opts[1]; o.Short != "This and 1 other at #1" {
		t.Fatalf("a plural: %+v", o)
	}
	// The same, in words with thousands separators and "the other one".
	mended := []engine.Option{
		{Key: "t2", Label: "At #2 small freighter Empire Barracuda, 5,000 t, 0/2 damage"},
		{Key: "all1", Label: "This and the other one at #1"},
	}
	present("aim", mended)
	if mended[0].Short != "#2 Empire Barracuda" || mended[0].Detail != "small freighter, 5,000 t, 0/2 damage" || mended[1].Short != "This and 1 other at #1" {
		t.Fatalf("mended words: %+v", mended)
	}
	rng := []engine.Option{{Key: "close", Label: "Close (hit on 8 or less)"}}
	present("range", rng)
	if rng[0].Short != "Close" || rng[0].Detail != "hit on 8 or less" {
		t.Fatalf("a range: %+v", rng[0])
	}
	proceed := []engine.Option{{Key: "sail", Label: "Sail on to the next box"}, {Key: "abort", Label: "Abort the patrol and head home"}}
	present("proceed", proceed)
	if !proceed[0].Safe || proceed[0].Risk != "" || proceed[1].Safe || !strings.HasPrefix(proceed[1].Risk, "Abort the patrol?") {
		t.Fatalf("sail on or abort: %+v", proceed)
	}
	battle := []engine.Option{{Key: "attack"}, {Key: "sit_out"}, {Key: "avoid", Label: "Leave the pack's battle"}}
	present("engage", battle)
	if battle[2].Risk == "" || !battle[1].Safe {
		t.Fatalf("leaving the pack's battle is risky, sitting a round out safe: %+v", battle)
	}
	alone := []engine.Option{{Key: "attack"}, {Key: "avoid", Label: "Avoid combat and sail on"}}
	present("engage", alone)
	if alone[1].Risk != "" {
		t.Fatal("avoiding a ship met alone is no risk")
	}
}

// Tonnage reads one way in chat: 13,200 t; one hit is one hit.
func TestReadable(t *testing.T) {
	if got := readable("Pecten (7500 t) is sunk! Career total 13200 t. 1 hits, 900 t"); got != "Pecten (7,500 t) is sunk! Career total 13,200 t. 1 hit, 900 t" {
		t.Fatalf("%q", got)
	}
	if Tons(1234567) != "1,234,567 t" || Tons(0) != "0 t" {
		t.Fatal(Tons(1234567))
	}
}

// A salvo reads as one line per torpedo, what it needed (the engagement's
// range) beside what it rolled, then its dud check, its damage and the
// ship's fate; a convoy's size and identity rolls fold into its targets.
func TestGlanceFoldsASalvoAndAConvoy(t *testing.T) {
	roll := func(chart, cas, purpose string, total int, result string) engine.Event {
		return engine.Event{Kind: engine.KindRoll, Case: cas, Roll: &engine.Roll{Chart: chart, Case: cas, Purpose: purpose, Total: total, Natural: total, Result: result}}
	}
	note := func(cas, text string) engine.Event { return engine.Event{Kind: engine.KindNote, Case: cas, Text: text} }
	events := []engine.Event{
		{Kind: engine.KindChoice, Text: "Decision: At #1 tanker Pecten, 7500 t, 0/3 damage"},
		roll("U1", "9.2.3", "G7a torpedo at Pecten", 4, "hit"),
		roll("U2", "9.2.4", "Dud check", 5, "explodes"),
		roll("U3", "9.2.5", "Damage to Pecten (torpedo)", 4, "3 damage"),
		note("9.2.6", "Pecten (7500 t) is sunk! Career total 13200 t."),
		roll("U1", "9.2.3", "G7a torpedo at Ashby", 11, "miss"),
	}
	got := Glance(nil, events)
	if len(got) != 2 || got[0].Text != "🎯 G7a → Pecten: **4** — hit · dud check 5 ✓ · damage 4 ⇒ 3 damage ⇒ **SUNK** 7,500 t (career 13,200 t)" ||
		len(got[0].Events) != 4 || got[1].Text != "🎯 G7a → Ashby: **11** — miss" {
		t.Fatalf("%+v", got)
	}
	convoy := []engine.Event{
		note("8.1.1", "U-69 enters box 5 of 8: Atlantic."),
		roll("E1", "8.1", "Encounter: Atlantic", 7, "convoy"),
		roll("E1", "8.2.1", "Ship size", 6, "tanker"),
		roll("E1", "8.2.1", "Ship size", 2, "small freighter"),
		roll("T3", "8.2.2", "tanker identity", 27, "Pecten, 7500 t"),
		roll("T1", "8.2.2", "small freighter identity", 56, "Ashby, 4900 t"),
		roll("E1", "8.3.1", "Day or night", 2, "day"),
	}
	got = Glance(nil, convoy)
	if len(got) != 2 || got[0].Text != "🧭 U-69 · box 5/8, Atlantic: **7** → **convoy**" ||
		got[1].Text != "🚢 Pecten (tanker, 7,500 t) · Ashby (small freighter, 4,900 t) — **day**" || len(got[1].Events) != 5 {
		t.Fatalf("%+v", got)
	}
}

// A ship sunk reads the same whether the log writes its tonnage 7500 t or
// 7,500 t.
func TestGlanceReadsTonnagesWithSeparators(t *testing.T) {
	roll := func(chart, cas, purpose string, total int, result string) engine.Event {
		return engine.Event{Kind: engine.KindRoll, Case: cas, Roll: &engine.Roll{Chart: chart, Case: cas, Purpose: purpose, Total: total, Natural: total, Result: result}}
	}
	for _, sunk := range []string{"Pecten (7500 t) is sunk! Career total 13200 t.", "Pecten (7,500 t) is sunk! Career total 13,200 t."} {
		got := Glance(nil, []engine.Event{
			roll("U1", "9.2.3", "G7a torpedo at Pecten", 4, "hit"),
			roll("U2", "9.2.4", "Dud check", 5, "explodes"),
			roll("U3", "9.2.5", "Damage to Pecten (torpedo)", 4, "3 damage"),
			{Kind: engine.KindNote, Case: "9.2.6", Text: sunk},
		})
		if len(got) != 1 || !strings.HasSuffix(got[0].Text, "⇒ **SUNK** 7,500 t (career 13,200 t)") {
			t.Fatalf("%q: %+v", sunk, got)
		}
	}
}
