package slack

import "testing"

// The bot's Markdown link to a game's page ("View game ↗") is drawn as
// Slack's link; text that only looks like one is left alone.
func TestMrkdwnDrawsWebLinks(t *testing.T) {
	for in, want := range map[string]string{
		"[View game ↗](https://kaleun.example.org/k/g/g1.0123/)":        "<https://kaleun.example.org/k/g/g1.0123/|View game ↗>",
		"**The end**: won. [View game ↗](http://h:8090/g/x/)":           "*The end*: won. <http://h:8090/g/x/|View game ↗>",
		"[a](javascript:alert(1))":                                      "[a](javascript:alert(1))",
		"Lines\n[View player ↗](https://k.example/p/slack~T1~U1.ab12/)": "Lines\n<https://k.example/p/slack~T1~U1.ab12/|View player ↗>",
		"roll [1d6](not a link)":                                        "roll [1d6](not a link)",
	} {
		if got := mrkdwn(in); got != want {
			t.Errorf("mrkdwn(%q) = %q, want %q", in, got, want)
		}
	}
}
