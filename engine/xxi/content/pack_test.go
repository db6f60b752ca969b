package content

import (
	"errors"
	"io/fs"
	"path"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/kaleun/kaleun/engine"
)

// The house pack loads clean, is labelled house content, and its
// provenance says which gaps of the text (digest §9) it fills with
// invented values, so that none is taken for the publisher's.
func TestHousePackPassesAndSaysWhatIsInvented(t *testing.T) {
	p, err := LoadHousePack()
	if err != nil {
		t.Fatal(err)
	}
	if p.Meta.ID != HousePackID || !strings.Contains(p.Meta.Label, "House content") || !strings.Contains(p.Meta.Label, "not the publisher's") {
		t.Fatalf("the house pack's id and label: %q %q", p.Meta.ID, p.Meta.Label)
	}
	prov := strings.Join(p.Meta.Provenance, "\n")
	if !strings.Contains(prov, "Invented by kaleun where the text is silent, and not the publisher's") {
		t.Fatalf("the provenance does not say what is invented:\n%s", prov)
	}
	for _, g := range []string{"G1", "G2", "G3", "G4", "G5", "G6", "G7", "G8", "G9", "G10", "G11", "G12", "G13", "G14"} {
		if !strings.Contains(prov, "("+g+")") && !strings.Contains(prov, g+":") && !strings.Contains(prov, g+", ") {
			t.Errorf("the provenance does not name gap %s", g)
		}
	}
	if len(p.SHA256) != 64 {
		t.Fatalf("sha %q", p.SHA256)
	}
	d := p.Door()
	if d.ID != "house" || d.SHA256 != p.SHA256 || d.Content != p || !strings.Contains(d.Summary, "23 spaces") {
		t.Fatalf("the door's view: %+v", d)
	}
	// Hubs whose names the text does not give are left unnamed, not
	// given names the publisher's map may not have.
	for _, s := range p.Map.Spaces {
		if _, named := textNames[s.ID]; !named && s.Name != "" {
			t.Errorf("space %s is named %q, which the text does not give", s.ID, s.Name)
		}
	}
}

// cutToEnd, as a break's new text, cuts the file from the old text on.
const cutToEnd = "\x00cut"

// houseFiles are the house pack's files, to break one at a time.
func houseFiles(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, name := range Files() {
		b, err := fs.ReadFile(housePack, path.Join("house", name))
		if err != nil {
			t.Fatal(err)
		}
		out[name] = string(b)
	}
	return out
}

// A broken pack of each kind is refused with its one line, naming its file
// and, for a rule, its case.
func TestBrokenPacksAreRefusedWithOneLineEach(t *testing.T) {
	for _, c := range []struct {
		name, file, old, new string
		want                 string
	}{
		{"an unknown field", "map.yaml", "{id: 3, at: [8, 28]}", "{id: 3, at: [8, 28], colour: red}",
			`map.yaml: line 12: unknown field "colour" (the fields here are at, id, name, produces, shipyard)`},
		{"broken YAML", "counters.yaml", "hulls: {A: 5, B: 5, C: 6}", "hulls: {A: 5, B: 5, C: 6", "counters.yaml: line"},
		{"victory without a source", "pack.yaml", "label: House content, not the publisher's\n", "label: House content, not the publisher's\nvictory: {levels: [{name: Win}]}\n", "pack.yaml: victory: no source"},
		{"a victory figure unknown", "pack.yaml", "label: House content, not the publisher's\n", "label: House content, not the publisher's\nvictory: {source: '14.0', levels: [{name: Win, when: [{figure: tonnage, at_least: 1}]}]}\n", `pack.yaml: victory level 1 (Win), condition 1: figure "tonnage" is not one of xxi_built`},
		{"a victory bound missing", "pack.yaml", "label: House content, not the publisher's\n", "label: House content, not the publisher's\nvictory: {source: '14.0', levels: [{name: Win, when: [{figure: convoys_sunk}]}]}\n", "pack.yaml: victory level 1 (Win), condition 1: give at_least, at_most or both"},
		{"a label missing", "pack.yaml", "label: House content, not the publisher's\n", "", "pack.yaml: no label"},
		{"an id that is a path", "pack.yaml", "id: house", "id: ../evil", `pack.yaml: id "../evil" is not a pack id`},
		{"a space missing", "map.yaml", "  - {id: 4, at: [22, 8]}\n", "", "map.yaml: space 4 is missing: the map has 23 spaces, A to G and 3 to 18 (2.4.1)"},
		{"a 24th space", "map.yaml", "  - {id: 3, at: [8, 28]}\n", "  - {id: 3, at: [8, 28]}\n  - {id: 19, at: [1, 1]}\n", `map.yaml: space 9, "19", is not a space of the map: its 23 spaces are A to G and 3 to 18 (2.4.1)`},
		{"a space twice", "map.yaml", "  - {id: 3, at: [8, 28]}\n", "  - {id: 3, at: [8, 28]}\n  - {id: 3, at: [9, 29]}\n", "map.yaml: space 3 is listed twice"},
		{"a text name changed", "map.yaml", "name: Danzig", "name: Gdansk", `map.yaml: space 18 is Danzig in the rules (2.4.1), not "Gdansk"`},
		{"a production space's resource", "map.yaml", "name: Stettin, at: [72, 14], produces: crew", "name: Stettin, at: [72, 14], produces: hull", `map.yaml: space F produces crew (13.0 places Crew F there), not "hull"`},
		{"a hub that produces", "map.yaml", "{id: 5, at: [30, 40]}", "{id: 5, at: [30, 40], produces: hull}", `map.yaml: space 5 produces "hull", but only the lettered spaces A to G produce resources (2.5)`},
		{"shipyard squares", "map.yaml", "shipyard: 8}", "shipyard: 6}", "map.yaml: shipyard 12 (Hamburg) has 8 squares in the rules (2.5), not 6"},
		{"a shipyard that is none", "map.yaml", "{id: 9, at: [58, 24]}", "{id: 9, at: [58, 24], shipyard: 3}", "map.yaml: space 9 has 3 shipyard squares, but the shipyards are 8, 12 and 18 (2.4.1)"},
		{"a place off the picture", "map.yaml", "at: [8, 28]", "at: [108, 28]", "map.yaml: space 3: at [108 28] is off the picture"},
		{"two spaces on one point", "map.yaml", "at: [8, 28]", "at: [22, 8]", "map.yaml: spaces 3 and 4 are drawn at the same point [22 8]"},
		{"a link to nowhere", "map.yaml", "  - [17, 18]\n", "  - [17, 18]\n  - [17, 19]\n", `map.yaml: link 43 [17, 19]: "19" is not a space of the map (A to G, 3 to 18: 2.4.1)`},
		{"a link to itself", "map.yaml", "  - [17, 18]\n", "  - [17, 18]\n  - [17, 17]\n", "map.yaml: link 43 joins 17 to itself"},
		{"a link twice", "map.yaml", "  - [17, 18]\n", "  - [17, 18]\n  - [18, 17]\n", "map.yaml: link 43 [18, 17] is listed twice"},
		{"a link of three", "map.yaml", "  - [17, 18]\n", "  - [17, 18]\n  - [16, 17, 18]\n", "map.yaml: link 43 [16 17 18]: a link joins two spaces"},
		{"A's neighbours", "map.yaml", "  - [A, 13]\n", "", "map.yaml: space A's neighbours are G, 13, 14 and D in the rules' example (7.2), not 14, D, G"},
		{"a map in two pieces", "map.yaml", "  - [10, C]\n  - [10, 16]\n  - [E, 16]\n  - [16, C]\n  - [C, 17]\n", "  - [10, 16]\n  - [E, 16]\n", "map.yaml: C cut off from A: all 23 spaces are interconnected (2.4.1)"},
		{"models out of order", "tracks.yaml", "{model: C,", "{model: X,", "tracks.yaml: models are A, B, X, D; the track has A, B, C and D, in that order (8.0)"},
		{"model A's cost", "tracks.yaml", "defense: 3, cost: {hull: 2, systems: 2, crew: 2}}", "defense: 3, cost: {hull: 3, systems: 2, crew: 2}}", "tracks.yaml: model A costs two Hull, two System and two Crew (8.1), not 3/2/2"},
		{"model C's cost", "tracks.yaml", "defense: 4, cost: {hull: 2, systems: 1, crew: 1}}", "defense: 4, cost: {hull: 1, systems: 2, crew: 1}}", "tracks.yaml: model C costs two Hull, one System and one Crew (8.1), not 1/2/1"},
		{"model B's five", "tracks.yaml", "defense: 3, cost: {hull: 2, systems: 2, crew: 1}}", "defense: 3, cost: {hull: 2, systems: 1, crew: 1}}", "tracks.yaml: model B needs five resources (8.3), not 4"},
		{"a cost that does not fall", "tracks.yaml", "cost: {hull: 1, systems: 1, crew: 1}}", "cost: {hull: 2, systems: 1, crew: 1}}", "tracks.yaml: model D: costs 4 resources, model C 4: each model needs fewer than the one before (2.4.9)"},
		{"a rating that falls", "tracks.yaml", "{model: D, engine: 4, silence: 3", "{model: D, engine: 4, silence: 2", "tracks.yaml: model D: engine/silence/attack/defense 4/2/3/4 fall below model C's 3/3/3/4"},
		{"a rating of no dice", "tracks.yaml", "{model: A, engine: 2,", "{model: A, engine: 0,", "tracks.yaml: model A: engine 0: a rating is a number of dice, from 1 to 6 (2.4.9)"},
		{"a defense no die reaches", "tracks.yaml", "{model: D, engine: 4, silence: 3, attack: 3, defense: 4", "{model: D, engine: 4, silence: 3, attack: 3, defense: 7", "tracks.yaml: model D: defense 7: a depth-charge die must be able to reach it, so 1 to 6 (9.4)"},
		{"a third path", "tracks.yaml", "  - id: western-approaches\n", "  - id: arctic\n", "tracks.yaml: paths are atlantic, arctic; the track has two, atlantic and western-approaches, in that order (9.1)"},
		{"a path of three spaces", "tracks.yaml", "      - {name: House encounter 4, test: silence, target: 5, depth_charges: 2}\n", "", "tracks.yaml: path western-approaches: 3 encounter spaces; each path has four (9.1)"},
		{"a test of neither icon", "tracks.yaml", "{name: House encounter 2, test: silence", "{name: House encounter 2, test: speed", `tracks.yaml: path western-approaches, space 2 (House encounter 2): test "speed" is not engine or silence (9.2)`},
		{"a target no die reaches", "tracks.yaml", "{name: House encounter 3, test: engine, target: 5", "{name: House encounter 3, test: engine, target: 7", "tracks.yaml: path western-approaches, space 3 (House encounter 3): target 7: one die must be able to reach it, so 1 to 6 (9.2)"},
		{"9.10's PBY Searchers", "tracks.yaml", "{name: PBY Searchers, test: engine, target: 5", "{name: PBY Searchers, test: engine, target: 4", "tracks.yaml: path atlantic, space 2 is PBY Searchers, a engine test of 5+ with 1 depth-charge icon(s) (9.10), not PBY Searchers, engine 4+ with 1"},
		{"9.3's Open Ocean depth charge", "tracks.yaml", "{name: Open Ocean, test: engine, target: 4, depth_charges: 1}", "{name: Open Ocean, test: engine, target: 4, depth_charges: 2}", "tracks.yaml: path atlantic, space 1 is Open Ocean"},
		{"a trip home by silence", "tracks.yaml", "home: {test: engine, target: 5}", "home: {test: silence, target: 5}", "tracks.yaml: path western-approaches, Dangerous Trip Home: an engine test (9.6), not \"silence\""},
		{"9.10's trip home", "tracks.yaml", "home: {test: engine, target: 4}", "home: {test: engine, target: 3}", "tracks.yaml: path atlantic, Dangerous Trip Home: the engine test needs 4+ (9.10), not 3+"},
		{"9.8's convoy depth charges", "tracks.yaml", "area: {name: Western Approaches, depth_charges: 3}", "area: {name: Western Approaches, depth_charges: 2}", "tracks.yaml: path western-approaches: the Western Approaches's depth charge is 3d6 after each attack (9.8), not 2"},
		{"a convoy area misnamed", "tracks.yaml", "area: {name: Atlantic Ocean,", "area: {name: North Sea,", `tracks.yaml: path atlantic: its convoy area is the Atlantic Ocean (9.1), not "North Sea"`},
		{"the first turn's draws", "tracks.yaml", "{name: Stable Fronts, draws: 6, transport: 6}", "{name: Stable Fronts, draws: 6, transport: 5}", "tracks.yaml: grinding_war box 1 (Stable Fronts) is the first turn's: 6 draws (4.0) and 1d6 + 6 transport (7.1), not 6 and 1d6 + 5"},
		{"draws that rise", "tracks.yaml", "{name: House box 3, draws: 5,", "{name: House box 3, draws: 6,", "tracks.yaml: grinding_war box 3 (House box 3): 6 draws, more than the 5 of the box below: the draws fall as the armies advance (10.2)"},
		{"points that rise", "tracks.yaml", "{name: House box 3, draws: 5, transport: 4}", "{name: House box 3, draws: 5, transport: 6}", "tracks.yaml: grinding_war box 3 (House box 3): transport 6, more than the 5 of the box below: the fixed points fall as the armies advance (7.1)"},
		{"points taken away", "tracks.yaml", "{name: Constant Retreat, draws: 2, transport: 1}", "{name: Constant Retreat, draws: 2, transport: -1}", "tracks.yaml: grinding_war box 6 (Constant Retreat): transport -1: the fixed points are 0 or more (7.1)"},
		{"no Constant Retreat", "tracks.yaml", "{name: Constant Retreat,", "{name: Collapse,", `tracks.yaml: grinding_war's top box is Constant Retreat (2.4.8, 10.3), not "Collapse"`},
		{"no Stubborn Defense", "tracks.yaml", "{name: Stubborn Defense,", "{name: Hold Fast,", `tracks.yaml: grinding_war's box below Constant Retreat is Stubborn Defense (10.3), not "Hold Fast"`},
		{"a box twice", "tracks.yaml", "{name: House box 3,", "{name: House box 2,", "tracks.yaml: grinding_war box 3 (House box 2): a second box of that name"},
		{"a track past 1945", "tracks.yaml", "months: 23}", "months: 40}", "tracks.yaml: gotterdammerung runs 1943-07 to 1946-10, outside the title's 1943-1945"},
		{"a start that is no month", "tracks.yaml", "start: 1943-07", "start: July", `tracks.yaml: gotterdammerung start "July" is not a month (YYYY-MM)`},
		{"a fourth Type VII", "counters.yaml", "type_vii: 3", "type_vii: 4", "counters.yaml: type_vii: 4; the game has 3 (2.1.1: two, and a third optional)"},
		{"six Type XXI", "counters.yaml", "type_xxi: 5", "type_xxi: 6", "counters.yaml: type_xxi: 6; the game has 5 (2.1.2)"},
		{"a convoy too many", "counters.yaml", "convoys: [3, 4, 4, 5, 5, 5, 6]", "convoys: [3, 4, 4, 5, 5, 5, 6, 6]", "counters.yaml: convoys: 8; the game has 7 (2.1.3"},
		{"a convoy no die sinks", "counters.yaml", "convoys: [3, 4, 4, 5, 5, 5, 6]", "convoys: [3, 4, 4, 5, 5, 5, 7]", "counters.yaml: convoy 7's value 7: one die must be able to reach it, so 1 to 6 (9.7)"},
		{"the optional convoy", "counters.yaml", "optional_convoy: 6", "optional_convoy: 5", "counters.yaml: optional_convoy: the eighth convoy is the +6 (2.1.3), not 5"},
		{"armies", "counters.yaml", "armies: 8", "armies: 7", "counters.yaml: armies: 7; the game has 8 (2.1.4)"},
		{"hulls", "counters.yaml", "hulls: {A: 5, B: 5, C: 6}", "hulls: {A: 5, B: 5, C: 5}", "counters.yaml: hulls: 15; the game has 16 (2.2.1)"},
		{"a hull of a crew letter", "counters.yaml", "hulls: {A: 5, B: 5, C: 6}", "hulls: {A: 5, B: 5, C: 5, F: 1}", `counters.yaml: hulls: letter "F" is not one of theirs, A, B, C (13.0)`},
		{"a letter with no counter", "counters.yaml", "systems: {D: 4, E: 4}", "systems: {D: 8}", "counters.yaml: systems: no counter lettered E, which set-up places on space E (13.0)"},
		{"crew", "counters.yaml", "crew: {F: 4, G: 4}", "crew: {F: 4, G: 5}", "counters.yaml: crew: 9; the game has 8 (2.2.3)"},
		{"IBG", "counters.yaml", "ibg: 10", "ibg: 9", "counters.yaml: ibg: 9; the game has 10 (2.2.4)"},
		{"AA", "counters.yaml", "anti_aircraft: 2", "anti_aircraft: 3", "counters.yaml: anti_aircraft: 3; the game has 2 (2.2.5)"},
		{"priority transport", "counters.yaml", "priority_transport: 3", "priority_transport: 0", "counters.yaml: priority_transport: 0; the game has 3 (2.2.6)"},
		{"the transport marker", "counters.yaml", "transport_marker: 1", "transport_marker: 2", "counters.yaml: transport_marker: 2; the game has 1 (2.3.1)"},
		{"a devastation marker too few", "counters.yaml", "devastation: [hull, hull, hull, systems, systems, systems, crew, crew]", "devastation: [hull, hull, systems, systems, systems, crew, crew]", "counters.yaml: devastation: 7; the game has 8 (2.3.2)"},
		{"a devastation icon", "counters.yaml", "devastation: [hull, hull, hull,", "devastation: [hull, ibg, hull,", `counters.yaml: devastation marker 2: icon "ibg" is not hull, systems or crew (11.2)`},
		{"more than 88 counters", "counters.yaml", "transport_marker: 1\n", "transport_marker: 1\nother: [{name: Mystery, count: 9}]\n", "counters.yaml: 89 counters; the game has 88 (2.0)"},
		{"no name", "pack.yaml", "name: XXI house pack\n", "", "pack.yaml: no name"},
		{"no provenance", "pack.yaml", "provenance:\n", cutToEnd, "pack.yaml: no provenance: say whose each value is"},
		{"a cost below zero", "tracks.yaml", "cost: {hull: 1, systems: 1, crew: 1}}", "cost: {hull: -1, systems: 1, crew: 1}}", "tracks.yaml: model D: a cost below zero (-1/1/1)"},
		{"draws below zero", "tracks.yaml", "{name: Constant Retreat, draws: 2,", "{name: Constant Retreat, draws: -2,", "tracks.yaml: grinding_war box 6 (Constant Retreat): -2 draws"},
		{"a box without a name", "tracks.yaml", "{name: House box 3,", "{name: '',", "tracks.yaml: grinding_war box 3 (): no name"},
		{"an encounter without a name", "tracks.yaml", "{name: House encounter 2,", "{name: '',", "tracks.yaml: path western-approaches, space 2 (): no name"},
		{"too few war boxes", "tracks.yaml", "  - {name: House box 2, draws: 5, transport: 5}\n  - {name: House box 3, draws: 5, transport: 4}\n  - {name: House box 4, draws: 4, transport: 3}\n  - {name: Stubborn Defense, draws: 3, transport: 2}\n", "", "tracks.yaml: grinding_war has 2 box(es)"},
		{"an unnamed other counter", "counters.yaml", "transport_marker: 1\n", "transport_marker: 1\nother: [{name: '', count: 1}]\n", "counters.yaml: other counter 1 needs a name and a count of at least 1"},
		{"a file missing", "counters.yaml", "", "", "counters.yaml: missing (an XXI pack has four files: pack.yaml, map.yaml, tracks.yaml, counters.yaml)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			fsys := fstest.MapFS{}
			for name, body := range houseFiles(t) {
				if name == c.file {
					if c.old == "" {
						continue // the file is missing
					}
					if !strings.Contains(body, c.old) {
						t.Fatalf("%s has no %q", name, c.old)
					}
					if c.new == cutToEnd {
						body = body[:strings.Index(body, c.old)]
					} else {
						body = strings.Replace(body, c.old, c.new, 1)
					}
				}
				fsys["p/"+name] = &fstest.MapFile{Data: []byte(body)}
			}
			_, err := Load(fsys, "p")
			var pe *engine.PackError
			if !errors.As(err, &pe) {
				t.Fatalf("want a pack error, got %v", err)
			}
			if len(pe.Problems) != 1 || !strings.HasPrefix(pe.Problems[0], c.want) {
				t.Fatalf("want the one problem\n  %s\ngot\n  %s", c.want, strings.Join(pe.Problems, "\n  "))
			}
		})
	}
}

// The towns' other spellings an owner's map may have are the rulebook's
// names too.
func TestOtherSpellingsOfTheTextsNames(t *testing.T) {
	for _, c := range []struct {
		name, text string
		same       bool
	}{{"Gustavsburg", "Gustavburg", true}, {"gruenberg", "Grünberg", true}, {" Danzig ", "Danzig", true}, {"Gdansk", "Danzig", false}, {"Gustavsburg", "Danzig", false}} {
		if sameName(c.name, c.text) != c.same {
			t.Errorf("sameName(%q, %q) = %v", c.name, c.text, !c.same)
		}
	}
}

// A file the pack does not know is refused too: a misspelt file name
// would drop its content unread.
func TestAnUnknownFileIsRefused(t *testing.T) {
	fsys := fstest.MapFS{}
	for name, body := range houseFiles(t) {
		fsys["p/"+name] = &fstest.MapFile{Data: []byte(body)}
	}
	fsys["p/tracks2.yaml"] = &fstest.MapFile{Data: []byte("{}\n")}
	_, err := Load(fsys, "p")
	var pe *engine.PackError
	if !errors.As(err, &pe) || len(pe.Problems) != 1 || !strings.HasPrefix(pe.Problems[0], "tracks2.yaml: not a pack file") {
		t.Fatalf("an unknown file: %v", err)
	}
}
