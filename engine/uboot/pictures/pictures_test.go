package pictures_test

import (
	"bytes"
	"image/png"
	"os"
	"sync"
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/uboot"
	"github.com/kaleun/kaleun/engine/uboot/pictures"
)

type ones struct{}

func (ones) Roll(int) (int, error) { return 1, nil }

// play enters keys on a new board of the house pack.
func play(t *testing.T, setup string, keys ...string) engine.State {
	t.Helper()
	st, _, err := uboot.NewRules().New([]byte(setup), ones{})
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range keys {
		next, _, err := st.Apply(engine.Choice{Key: k}, ones{})
		if err != nil {
			t.Fatalf("%s: %v", k, err)
		}
		st = next
	}
	return st
}

// The board's picture: one PNG of the size laid out, for the status and
// board views and for a decision whose events changed the board; none for
// a step of an entry still being entered, nor for another view.
func TestBoardPicture(t *testing.T) {
	il, err := pictures.NewIllustrator()
	if err != nil {
		t.Fatal(err)
	}
	st := play(t, `{}`, "app", "env", "fire", "s:5", "app", "breach", "s:3", "mob", "end", "alert")
	for _, view := range []string{"board", "status"} {
		pics, err := il.Illustrate(st, view, nil)
		if err != nil || len(pics) != 1 || pics[0].Name != "board.png" || pics[0].ContentType != "image/png" {
			t.Fatalf("%s: %v %v", view, pics, err)
		}
		img, err := png.Decode(bytes.NewReader(pics[0].Data))
		if err != nil || img.Bounds().Dx() != 1280 || img.Bounds().Dy() != 860 {
			t.Fatalf("%s: a 1280×860 PNG: %v %v", view, img.Bounds(), err)
		}
		if out := os.Getenv("UBOOT_PICTURE"); out != "" {
			os.WriteFile(out, pics[0].Data, 0o644)
		}
	}
	if pics, _ := il.Illustrate(st, "log", nil); pics != nil {
		t.Fatal("the log view has no picture")
	}
	step := []engine.Event{{Kind: engine.KindChoice, Text: "Order: o:reload"}}
	if pics, _ := il.Illustrate(st, "", step); pics != nil {
		t.Fatal("a step of an entry changes nothing: no picture")
	}
	paid := append(step, engine.Event{Kind: engine.KindNote, Case: "7.2", Text: "paid"})
	if pics, _ := il.Illustrate(st, "", paid); pics != nil {
		t.Fatal("an order paid changes the board but posts no picture: the result says it")
	}
	for _, moment := range []engine.Event{
		{Kind: engine.KindNote, Case: "5.2", Text: "set up"},
		{Kind: engine.KindNote, Case: "6.8", Text: "the watch changes"},
		{Kind: engine.KindNote, Case: "6.10", Text: "a sailor is killed"},
		{Kind: engine.KindNote, Case: "10.3.7", Text: "a breach opens"},
		{Kind: engine.KindEnd, Text: "the mission ends"},
	} {
		if pics, _ := il.Illustrate(st, "", append(paid, moment)); len(pics) != 1 {
			t.Fatalf("%s (§%s) posts the board", moment.Text, moment.Case)
		}
	}
	b := st.(pictures.Boarded).Board()
	if !b.Sections[3].Breach || len(b.Sections[5].Env) != 1 || b.Sections[5].Env[0] != "fire 1" || b.Order != 0 || !b.Blocked[8] && !b.Blocked[7] {
		t.Fatalf("the board drawn is the state's: %+v", b.Sections[3])
	}
}

// A font face is not safe for concurrent use: the illustrator draws under
// its mutex, so many channels may draw at once (run with -race).
func TestBoardPictureConcurrent(t *testing.T) {
	il, err := pictures.NewIllustrator()
	if err != nil {
		t.Fatal(err)
	}
	st := play(t, `{}`)
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := il.Illustrate(st, "board", nil); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
}

// The picture is drawn on every change of the board in chat: how long one
// takes (issue 31: every command answers at once).
func BenchmarkBoardPicture(b *testing.B) {
	il, err := pictures.NewIllustrator()
	if err != nil {
		b.Fatal(err)
	}
	st, _, err := uboot.NewRules().New([]byte(`{}`), ones{})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := il.Illustrate(st, "board", nil); err != nil {
			b.Fatal(err)
		}
	}
}

// A live board is asked for at every entry (engine.Game.PinnedPicture):
// the steps of an entry being made leave the board as it was, and its
// picture is then the one drawn before, not painted again; a change of
// the board paints a new one.
func TestSameBoardIsNotPaintedTwice(t *testing.T) {
	il, err := pictures.NewIllustrator()
	if err != nil {
		t.Fatal(err)
	}
	st := play(t, `{}`, "order")
	first, err := il.Illustrate(st, "status", nil)
	if err != nil || len(first) != 1 {
		t.Fatal(err)
	}
	again, _ := il.Illustrate(play(t, `{}`, "order", "o:course"), "status", nil) // a step: the same board
	if il.Painted() != 1 || !bytes.Equal(first[0].Data, again[0].Data) {
		t.Fatalf("a step of an entry repainted the board: %d paintings", il.Painted())
	}
	moved, _ := il.Illustrate(play(t, `{}`, "mob"), "status", nil) // paid: the Order Track moved
	if il.Painted() != 2 || bytes.Equal(first[0].Data, moved[0].Data) {
		t.Fatalf("a changed board: %d paintings, same bytes %v", il.Painted(), bytes.Equal(first[0].Data, moved[0].Data))
	}
}
