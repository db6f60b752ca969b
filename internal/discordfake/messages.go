package discordfake

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// Message is a message as Discord keeps it: created by an interaction
// response, a follow-up or a channel post, and changed by later edits (an
// interaction's UPDATE_MESSAGE, an edit of @original or of the message).
type Message struct {
	ID      string
	Channel string // "" for a message made by an interaction response or follow-up
	// Ephemeral messages are seen by the user who caused them alone.
	Ephemeral bool
	Content   string
	// Embeds and Components are the JSON Discord stores, as the client sent it.
	Embeds     []any
	Components []any
	// Files are the names of the attachments, in the order they came.
	Files []string
	// Created is the Seq of the post that made it; Edits counts the changes since.
	Created, Edits int
	// Interaction is the id of the interaction whose response or follow-up made it.
	Interaction string
	// Nonce is the nonce it was created with, if any.
	Nonce string
}

// messageBody is what the fake reads of a message in a post's JSON: a key
// absent leaves the field as it is, a key present with null clears it
// (Discord's edit endpoints take every field as optional and nullable).
func (m *Message) apply(body map[string]any, files []string) {
	if v, ok := body["content"]; ok {
		m.Content, _ = v.(string)
	}
	if v, ok := body["embeds"]; ok {
		m.Embeds, _ = v.([]any)
	}
	if v, ok := body["components"]; ok {
		m.Components, _ = v.([]any)
	}
	if f, ok := body["flags"].(float64); ok && int(f)&64 != 0 && m.Created == 0 {
		m.Ephemeral = true // flags are set when a message is made, not by edits
	}
	if v, ok := body["attachments"]; ok {
		// The attachments listed are kept (by id: the fake's ids are the names).
		keep := map[string]bool{}
		list, _ := v.([]any)
		for _, a := range list {
			if am, ok := a.(map[string]any); ok {
				keep[fmt.Sprint(am["id"])] = true
			}
		}
		var kept []string
		for _, f := range m.Files {
			if keep[f] {
				kept = append(kept, f)
			}
		}
		m.Files = kept
	}
	m.Files = append(m.Files, files...)
}

// copyMessage is a deep enough copy for callers to read while the fake goes on.
func copyMessage(m *Message) Message {
	c := *m
	c.Files = append([]string(nil), m.Files...)
	// Fresh slices: json.Unmarshal into the shared ones would write the
	// fake's own message while a handler reads it.
	c.Embeds, c.Components = nil, nil
	b, _ := json.Marshal(m.Embeds)
	json.Unmarshal(b, &c.Embeds)
	b, _ = json.Marshal(m.Components)
	json.Unmarshal(b, &c.Components)
	return c
}

// Messages are every message the fake holds, as they stand now, in the
// order they were made.
func (f *Server) Messages() []Message {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := make([]Message, 0, len(f.order))
	for _, id := range f.order {
		out = append(out, copyMessage(f.messages[id]))
	}
	return out
}

// MessageByID returns a message as it stands now.
func (f *Server) MessageByID(id string) (Message, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	m, ok := f.messages[id]
	if !ok {
		return Message{}, false
	}
	return copyMessage(m), true
}

// CustomIDs are a message's button custom ids and select menu values.
func (m Message) CustomIDs() []string {
	return componentIDs(m.Components)
}

// Live reports whether a message still offers buttons or a menu.
func (m Message) Live() bool { return len(m.CustomIDs()) > 0 }

// Mentions are the users a message's content pings.
func (m Message) Mentions() []string {
	var out []string
	rest := m.Content
	for {
		i := strings.Index(rest, "<@")
		if i < 0 {
			return out
		}
		rest = rest[i+2:]
		j := strings.IndexByte(rest, '>')
		if j < 0 {
			return out
		}
		out = append(out, strings.TrimPrefix(rest[:j], "!"))
		rest = rest[j+1:]
	}
}

// Text is everything a message says: content, embed titles, descriptions,
// fields and footers.
func (m Message) Text() string {
	return Text(Post{Body: map[string]any{"content": m.Content, "embeds": m.Embeds}})
}

// wire is the message as an interaction's payload carries it.
func (m *Message) wire() map[string]any {
	out := map[string]any{"id": m.ID, "channel_id": m.Channel, "content": m.Content, "embeds": m.Embeds, "components": m.Components,
		"type": 0, "author": map[string]any{"id": "bot", "username": "kaleun", "bot": true}}
	if m.Embeds == nil {
		out["embeds"] = []any{}
	}
	if m.Components == nil {
		out["components"] = []any{}
	}
	if m.Ephemeral {
		out["flags"] = 64
	}
	attachments := []any{}
	for _, f := range m.Files {
		attachments = append(attachments, map[string]any{"id": f, "filename": f})
	}
	out["attachments"] = attachments
	return out
}

func componentIDs(comps []any) []string {
	var ids []string
	for _, row := range comps {
		rm, _ := row.(map[string]any)
		inner, _ := rm["components"].([]any)
		for _, c := range inner {
			cm, _ := c.(map[string]any)
			if id, ok := cm["custom_id"].(string); ok && !strings.HasPrefix(id, "k1:select") {
				ids = append(ids, id)
			}
			if opts, ok := cm["options"].([]any); ok {
				for _, o := range opts {
					if om, ok := o.(map[string]any); ok {
						if v, ok := om["value"].(string); ok {
							ids = append(ids, v)
						}
					}
				}
			}
		}
	}
	return ids
}

// Offering is the newest message of one of channels that offers customID
// (a button's custom id or a menu's value), if any: what a player looks for
// before he presses it. It copies that message alone, so that a test
// polling many channels of a long game does not copy them all each time.
func (f *Server) Offering(channels []string, customID string) (Message, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for i := len(f.order) - 1; i >= 0; i-- {
		m := f.messages[f.order[i]]
		if !slices.Contains(channels, m.Channel) {
			continue
		}
		if slices.Contains(m.CustomIDs(), customID) {
			return copyMessage(m), true
		}
	}
	return Message{}, false
}
