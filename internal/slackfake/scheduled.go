package slackfake

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"time"
)

// Scheduled messages, as Slack's Web API has them: chat.scheduleMessage
// (channel, post_at in Unix seconds, text or blocks, thread_ts; refused
// with time_in_past at or before now and time_too_far beyond 120 days),
// chat.scheduledMessages.list (the channel's pending ones, by oldest and
// latest post_at) and chat.deleteScheduledMessage (invalid_scheduled_message_id
// for one not pending). Slack posts a scheduled message itself at its
// post_at: PostDue does so on the fake's clock.

// Scheduled is a scheduled message the fake holds.
type Scheduled struct {
	ID, Channel, Thread, Text string
	Blocks                    []any
	PostAt, Created           time.Time
}

// maxScheduleAhead is how far ahead Slack schedules a message.
const maxScheduleAhead = 120 * 24 * time.Hour

// SetNow sets the fake's clock for scheduled messages (the bot's tests run
// on a clock of their own).
func (f *Server) SetNow(now func() time.Time) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.now = now
}

// ScheduledMessages are the messages scheduled and not yet posted or
// deleted, in the order made.
func (f *Server) ScheduledMessages() []Scheduled {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []Scheduled
	for _, s := range f.scheduled {
		out = append(out, *s)
	}
	return out
}

// PostDue posts, as Slack would, the scheduled messages whose time has come
// on the fake's clock, and returns how many.
func (f *Server) PostDue() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	now, n := f.now(), 0
	f.scheduled = slices.DeleteFunc(f.scheduled, func(s *Scheduled) bool {
		if s.PostAt.After(now) {
			return false
		}
		ts := f.nextTSLocked()
		f.makeLocked(&Message{TS: ts, Channel: s.Channel, Thread: s.Thread, Text: s.Text, Blocks: s.Blocks})
		v := url.Values{"_method": {"scheduled"}, "_ts": {ts}, "channel": {s.Channel}, "text": {s.Text}}
		f.posts <- v
		n++
		return true
	})
	return n
}

func (f *Server) scheduledMethods(api func(string, http.HandlerFunc)) {
	fail := func(w http.ResponseWriter, code string) {
		json.NewEncoder(w).Encode(map[string]any{"ok": false, "error": code})
	}
	api("chat.scheduleMessage", func(w http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		v := r.PostForm
		sec, err := strconv.ParseInt(v.Get("post_at"), 10, 64)
		f.mu.Lock()
		now := f.now()
		f.mu.Unlock()
		at := time.Unix(sec, 0)
		switch {
		case v.Get("channel") == "":
			fail(w, "channel_not_found")
			return
		case err != nil:
			fail(w, "invalid_time")
			return
		case !at.After(now):
			fail(w, "time_in_past")
			return
		case at.Sub(now) > maxScheduleAhead:
			fail(w, "time_too_far")
			return
		case v.Get("text") == "" && v.Get("blocks") == "":
			fail(w, "no_text")
			return
		}
		f.mu.Lock()
		f.ids++
		s := &Scheduled{ID: fmt.Sprintf("Q%08d", f.ids), Channel: v.Get("channel"), Thread: v.Get("thread_ts"), Text: v.Get("text"),
			Blocks: blocksOf(v.Get("blocks")), PostAt: at, Created: now}
		f.scheduled = append(f.scheduled, s)
		f.mu.Unlock()
		json.NewEncoder(w).Encode(map[string]any{"ok": true, "channel": s.Channel, "scheduled_message_id": s.ID, "post_at": strconv.FormatInt(sec, 10),
			"message": map[string]any{"text": s.Text, "type": "delayed_message", "subtype": "bot_message"}})
	})
	api("chat.scheduledMessages.list", func(w http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		v := r.Form
		oldest, _ := strconv.ParseInt(v.Get("oldest"), 10, 64)
		latest, _ := strconv.ParseInt(v.Get("latest"), 10, 64)
		f.mu.Lock()
		out := []map[string]any{}
		for _, s := range f.scheduled {
			at := s.PostAt.Unix()
			if (v.Get("channel") != "" && s.Channel != v.Get("channel")) || (oldest > 0 && at < oldest) || (latest > 0 && at > latest) {
				continue
			}
			out = append(out, map[string]any{"id": s.ID, "channel_id": s.Channel, "post_at": at, "date_created": s.Created.Unix(), "text": s.Text})
		}
		f.mu.Unlock()
		json.NewEncoder(w).Encode(map[string]any{"ok": true, "scheduled_messages": out, "response_metadata": map[string]any{"next_cursor": ""}})
	})
	api("chat.deleteScheduledMessage", func(w http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		v := r.PostForm
		f.mu.Lock()
		i := slices.IndexFunc(f.scheduled, func(s *Scheduled) bool {
			return s.ID == v.Get("scheduled_message_id") && s.Channel == v.Get("channel")
		})
		if i >= 0 {
			f.scheduled = slices.Delete(f.scheduled, i, i+1)
		}
		f.mu.Unlock()
		if i < 0 {
			fail(w, "invalid_scheduled_message_id")
			return
		}
		json.NewEncoder(w).Encode(map[string]any{"ok": true})
	})
}
