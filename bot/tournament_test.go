package bot

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/persist"
)

// A Top Tonnage tournament through the bot: the organiser alone creates,
// starts, removes and ends; entrants join once; each plays his own career
// (here, without a platform's threads, in his own place in the channel) and
// only his; the standings rank by tonnage; the leaderboard sees them all.
func TestTournamentThroughTheBot(t *testing.T) {
	svc, store, games := newDuelService(t)
	organiser := User{ID: "u0", Name: "Dönitz"}
	players := []User{prien, kretschmer, {ID: "u7", Name: "Schepke"}}
	cmd := func(u User, args map[string]string) Reply {
		t.Helper()
		r, err := svc.Command(t.Context(), here, u, "hunters", "tournament", args)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	for _, bad := range []map[string]string{
		{"action": "create"},
		{"action": "create", "format": "wolfpack", "absent": "never"},
		{"action": "create", "format": "top"},
		{"action": "create", "format": "top", "length": "long", "boat": "VIIC"},
		{"action": "create", "format": "top", "length": "eternal"},
		{"action": "join"},
	} {
		if r := cmd(organiser, bad); len(r.Public) != 0 || len(r.Private) != 1 {
			t.Fatalf("%v: %+v", bad, r)
		}
	}
	// The tournament is one card in its channel, edited as entrants join
	// and as it starts (issue 17): the commands answer privately.
	r := cmd(organiser, map[string]string{"action": "create", "format": "top", "length": "short", "name": "Paukenschlag Cup"})
	if len(r.Public) != 0 || len(r.Elsewhere) != 1 || r.Elsewhere[0].Sticky == "" || !strings.Contains(r.Elsewhere[0].Channel[0].Title, "Paukenschlag Cup") {
		t.Fatalf("create: %+v", r)
	}
	card := r.Elsewhere[0].Sticky
	privateSays(t, "start alone", cmd(organiser, map[string]string{"action": "start"}), nil, "at least two")
	for i, p := range players {
		r := cmd(p, map[string]string{"action": "join"})
		if len(r.Public) != 0 || len(r.Elsewhere) != 1 || r.Elsewhere[0].Sticky != card || !strings.Contains(r.Elsewhere[0].Channel[0].Text, p.Name) ||
			!strings.Contains(r.Private[0].Text, fmt.Sprintf("(%s)", map[bool]string{true: "1 entrant", false: fmt.Sprintf("%d entrants", i+1)}[i == 0])) {
			t.Fatalf("join %s: %+v", p.Name, r)
		}
	}
	privateSays(t, "join twice", cmd(prien, map[string]string{"action": "join"}), nil, "already in")
	for _, action := range []string{"start", "end", "remove"} {
		privateSays(t, action+" by an entrant", cmd(prien, map[string]string{"action": action, "player": UserArg(kretschmer.ID, "")}), nil, "Only the organiser")
	}
	r = cmd(organiser, map[string]string{"action": "start"})
	if len(r.Elsewhere) != len(players)+1 || r.Elsewhere[len(players)].Sticky != card {
		t.Fatalf("start: %d notices", len(r.Elsewhere))
	}
	privateSays(t, "join late", cmd(stranger, map[string]string{"action": "join"}), nil, "has started")
	// Each entrant presses his own Start, in the channel: the bot finds his career.
	prompts := map[string]Message{}
	for i, p := range players {
		start := r.Elsewhere[i].Channel[0]
		if start.Mention != p.ID || r.Elsewhere[i].Place.Thread != "player-"+p.ID {
			t.Fatalf("career of %s: %+v", p.Name, r.Elsewhere[i])
		}
		if i > 0 {
			privateSays(t, "another's Start", mustClick(t, svc, players[0], start.Options[0].ID), nil, "is for "+p.Name+"'s game")
		}
		prompts[p.ID] = lastPrompt(t, mustClick(t, svc, p, start.Options[0].ID))
	}
	// Everyone plays a while with the built-in commander.
	for round := 0; round < 150; round++ {
		for _, p := range players {
			pl := Place{Platform: here.Platform, Space: here.Space, Channel: here.Channel, Thread: "player-" + p.ID}
			rec, err := store.Load(t.Context(), pl.Key())
			if err != nil {
				continue // his career is over
			}
			st, _ := games["hunters"].Rules.Decode(rec.State)
			pr := st.Pending()
			next := mustClick(t, svc, p, optionID(rec.ID, pr.Token, hunters.Command(st.(*hunters.State))))
			if ended(next) {
				continue
			}
		}
	}
	standings := cmd(kretschmer, map[string]string{"action": "standings"}).Public[0]
	if len(standings.Fields) != 3 {
		t.Fatalf("standings: %+v", standings)
	}
	var last = 1 << 30
	for _, f := range standings.Fields {
		var tons int
		fmt.Sscanf(strings.ReplaceAll(f.Value, ",", ""), "%d", &tons)
		if tons > last {
			t.Fatalf("standings out of order: %+v", standings.Fields)
		}
		last = tons
	}
	r = cmd(organiser, map[string]string{"action": "remove", "player": UserArg(players[2].ID, "")})
	if len(r.Public) != 1 {
		t.Fatalf("remove: %+v", r)
	}
	if _, err := store.Load(t.Context(), (Place{Platform: here.Platform, Space: here.Space, Channel: here.Channel, Thread: "player-u7"}).Key()); !errors.Is(err, persist.ErrNotFound) {
		t.Fatal("a removed entrant's career is archived")
	}
	board, err := svc.Command(t.Context(), here, stranger, "hunters", "leaderboard", nil)
	if err != nil || len(board.Public) != 2 || len(board.Public[0].Fields) != 3 || len(board.Public[1].Fields) != 10 {
		t.Fatalf("leaderboard: %+v %v", board, err)
	}
	mine, _ := svc.Command(t.Context(), here, stranger, "hunters", "career", map[string]string{"player": UserArg(prien.ID, "")})
	if len(mine.Public[0].Fields) != 1 || !strings.Contains(mine.Public[0].Title, "Prien") {
		t.Fatalf("career: %+v", mine)
	}
	final := cmd(organiser, map[string]string{"action": "end"})
	if !strings.HasPrefix(final.Public[0].Title, "Final standings") || !strings.Contains(final.Public[0].Fields[2].Value, "withdrawn") {
		t.Fatalf("end: %+v", final.Public[0])
	}
	privateSays(t, "standings after the end", cmd(prien, map[string]string{"action": "standings"}), nil, "no tournament")
}

// The commands adapters register come from the game: its views, and its
// tournament formats' questions with their choices.
func TestCommandsForAGame(t *testing.T) {
	_, _, games := newDuelService(t)
	byName := map[string]CommandSpec{}
	for _, c := range CommandsFor(games["hunters-duel"]) {
		byName[c.Name] = c
	}
	if _, ok := byName["score"]; !ok {
		t.Fatal("the duel's score view is a command")
	}
	hunters := map[string]CommandSpec{}
	for _, c := range CommandsFor(games["hunters"]) {
		hunters[c.Name] = c
	}
	if _, ok := hunters["score"]; ok {
		t.Fatal("a solitaire career has no score view")
	}
	args := map[string]ArgSpec{}
	for _, a := range hunters["tournament"].Args {
		args[a.Name] = a
	}
	if len(args["format"].Choices) != 4 || len(args["length"].Choices) != 2 || len(args["boat"].Choices) < 8 || !args["action"].Positional {
		t.Fatalf("tournament arguments: %+v", args)
	}
}

// The organiser sets each entrant's vacation budget; vacation taken while
// in the tournament counts against it.
func TestTournamentVacationBudget(t *testing.T) {
	svc, _, _ := newDuelService(t)
	organiser := User{ID: "u0", Name: "Dönitz"}
	if r, _ := svc.Command(t.Context(), here, organiser, "hunters", "tournament", map[string]string{"action": "create", "format": "top", "length": "short", "vacation_days": "lots"}); len(r.Private) != 1 {
		t.Fatalf("a bad budget: %+v", r)
	}
	if _, err := svc.Command(t.Context(), here, organiser, "hunters", "tournament", map[string]string{"action": "create", "format": "top", "length": "short", "vacation_days": "3"}); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Command(t.Context(), here, prien, "hunters", "tournament", map[string]string{"action": "join"}); err != nil {
		t.Fatal(err)
	}
	prefs := func(days string) Reply {
		r, err := svc.Command(t.Context(), here, prien, "hunters", "prefs", map[string]string{"vacation": days})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	if r := prefs("2"); strings.Contains(r.Private[0].Text, "Nothing changed") {
		t.Fatalf("two days of three: %+v", r)
	}
	privateSays(t, "over the tournament's budget", prefs("2"), nil, "more vacation than Top Tonnage tournament allows (2 of 3")
}
