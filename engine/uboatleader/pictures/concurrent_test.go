package pictures

import (
	"testing"

	"github.com/kaleun/kaleun/engine/uboatleader"
)

// The bot draws for many channels at once with one Painter: its font faces
// cache glyphs and are not safe to share unguarded (run with -race).
func TestChannelsDrawAtOnce(t *testing.T) {
	p := painter(t)
	s := campaign(t, house(t), `{"campaign":"opening"}`, 3, func(s *uboatleader.State) bool { return s.Phase == "operations" })
	done := make(chan error)
	for range 4 {
		go func() {
			_, err := p.Map(s.MapSheet())
			done <- err
		}()
	}
	for range 4 {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}
