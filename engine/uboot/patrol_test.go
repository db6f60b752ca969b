package uboot

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
)

// §4.3: "Linked Missions are full-scale patrols ... divided into several
// missions ... linked together ... over a few gaming sessions"; a single
// mission is one: its end offers no next part.
func TestLinkedPatrolParts_4_3(t *testing.T) {
	single := board(t, `{}`)
	single, _ = enter(t, single, nil, "end")
	if offers(single, "next") {
		t.Fatal("a single mission offers a next part")
	}
	if PartOf(single) != 0 {
		t.Fatal("a single mission has parts")
	}
	for _, mode := range []string{"linked", "campaign"} {
		// §5.2 step 7: "add one medkit token for each additional mission
		// you wish to play after the first": missions:2 is a patrol of 3.
		s := board(t, `{"mode":"`+mode+`","missions":"2"}`)
		if PartOf(s) != 1 {
			t.Fatalf("%s: a new patrol is in part %d", mode, PartOf(s))
		}
		s, _ = enter(t, s, nil, "end")
		if !offers(s, "next") {
			t.Fatalf("%s: the first mission's end offers no next part: %v", mode, keysOf(s.Pending()))
		}
		if p := s.Pending(); p.Seat != captain {
			t.Fatalf("%s: the end is the Captain's entry (§7.1), not %q's", mode, p.Seat)
		}
		s, evs := enter(t, s, nil, "next")
		if s.End != nil || s.Outcome() != nil || PartOf(s) != 2 {
			t.Fatalf("%s: after part 1 the game goes on in part 2: end %+v, part %d", mode, s.End, PartOf(s))
		}
		if n := evs[len(evs)-1]; n.Kind != engine.KindNote || n.Case != "4.3" || !strings.Contains(n.Text, "Part 1 of the linked patrol ends; the board is kept for part 2 of 3") {
			t.Fatalf("%s: the part's end in the log: %+v", mode, evs)
		}
		s, _ = enter(t, s, nil, "end", "next")
		s, _ = enter(t, s, nil, "end")
		if offers(s, "next") || PartOf(s) != 3 {
			t.Fatalf("%s: the last part (3 of 3) offers a next part", mode)
		}
		s, _ = enter(t, s, nil, "base") // §4.2: the patrol ends as the app says
		if s.End == nil || s.End.Reason != "base" {
			t.Fatalf("%s: the patrol's end: %+v", mode, s.End)
		}
	}
	// A linked setting with no additional mission is a patrol of one.
	one := board(t, `{"mode":"linked"}`)
	one, _ = enter(t, one, nil, "end")
	if offers(one, "next") {
		t.Fatal("a linked patrol of no additional mission offers a next part")
	}
}

// §4.3: "The game's app lets players save the game state between
// sessions": the board is kept whole across a part's end. §10.3.7: a
// flooded section is inaccessible "for the rest of the mission. For Linked
// Missions, that means until the end of the whole patrol"; §8.6: the
// medkit tokens are the patrol's ("In linked and campaign missions ...
// additional medkits can be opened"), none added at a part's end; the
// sailors keep their wounds and KIA (§6.9-6.10), the tracks their spaces
// (§7.2-7.3), the food its pyramid (§9.4).
func TestLinkedPatrolKeepsTheBoard_4_3_10_3_7_8_6(t *testing.T) {
	s := board(t, `{"mode":"linked","missions":"1"}`)
	s.emptyBoard()
	s.place(2, "F3")
	s.place(5, "E1", "E2")
	s.place(3, "C3")
	s, _ = enter(t, s, nil, "app", "breach", "s:2", "app", "flood:2", "app", "attack", "s:5")
	if !s.Sections[2].Flooded || !s.sailor(figIndex("F3")).KIA {
		t.Fatal("set-up: section 2 flooded, F3 KIA")
	}
	before := s.Medkits
	kept := func(st *State) map[string]any {
		b, err := json.Marshal(st)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		for _, k := range []string{"seq", "part", "log", "draft"} {
			delete(m, k) // the entry's count, the part, the log lines, the end prompt
		}
		return m
	}
	was := kept(s)
	s, _ = enter(t, s, nil, "end", "next")
	now := kept(s)
	wb, _ := json.Marshal(was)
	nb, _ := json.Marshal(now)
	if string(wb) != string(nb) {
		t.Fatalf("the board changed at the part's end:\nbefore %s\nafter  %s", wb, nb)
	}
	if !s.Sections[2].Flooded || s.Medkits != before || !s.sailor(figIndex("F3")).KIA {
		t.Fatal("the flooded section, the medkit tokens or the KIA did not carry over")
	}
	// Part 2: the flooded section is still closed (§10.3.7).
	s, _ = enter(t, s, nil, "mob", "m:C3")
	if !offers(s, "to:4") {
		t.Fatalf("C3 in section 3 moves on to 4: %v", keysOf(s.Pending()))
	}
	for _, o := range s.Pending().Options {
		if o.Key == "to:2" {
			t.Fatal("a sailor may move into the flooded section in part 2")
		}
	}
	if v, err := s.View("status"); err != nil || !strings.Contains(viewText(v), "Linked patrol (§4.3): part 2 of 2") {
		t.Fatalf("the status does not say the part: %v", err)
	}
}

func viewText(v *engine.View) string {
	b, _ := json.Marshal(v)
	return string(b)
}
