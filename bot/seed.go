package bot

import (
	"context"
	"encoding/hex"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/kaleun/kaleun/bot/audit"
	"github.com/kaleun/kaleun/engine/dice"
	"github.com/kaleun/kaleun/persist"
)

// maxEntropy bounds one player's entropy text: enough for any phrase, small
// enough for one chat line.
const maxEntropy = 200

// seedEntry makes a log entry about the seed, with its line for the channel.
func seedEntry(a audit.SeedAction) (persist.NewEntry, string) {
	raw, text := audit.SeedEntry(a)
	return persist.NewEntry{Event: raw}, text
}

// commitment is the public commitment of the seed in force.
func commitment(r persist.DiceRecord) (string, error) {
	seed, err := hex.DecodeString(r.Seed)
	if err != nil || len(seed) == 0 {
		return "", fmt.Errorf("the saved dice seed is damaged")
	}
	return dice.Commitment(seed), nil
}

// addEntropy mixes a player's text into the committed seed, which is allowed
// only until the seed's first die: after that the entropy could be chosen to
// suit the dice already seen.
func (s *Service) addEntropy(ctx context.Context, rec *persist.GameRecord, user User, text string) (Reply, error) {
	text = strings.TrimSpace(text)
	switch {
	case rec.Dice.Kind != "auditable":
		return private("This game's dice are scripted (a reproduction): there is no seed to add entropy to."), nil
	case text == "":
		return private("Give some text to mix in: `seed text:anything you like`."), nil
	case utf8.RuneCountInString(text) > maxEntropy || !utf8.ValidString(text):
		return private(fmt.Sprintf("Entropy is at most %d characters of text.", maxEntropy)), nil
	case rec.Dice.Cursor != rec.Dice.From:
		return private(fmt.Sprintf("Die #%d was already rolled with the current seed, so entropy can no longer be mixed into it: it could be chosen to suit what was seen. `reveal` ends this seed and commits a fresh one that takes entropy.", rec.Dice.From)), nil
	}
	c, err := commitment(rec.Dice)
	if err != nil {
		return Reply{}, err
	}
	entry, line := seedEntry(audit.SeedAction{Action: audit.ActionEntropy, From: rec.Dice.From, Commitment: c, Entropy: text, By: user.Name})
	next := *rec
	next.Dice.Entropy = append(append([]string(nil), rec.Dice.Entropy...), text)
	next.Updated = s.now()
	if _, err := s.store.CommitEntries(ctx, &next, []persist.NewEntry{entry}); err != nil {
		return Reply{}, err
	}
	*rec = next
	mixed := dice.Mix(mustHex(rec.Dice.Seed), rec.Dice.Entropy)
	return Reply{Public: []Message{{Title: "Entropy mixed in", Text: line + fmt.Sprintf(" The dice now come from SHA-256 mix %s of the committed seed and %d entropy text(s); the mix is checkable once the seed is revealed.", audit.ShortHash(dice.Commitment(mixed)), len(rec.Dice.Entropy)), Footer: logFooter(rec)}}}, nil
}

// reveal shows the seed in force and commits a fresh one for the dice that
// follow, for long campaigns whose players want to check the dice so far.
func (s *Service) reveal(ctx context.Context, rec *persist.GameRecord, user User) (Reply, error) {
	switch {
	case rec.Dice.Kind != "auditable":
		return private("This game's dice are scripted: the script is in its audit file, there is no seed to reveal."), nil
	case !s.mayAbandon(rec, user):
		return private(fmt.Sprintf("Only the commander (%s) or a channel manager may reveal the seed.", rec.OwnerName)), nil
	case rec.Dice.Cursor == rec.Dice.From:
		return private("No die has been rolled with the current seed yet: there is nothing to check."), nil
	}
	old, err := commitment(rec.Dice)
	if err != nil {
		return Reply{}, err
	}
	fresh, err := s.newSeed()
	if err != nil {
		return Reply{}, err
	}
	revealed, line1 := seedEntry(audit.SeedAction{Action: audit.ActionReveal, From: rec.Dice.From, Commitment: old, Seed: rec.Dice.Seed, By: user.Name})
	committed, line2 := seedEntry(audit.SeedAction{Action: audit.ActionCommit, From: rec.Dice.Cursor, Commitment: dice.Commitment(fresh)})
	next := *rec
	next.Dice.Seed, next.Dice.Entropy, next.Dice.From = hex.EncodeToString(fresh), nil, rec.Dice.Cursor
	next.Updated = s.now()
	if _, err := s.store.CommitEntries(ctx, &next, []persist.NewEntry{revealed, committed}); err != nil {
		return Reply{}, err
	}
	*rec = next
	s.log.Info("dice seed revealed", "game", rec.ID, "by", user.ID)
	text := fmt.Sprintf("%s asked for the seed. %s\n%s Until its first die is rolled, anyone may mix in entropy with `seed text:...`.", user.Name, line1, line2)
	return Reply{Public: []Message{{Title: "Dice seed revealed", Text: text, Footer: logFooter(rec)}}}, nil
}

// revealAtEnd is the log entry that reveals the seed when a game ends.
func revealAtEnd(r persist.DiceRecord) (persist.NewEntry, bool) {
	if r.Kind != "auditable" {
		return persist.NewEntry{}, false
	}
	c, err := commitment(r)
	if err != nil {
		return persist.NewEntry{}, false
	}
	e, _ := seedEntry(audit.SeedAction{Action: audit.ActionReveal, From: r.From, Commitment: c, Seed: r.Seed})
	return e, true
}

func mustHex(s string) []byte {
	b, _ := hex.DecodeString(s)
	return b
}

// logFooter names the log's head, so anyone can pin the log as it stood.
func logFooter(rec *persist.GameRecord) string {
	if rec.Head == "" {
		return ""
	}
	return fmt.Sprintf("log entry %d · head %s", rec.Seq, audit.ShortHash(rec.Head))
}
