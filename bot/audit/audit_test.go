package audit

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/hunters"
	"github.com/kaleun/kaleun/persist"
)

// played plays a career through the bot with a fixed seed and returns its export.
func played(t *testing.T, decisions int) ([]byte, map[string]engine.Rules) {
	t.Helper()
	store, err := persist.Open(filepath.Join(t.TempDir(), "k.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	h, _ := hunters.NewRules()
	games := map[string]engine.Rules{"hunters": h}
	svc := bot.New(store, games, bot.Options{
		Now:     func() time.Time { return time.Unix(1700000000, 0).UTC() },
		NewSeed: func() ([]byte, error) { return []byte("audit test seed"), nil },
		NewID:   func() (string, error) { return "audit1", nil },
	})
	place := bot.Place{Platform: "discord", Space: "g", Channel: "c"}
	me := bot.User{ID: "u", Name: "Prien"}
	r, err := svc.Command(place, me, "hunters", "new", map[string]string{"boat": "VIIB", "rules": "14.6,14.8"})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < decisions; i++ {
		var id string
		for _, m := range r.Public {
			if m.Prompt != nil {
				id = m.Options[0].ID
			}
		}
		if id == "" {
			break
		}
		if r, err = svc.Click(place, me, id); err != nil {
			t.Fatal(err)
		}
	}
	rec, err := store.Load(place.Key())
	if err != nil {
		fin, _ := store.Finished()
		rec = &fin[0]
	}
	x, err := Build(store, rec, true)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(x)
	return b, games
}

func TestAPlayedGameVerifiesClean(t *testing.T) {
	data, games := played(t, 150)
	if probs := Verify(data, games); len(probs) != 0 {
		t.Fatalf("clean game: %v", probs)
	}
}

// tamper edits the export and (optionally) recomputes the hash chain, as a
// careful forger would.
func tamper(t *testing.T, data []byte, rehash bool, edit func(x *Export)) []byte {
	t.Helper()
	var x Export
	if err := json.Unmarshal(data, &x); err != nil {
		t.Fatal(err)
	}
	edit(&x)
	if rehash {
		prev := ""
		for i := range x.Entries {
			x.Entries[i].Prev = prev
			h, _ := persist.HashEntry(x.Entries[i])
			x.Entries[i].Hash = h
			prev = h
		}
		x.Head = prev
	}
	b, _ := json.Marshal(x)
	return b
}

// firstRoll finds the index of the n-th roll entry.
func nthRoll(x *Export, n int) int {
	for i, e := range x.Entries {
		var ev engine.Event
		json.Unmarshal(e.Event, &ev)
		if ev.Roll != nil {
			if n == 0 {
				return i
			}
			n--
		}
	}
	return -1
}

func editEvent(x *Export, i int, f func(ev *engine.Event)) {
	var ev engine.Event
	json.Unmarshal(x.Entries[i].Event, &ev)
	f(&ev)
	x.Entries[i].Event, _ = json.Marshal(ev)
}

func TestTamperingIsCaughtAtTheFirstBadEntry(t *testing.T) {
	data, games := played(t, 150)
	var x Export
	json.Unmarshal(data, &x)
	i := nthRoll(&x, 5)
	seq := x.Entries[i].Seq
	cases := []struct {
		name   string
		rehash bool
		edit   func(x *Export)
		want   string
	}{
		{"one face", false, func(x *Export) { editEvent(x, i, func(ev *engine.Event) { ev.Roll.Faces[0] = ev.Roll.Faces[0]%6 + 1 }) }, fmt.Sprintf("entry %d: its hash", seq)},
		{"one face, chain rebuilt", true, func(x *Export) { editEvent(x, i, func(ev *engine.Event) { ev.Roll.Faces[0] = ev.Roll.Faces[0]%6 + 1 }) }, fmt.Sprintf("entry %d: die #", seq)},
		{"one modifier, chain rebuilt", true, func(x *Export) {
			j := -1
			for k := range x.Entries {
				var ev engine.Event
				json.Unmarshal(x.Entries[k].Event, &ev)
				if ev.Roll != nil && len(ev.Roll.Modifiers) > 0 && j < 0 {
					j = k
				}
			}
			editEvent(x, j, func(ev *engine.Event) { ev.Roll.Modifiers[0].Value++ })
		}, "but the rules give"},
		{"one decision, chain rebuilt", true, func(x *Export) {
			for k := range x.Entries {
				var ev engine.Event
				json.Unmarshal(x.Entries[k].Event, &ev)
				if ev.Choice != nil && ev.Choice.Key == "e3" {
					editEvent(x, k, func(ev *engine.Event) { ev.Choice.Key = "e4" })
					return
				}
			}
		}, "entry"},
		{"one hash", false, func(x *Export) { x.Entries[3].Hash = strings.Repeat("0", 64) }, "entry 4: its hash"},
		{"an entry dropped", false, func(x *Export) { x.Entries = append(x.Entries[:7], x.Entries[8:]...) }, "entry 9: out of order"},
		{"two entries swapped", false, func(x *Export) { x.Entries[7], x.Entries[8] = x.Entries[8], x.Entries[7] }, "entry 9: out of order"},
		{"the seed", false, func(x *Export) { x.Dice.Seed = "00" + x.Dice.Seed }, "does not match the commitment"},
		{"cut short", false, func(x *Export) { x.Entries = x.Entries[:len(x.Entries)-1] }, "head hash"},
	}
	for _, c := range cases {
		probs := Verify(tamper(t, data, c.rehash, c.edit), games)
		if len(probs) == 0 || !strings.Contains(probs[0].String(), c.want) {
			t.Errorf("%s: got %v, want a first problem containing %q", c.name, probs, c.want)
		}
	}
}
