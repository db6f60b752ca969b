package browsertest

import "testing"

func TestSmoke(t *testing.T) {
	p := playGames(t)
	t.Logf("%+v %v %s %s %s", p.decisions, p.duel.Over, p.duelLink, p.tournamentLink, p.boardLink)
}
