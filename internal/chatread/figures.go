// Package chatread measures how a game's channel reads, by the same bounds
// on every chat platform (issue 17: a channel people want to read), so the
// Discord and Slack end-to-end tests hold their channels to one standard.
package chatread

import (
	"fmt"
	"strings"
	"testing"
)

// Issue 17's bounds for a channel people want to read.
const (
	MaxMessagesPerInteraction = 1.0
	MaxPicturesPerInteraction = 0.25
	MaxMentionsPerInteraction = 0.5
)

// Figures is how a game's channel reads after a whole game: its players'
// interactions, the public messages made (on Slack, where a picture is a
// shared file of its own, the messages besides the pictures), the pictures,
// the users pinged, and messages still offering buttons of answered prompts.
type Figures struct {
	Interactions, Messages, Pictures, Mentions, LiveAnswered int
}

// Per is n per interaction.
func (c Figures) Per(n int) float64 { return float64(n) / float64(c.Interactions) }

func (c Figures) String() string {
	return fmt.Sprintf("%d interactions: %d public messages (%.2f each), %d pictures (%.2f), %d mentions (%.2f), %d answered prompts with live buttons",
		c.Interactions, c.Messages, c.Per(c.Messages), c.Pictures, c.Per(c.Pictures), c.Mentions, c.Per(c.Mentions), c.LiveAnswered)
}

// Check fails the test above any bound, or on any answered prompt left live.
func (c Figures) Check(t testing.TB) {
	t.Helper()
	t.Log(c)
	if c.Per(c.Messages) > MaxMessagesPerInteraction {
		t.Errorf("%.2f public messages per interaction (at most %.2f)", c.Per(c.Messages), MaxMessagesPerInteraction)
	}
	if c.Per(c.Pictures) > MaxPicturesPerInteraction {
		t.Errorf("%.2f pictures per interaction (at most %.2f)", c.Per(c.Pictures), MaxPicturesPerInteraction)
	}
	if c.Per(c.Mentions) > MaxMentionsPerInteraction {
		t.Errorf("%.2f mentions per interaction (at most %.2f)", c.Per(c.Mentions), MaxMentionsPerInteraction)
	}
	if c.LiveAnswered > 0 {
		t.Errorf("%d messages still offer buttons of prompts already answered", c.LiveAnswered)
	}
}

// OfGame reports whether a button's id (Discord's custom id, Slack's value)
// belongs to one of the games.
func OfGame(id string, gameIDs []string) bool {
	for _, g := range gameIDs {
		if strings.HasPrefix(id, "k1:"+g+":") {
			return true
		}
	}
	return false
}
