package persist

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"slices"
	"time"
)

// Due times live here, with the games, so that a restart loses no reminder
// and finds every deadline that passed while the bot was down. The ticker
// owns no state: it asks what is due.
//
// Two buckets: "due" is the index, keyed by the time (big-endian unix
// nanoseconds) then the game's key, so a tick reads only what is due; and
// "schedule" holds each game's list, so a new decision can drop its
// prompt's old due times.

var (
	bucketDue      = []byte("due")
	bucketSchedule = []byte("schedule")
	// bucketDueLeases holds, by index key, the lease of a due time a tick
	// has taken: apart from the entry, so that a tick of a thousand
	// reminders writes a thousand small values rather than re-encoding a
	// thousand entries with their prompts.
	bucketDueLeases = []byte("due_leases")
)

// leaseOf reads the lease of an index entry (none: zero).
func leaseOf(tx kvTx, k []byte) (until time.Time, attempt int) {
	lb := tx.Bucket(bucketDueLeases)
	if lb == nil {
		return time.Time{}, 0 // a file opened read-only from before leases
	}
	v := lb.Get(k)
	if len(v) != 12 {
		return time.Time{}, 0
	}
	return time.Unix(0, int64(binary.BigEndian.Uint64(v))).UTC(), int(binary.BigEndian.Uint32(v[8:]))
}

func putLease(tx kvTx, k []byte, until time.Time, attempt int) error {
	v := binary.BigEndian.AppendUint64(make([]byte, 0, 12), uint64(until.UnixNano()))
	return tx.Bucket(bucketDueLeases).Put(k, binary.BigEndian.AppendUint32(v, uint32(attempt)))
}

// deleteDue takes an entry out of the index, with its lease.
func deleteDue(tx kvTx, k []byte) error {
	if err := tx.Bucket(bucketDue).Delete(k); err != nil {
		return err
	}
	return tx.Bucket(bucketDueLeases).Delete(k)
}

// readDue reads an index entry with its lease.
func readDue(tx kvTx, k, v []byte) (Due, error) {
	var d Due
	if err := json.Unmarshal(v, &d); err != nil {
		return d, err
	}
	d.Lease, d.Attempt = leaseOf(tx, k)
	return d, nil
}

// Due kinds.
const (
	DueReminder = "reminder"
	DueDeadline = "deadline"
	// A game's idle limits: the warning that it will end, and its end. They
	// are laid out again at every decision, so a game that moves is no
	// longer idle.
	DueIdleWarn = "idle_warn"
	DueIdleEnd  = "idle_end"
)

// DueDeliver is what an action taken at a due time has to deliver (a
// deadline's result, a withdrawn challenge, a game ended for idleness),
// written in the transaction that commits the action: it is in no game's
// plan, and leaves the index once delivered (Store.DoneDue).
const DueDeliver = "deliver"

// DueDamaged is what TakeDue reports in place of an index entry it could
// not read: the entry is dropped (it is an index, not the game), and the
// tick goes on with the others.
const DueDamaged = "damaged"

// delivered tells the kinds that are sent rather than acted on: a tick
// leases them as it hands them out, and they leave the index once the
// platform has taken what they say (DoneDue). The others stay until what
// answers them replaces the game's schedule, or are dropped once acted on;
// a tick leases them too, so that only one replica acts at a time.
func delivered(kind string) bool {
	return kind == DueReminder || kind == DueIdleWarn || kind == DueDeliver
}

// sent tells a due time that has been handed out for delivery at least
// once: it is no longer waiting in the game's plan, whether or not its
// delivery has been confirmed yet.
func sent(d Due) bool { return delivered(d.Kind) && d.Attempt > 0 }

// idle tells a game's idle limits from its prompts' due times.
func idle(kind string) bool { return kind == DueIdleWarn || kind == DueIdleEnd }

// Due is one reminder or deadline of a game's pending prompt.
type Due struct {
	At     time.Time `json:"at"`
	Key    string    `json:"key"` // the game's place key
	GameID string    `json:"game"`
	// Token is the prompt's: a due time whose prompt has been answered is stale.
	Token string `json:"token"`
	Kind  string `json:"kind"`
	// N numbers the reminders of a prompt (1, 2...) so they can escalate.
	N int `json:"n,omitempty"`
	// User is who is waited for, and Since when the prompt began waiting:
	// his preferences can move At later.
	User  string    `json:"user"`
	Since time.Time `json:"since"`
	// For a reminder, what it says and where it goes, fixed when it is
	// scheduled (a tick of a thousand reminders reads nothing else): the
	// deadline, whether it is the last reminder, and the player's choice of
	// channel, dm or both.
	Deadline time.Time `json:"deadline,omitempty"`
	Last     bool      `json:"last,omitempty"`
	Remind   string    `json:"remind,omitempty"`
	// Name is the player's, and Prompt the prompt he is reminded of (JSON):
	// a due time is replaced with its game's schedule at every decision, so
	// one in the index is always the game's current prompt.
	Name   string          `json:"name,omitempty"`
	Prompt json.RawMessage `json:"prompt,omitempty"`
	// Lease is until when the replica that last took this due time acts
	// on it or delivers what it says: no other tick takes it before. A
	// replica that dies leaves its lease to run out, and another takes
	// the due time over. Attempt counts the takes: above one, an earlier
	// attempt may have reached the platform.
	// (Kept in bucketDueLeases, not in the entry.)
	Lease   time.Time `json:"-"`
	Attempt int       `json:"-"`
	// PaceTarget, on a tournament game's reminder, is the tournament's
	// target pace, and PaceNow the player's median answer in it when the
	// prompt was posted (0: none yet): the reminder says both.
	PaceTarget time.Duration `json:"pace_target,omitempty"`
	PaceNow    time.Duration `json:"pace_now,omitempty"`
	// Body, on a deliver entry, is what it delivers, in the bot's words.
	Body json.RawMessage `json:"body,omitempty"`
}

// Take says what a tick takes: at most Limit due times, each leased for
// Lease(d) (from the take's Attempt, 1 for the first), and of those only
// the ones Only accepts, when set (a replica takes only what it can
// deliver: the due times of the platforms it serves).
type Take struct {
	Limit int
	Lease func(d Due) time.Duration
	Only  func(d Due) bool
}

func dueKey(d Due) []byte {
	k := make([]byte, 8, 8+len(d.Key)+len(d.Kind)+4)
	binary.BigEndian.PutUint64(k, uint64(d.At.UnixNano()))
	k = append(k, d.Key...)
	k = append(k, 0)
	k = append(k, d.Kind...)
	k = append(k, 0)
	k = append(k, d.Token...) // a game may wait for several players at once
	k = append(k, 0)
	return binary.BigEndian.AppendUint16(k, uint16(d.N))
}

// putSchedule replaces a game's due times inside a transaction: the old
// ones leave the index, the new ones enter it, and the schedule bucket keeps
// the game's index keys. The index is the truth: a due time taken by a tick
// is simply gone from it.
func putSchedule(tx kvTx, key string, due []Due) error {
	return writePlan(tx, key, nil, due)
}

// mergeSchedule records the due times of a game after one of its decisions.
// A prompt's due times are laid out once, when it is first pending, and
// stay as they were while it waits: another player's move in the same game
// (a packmate's, in a wolfpack) neither restarts an absent player's clock
// nor brings back a reminder a tick has already sent. fresh holds the due
// times of every prompt pending now, as if each had just begun; only those
// of prompts not yet planned are kept. Prompts no longer pending lose theirs.
//
// A prompt named in replan is laid out anew from fresh, its old due times
// dropped (a substitute's handover: the newcomer's clock starts then).
func mergeSchedule(tx kvTx, key string, fresh []Due, replan ...string) error {
	sb := tx.Bucket(bucketSchedule)
	old, err := scheduleKeys(sb, key)
	if err != nil {
		return err
	}
	pending := make(map[string]bool, len(fresh))
	for _, d := range fresh {
		pending[d.Token] = true
	}
	planned := map[string]bool{}
	var keep [][]byte
	for _, k := range old {
		if token, ok := tokenOfDueKey(k); ok && pending[token] && !slices.Contains(replan, token) {
			keep = append(keep, k)
			planned[token] = true
		}
	}
	var add []Due
	for _, d := range fresh {
		if !planned[d.Token] {
			add = append(add, d)
		}
	}
	if err := writePlan(tx, key, keep, add); err != nil {
		return err
	}
	return refreshPrompts(tx, keep, fresh)
}

// refreshPrompts gives the reminders still waiting the prompt as it reads
// now (its text may have changed while it waited), keeping their times.
func refreshPrompts(tx kvTx, keys [][]byte, fresh []Due) error {
	ib := tx.Bucket(bucketDue)
	for _, k := range keys {
		v := ib.Get(k)
		if v == nil {
			continue // sent, or a deadline that has acted
		}
		var d Due
		if json.Unmarshal(v, &d) != nil {
			// A damaged index entry must not stop the game's decisions: it
			// goes, and the prompt's plan goes on without it.
			if err := deleteDue(tx, k); err != nil {
				return err
			}
			continue
		}
		for _, f := range fresh {
			if f.Token == d.Token && f.Kind == d.Kind && f.N == d.N && d.Kind == DueReminder && !bytes.Equal(f.Prompt, d.Prompt) {
				d.Prompt, d.Name = f.Prompt, f.Name
				b, err := json.Marshal(d)
				if err != nil {
					return err
				}
				if err := ib.Put(k, b); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// writePlan makes a game's plan keep (index keys left as they are, sent or
// not) plus due (new entries): every other old key leaves the index.
func writePlan(tx kvTx, key string, keep [][]byte, due []Due) error {
	sb, ib := tx.Bucket(bucketSchedule), tx.Bucket(bucketDue)
	old, err := scheduleKeys(sb, key)
	if err != nil {
		return err
	}
	kept := make(map[string]bool, len(keep))
	for _, k := range keep {
		kept[string(k)] = true
	}
	for _, k := range old {
		if kept[string(k)] {
			continue
		}
		if err := deleteDue(tx, k); err != nil {
			return err
		}
	}
	keys := append(make([][]byte, 0, len(keep)+len(due)), keep...)
	for _, d := range due {
		v, err := json.Marshal(d)
		if err != nil {
			return err
		}
		k := dueKey(d)
		if err := ib.Put(k, v); err != nil {
			return err
		}
		keys = append(keys, k)
	}
	if len(keys) == 0 {
		return sb.Delete([]byte(key))
	}
	v, err := json.Marshal(keys)
	if err != nil {
		return err
	}
	return sb.Put([]byte(key), v)
}

// tokenOfDueKey reads the prompt token back from an index key (see dueKey:
// time, game key, kind and token separated by zero bytes, then N).
func tokenOfDueKey(k []byte) (string, bool) {
	parts, ok := dueKeyParts(k)
	if !ok {
		return "", false
	}
	return string(parts[2]), true
}

// kindOfDueKey reads the kind back from an index key.
func kindOfDueKey(k []byte) string {
	parts, _ := dueKeyParts(k)
	if len(parts) < 2 {
		return ""
	}
	return string(parts[1])
}

func dueKeyParts(k []byte) ([][]byte, bool) {
	if len(k) < 8+2 {
		return nil, false
	}
	parts := bytes.Split(k[8:len(k)-2], []byte{0})
	return parts, len(parts) == 4
}

// ReplaceIdle makes a game's idle limits due, leaving its prompts' due
// times as they are (the limits were changed, or a game from before them
// gets them); none removes them. A game whose plan holds these very due
// times already, sent or not, is left alone, so a warning is not sent
// twice. It reports whether it changed anything.
func (s *Store) ReplaceIdle(ctx context.Context, key string, due []Due) (changed bool, err error) {
	err = s.update(ctx, "set the idle limits of "+key, func(tx kvTx) error {
		changed = false
		if tx.Bucket(bucketGames).Get([]byte(key)) == nil {
			return nil // finished meanwhile: nothing to limit
		}
		old, err := scheduleKeys(tx.Bucket(bucketSchedule), key)
		if err != nil {
			return err
		}
		want := map[string]bool{}
		for _, d := range due {
			want[string(dueKey(d))] = true
		}
		var keep [][]byte
		same := true
		for _, k := range old {
			if !idle(kindOfDueKey(k)) {
				keep = append(keep, k)
				continue
			}
			same = same && want[string(k)]
			delete(want, string(k))
		}
		if same && len(want) == 0 {
			return nil
		}
		changed = true
		return writePlan(tx, key, keep, due)
	})
	return changed, err
}

// IdleLimits returns a game's idle limits still waiting in the index.
func (s *Store) IdleLimits(ctx context.Context, key string) ([]Due, error) {
	all, err := s.Schedule(ctx, key)
	var out []Due
	for _, d := range all {
		if idle(d.Kind) {
			out = append(out, d)
		}
	}
	return out, err
}

func scheduleKeys(sb kvBucket, key string) ([][]byte, error) {
	v := sb.Get([]byte(key))
	if v == nil {
		return nil, nil
	}
	var keys [][]byte
	if err := json.Unmarshal(v, &keys); err != nil {
		return nil, fmt.Errorf("schedule of %s is damaged: %w", key, err)
	}
	return keys, nil
}

// scheduled reads a game's due times still waiting: in the index and, for
// what is sent, not yet handed out (a reminder being delivered is sent).
// The keys of the plan it does not return are in rest.
func scheduled(tx kvTx, key string) (waiting []Due, rest [][]byte, err error) {
	keys, err := scheduleKeys(tx.Bucket(bucketSchedule), key)
	if err != nil {
		return nil, nil, err
	}
	ib := tx.Bucket(bucketDue)
	for _, k := range keys {
		v := ib.Get(k)
		var d Due
		var err error
		if v != nil {
			d, err = readDue(tx, k, v)
		}
		if v == nil || err != nil || sent(d) {
			rest = append(rest, k) // taken by a tick (or unreadable: left to TakeDue)
			continue
		}
		waiting = append(waiting, d)
	}
	return waiting, rest, nil
}

// SetSchedule replaces a game's due times.
func (s *Store) SetSchedule(ctx context.Context, key string, due []Due) error {
	return s.update(ctx, "set the due times of "+key, func(tx kvTx) error { return putSchedule(tx, key, due) })
}

// PutSchedules replaces the due times of many games in one transaction (a
// tournament's organiser moving everyone's deadline).
func (s *Store) PutSchedules(ctx context.Context, schedules map[string][]Due) error {
	return s.update(ctx, fmt.Sprintf("set the due times of %d games", len(schedules)), func(tx kvTx) error {
		for key, due := range schedules {
			if err := ctx.Err(); err != nil {
				return err
			}
			if err := putSchedule(tx, key, due); err != nil {
				return err
			}
		}
		return nil
	})
}

// Schedule returns a game's due times not yet taken.
func (s *Store) Schedule(ctx context.Context, key string) ([]Due, error) {
	var out []Due
	err := s.view(ctx, "read the due times of "+key, func(tx kvTx) (err error) {
		out, _, err = scheduled(tx, key)
		return err
	})
	return out, err
}

// DropDue removes one due time (a deadline whose prompt waits on).
func (s *Store) DropDue(ctx context.Context, d Due) error {
	return s.ReplaceDue(ctx, d, nil)
}

// ReplaceDue removes one due time and, in the same transaction, puts what
// acting on it delivers (a deliver entry, when not nil): a replica that
// dies after this commit leaves the delivery to be taken over.
func (s *Store) ReplaceDue(ctx context.Context, d Due, deliver *Due) error {
	return s.update(ctx, "drop the "+d.Kind+" of game "+d.GameID+" at "+d.Key, func(tx kvTx) error {
		if err := deleteDue(tx, dueKey(d)); err != nil {
			return err
		}
		return putDeliver(tx, deliver)
	})
}

// putDeliver puts a deliver entry in the index (none when nil). It is in
// no game's plan: a later decision does not drop it.
func putDeliver(tx kvTx, d *Due) error {
	if d == nil {
		return nil
	}
	if d.Kind != DueDeliver {
		return fmt.Errorf("a deliver entry of kind %q", d.Kind)
	}
	v, err := json.Marshal(d)
	if err != nil {
		return err
	}
	k := dueKey(*d)
	if err := tx.Bucket(bucketDue).Put(k, v); err != nil {
		return err
	}
	return putLease(tx, k, d.Lease, d.Attempt)
}

// PutDeliver puts a deliver entry in the index by itself (what an action
// that commits nothing of its own has to deliver).
func (s *Store) PutDeliver(ctx context.Context, d Due) error {
	return s.update(ctx, "record a delivery of game "+d.GameID+" at "+d.Key, func(tx kvTx) error { return putDeliver(tx, &d) })
}

// DoneDue removes due times whose notices the platform has taken (or that
// were found to have nothing left to say). One already gone (a decision
// replaced its game's plan meanwhile) is no error.
func (s *Store) DoneDue(ctx context.Context, ds ...Due) error {
	if len(ds) == 0 {
		return nil
	}
	op := fmt.Sprintf("record %d due times as delivered", len(ds))
	if len(ds) == 1 {
		op = "record the " + ds[0].Kind + " of game " + ds[0].GameID + " at " + ds[0].Key + " as delivered"
	}
	return s.update(ctx, op, func(tx kvTx) error {
		for _, d := range ds {
			if err := deleteDue(tx, dueKey(d)); err != nil {
				return err
			}
		}
		return nil
	})
}

// TakeDue returns what is due at now, oldest first, as take says, each
// leased to the caller for take.Lease(d) (d.Attempt counts this take): until
// the lease runs out no other tick takes it, whichever replica ticks. What
// is sent stays in the index until DoneDue says the platform took it, so a
// replica killed between the take and the delivery loses nothing: its
// lease runs out and a later tick takes the due time again (Attempt 2,
// and the platform is asked not to show twice what it already has).
// Deadlines stay until the decision that answers them replaces the game's
// schedule. An entry that cannot be read is dropped and returned as
// DueDamaged (its key in Key), so that one bad entry does not stop every
// reminder.
func (s *Store) TakeDue(ctx context.Context, now time.Time, take Take) ([]Due, error) {
	var out []Due
	end := make([]byte, 8)
	binary.BigEndian.PutUint64(end, uint64(now.UnixNano()))
	op := "take the due times up to " + now.UTC().Format(time.RFC3339)
	if err := ctx.Err(); err != nil {
		return nil, wrapOp(op, err)
	}
	err := s.kv.takeDue(ctx, end, take.Limit, func(tx kvTx, c kvCursor) error {
		out = out[:0]
		type leased struct {
			k       []byte
			until   time.Time
			attempt int
		}
		var took []leased
		var damaged [][]byte
		for k, v := c.First(); k != nil && bytes.Compare(k[:8], end) <= 0 && len(out) < take.Limit; k, v = c.Next() {
			if until, _ := leaseOf(tx, k); until.After(now) {
				continue // another take of it is under way
			}
			d, err := readDue(tx, k, v)
			if err != nil {
				damaged = append(damaged, append([]byte(nil), k...))
				out = append(out, Due{Kind: DueDamaged, Key: fmt.Sprintf("%x", k)})
				continue
			}
			if take.Only != nil && !take.Only(d) {
				continue // another replica's to take
			}
			d.Attempt++
			d.Lease = now.Add(take.Lease(d))
			took = append(took, leased{append([]byte(nil), k...), d.Lease, d.Attempt})
			out = append(out, d)
		}
		// (Written after the walk: a bucket is not changed under its cursor.)
		for _, l := range took {
			if err := putLease(tx, l.k, l.until, l.attempt); err != nil {
				return err
			}
		}
		for _, k := range damaged {
			if err := deleteDue(tx, k); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, wrapOp(op, err)
	}
	return out, nil
}

// Reschedule recomputes the due times of one player's pending prompts (after
// he changed his preferences). match picks the entries by game key and user;
// update gives each its new form.
func (s *Store) Reschedule(ctx context.Context, match func(Due) bool, update func(Due) Due) error {
	return s.update(ctx, "move due times", func(tx kvTx) error {
		var games []string
		err := tx.Bucket(bucketSchedule).ForEach(func(k, _ []byte) error {
			games = append(games, string(k))
			return nil
		})
		if err != nil {
			return err
		}
		for _, key := range games {
			if err := ctx.Err(); err != nil {
				return err
			}
			list, rest, err := scheduled(tx, key)
			if err != nil {
				return err
			}
			hit := false
			for i := range list {
				if match(list[i]) {
					list[i], hit = update(list[i]), true
				}
			}
			if hit {
				// The due times already sent (or being sent) or acted on stay
				// in the plan as they are, so their prompts are not planned
				// afresh by the next decision.
				if err := writePlan(tx, key, rest, list); err != nil {
					return err
				}
			}
		}
		return nil
	})
}
