package uboatleader

import (
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
)

func TestSmokeSimulate(t *testing.T) {
	r, err := NewRules()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []SimConfig{
		{Campaign: "opening", Length: "short"}, {Campaign: "opening", Length: "medium"}, {Campaign: "opening", Length: "long"},
		{Campaign: "turning-tide", Length: "short"}, {Campaign: "turning-tide", Length: "long"},
		{Campaign: "opening", Length: "medium", Rules: "linked,snorkel,xxi,random_fleet"},
		{Campaign: "opening", Length: "short", Rules: "deep_dive=example,salvo_damage=declared,map_reset=into,escort_detection=nearest_boat,escort_attack_target=nearest_any,escort_move_outside_short=d10_first,uboat_alert=on_attack,enemy_attack_third=three_stress"},
	} {
		c.Campaigns = 200
		rep, err := Simulate(r, c, func(i int) engine.Dice { return dice.NewFast(uint64(i + 1)) })
		if err != nil {
			t.Fatal(c, err)
		}
		t.Logf("%+v", rep)
	}
}
