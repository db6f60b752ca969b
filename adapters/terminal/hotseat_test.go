package terminal

import (
	"context"
	"encoding/hex"
	"io"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/bot"
	"github.com/kaleun/kaleun/bot/chat"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/tonnagewar"
	"github.com/kaleun/kaleun/persist"
)

// tonnageWarSession starts a hot-seat Tonnage War, Prien against Walker at
// one keyboard, as `kaleun play tonnagewar` does.
func tonnageWarSession(t *testing.T, clear bool) *Session {
	t.Helper()
	store, err := persist.Open(filepath.Join(t.TempDir(), "tw.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	tw, err := tonnagewar.NewRules()
	if err != nil {
		t.Fatal(err)
	}
	svc := bot.New(store, engine.Described(map[string]engine.Rules{"tonnagewar": tw}), bot.Options{})
	s := &Session{Svc: svc, Place: place, User: me, Game: "tonnagewar", Views: []string{"table", "score", "variants", "hand"}, ClearScreen: clear}
	d := &persist.DiceRecord{Kind: "auditable", Seed: hex.EncodeToString([]byte("hot seat test")), GameID: "hotseat"}
	r, err := svc.StartGame(t.Context(), place, chat.User{ID: me.ID, Name: "Prien"}, "tonnagewar", map[string]string{"b": bot.UserArg("seatb", "Walker")}, d)
	if err != nil {
		t.Fatal(err)
	}
	s.Out = io.Discard
	s.Show(r)
	return s
}

var optionLine = regexp.MustCompile(`(?m)^ +\d+\) (\S+) +\S`)

// playHotSeat plays handOvers turns at the keyboard as two people would:
// Enter at each pause, and at each decision a card or an action (attacks and
// contacts rather than discards, so dice roll). It returns all the output.
func playHotSeat(t *testing.T, s *Session, handOvers int) string {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s.In, s.Out = inR, outW
	done := make(chan error, 1)
	go func() { done <- s.Run(context.Background()); outW.Close() }()
	var all strings.Builder
	screen := "" // since the last answer
	passes := 0
	buf := make([]byte, 64<<10)
	for {
		n, err := outR.Read(buf)
		all.Write(buf[:n])
		screen += string(buf[:n])
		if err != nil {
			break
		}
		switch {
		case strings.HasSuffix(screen, "press Enter when only that player can see the screen. ==\n"):
			passes++
			go io.WriteString(inW, "\n")
			screen = ""
		case strings.HasSuffix(screen, "> ") && passes > handOvers:
			go io.WriteString(inW, "quit\n")
			screen = ""
		case strings.HasSuffix(screen, "> "):
			i := strings.LastIndex(screen, "-- decision")
			if i < 0 {
				t.Fatalf("a prompt without its decision:\n%s", screen)
			}
			block := screen[i:]
			key := ""
			for _, m := range optionLine.FindAllStringSubmatch(block, -1) {
				if k := m[1]; key == "" || key == "discard" && k != "end" && k != "back" {
					key = k
				}
			}
			if key == "" || key == "end" || key == "back" {
				t.Fatalf("no option to take in:\n%s", block)
			}
			go io.WriteString(inW, key+"\n")
			screen = ""
		}
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	return all.String()
}

// Hot-seat Tonnage War used to "clear" the screen with blank lines, leaving
// the last player's hand in the scrollback, and the roll that just happened
// scrolled away before the pause. On a terminal each hand-over now clears
// the screen and its scrollback (ESC[H ESC[2J ESC[3J), and the pause shows
// the public events of the turn that ended and whose turn it is.
func TestHotSeatClearsTheScrollbackAndShowsTheTurnThatEnded(t *testing.T) {
	s := tonnageWarSession(t, true)
	out := playHotSeat(t, s, 16)
	screens := strings.Split(out, clearScreen)
	if len(screens) != 18 || screens[0] != "" {
		t.Fatalf("want the output to open with a clear and 17 hand-overs, got %d screens; the first: %.500q", len(screens)-1, screens[0])
	}
	sawRoll, sawDiscard := false, false
	for i, sc := range screens[1:] {
		pause, after, ok := strings.Cut(sc, "Pass the keyboard to that player")
		if !ok {
			t.Fatalf("screen %d has no pause:\n%s", i, sc)
		}
		player, other := "Prien", "Walker"
		if strings.Contains(pause, "== Walker to play") {
			player, other = other, player
		} else if !strings.Contains(pause, "== Prien to play") {
			t.Fatalf("the pause does not say whose turn it is:\n%s", pause)
		}
		if strings.Contains(sc, "Your hand, "+other) {
			t.Fatalf("screen %d, %s's turn, shows %s's hand", i, player, other)
		}
		if strings.Contains(pause, "Your hand") || strings.Contains(pause, "You discarded") || strings.Contains(pause, "-- decision") {
			t.Fatalf("the pause shows what is private:\n%s", pause)
		}
		if !strings.Contains(pause, "-- The table saw, since the keyboard last passed: --") {
			t.Fatalf("the pause does not show the turn that ended:\n%s", pause)
		}
		sawRoll = sawRoll || strings.Contains(pause, "1d20") || strings.Contains(pause, "d10")
		sawDiscard = sawDiscard || strings.Contains(pause, "discards a tactical card face-down")
		if i == 0 && !strings.Contains(pause, "Game 1: Prien sails the U-boats") {
			t.Fatalf("the first pause must keep the game's opening:\n%s", pause)
		}
		if strings.Contains(after, "> > ") {
			t.Fatalf("a prompt printed twice:\n%s", after)
		}
	}
	if !sawRoll || !sawDiscard {
		t.Fatalf("the pauses never showed a roll (%v) or a face-down discard (%v):\n%s", sawRoll, sawDiscard, out)
	}
}

// Output that is not a terminal gets no escape codes.
func TestHotSeatWithoutATerminalWritesNoEscapes(t *testing.T) {
	s := tonnageWarSession(t, false)
	out := playHotSeat(t, s, 2)
	if strings.Contains(out, "\x1b") {
		t.Fatal("escape codes written to output that is not a terminal")
	}
	if !strings.Contains(out, "-- The table saw, since the keyboard last passed: --") {
		t.Fatal("the pause does not show the turn that ended")
	}
}
