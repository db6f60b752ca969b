package webhook

import "time"

// PayloadVersion is the payload schema's version: a field may be added
// within a version, none removed or changed in meaning.
const PayloadVersion = 1

// Payload is the JSON body of a delivery (docs/operators/webhooks.md).
type Payload struct {
	Version  int       `json:"version"`
	Type     string    `json:"type"` // "turn", "end" or "test"
	Delivery string    `json:"delivery"`
	Created  time.Time `json:"created"`
	// Game is the game the event is about (none for a test).
	Game       *Game  `json:"game,omitempty"`
	Tournament string `json:"tournament,omitempty"`
	// Target is what the webhook was set on: "game:ID" or "tournament:ID".
	Target string `json:"target"`
	Turn   *Turn  `json:"turn,omitempty"`
	End    *End   `json:"end,omitempty"`
}

// Game is where and what a game is.
type Game struct {
	ID   string `json:"id"`
	Kind string `json:"kind"` // the game's command name, e.g. "hunters"
	// Decision counts the game's decisions at the event.
	Decision int   `json:"decision"`
	Place    Place `json:"place"`
	// URL is the game's web page, when the operator serves them.
	URL string `json:"url,omitempty"`
}

// Place is the game's channel.
type Place struct {
	Platform string `json:"platform"`
	Space    string `json:"space,omitempty"` // Discord's guild, Slack's team
	Channel  string `json:"channel"`
	Thread   string `json:"thread,omitempty"`
}

// Turn is a decision the game now waits for.
type Turn struct {
	Players []Player `json:"players"`
	Prompt  string   `json:"prompt"`
	Case    string   `json:"case,omitempty"`
}

// Player is a platform user.
type Player struct {
	ID   string `json:"id"`
	Name string `json:"name,omitempty"`
}

// End is a game's result.
type End struct {
	Summary string `json:"summary"`
	Score   int    `json:"score"`
	Level   string `json:"level,omitempty"`
}
