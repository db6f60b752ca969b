package discordfake

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

// Guild scheduled events (POST/GET /guilds/{guild}/scheduled-events,
// GET/DELETE /guilds/{guild}/scheduled-events/{event}) and the channel
// object (GET /channels/{channel}), which a client reads to know a voice
// channel from a text one. The fake checks a create as Discord documents
// it ("Field Requirements By Entity Type"): privacy_level 2 (GUILD_ONLY);
// entity_type 1 (STAGE_INSTANCE) or 2 (VOICE) with a channel_id, or 3
// (EXTERNAL) with channel_id null, an entity_metadata.location of 1 to 100
// characters and a scheduled_end_time; a name of 1 to 100 characters, a
// description of at most 1000; a start in the future and an end after it.
// A bad request gets Discord's 400 with code 50035 (Invalid Form Body).

// Channel types of Discord's channel object the fake tells apart.
const (
	ChannelText  = 0
	ChannelVoice = 2
	ChannelStage = 13
)

// ScheduledEvent is a guild scheduled event as the fake keeps it.
type ScheduledEvent struct {
	ID, Guild, Channel string
	Name, Description  string
	Start, End         time.Time
	EntityType         int
	Location           string
	PrivacyLevel       int
	// Status is 1 (SCHEDULED); a deleted event leaves the fake's list.
	Status int
}

func (e *ScheduledEvent) wire() map[string]any {
	out := map[string]any{"id": e.ID, "guild_id": e.Guild, "name": e.Name, "description": e.Description,
		"scheduled_start_time": e.Start.UTC().Format(time.RFC3339), "privacy_level": e.PrivacyLevel,
		"status": e.Status, "entity_type": e.EntityType, "entity_id": nil, "creator_id": "app",
		"entity_metadata": map[string]any{}, "channel_id": nil, "scheduled_end_time": nil}
	if e.Channel != "" {
		out["channel_id"] = e.Channel
	}
	if !e.End.IsZero() {
		out["scheduled_end_time"] = e.End.UTC().Format(time.RFC3339)
	}
	if e.Location != "" {
		out["entity_metadata"] = map[string]any{"location": e.Location}
	}
	return out
}

// channelInfo is what SetChannel says of a channel; noConnect, that the
// bot lacks View Channel or Connect there (RefuseVoiceEvents).
type channelInfo struct {
	typ       int
	name      string
	noConnect bool
}

// RefuseVoiceEvents makes a voice channel one where the bot lacks Connect:
// Discord refuses a voice event of it with 403, code 50013 (Missing
// Permissions), as it requires View Channel and Connect for one.
func (f *Server) RefuseVoiceEvents(channel string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	c := f.channels[channel]
	c.noConnect = true
	f.channels[channel] = c
}

// SetChannel makes a channel of the guild a voice (ChannelVoice), stage
// or text channel of that name; a channel not set is a text channel named
// after its id.
func (f *Server) SetChannel(id string, typ int, name string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.channels[id] = channelInfo{typ: typ, name: name}
}

// SetNow sets the fake's clock, against which an event's start must be in
// the future (the bot's tests run on a clock of their own).
func (f *Server) SetNow(now func() time.Time) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.now = now
}

// ScheduledEvents are the guild's scheduled events, in the order made.
func (f *Server) ScheduledEvents() []ScheduledEvent {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []ScheduledEvent
	for _, id := range f.eventOrder {
		if e := f.events[id]; e != nil {
			out = append(out, *e)
		}
	}
	return out
}

func invalidForm(w http.ResponseWriter, field, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusBadRequest)
	json.NewEncoder(w).Encode(map[string]any{"code": 50035, "message": "Invalid Form Body",
		"errors": map[string]any{field: map[string]any{"_errors": []map[string]string{{"code": "BASE_TYPE_INVALID", "message": msg}}}}})
}

func (f *Server) eventRoutes(handle func(string, http.HandlerFunc)) {
	handle("GET /api/v9/channels/{channel}", func(w http.ResponseWriter, r *http.Request) {
		id := r.PathValue("channel")
		f.mu.Lock()
		c, ok := f.channels[id]
		guild := f.guild
		f.mu.Unlock()
		if !ok {
			c = channelInfo{typ: ChannelText, name: id}
		}
		json.NewEncoder(w).Encode(map[string]any{"id": id, "type": c.typ, "name": c.name, "guild_id": guild})
	})
	handle("POST /api/v9/guilds/{guild}/scheduled-events", func(w http.ResponseWriter, r *http.Request) {
		var body struct {
			ChannelID      *string `json:"channel_id"`
			Name           string  `json:"name"`
			Description    string  `json:"description"`
			Start          string  `json:"scheduled_start_time"`
			End            *string `json:"scheduled_end_time"`
			PrivacyLevel   int     `json:"privacy_level"`
			EntityType     int     `json:"entity_type"`
			EntityMetadata *struct {
				Location string `json:"location"`
			} `json:"entity_metadata"`
		}
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
			invalidForm(w, "_", "the body is not JSON")
			return
		}
		f.mu.Lock()
		now := f.now()
		f.mu.Unlock()
		e := &ScheduledEvent{Guild: r.PathValue("guild"), Name: body.Name, Description: body.Description, EntityType: body.EntityType, PrivacyLevel: body.PrivacyLevel, Status: 1}
		start, err := time.Parse(time.RFC3339, body.Start)
		switch n := utf8.RuneCountInString(body.Name); {
		case n < 1 || n > 100:
			invalidForm(w, "name", "Must be between 1 and 100 in length.")
			return
		case utf8.RuneCountInString(body.Description) > 1000:
			invalidForm(w, "description", "Must be 1000 or fewer in length.")
			return
		case body.PrivacyLevel != 2:
			invalidForm(w, "privacy_level", "Value must be one of {2}.")
			return
		case err != nil:
			invalidForm(w, "scheduled_start_time", "Could not parse "+body.Start+".")
			return
		case !start.After(now):
			invalidForm(w, "scheduled_start_time", "Cannot schedule event in the past.")
			return
		}
		e.Start = start
		if body.End != nil {
			end, err := time.Parse(time.RFC3339, *body.End)
			if err != nil || !end.After(start) {
				invalidForm(w, "scheduled_end_time", "Cannot schedule event to end before starting.")
				return
			}
			e.End = end
		}
		switch body.EntityType {
		case 1, 2:
			if body.ChannelID == nil || *body.ChannelID == "" {
				invalidForm(w, "channel_id", "This field is required")
				return
			}
			f.mu.Lock()
			c, ok := f.channels[*body.ChannelID]
			f.mu.Unlock()
			if want := map[int]int{1: ChannelStage, 2: ChannelVoice}[body.EntityType]; !ok || c.typ != want {
				invalidForm(w, "channel_id", fmt.Sprintf("Channel is not a %s channel.", map[int]string{1: "stage", 2: "voice"}[body.EntityType]))
				return
			}
			if c.noConnect {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusForbidden)
				w.Write([]byte(`{"code":50013,"message":"Missing Permissions"}`))
				return
			}
			e.Channel = *body.ChannelID
		case 3:
			loc := ""
			if body.EntityMetadata != nil {
				loc = strings.TrimSpace(body.EntityMetadata.Location)
			}
			switch {
			case body.ChannelID != nil:
				invalidForm(w, "channel_id", "Must be null for an external event.")
				return
			case loc == "" || utf8.RuneCountInString(loc) > 100:
				invalidForm(w, "entity_metadata.location", "Must be between 1 and 100 in length.")
				return
			case e.End.IsZero():
				invalidForm(w, "scheduled_end_time", "This field is required")
				return
			}
			e.Location = loc
		default:
			invalidForm(w, "entity_type", "Value must be one of {1, 2, 3}.")
			return
		}
		e.ID = f.newID("ev")
		f.mu.Lock()
		f.events[e.ID] = e
		f.eventOrder = append(f.eventOrder, e.ID)
		out := e.wire()
		f.mu.Unlock()
		json.NewEncoder(w).Encode(out)
	})
	handle("GET /api/v9/guilds/{guild}/scheduled-events", func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		out := []map[string]any{}
		for _, id := range f.eventOrder {
			if e := f.events[id]; e != nil && e.Guild == r.PathValue("guild") {
				out = append(out, e.wire())
			}
		}
		f.mu.Unlock()
		json.NewEncoder(w).Encode(out)
	})
	unknown := func(w http.ResponseWriter) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusNotFound)
		w.Write([]byte(`{"code":10070,"message":"Unknown Guild Scheduled Event"}`))
	}
	handle("GET /api/v9/guilds/{guild}/scheduled-events/{event}", func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		e := f.events[r.PathValue("event")]
		var out map[string]any
		if e != nil && e.Guild == r.PathValue("guild") {
			out = e.wire()
		}
		f.mu.Unlock()
		if out == nil {
			unknown(w)
			return
		}
		json.NewEncoder(w).Encode(out)
	})
	handle("DELETE /api/v9/guilds/{guild}/scheduled-events/{event}", func(w http.ResponseWriter, r *http.Request) {
		id := r.PathValue("event")
		f.mu.Lock()
		e := f.events[id]
		if e != nil && e.Guild == r.PathValue("guild") {
			delete(f.events, id)
			f.eventOrder = slices.DeleteFunc(f.eventOrder, func(x string) bool { return x == id })
		}
		f.mu.Unlock()
		if e == nil {
			unknown(w)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
}
