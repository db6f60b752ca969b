package discord

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/kaleun/kaleun/bot/chat"
)

// A result longer than a message's 2000 characters of content (a Hunters
// air attack with its depth charges ran to three messages, a career at
// 1.01 messages an interaction) is one message: the content, then embeds
// of the same message at line ends, every line and its roll's working
// whole and in order. Only past what a message's embeds hold (ten, 6000
// characters) does it go on in more messages.
func TestALongResultIsOneMessage(t *testing.T) {
	result := func(n int) chat.Message {
		m := chat.Message{Title: "✅ kapitaen (U-69) — Crash dive", Tone: chat.ToneDone}
		for i := range n {
			m.Lines = append(m.Lines, chat.Line{Text: fmt.Sprintf("💥 Depth charge %d: **%d** vs ≤3 — hull damage", i, i%6+1),
				Detail: fmt.Sprintf("[E3] 9.6.%d: 2d6 = %d+%d = %d · dice #%d–%d", i%9, i%6+1, i%5+1, i%6+i%5+2, 2*i, 2*i+1)})
		}
		return m
	}
	for _, c := range []struct {
		lines       int
		wantEmbeds  bool
		wantMessage int
	}{{10, false, 1}, {40, true, 1}, {60, true, 1}, {400, true, 0}} {
		m := result(c.lines)
		d := (&Adapter{}).draw(context.Background(), m, false, chat.Place{})
		if len(d.content) > contentLimit {
			t.Fatalf("%d lines: content of %d characters", c.lines, len(d.content))
		}
		var parts []string
		parts = append(parts, d.content)
		text := 0
		for _, e := range d.embeds {
			if len(e.Description) > embedDescription {
				t.Fatalf("%d lines: an embed of %d characters", c.lines, len(e.Description))
			}
			text += len(e.Description)
			parts = append(parts, e.Description)
		}
		if len(d.embeds) > maxEmbeds || text > embedsTextLimit {
			t.Fatalf("%d lines: %d embeds, %d characters", c.lines, len(d.embeds), text)
		}
		parts = append(parts, d.more...)
		if c.wantEmbeds != (len(d.embeds) > 0) || c.wantMessage == 1 && len(d.more) > 0 {
			t.Errorf("%d lines: %d embeds and %d more messages", c.lines, len(d.embeds), len(d.more))
		}
		var want []string
		want = append(want, "**"+m.Title+"**")
		for _, l := range m.Lines {
			want = append(want, l.Text, "-# "+l.Detail)
		}
		if got := strings.Join(parts, "\n"); got != strings.Join(want, "\n") {
			t.Errorf("%d lines: the lines are not all there, whole and in order:\n%.300s", c.lines, got)
		}
	}
}
