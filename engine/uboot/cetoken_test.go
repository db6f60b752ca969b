package uboot

import (
	"strings"
	"testing"
)

// §10.3.3, the cards with the technical-condition icon, as far as the text
// gives them: "Cards with the ⏸ may be used multiple times and always stay
// in their toolbox spaces on the Chief Engineer's panel. When playing a ⏸
// card, flip it face down for the duration of the repair, and flip it back
// face up if the repair is paused or completed. Do not move a toolbox
// marker if its corresponding toolbox space on the Chief Engineer's player
// panel has a facedown card." Their effect on the crew's activation is not
// in the text: the board changes no activation for them and says so.
func TestCETokenCardFaceDownAndToolboxLocked_10_3_3(t *testing.T) {
	s := board(t, `{}`)
	s.emptyBoard()
	s.Toolboxes["toolbox-I"] = []string{"ce-routine"} // house: kind token
	s.Sections[2].Res = []string{"toolbox-I", "rebreathers"}
	s.place(2, "E1", "E4") // both repair specialists
	s, _ = enter(t, s, nil, "app", "tech", "red", "s:2", "order", "o:repair", "tech:2:0", "n:2")
	if !offers(s, "k:ce-routine") {
		t.Fatalf("a token card may be played on the repair: %v", keysOf(s.Pending()))
	}
	s, evs := enter(t, s, nil, "k:ce-routine", "+E1", "+E4", "go")
	c := s.Sections[2].Tech[0]
	if !has(s.FaceDown, "ce-routine") || !has(s.Toolboxes["toolbox-I"], "ce-routine") || c.Card != "ce-routine" {
		t.Fatalf("played: face down, still in its toolbox space: face down %v, toolbox %v, repair %+v", s.FaceDown, s.Toolboxes, c)
	}
	if s.slots("E1") != "red" || s.slots("E4") != "red" || c.Need != 2 || len(c.Crew) != 2 {
		t.Fatalf("no virtual sailor and no change of activation from the board: %q %q %+v", s.slots("E1"), s.slots("E4"), c)
	}
	said := false
	for _, e := range evs {
		said = said || strings.Contains(e.Text, "Apply its printed effect on the crew's activation yourselves")
	}
	if !said {
		t.Fatalf("the board says its effect is the players' to apply")
	}
	if v, _ := s.View("status"); !strings.Contains(v.Sections[len(v.Sections)-2].Lines[0], "Routine (face down") {
		t.Errorf("the status shows the card face down: %v", v.Sections[len(v.Sections)-2].Lines)
	}
	// The toolbox cannot move; the rebreathers can.
	s, _ = enter(t, s, nil, "mob", "m:E1")
	if offers(s, "take:toolbox-I") || !offers(s, "take:rebreathers") {
		t.Fatalf("a face-down card locks its toolbox: %v", keysOf(s.Pending()))
	}
	// E1 leaves: the crew drops below 2, the repair pauses, the card is
	// face up again and off the repair.
	s, _ = enter(t, s, nil, "to:3", "stop", "end")
	if len(s.FaceDown) != 0 || s.Sections[2].Tech[0].Card != "" {
		t.Fatalf("paused: the card face up, off the repair: %v %+v", s.FaceDown, s.Sections[2].Tech[0])
	}
	// Reusable: played again on a new repair's order, then completed: face
	// up, not discarded. (A paused repair resumed takes no order, so no
	// card is played on it, §10.3.2.)
	s.place(2, "E1")
	s.Sailors[0][figIndex("E1")].Slots = nil
	s.Sailors[0][figIndex("E4")].Slots = nil
	s, _ = enter(t, s, nil, "app", "tech", "green", "s:2", "order", "o:repair", "tech:2:1", "n:2", "k:ce-routine", "+E1", "+E4", "go")
	if !has(s.FaceDown, "ce-routine") || s.Sections[2].Tech[1].Card != "ce-routine" {
		t.Fatalf("reusable: played again: %v %+v", s.FaceDown, s.Sections[2].Tech)
	}
	s, _ = enter(t, s, nil, "app", "fixed", "t:2:1")
	if len(s.FaceDown) != 0 || has(s.CEDiscard, "ce-routine") || !has(s.Toolboxes["toolbox-I"], "ce-routine") {
		t.Fatalf("completed: face up in its toolbox, not discarded: %v %v %v", s.FaceDown, s.CEDiscard, s.Toolboxes)
	}
	s, _ = enter(t, s, nil, "mob", "m:E1")
	if !offers(s, "take:toolbox-I") {
		t.Fatalf("face up again: the toolbox may move")
	}
}
