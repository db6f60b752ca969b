package bot

import (
	"strings"
	"testing"
)

// Issue 32: with the pages' base_url, the tournament's standings, the
// leaderboard and a player's careers carry their pages' links (the ones
// kaleun link prints: the store's) as the last line of the message the
// channel gets anyway, no message more; without it, no link.
func TestStandingsLeaderboardAndCareerCarryTheirPagesLinks(t *testing.T) {
	for _, base := range []string{"https://kaleun.example.org/k/", ""} {
		svc, store, _ := newDuelService(t)
		svc.webBase = base
		organiser := User{ID: "u0", Name: "Dönitz"}
		cmd := func(u User, command string, args map[string]string) Reply {
			t.Helper()
			r, err := svc.Command(t.Context(), here, u, "hunters", command, args)
			if err != nil {
				t.Fatal(err)
			}
			return r
		}
		cmd(organiser, "tournament", map[string]string{"action": "create", "format": "top", "length": "short", "name": "Cup"})
		cmd(prien, "tournament", map[string]string{"action": "join"})
		cmd(kretschmer, "tournament", map[string]string{"action": "join"})
		r := cmd(organiser, "tournament", map[string]string{"action": "start"})
		start := r.Elsewhere[0].Channel[0]
		mustClick(t, svc, prien, start.Options[0].ID)
		tour, err := store.TournamentAt(t.Context(), here.Key())
		if err != nil {
			t.Fatal(err)
		}
		tlink, _ := store.TournamentLink(t.Context(), tour.ID)
		blink, _ := store.BoardLink(t.Context(), here.Platform, here.Space, "hunters")
		plink, _ := store.PlayerLink(t.Context(), here.Platform, here.Space, prien.ID)
		for _, c := range []struct {
			what  string
			reply Reply
			want  string
		}{
			{"the standings", cmd(kretschmer, "tournament", map[string]string{"action": "standings"}), "[View tournament ↗](" + base + "t/" + tlink + "/)"},
			{"the leaderboard", cmd(kretschmer, "leaderboard", nil), "[View leaderboard ↗](" + base + "l/" + blink + "/)"},
			{"a player's careers", cmd(kretschmer, "career", map[string]string{"player": UserArg(prien.ID, "")}), "[View player ↗](" + base + "p/" + plink + "/)"},
		} {
			if len(c.reply.Public) == 0 {
				t.Fatalf("base %q: %s: no message: %+v", base, c.what, c.reply)
			}
			text := c.reply.Public[0].Text
			lines := strings.Split(text, "\n")
			has := strings.Contains(text, "↗")
			if has != (base != "") || base != "" && lines[len(lines)-1] != c.want {
				t.Errorf("base %q: %s says %q, want its last line %q", base, c.what, text, c.want)
			}
			if want := map[string]int{"the leaderboard": 2}[c.what]; want == 0 && len(c.reply.Public) != 1 || want != 0 && len(c.reply.Public) != want {
				t.Errorf("base %q: %s is %d messages", base, c.what, len(c.reply.Public))
			}
		}
	}
}
