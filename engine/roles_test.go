package engine

import (
	"slices"
	"testing"
)

// An option's Seats win over its prompt's Seat; a prompt that names none
// leaves the choice to any player of the game.
func TestSeatsForOptionThenPrompt(t *testing.T) {
	p := &Prompt{Seat: "fo", Options: []Option{{Key: "a", Seats: []string{"fo", "ce"}}, {Key: "b"}}}
	if got := SeatsFor(p, "a"); !slices.Equal(got, []string{"fo", "ce"}) {
		t.Errorf("option a: %v, want its own seats", got)
	}
	if got := SeatsFor(p, "b"); !slices.Equal(got, []string{"fo"}) {
		t.Errorf("option b: %v, want the prompt's seat", got)
	}
	if got := SeatsFor(&Prompt{Options: []Option{{Key: "c"}}}, "c"); got != nil {
		t.Errorf("a prompt of nobody's: %v, want nil", got)
	}
}

func TestRolesChecked(t *testing.T) {
	for _, g := range []Game{
		{Roles: []Role{{ID: "captain", Name: "Captain"}}, Seats: []string{"a"}},
		{Roles: []Role{{ID: "captain", Name: "Captain"}, {ID: "captain", Name: "Again"}}},
		{Roles: []Role{{ID: "fo"}}},
	} {
		if len(g.checkRoles()) == 0 {
			t.Errorf("%+v passed its check", g.Roles)
		}
	}
	ok := Game{Roles: []Role{{ID: "captain", Name: "Captain"}, {ID: "fo", Name: "First Officer"}}}
	if bad := ok.checkRoles(); len(bad) > 0 {
		t.Errorf("good roles refused: %v", bad)
	}
	if !ok.Offers("claim") || (&Game{}).Offers("claim") {
		t.Error("claim is offered exactly by games with roles")
	}
}
