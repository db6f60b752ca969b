package uboatleader

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"
	"testing/fstest"
)

// fixtureFS is the fixture pack's files, to break one at a time.
func fixtureFS(t *testing.T) fstest.MapFS {
	t.Helper()
	m := fstest.MapFS{}
	for _, name := range packFiles {
		b, err := os.ReadFile("testdata/example/" + name)
		if err != nil {
			t.Fatal(err)
		}
		m["p/"+name] = &fstest.MapFile{Data: b}
	}
	return m
}

func edit(t *testing.T, m fstest.MapFS, file, old, new string) {
	t.Helper()
	s := string(m["p/"+file].Data)
	if !strings.Contains(s, old) {
		t.Fatalf("%s has no %q", file, old)
	}
	m["p/"+file] = &fstest.MapFile{Data: []byte(strings.Replace(s, old, new, 1))}
}

// The house pack loads, and says on every view whose content it is.
func TestHousePackIsLabelled(t *testing.T) {
	r := houseRules(t)
	p := r.packs[0]
	if p.Meta.Label != "House content, not the publisher's" || len(p.SHA256) != 64 || len(p.Meta.Provenance) == 0 {
		t.Fatalf("meta %+v sha %q", p.Meta, p.SHA256)
	}
	g := newGame(t, r, `{}`)
	if !strings.Contains(g.s.Pending().Text, "[House content, not the publisher's]") {
		t.Fatalf("the prompt does not say whose content it is: %s", g.s.Pending().Text)
	}
	if !strings.Contains(eventsText(g.events), p.SHA256) {
		t.Fatal("the first event does not name the pack's SHA-256")
	}
	for _, name := range g.s.Views() {
		v, err := g.s.View(name)
		if err != nil {
			t.Fatal(err)
		}
		first := v.Sections[0]
		if !strings.Contains(first.Lines[0], "[House content, not the publisher's: pack house") {
			t.Fatalf("view %s is not labelled first: %+v", name, first)
		}
	}
}

// A pack is checked when loaded, and every problem is one line: unknown
// fields, missing areas, adjacency that is not mutual, card numbers out of
// range or printed twice, a Type II with a deck gun, a convoy ship off the
// display, hit numbers that do not rise, a missing level...
func TestPackValidationNamesEveryProblem(t *testing.T) {
	m := fixtureFS(t)
	edit(t, m, "maps.yaml", "patrolling: 1\n        moving: 2\n        adjacent: [germany, british-isles]", "patrolling: 1\n        moving: 2\n        colour: blue\n        adjacent: [germany, british-isles, dogger-bank]")
	edit(t, m, "maps.yaml", "adjacent: [france, british-isles]", "adjacent: [france, british-isles, north-sea]")
	edit(t, m, "events.yaml", "{number: 5, name: Counter Intelligence}", "{number: 1005, name: Counter Intelligence}")
	edit(t, m, "events.yaml", "{number: 6, name: Clear Weather}", "{number: 61, name: Clear Weather}")
	edit(t, m, "uboats.yaml", "type: IIB\n    service: {from: 1939-09, to: 1941-05}\n    speed: {surfaced: 1, submerged: 1}\n    ready: 3\n    stored: 2\n    gun: false", "type: IIB\n    service: {from: 1939-09, to: 1941-05}\n    speed: {surfaced: 1, submerged: 1}\n    ready: 3\n    stored: 2\n    gun: true")
	edit(t, m, "convoys.yaml", "{pos: M3, kind: merchant, area: C4}", "{pos: M3, kind: merchant, area: C9}")
	edit(t, m, "ships.yaml", "torpedo: 3-7-10", "torpedo: 7-3-10")
	edit(t, m, "display.yaml", "  - [W, M4]\n", "  - [W, C1]\n")
	edit(t, m, "campaigns.yaml", "remove_convoys: [32, 33, 34]", "remove_convoys: [32, 33, 34, 2000]")
	_, err := LoadPack(m, "p")
	var pe *PackError
	if !errors.As(err, &pe) {
		t.Fatalf("want a PackError, got %v", err)
	}
	// An unknown field stops the reading of its file; fix it and read again.
	if len(pe.Problems) != 1 || !strings.Contains(pe.Problems[0], `unknown field "colour" (the fields here are adjacent, at, attack, contacts, id, kind, mine, moving, name, no_stop, patrolling, raider, refit)`) || !strings.Contains(pe.Problems[0], "maps.yaml") {
		t.Fatalf("problems: %v", pe.Problems)
	}
	edit(t, m, "maps.yaml", "        colour: blue\n", "")
	_, err = LoadPack(m, "p")
	if !errors.As(err, &pe) {
		t.Fatalf("want a PackError, got %v", err)
	}
	for _, want := range []string{
		`adjacent area "dogger-bank" is missing`,
		`adjacent to "north-sea", but "north-sea" does not list "southwest-approaches" (adjacency must be mutual)`,
		"card number 1005 is out of range",
		"card number 61 is printed on 2 cards",
		"a Type IIB has no deck gun",
		`position M3 is in the missing display area "C9"`,
		"San Fernando) torpedo: 7-3-10 must rise",
		"joins a wake area to a convoy area",
		"card number 2000 is out of range",
	} {
		found := false
		for _, p := range pe.Problems {
			found = found || strings.Contains(p, want)
		}
		if !found {
			t.Errorf("no problem says %q; problems:\n%s", want, strings.Join(pe.Problems, "\n"))
		}
	}
	if !strings.Contains(err.Error(), "pack example:") {
		t.Fatalf("the error does not name the pack: %v", err)
	}
}

func TestPackValidationMissingPieces(t *testing.T) {
	m := fixtureFS(t)
	delete(m, "p/counters.yaml")
	m["p/extra.yaml"] = &fstest.MapFile{Data: []byte("x: 1\n")}
	_, err := LoadPack(m, "p")
	if err == nil || !strings.Contains(err.Error(), "counters.yaml") || !strings.Contains(err.Error(), "extra.yaml: not a pack file") {
		t.Fatalf("err %v", err)
	}
	m = fixtureFS(t)
	edit(t, m, "uboats.yaml", "      ace: {so: 9, xp: 0,", "      aces: {so: 9, xp: 0,")
	edit(t, m, "display.yaml", "convoy: [C1, C2, C3, C4]", "convoy: [C1, C2, C3]")
	edit(t, m, "campaigns.yaml", "short:  {patrols: 1, so: 35,", "short:  {patrols: 1, so: 1,")
	_, err = LoadPack(m, "p")
	for _, want := range []string{`level "aces" is not one of`, "the ace level is missing", "has 4 convoy areas (UBL-1.4), not 3", "short: 1 SO buy no boat"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("no problem says %q: %v", want, err)
		}
	}
}

// The pack's SHA-256 binds the content: one byte changed is another pack,
// and a game saved with a pack this kaleun lacks says so rather than play
// on with other cards.
func TestPackHashBindsTheGame(t *testing.T) {
	m := fixtureFS(t)
	a, err := LoadPack(m, "p")
	if err != nil {
		t.Fatal(err)
	}
	edit(t, m, "ships.yaml", "name: HMS Kite", "name: HMS  Kite")
	b, err := LoadPack(m, "p")
	if err != nil {
		t.Fatal(err)
	}
	if a.SHA256 == b.SHA256 {
		t.Fatal("two packs, one digest")
	}
	g := newGame(t, NewRulesWith(a), `{"campaign":"happy-time"}`)
	if g.s.Setup.PackSHA256 != a.SHA256 || g.s.Setup.Pack != "example" {
		t.Fatalf("setup %+v", g.s.Setup)
	}
	data, _ := g.s.Encode()
	if _, err := NewRulesWith(b).Decode(data); err == nil || !strings.Contains(err.Error(), a.SHA256) {
		t.Fatalf("decoding with another pack: %v", err)
	}
	// The setup may name the pack by its digest's prefix.
	r := NewRulesWith(b, a)
	st, _, err := r.New([]byte(`{"campaign":"happy-time","pack":"`+a.SHA256[:10]+`"}`), inOrder{})
	if err != nil || st.(*State).pack != a {
		t.Fatalf("by digest: %v", err)
	}
	if _, _, err := r.New([]byte(`{"pack":"nosuch"}`), inOrder{}); err == nil || !strings.Contains(err.Error(), "no pack") {
		t.Fatalf("a missing pack: %v", err)
	}
}

// Set-up answers are checked, each refusal saying why (UBL-2).
func TestSetupRefusals(t *testing.T) {
	r := houseRules(t)
	for setup, want := range map[string]string{
		`{"campaign":"nope"}`:                 `no campaign "nope"`,
		`{"length":"epic"}`:                   `length "epic" is not short, medium or long`,
		`{"rules":"deep_dive=shallow"}`:       "deep_dive=shallow: one of rule, example",
		`{"rules":"no_such=x"}`:               `no ruling "no_such"`,
		`{"rules":"UBL-9.9"}`:                 `no optional rule "UBL-9.9"`,
		`{"boat":"VIIC"}`:                     "unknown boat",
		`not json`:                            "want a JSON object of strings",
		`{"rules":"alert_names=two_markers"}`: "",
	} {
		_, _, err := r.New([]byte(setup), inOrder{})
		switch {
		case want == "" && err != nil:
			t.Errorf("%s: %v", setup, err)
		case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
			t.Errorf("%s: %v, want %q", setup, err, want)
		}
	}
	// A ruling at its default is not recorded; another value is.
	st, _, _ := r.New([]byte(`{"rules":"deep_dive=rule,cool=port_or_supply,UBL-9.2"}`), inOrder{})
	s := st.(*State)
	if len(s.Setup.Rulings) != 1 || s.Setup.Rulings["cool"] != "port_or_supply" || !s.optional("snorkel") {
		t.Fatalf("setup %+v", s.Setup)
	}
}

func TestSetupFieldsOfferThePacksCampaigns(t *testing.T) {
	r := houseRules(t)
	f := r.SetupFields()
	if f[0].Key != "campaign" || len(f[0].Options) != len(r.packs[0].Campaigns) || f[1].Default != "short" {
		t.Fatalf("fields %+v", f)
	}
	b, _ := json.Marshal(f)
	if !strings.Contains(string(b), "house content, not the publisher's") {
		t.Fatal("the campaign field does not say its sample campaigns are house content")
	}
}
