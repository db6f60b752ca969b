package bot

import (
	"context"
	"errors"
	"fmt"

	"github.com/kaleun/kaleun/bot/webhook"
	"github.com/kaleun/kaleun/persist"
)

// webhookActions are the webhook command's actions.
var webhookActions = []string{"set", "clear", "test", "rotate"}

// webhookSpec is the webhook command's row of the table.
var webhookSpec = CommandSpec{Name: "webhook", Help: "A URL that gets a signed event at each turn and each game's end (the game's starter or the tournament's organiser)", Args: []ArgSpec{
	{Name: "action", Help: "set, clear, test or rotate (a new secret)", Required: true, Choices: webhookActions, Positional: true},
	{Name: "url", Help: "set: the https:// URL to post the events to"},
}}

// webhookTarget is what a webhook command in place is about: the
// tournament of a tournament channel, or the channel's game; and who may
// set it. ok false: neither is here.
func (s *Service) webhookTarget(ctx context.Context, place Place) (target, what, organiser string, ok bool, err error) {
	t, err := s.store.TournamentAt(ctx, place.Key())
	if err == nil {
		return persist.TournamentTarget(t.ID), "tournament " + t.Name, t.Organiser, true, nil
	}
	if !errors.Is(err, persist.ErrNotFound) {
		return "", "", "", false, err
	}
	rec, err := s.store.Load(ctx, place.Key())
	if errors.Is(err, persist.ErrNotFound) {
		return "", "", "", false, nil
	}
	if err != nil {
		return "", "", "", false, err
	}
	starter := rec.Owner
	if starter == "" && len(rec.Seats) > 0 {
		starter = rec.Seats[0].ID
	}
	return persist.GameTarget(rec.ID), "game " + rec.ID, starter, true, nil
}

// webhookCommand sets, clears, tests or rotates the webhook of this
// channel's game or tournament. Every answer is private: the URL and the
// secret are the organiser's, and the channel sees nothing of them.
func (s *Service) webhookCommand(ctx context.Context, c *commandCall) (Reply, error) {
	if s.hooks == nil {
		return private("Webhooks are off on this bot: its operator turns them on in the config's [webhooks] section."), nil
	}
	target, what, organiser, ok, err := s.webhookTarget(ctx, c.place)
	if err != nil {
		return Reply{}, err
	}
	if !ok {
		return private("There is no game or tournament in this channel to set a webhook for."), nil
	}
	if organiser == "" || c.user.ID != organiser {
		return private(fmt.Sprintf("Only the organiser of %s (who started it) may set its webhook.", what)), nil
	}
	switch action := c.args["action"]; action {
	case "set":
		url := c.args["url"]
		if url == "" {
			return private("Give the URL: `webhook set url:https://...`."), nil
		}
		if why := webhook.CheckURL(url); why != "" {
			return private("Not set: " + why + "."), nil
		}
		return s.setWebhook(ctx, target, what, url, c.user, false)
	case "rotate":
		w, err := s.store.GetWebhook(ctx, target)
		if errors.Is(err, persist.ErrNoWebhook) {
			return private(fmt.Sprintf("%s has no webhook to rotate the secret of.", what)), nil
		}
		if err != nil {
			return Reply{}, err
		}
		return s.setWebhook(ctx, target, what, w.URL, c.user, true)
	case "clear":
		had, err := s.store.ClearWebhook(ctx, target)
		if err != nil {
			return Reply{}, err
		}
		if !had {
			return private(fmt.Sprintf("%s has no webhook.", what)), nil
		}
		s.log.Info("webhook cleared", "target", target, "by", c.user.ID)
		return private(fmt.Sprintf("The webhook of %s is cleared: it gets nothing more, not even the events still waiting.", what)), nil
	case "test":
		ev, err := s.store.QueueWebhookTest(ctx, target, s.now())
		if errors.Is(err, persist.ErrNoWebhook) {
			return private(fmt.Sprintf("%s has no webhook: `webhook set url:https://...` first.", what)), nil
		}
		if err != nil {
			return Reply{}, err
		}
		s.kickWebhooks()
		return private(fmt.Sprintf("A test event is on its way to the webhook of %s (delivery %s); the bot's log says how it was received.", what, ev.Delivery)), nil
	default:
		return private(fmt.Sprintf("Unknown action %q: set, clear, test or rotate.", action)), nil
	}
}

// setWebhook stores target's webhook with a fresh secret, which the
// organiser is shown this once.
func (s *Service) setWebhook(ctx context.Context, target, what, url string, by User, rotated bool) (Reply, error) {
	secret, err := webhook.NewSecret()
	if err != nil {
		return Reply{}, err
	}
	if err := s.store.SetWebhook(ctx, persist.Webhook{Target: target, URL: url, Secret: secret, By: by.ID, ByName: by.Name, Set: s.now()}); err != nil {
		return Reply{}, err
	}
	s.log.Info("webhook set", "target", target, "by", by.ID, "rotated", rotated)
	verb := "set"
	if rotated {
		verb = "kept, with a new secret (the old one signs nothing more)"
	}
	return private(fmt.Sprintf("The webhook of %s is %s: %s\nIts signing secret, shown only now: `%s`\nEach event is signed with it (header %s, docs/operators/webhooks.md); `webhook rotate` makes a new one.",
		what, verb, url, secret, webhook.HeaderSignature)), nil
}
