package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/persist"
)

// Spectators (issue 34 item 4). `follow game:ID` gives a person a copy of
// each of the game's results, and of the prompts they bring, in his direct
// messages: not in the channel (a follower adds nothing to its noise), with
// no ping and no button (a prompt's options are listed as text). A copy is
// made of what the channel shows and nothing else, so a hidden-information
// game shows a follower no hand and no secret pick. Each decision's commit
// writes, in its own transaction, a deliver entry per follower
// (persist.FollowCopy), which a tick delivers under its delivery key: once,
// across kill -9 and replicas, as reminders are.

// The caps on following, so that a popular game or an eager spectator
// cannot make the bot's ticks a flood of direct messages.
const (
	// MaxFollowersPerGame is how many people may follow one game.
	MaxFollowersPerGame = 25
	// MaxFollowedGames is how many games one person may follow at once.
	MaxFollowedGames = 10
	// maxFollowAttempts bounds the takes of a follower's copy: a follower
	// who does not take direct messages (Discord's 50007, Slack's
	// cannot_dm_bot) is tried a few times, logged, and given up on, so he
	// costs no retry storm and never holds the game up.
	maxFollowAttempts = 3
)

// following is a decision's copy for the followers, handed through a
// decision and the auto-rolls it brings (how.follow), so that their
// commits write one entry per follower.
type following struct {
	shown *shownDecision
	at    time.Time
	// paced: the answer's time was counted (at its first commit).
	paced bool
}

// followBody is a follower's copy as a deliver entry keeps it.
type followBody struct {
	Decision *shownDecision `json:"decision"`
}

func (f *following) decided(rec *persist.GameRecord, before engine.State, c engine.Choice, h how, now time.Time) error {
	if f == nil || f.shown != nil {
		return nil
	}
	sd, err := newShownDecision(rec, before, c, h)
	f.shown, f.at = sd, now
	return err
}

// copies is what a commit of the decision gives the followers.
func (f *following) copies(rec *persist.GameRecord, st engine.State) (*persist.FollowCopy, error) {
	if f == nil || f.shown == nil || !summarizes(rec.Key) {
		return nil, nil
	}
	f.shown.committed(rec, st)
	b, err := json.Marshal(delivery{Follow: &followBody{Decision: f.shown}})
	if err != nil {
		return nil, fmt.Errorf("game %s: encoding a follower's copy: %w", rec.ID, err)
	}
	return &persist.FollowCopy{At: f.at, Token: fmt.Sprint(f.shown.From), Body: func(persist.Follow) (json.RawMessage, error) { return b, nil }}, nil
}

// isFollowCopy tells a follower's copy among the deliver entries.
func isFollowCopy(d persist.Due) bool {
	return d.Kind == persist.DueDeliver && strings.HasPrefix(d.Token, "follow:")
}

// reshowFollow renders a follower's copy of a decision from the game's
// log: what the channel was shown of it (its result and the prompts it
// made, still pending), without pings or buttons, in his direct messages.
func (s *Service) reshowFollow(ctx context.Context, d persist.Due, fb *followBody) ([]Notice, error) {
	place := placeOf(d.Key)
	unlock, err := s.lockPlace(ctx, d.Key)
	if err != nil {
		return nil, err
	}
	defer unlock()
	// Under the lock, the copy as the decision's last commit left it: one
	// taken between a decision's commit and its auto-roll's would show
	// the decision without the roll it brought.
	if b, ok, err := s.store.DeliverBody(ctx, d); err != nil {
		return nil, err
	} else if ok {
		var body delivery
		if err := json.Unmarshal(b, &body); err == nil && body.Follow != nil && body.Follow.Decision != nil {
			fb = body.Follow
		}
	}
	rec, st, err := s.gameOf(ctx, d.Key, d.GameID)
	if err != nil {
		return nil, err
	}
	r, err := s.renderShown(ctx, place, rec, st, fb.Decision, false)
	if err != nil {
		return nil, err
	}
	var out []Message
	for _, a := range r.Answered {
		out = append(out, followerCopy(rec, a.Message))
	}
	for _, m := range r.Public {
		out = append(out, followerCopy(rec, m))
	}
	if len(out) == 0 {
		return nil, nil
	}
	return []Notice{{Place: place, DirectTo: d.User, Direct: out}}, nil
}

// followerCopy is a channel message as a follower gets it: no one pinged,
// no button that acts (the options named in a line), no prompt reference
// (the platform must not take the copy for the prompt's message, nor edit
// it with the result), and a footer saying why he has it.
func followerCopy(rec *persist.GameRecord, m Message) Message {
	if len(m.Options) > 0 {
		var labels []string
		for _, o := range m.Options {
			labels = append(labels, o.Label)
		}
		m.Lines = append(m.Lines, Line{Text: "Options (in the game's channel): " + strings.Join(labels, " · ")})
	}
	m.Options, m.Select = nil, false
	m.Mention, m.Mentions, m.Owner = "", nil, ""
	m.Ref = ""
	// /kaleun's: the game's own command answers unfollow too, but unlisted,
	// and Discord sends only the subcommands it was given, so a footer
	// naming `/hunters-duel unfollow` named one its user could not send.
	foot := fmt.Sprintf("👁 You follow game %s (`/%s unfollow game:%s` to stop)", rec.ID, FrameworkName, rec.ID)
	if m.Footer != "" {
		foot = m.Footer + " · " + foot
	}
	m.Footer = foot
	return m
}

// followCommand answers `follow game:ID` (the channel's game without an id).
func (s *Service) followCommand(ctx context.Context, c *commandCall) (Reply, error) {
	rec, refusal, err := s.gameToFollow(ctx, c)
	if err != nil || refusal != "" {
		return private(refusal), err
	}
	if seatedUser(rec, c.user.ID) != nil || rec.Owner == c.user.ID {
		return private(fmt.Sprintf("You play in game %s: its results come to you already.", rec.ID)), nil
	}
	f := persist.Follow{GameID: rec.ID, Key: rec.Key, Follower: persist.PlayerKey(rec.Key, c.user.ID), User: c.user.ID, Name: c.user.Name, Since: s.now()}
	already, err := s.store.AddFollow(ctx, f, MaxFollowersPerGame, MaxFollowedGames)
	switch {
	case errors.Is(err, persist.ErrFollowLimit):
		return private(fmt.Sprintf("Not followed: %s (at most %d followers a game, %d games a follower).", strings.TrimSuffix(err.Error(), ": "+persist.ErrFollowLimit.Error()), MaxFollowersPerGame, MaxFollowedGames)), nil
	case err != nil:
		return Reply{}, err
	case already:
		return private(fmt.Sprintf("You already follow game %s.", rec.ID)), nil
	}
	return private(fmt.Sprintf("👁 You follow game %s: each of its results comes to your direct messages as the channel sees it, without pings or buttons, until it ends or you `unfollow game:%s`.", rec.ID, rec.ID)), nil
}

// unfollowCommand answers `unfollow game:ID`.
func (s *Service) unfollowCommand(ctx context.Context, c *commandCall) (Reply, error) {
	id := c.args["game"]
	if id == "" {
		rec, err := s.store.Load(ctx, c.place.Key())
		if err != nil && !errors.Is(err, persist.ErrNotFound) {
			return Reply{}, err
		}
		if rec == nil {
			return private("Which game? `unfollow game:ID`."), nil
		}
		id = rec.ID
	}
	was, err := s.store.RemoveFollow(ctx, id, persist.PlayerKey(c.place.Key(), c.user.ID))
	if err != nil {
		return Reply{}, err
	}
	if !was {
		return private(fmt.Sprintf("You do not follow game %s.", id)), nil
	}
	return private(fmt.Sprintf("You no longer follow game %s.", id)), nil
}

// gameToFollow finds the running game a follow names, or says why it
// cannot be followed from here.
func (s *Service) gameToFollow(ctx context.Context, c *commandCall) (*persist.GameRecord, string, error) {
	id := c.args["game"]
	var rec *persist.GameRecord
	var err error
	if id == "" {
		rec, err = s.store.Load(ctx, c.place.Key())
	} else {
		rec, err = s.store.Find(ctx, id)
	}
	if errors.Is(err, persist.ErrNotFound) {
		if id == "" {
			return nil, "Which game? `follow game:ID` (a game's id is in its messages).", nil
		}
		return nil, fmt.Sprintf("There is no running game %s.", id), nil
	}
	if err != nil {
		return nil, "", err
	}
	home := placeOf(rec.Key)
	switch {
	case rec.Over:
		return nil, fmt.Sprintf("Game %s is over: there is nothing more to follow.", rec.ID), nil
	case !summarizes(rec.Key):
		return nil, fmt.Sprintf("Game %s is played in a terminal: it cannot be followed.", rec.ID), nil
	case home.Platform != c.place.Platform || (home.Platform == "slack" && home.Space != c.place.Space):
		// Its copies come from the bot where it is played: only there can
		// it write to you.
		return nil, fmt.Sprintf("Game %s is played elsewhere (%s): follow it from there.", rec.ID, home.Platform), nil
	}
	return rec, "", nil
}
