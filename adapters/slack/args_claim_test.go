package slack

import "testing"

// `claim ROLE off` (bot/roles.go) reads its two words as its positional
// arguments, as `tournament join` does.
func TestClaimTakesItsRoleAndOffPositionally(t *testing.T) {
	sub, args, err := ParseCommandText("claim captain off")
	if err != nil || sub != "claim" || args["role"] != "captain" || args["off"] != "off" {
		t.Fatalf("%q %v %v", sub, args, err)
	}
	if _, args, _ := ParseCommandText("claim role:fo"); args["role"] != "fo" || args["off"] != "" {
		t.Fatalf("named: %v", args)
	}
}
