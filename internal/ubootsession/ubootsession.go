// Package ubootsession holds what the chat tests of issue 31's scripted
// U-BOOT session (engine/uboot/scripted) share on every platform: the
// game's registry, its events read back from the store, the board compared
// with the script's, the exported audit's check and the answer times.
package ubootsession

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/uboot"
	ubootpictures "github.com/kaleun/kaleun/engine/uboot/pictures"
	"github.com/kaleun/kaleun/engine/uboot/scripted"
	"github.com/kaleun/kaleun/persist"
)

// QuickBoard stands in for the board's illustrator in the chat tests: the
// real one takes 30 ms a picture, and seconds under -race, for every entry
// of a live board (engine.Game.PinnedPicture). It draws board.png, a real
// PNG of one pixel whose colour is a hash of the board, for the views the
// real one draws (and "" at the moments it does, pictures.Changed), so a
// test sees a new picture whenever the board changed.
type QuickBoard struct{}

// Illustrate implements engine.Illustrator.
func (QuickBoard) Illustrate(st engine.State, view string, events []engine.Event) ([]engine.Picture, error) {
	switch view {
	case "board", "status":
	case "":
		if !ubootpictures.Changed(events) {
			return nil, nil
		}
	default:
		return nil, nil
	}
	b, err := st.Encode()
	if err != nil {
		return nil, err
	}
	h := sha256.Sum256(b)
	img := image.NewNRGBA(image.Rect(0, 0, 1, 1))
	img.Set(0, 0, color.NRGBA{h[0], h[1], h[2], 255})
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, err
	}
	return []engine.Picture{{Name: "board.png", ContentType: "image/png", Data: buf.Bytes()}}, nil
}

// Illustrator is what a chat test draws U-BOOT's board with: QuickBoard,
// or the real illustrator when KALEUN_REAL_PICTURES is set (to measure the
// answer times a live board really costs; too slow under -race).
func Illustrator(t testing.TB) engine.Illustrator {
	t.Helper()
	if os.Getenv("KALEUN_REAL_PICTURES") == "" {
		return QuickBoard{}
	}
	il, err := ubootpictures.NewIllustrator()
	if err != nil {
		t.Fatal(err)
	}
	return il
}

// Registry is U-BOOT with its board picture, as gamelist registers it.
func Registry(t testing.TB) engine.Registry {
	t.Helper()
	il, err := ubootpictures.NewIllustrator()
	if err != nil {
		t.Fatal(err)
	}
	games, err := engine.NewRegistry(uboot.Illustrated(il))
	if err != nil {
		t.Fatal(err)
	}
	return games
}

// StoredEvents are a game's engine events as the store keeps them.
func StoredEvents(t testing.TB, store *persist.Store, gameID string) []engine.Event {
	t.Helper()
	recs, err := store.Events(t.Context(), gameID, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []engine.Event
	for _, e := range recs {
		var ev engine.Event
		if json.Unmarshal(e.Event, &ev) == nil && ev.Kind != "" {
			out = append(out, ev)
		}
	}
	return out
}

// CompareBoard holds the status view to the script's testdata/board.txt:
// the board Slack's session and the board alone leave.
func CompareBoard(t testing.TB, st *uboot.State) {
	t.Helper()
	_, here, _, _ := runtime.Caller(0)
	want, err := os.ReadFile(filepath.Join(filepath.Dir(here), "..", "..", "engine", "uboot", "scripted", "testdata", "board.txt"))
	if err != nil {
		t.Fatal(err)
	}
	v, err := st.View("status")
	if err != nil {
		t.Fatal(err)
	}
	if got := scripted.StatusText(v); got != string(want) {
		t.Errorf("the status read back:\n%s\nwant (engine/uboot/scripted/testdata/board.txt):\n%s", got, want)
	}
}

// CheckAudit verifies an exported audit and finds every draw of the
// game's log (the crew bag, the decks, the pyramid's refills) among its
// roll events.
func CheckAudit(t testing.TB, file []byte, events []engine.Event) {
	t.Helper()
	if len(file) == 0 {
		t.Fatal("no audit file attached")
	}
	if rep := audit.Verify(file, Registry(t)); !rep.OK() || rep.Checked == 0 || rep.Checked != rep.Dice {
		t.Fatalf("the exported audit does not verify: %+v", rep)
	}
	var exported audit.Export
	if err := json.Unmarshal(file, &exported); err != nil {
		t.Fatal(err)
	}
	var inAudit, inLog []string
	for _, e := range exported.Entries {
		var ev engine.Event
		if json.Unmarshal(e.Event, &ev) == nil && ev.Roll != nil {
			inAudit = append(inAudit, ev.Roll.Case+" "+ev.Roll.Purpose+" = "+ev.Roll.Result)
		}
	}
	cases := map[string]int{}
	for _, e := range events {
		if e.Roll != nil {
			inLog = append(inLog, e.Roll.Case+" "+e.Roll.Purpose+" = "+e.Roll.Result)
			cases[e.Roll.Case]++
		}
	}
	if !slices.Equal(inAudit, inLog) {
		t.Errorf("the audit's roll events (%d) are not the game's draws (%d)", len(inAudit), len(inLog))
	}
	// The draws the session made beyond the set-up's: the crew bag (§6.12,
	// §7.3), the burns deck (§8.8), the morale deck (§7.3), the pyramid
	// (§9.4.1).
	for _, c := range []string{"6.12", "8.8", "7.3", "9.4.1"} {
		if cases[c] == 0 {
			t.Errorf("no roll event of §%s in the log", c)
		}
	}
}

// LogTimes reports the answer times (p50, p99, the slowest) of a
// session's entries through a platform's fake, and holds the median well
// under a second (issue 31: "every command answers at once").
func LogTimes(t testing.TB, platform string, took []time.Duration) {
	t.Helper()
	s := slices.Clone(took)
	slices.Sort(s)
	if len(s) == 0 {
		return
	}
	p := func(q float64) time.Duration { return s[min(len(s)-1, int(q*float64(len(s))))] }
	t.Logf("%s: %d entries answered, p50 %v, p99 %v, slowest %v", platform, len(s), p(0.50), p(0.99), s[len(s)-1])
	if p(0.50) > time.Second {
		t.Errorf("%s: the median entry took %v, want well under a second", platform, p(0.50))
	}
}
