package bot

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/engine/hunters/wolfpack"
)

// A Wolfpack tournament of twelve players (two packs of six) played to the
// end through the bot, every player answering only his own boat's prompts at
// his own pace, with the seeds fixed so the run is the same every time.
// Checked: 13.5.1's packs and totals, 13.5.2-13.5.3 (everyone meets the
// first convoy together), 13.5.4's draw every round, 13.5.5's three rounds
// at most, and 13.5.6's end; the standings rank boats and packs.
func TestWolfpackTournamentOfTwelve(t *testing.T) {
	h, _ := hunters.NewRules()
	games := engine.Described(map[string]engine.Rules{"hunters": h, "hunters-wolfpack": wolfpack.NewRules(h)})
	svc, store := serviceWith(t, games, "w", true)
	organiser := User{ID: "bdu", Name: "Dönitz"}
	tcmd := func(u User, args map[string]string) Reply {
		t.Helper()
		r, err := svc.Command(t.Context(), here, u, "hunters", "tournament", args)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	tcmd(organiser, map[string]string{"action": "create", "format": "wolfpack", "name": "Drumbeat"})
	var players []User
	for i := 0; i < 12; i++ {
		u := User{ID: fmt.Sprintf("p%02d", i), Name: fmt.Sprintf("Kaleun %02d", i)}
		players = append(players, u)
		tcmd(u, map[string]string{"action": "join"})
	}
	r := tcmd(organiser, map[string]string{"action": "start"})
	if len(r.Elsewhere) != 3 || len(r.Private) != 1 || !strings.Contains(r.Private[0].Text, "12 boats in 2 packs") ||
		!strings.Contains(r.Elsewhere[2].Channel[0].Text, "12 boats in 2 packs") || r.Elsewhere[2].Sticky == "" {
		t.Fatalf("start: the tournament's card says it has started, and so does the organiser's answer: %+v", r)
	}
	byID := map[string]User{}
	for _, p := range players {
		byID[p.ID] = p
	}
	packs := []Place{r.Elsewhere[0].Place, r.Elsewhere[1].Place}
	var texts []string
	collect := func(r Reply) {
		for _, m := range r.Shown() {
			for _, e := range m.Events {
				texts = append(texts, e.Case+"|"+e.Text)
			}
		}
	}
	for _, nt := range r.Elsewhere[:2] {
		collect(Reply{Public: nt.Channel})
	}
	refused := false
	for step := 0; ; step++ {
		if step > 40000 {
			t.Fatal("the packs never get home")
		}
		moved := false
		for _, pl := range packs {
			rec, err := store.Load(t.Context(), pl.Key())
			if err != nil {
				continue // this pack is home
			}
			st, err := games["hunters-wolfpack"].Rules.Decode(rec.State)
			if err != nil {
				t.Fatal(err)
			}
			ws := st.(*wolfpack.State)
			if b := ws.Battle; b != nil && b.Round > 3 {
				t.Fatalf("13.5.5: a battle's round %d", b.Round)
			}
			pending := ws.PendingAll()
			if len(pending) == 0 {
				t.Fatalf("pack %s waits for nobody", pl.Thread)
			}
			p := pending[step%len(pending)]
			who, _ := answerer(rec, p)
			seat, _, _ := strings.Cut(p.Token, ".")
			idx := 0
			fmt.Sscan(seat, &idx)
			key := hunters.Command(ws.Career(idx - 1))
			id := optionID(rec.ID, p.Token, key)
			if !refused {
				other := players[0]
				if other.ID == who {
					other = players[1]
				}
				if rr, _ := svc.Click(t.Context(), pl, other, id); len(rr.Private) != 1 || !strings.Contains(rr.Private[0].Text, "changed nothing") {
					t.Fatalf("another player answered %s's prompt: %+v", who, rr)
				}
				refused = true
			}
			rr, err := svc.Click(t.Context(), pl, byID[who], id)
			if err != nil {
				t.Fatal(err)
			}
			if len(rr.Private) > 0 {
				t.Fatalf("%s's answer refused: %s", who, rr.Private[0].Text)
			}
			collect(rr)
			moved = true
		}
		if !moved {
			break
		}
	}
	count := func(cas, substr string) int {
		c := 0
		for _, x := range texts {
			if strings.HasPrefix(x, cas+"|") && strings.Contains(x, substr) {
				c++
			}
		}
		return c
	}
	if c := count("13.5.2", "assigned to the Atlantic"); c != 12 {
		t.Fatalf("13.5.2: %d boats assigned to the Atlantic", c)
	}
	if c := count("13.5.3", "meets a convoy"); c < 2 {
		t.Fatalf("13.5.3: %d", c)
	}
	if draws, unlucky := count("13.5.4", "Round"), count("13.5.4", "draws the escorts (+1"); draws == 0 || draws != unlucky {
		t.Fatalf("13.5.4: %d draws, %d boats drawn", draws, unlucky)
	}
	if c := count("13.5.5", "attacks a convoy"); c < 2 {
		t.Fatalf("13.5.5: %d pack battles", c)
	}
	home := 0
	for _, x := range texts {
		if strings.Contains(x, "the wolfpack patrol is over") && strings.Contains(x, "(13.5.6)") {
			home++
		}
	}
	if home == 0 {
		t.Fatal("13.5.6: no boat came home")
	}
	final := tcmd(organiser, map[string]string{"action": "end"}).Public[0]
	if len(final.Fields) != 12 || !strings.Contains(final.Text, "Packs (13.5.1):") || !strings.Contains(final.Text, "1. ") || !strings.Contains(final.Text, "2. ") {
		t.Fatalf("final standings: %+v", final)
	}
	fin, _ := store.Finished(t.Context())
	if len(fin) != 2 {
		t.Fatalf("%d pack games finished", len(fin))
	}
	for i := range fin {
		x, err := audit.Build(t.Context(), store, &fin[i], true)
		if err != nil {
			t.Fatal(err)
		}
		data, _ := json.Marshal(x)
		if rep := audit.Verify(data, games); len(rep.Problems) > 0 {
			t.Fatalf("pack %s's log does not verify: %v", fin[i].ID, rep.Problems[0])
		}
	}
}
