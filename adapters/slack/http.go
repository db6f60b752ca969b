package slack

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"

	"github.com/kaleun/kaleun/bot"
	"github.com/slack-go/slack"
)

// httpCommand serves a slash command posted by Slack (HTTP mode).
func (a *Adapter) httpCommand(w http.ResponseWriter, r *http.Request) {
	body, ok := a.verify(w, r)
	if !ok {
		return
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	cmd, err := slack.SlashCommandParse(r)
	if err != nil {
		http.Error(w, "bad slash command", http.StatusBadRequest)
		return
	}
	first, rest := split(a.command(cmd))
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(first)
	go a.post(bot.Place{Platform: "slack", Space: cmd.TeamID, Channel: cmd.ChannelID}, cmd.UserID, rest)
}

// httpInteraction serves a button or menu choice posted by Slack (HTTP mode).
func (a *Adapter) httpInteraction(w http.ResponseWriter, r *http.Request) {
	body, ok := a.verify(w, r)
	if !ok {
		return
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	if err := r.ParseForm(); err != nil {
		http.Error(w, "bad form", http.StatusBadRequest)
		return
	}
	var cb slack.InteractionCallback
	if err := json.Unmarshal([]byte(r.PostFormValue("payload")), &cb); err != nil {
		http.Error(w, "bad payload", http.StatusBadRequest)
		return
	}
	w.WriteHeader(http.StatusOK)
	reply := a.interaction(cb)
	go a.post(interactionPlace(cb), cb.User.ID, reply)
}
