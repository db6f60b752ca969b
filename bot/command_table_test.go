package bot

import (
	"strings"
	"testing"
)

// The bot's commands are one table (issue 27, "the framework's own door"):
// every row the platforms register has a help line and a handler, and the
// service answers each of them in a channel with a game, none as an
// unknown command; the list the platforms read is the table's.
func TestEveryCommandOfTheTableIsRegisteredAndAnswered(t *testing.T) {
	listed := map[string]bool{}
	for _, c := range Commands() {
		listed[c.Name] = true
	}
	for _, c := range commandTable() {
		if c.run == nil {
			t.Errorf("command %q has no handler", c.Name)
		}
		if c.unlisted == listed[c.Name] {
			t.Errorf("command %q: unlisted %v, but listed %v", c.Name, c.unlisted, listed[c.Name])
		}
		if !c.unlisted && c.Help == "" {
			t.Errorf("command %q has no help line", c.Name)
		}
	}
	svc, _ := newService(t)
	if _, err := started(t, svc, here, prien, map[string]string{"boat": "VIIC"}); err != nil {
		t.Fatal(err)
	}
	// Commands that would end or change the game are asked for, not run:
	// abandon and concede answer with a confirmation, undo before any
	// decision says there is nothing to take back.
	for _, c := range Commands() {
		if c.Name == "challenge" || c.Name == "backup" {
			continue // they start a game elsewhere, or need an operator's backup directory
		}
		args := map[string]string{}
		for _, a := range c.Args {
			if a.Required {
				args[a.Name] = "x"
			}
		}
		if c.Name == "tournament" {
			args["action"] = "standings"
		}
		r, err := svc.Command(t.Context(), here, prien, "hunters", c.Name, args)
		if err != nil {
			t.Errorf("%s: %v", c.Name, err)
			continue
		}
		for _, m := range append(r.Public, r.Private...) {
			if strings.Contains(m.Text, "Unknown command") {
				t.Errorf("%s is in the table but answered %q", c.Name, m.Text)
			}
		}
	}
	// A name in no table is the game's, and unknown to it too.
	r, err := svc.Command(t.Context(), here, prien, "hunters", "fire", nil)
	if err != nil || len(r.Private) != 1 || !strings.Contains(r.Private[0].Text, `Unknown command "fire"`) {
		t.Fatalf("fire: %+v %v", r, err)
	}
}
