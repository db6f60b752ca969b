package bot

import (
	"strings"
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/persist"
)

func privateSays(t *testing.T, what string, r Reply, err error, want string) {
	t.Helper()
	if err != nil || len(r.Public) != 0 || len(r.Private) != 1 || !strings.Contains(r.Private[0].Text, want) {
		t.Fatalf("%s: want a private %q, got %+v %v", what, want, r, err)
	}
}

func TestEntropyAndRevealRefusals(t *testing.T) {
	svc, store := newService(t)
	r, err := svc.Command(t.Context(), here, prien, "hunters", "new", map[string]string{"boat": "VIIC"})
	if err != nil {
		t.Fatal(err)
	}
	startID := r.Public[0].Options[0].ID
	r, err = svc.Command(t.Context(), here, stranger, "hunters", "seed", map[string]string{"text": "  "})
	privateSays(t, "empty entropy", r, err, "Give some text")
	r, err = svc.Command(t.Context(), here, stranger, "hunters", "seed", map[string]string{"text": strings.Repeat("x", maxEntropy+1)})
	privateSays(t, "long entropy", r, err, "at most")
	r, err = svc.Command(t.Context(), here, prien, "hunters", "reveal", nil)
	privateSays(t, "reveal before any die", r, err, "nothing to check")
	before, _ := store.Load(t.Context(), here.Key())
	r, err = svc.Command(t.Context(), here, stranger, "hunters", "seed", map[string]string{"text": "Schepke"})
	if err != nil || len(r.Public) != 1 {
		t.Fatalf("entropy: %+v %v", r, err)
	}
	after, _ := store.Load(t.Context(), here.Key())
	if len(after.Dice.Entropy) != 1 || after.Seq != before.Seq+1 || after.Head == before.Head {
		t.Fatalf("entropy not logged: %+v", after.Dice)
	}
	if r, err = svc.Click(t.Context(), here, prien, startID); err != nil || len(r.Public) == 0 {
		t.Fatalf("start: %+v %v", r, err)
	}
	// The start click is spent: pressing it again changes nothing.
	r, err = svc.Click(t.Context(), here, prien, startID)
	privateSays(t, "a second Start", r, err, "already taken")
	r, err = svc.Command(t.Context(), here, stranger, "hunters", "seed", map[string]string{"text": "late"})
	privateSays(t, "late entropy", r, err, "already rolled")
	r, err = svc.Command(t.Context(), here, stranger, "hunters", "reveal", nil)
	privateSays(t, "a stranger's reveal", r, err, "Only the commander")
	for _, who := range []User{prien, manager} {
		r, err = svc.Command(t.Context(), here, who, "hunters", "reveal", nil)
		if err != nil || len(r.Public) != 1 || !strings.Contains(r.Public[0].Text, "Dice seed revealed") {
			t.Fatalf("reveal by %s: %+v %v", who.Name, r, err)
		}
		if who == prien {
			// Nothing rolled with the fresh seed yet: the manager's reveal is refused...
			r, err = svc.Command(t.Context(), here, manager, "hunters", "reveal", nil)
			privateSays(t, "a reveal right after a reveal", r, err, "nothing to check")
			// ...but entropy is welcome again before its first die.
			if r, _ = svc.Command(t.Context(), here, stranger, "hunters", "seed", map[string]string{"text": "again"}); len(r.Public) != 1 {
				t.Fatalf("entropy after a reveal: %+v", r)
			}
			for i := 0; i < 20; i++ { // play on until the fresh seed has rolled a die
				if rec, _ := store.Load(t.Context(), here.Key()); rec.Dice.Cursor > rec.Dice.From {
					break
				}
				svc.Click(t.Context(), here, prien, lastPrompt(t, mustTurn(t, svc)).Options[0].ID)
			}
		}
	}
}

func mustTurn(t *testing.T, svc *Service) Reply {
	t.Helper()
	r, err := svc.Command(t.Context(), here, prien, "hunters", "turn", nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestScriptedGamesHaveNoSeed(t *testing.T) {
	svc, store := newService(t)
	faces := make([]int, 400)
	for i := range faces {
		faces[i] = i%6 + 1
	}
	scripted := &persist.DiceRecord{Kind: "scripted", Faces: faces}
	// Chat games are always seeded: chosen faces never reach a channel.
	if _, err := svc.StartGame(t.Context(), here, prien, "hunters", map[string]string{"boat": "VIIC"}, scripted); err == nil || !strings.Contains(err.Error(), "only a terminal game") {
		t.Fatalf("a scripted game in a channel: %v", err)
	}
	if _, err := store.Load(t.Context(), here.Key()); err == nil {
		t.Fatal("the refused scripted game was saved")
	}
	terminal := Place{Platform: "terminal", Space: "local", Channel: "local"}
	if _, err := svc.StartGame(t.Context(), terminal, prien, "hunters", map[string]string{"boat": "VIIC"}, scripted); err != nil {
		t.Fatal(err)
	}
	r, err := svc.Command(t.Context(), terminal, prien, "hunters", "seed", map[string]string{"text": "x"})
	privateSays(t, "entropy for scripted dice", r, err, "scripted")
	r, err = svc.Command(t.Context(), terminal, prien, "hunters", "reveal", nil)
	privateSays(t, "reveal of scripted dice", r, err, "scripted")
}

func TestAuditAndDiceCommands(t *testing.T) {
	svc, _ := newService(t)
	r, err := svc.Command(t.Context(), here, prien, "hunters", "audit", nil)
	privateSays(t, "audit in an empty channel", r, err, "no game in this channel")
	r, err = svc.Command(t.Context(), here, prien, "hunters", "dice", nil)
	if err != nil || len(r.Public) != 1 || !strings.Contains(r.Public[0].Fields[0].Value, "no dice") {
		t.Fatalf("dice on an empty server: %+v %v", r, err)
	}
	if _, err := started(t, svc, here, prien, map[string]string{"boat": "VIIC"}); err != nil {
		t.Fatal(err)
	}
	other := Place{Platform: "discord", Space: "guild2", Channel: "x"}
	r, err = svc.Command(t.Context(), other, prien, "hunters", "audit", map[string]string{"game": "g1"})
	privateSays(t, "another server's game", r, err, "No game")
	r, err = svc.Command(t.Context(), here, stranger, "hunters", "audit", nil)
	if err != nil || len(r.Public) != 1 || len(r.Public[0].Files) != 1 || !strings.Contains(r.Public[0].Text, "not revealed yet") {
		t.Fatalf("audit: %+v %v", r, err)
	}
	// Abandoned: the game has ended, so its log reveals the seed; the
	// channel's last game can still be audited, by id too.
	if r, _ = svc.Click(t.Context(), here, prien, "k1:g1:abandon:confirm"); !strings.Contains(r.Public[0].Text, "Dice seed revealed") {
		t.Fatalf("abandon must reveal the seed: %+v", r)
	}
	for _, args := range []map[string]string{nil, {"game": "g1"}} {
		r, err = svc.Command(t.Context(), here, stranger, "hunters", "audit", args)
		if err != nil || len(r.Public) != 1 || r.Public[0].Files[0].Name != "kaleun-g1.json" {
			t.Fatalf("audit of a finished game (%v): %+v %v", args, r, err)
		}
	}
	r, err = svc.Command(t.Context(), here, stranger, "hunters", "dice", nil)
	if err != nil || len(r.Public) != 1 || !strings.Contains(r.Public[0].Fields[0].Name, "Game g1: d6") {
		t.Fatalf("dice: %+v %v", r, err)
	}
}

// stubIllustrator records what it was asked and draws a one-byte "picture".
type stubIllustrator struct{ asked []string }

func (s *stubIllustrator) Illustrate(_ engine.State, view string, events []engine.Event) ([]engine.Picture, error) {
	s.asked = append(s.asked, view)
	if view == "status" {
		return []engine.Picture{{Name: "mat.png", ContentType: "image/png", Data: []byte{1}}}, nil
	}
	return nil, nil
}

func TestViewsAttachTheGamesPictures(t *testing.T) {
	svc, _ := newService(t)
	ill := &stubIllustrator{}
	svc.illustrators = map[string]Illustrator{"hunters": ill}
	if _, err := started(t, svc, here, prien, map[string]string{"boat": "VIIC"}); err != nil {
		t.Fatal(err)
	}
	r, err := svc.Command(t.Context(), here, stranger, "hunters", "status", nil)
	if err != nil || len(r.Public) != 1 || len(r.Public[0].Files) != 1 || r.Public[0].Files[0].Name != "mat.png" {
		t.Fatalf("status: %+v %v", r, err)
	}
	if len(ill.asked) < 2 || ill.asked[0] != "" {
		t.Fatalf("the illustrator is asked after each decision and for views: %v", ill.asked)
	}
}
