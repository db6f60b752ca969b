package slackfake

import (
	"encoding/json"
	"sort"
	"strings"
)

// Message is a message as Slack keeps it: posted (chat.postMessage, a slash
// command's in-channel response, a shared file), changed by chat.update or
// an interaction's response_url, or an ephemeral one seen by one user.
type Message struct {
	TS      string
	Channel string
	// Thread is the thread it was posted in ("" at the channel's top level).
	Thread string
	// Ephemeral messages are seen by User alone.
	Ephemeral bool
	User      string
	Text      string
	// Blocks are the Block Kit JSON as the client sent it.
	Blocks []any
	// Files are the shared files' names, and FileTypes the content type each
	// was uploaded with.
	Files     []string
	FileTypes []string
	Deleted   bool
	// Edits counts the changes after it was posted.
	Edits int
	// Pinged are the users its text and blocks mentioned when it was
	// posted: Slack notifies them then, not on later edits.
	Pinged []string
	// Metadata is the message metadata it was posted with (chat.postMessage
	// metadata: event_type and event_payload), nil for none.
	Metadata map[string]any
}

// Messages are every message the fake holds, as they stand now, in the
// order they were made.
func (f *Server) Messages() []Message {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := make([]Message, 0, len(f.order))
	for _, k := range f.order {
		out = append(out, copyMessage(f.messages[k]))
	}
	return out
}

func copyMessage(m *Message) Message {
	c := *m
	c.Files = append([]string(nil), m.Files...)
	c.FileTypes = append([]string(nil), m.FileTypes...)
	// A fresh slice: json.Unmarshal into the shared one would write the
	// fake's own message (and every earlier copy) while callers read them.
	c.Blocks = nil
	b, _ := json.Marshal(m.Blocks)
	json.Unmarshal(b, &c.Blocks)
	if m.Metadata != nil {
		b, _ = json.Marshal(m.Metadata)
		c.Metadata = nil
		json.Unmarshal(b, &c.Metadata)
	}
	return c
}

// wire is the message as conversations.history and conversations.replies
// return it; its metadata only when asked for (include_all_metadata), as
// Slack sends it.
func (m *Message) wire(metadata bool) map[string]any {
	out := map[string]any{"type": "message", "ts": m.TS, "text": m.Text, "blocks": m.Blocks, "bot_id": "B1", "user": "UBOT"}
	if m.Thread != "" {
		out["thread_ts"] = m.Thread
	}
	if len(m.Files) > 0 {
		var files []any
		for _, f := range m.Files {
			files = append(files, map[string]any{"id": "F" + f, "name": f})
		}
		out["files"] = files
	}
	if metadata && m.Metadata != nil {
		out["metadata"] = m.Metadata
	}
	return out
}

// Values are a message's button values and menu option values.
func (m Message) Values() []string {
	b, _ := json.Marshal(m.Blocks)
	return ButtonValues(string(b))
}

// Live reports whether a message still offers buttons or a menu.
func (m Message) Live() bool { return !m.Deleted && len(m.Values()) > 0 }

// Mentions are the users a message's text and blocks name, each once.
func (m Message) Mentions() []string {
	var out []string
	seen := map[string]bool{}
	rest := m.Text + "\n" + m.AllText()
	for {
		i := strings.Index(rest, "<@")
		if i < 0 {
			return out
		}
		rest = rest[i+2:]
		j := strings.IndexAny(rest, ">|")
		if j < 0 {
			return out
		}
		if !seen[rest[:j]] {
			seen[rest[:j]] = true
			out = append(out, rest[:j])
		}
		rest = rest[j+1:]
	}
}

// AllText is the text of a message's blocks (sections, fields, headers and
// context), or its text when it has none.
func (m Message) AllText() string {
	if len(m.Blocks) == 0 {
		return m.Text
	}
	var b strings.Builder
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			if t, ok := x["text"].(string); ok && (x["type"] == "mrkdwn" || x["type"] == "plain_text") {
				b.WriteString(t)
				b.WriteByte('\n')
			}
			keys := make([]string, 0, len(x))
			for k := range x {
				if k != "text" && k != "fields" && k != "confirm" { // a confirmation is shown only when its button is pressed
					keys = append(keys, k)
				}
			}
			sort.Strings(keys)
			for _, k := range append([]string{"text", "fields"}, keys...) {
				if y, ok := x[k]; ok && k != "text" || ok && !isString(y) {
					walk(y)
				}
			}
		case []any:
			for _, y := range x {
				walk(y)
			}
		}
	}
	walk(m.Blocks)
	return b.String()
}

func isString(v any) bool {
	_, ok := v.(string)
	return ok
}

func blocksOf(s string) []any {
	var out []any
	json.Unmarshal([]byte(s), &out)
	return out
}
