package pictures

import (
	"testing"

	"github.com/kaleun/kaleun/engine/hunters"
)

// The bot draws for many channels at once with one Illustrator: its font
// faces cache glyphs and are not safe to share unguarded (run with -race).
func TestChannelsDrawAtOnce(t *testing.T) {
	il, err := NewIllustrator()
	if err != nil {
		t.Fatal(err)
	}
	loaded := func(s *hunters.State) bool { return s.Boat.Fwd[0] != "" }
	s := career(t, `{"boat":"VIIC","start":"1940-10","kommandant":"Kretschmer"}`, 3, 50, loaded)
	done := make(chan error)
	for _, view := range []string{"status", "log", "status", "log"} {
		go func() {
			_, err := il.Illustrate(s, view, nil)
			done <- err
		}()
	}
	for range 4 {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}
