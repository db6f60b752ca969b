package persist

import (
	"encoding/json"
	"errors"
	"testing"
	"time"
)

// Issue 34 item 4: a follow survives a reopen, both caps hold, a commit
// with a FollowCopy writes one deliver entry per follower (the same entry
// for a second commit of the same decision), and the game's end drops its
// follows.
func TestFollowsCapsCopiesAndEnd(t *testing.T) { backends(t, testFollowsCapsCopiesAndEnd) }

func testFollowsCapsCopiesAndEnd(t *testing.T, open func() (*Store, error)) {
	s, err := open()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := t.Context()
	r := rec("discord/g/c")
	if err := s.Commit(ctx, r, nil); err != nil {
		t.Fatal(err)
	}
	for _, u := range []string{"a", "b"} {
		if already, err := s.AddFollow(ctx, Follow{GameID: r.ID, Key: r.Key, Follower: "discord/" + u, User: u}, 2, 5); err != nil || already {
			t.Fatalf("follow %s: %v %v", u, already, err)
		}
	}
	if already, err := s.AddFollow(ctx, Follow{GameID: r.ID, Key: r.Key, Follower: "discord/a", User: "a"}, 2, 5); err != nil || !already {
		t.Fatalf("a second follow by a: %v %v", already, err)
	}
	if _, err := s.AddFollow(ctx, Follow{GameID: r.ID, Key: r.Key, Follower: "discord/c", User: "c"}, 2, 5); !errors.Is(err, ErrFollowLimit) {
		t.Fatalf("a third follower of a game capped at two: %v", err)
	}
	if _, err := s.AddFollow(ctx, Follow{GameID: "other", Key: "k", Follower: "discord/a", User: "a"}, 2, 1); !errors.Is(err, ErrFollowLimit) {
		t.Fatalf("a second game for a follower capped at one: %v", err)
	}
	// Reopened (a restart): the follows are there.
	s.Close()
	if s, err = open(); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if fs, err := s.Followers(ctx, r.ID); err != nil || len(fs) != 2 {
		t.Fatalf("after a reopen, the followers: %+v %v", fs, err)
	}
	fc := &FollowCopy{At: time.Unix(100, 0).UTC(), Token: "7", Body: func(f Follow) (json.RawMessage, error) {
		return json.RawMessage(`{"to":"` + f.User + `"}`), nil
	}}
	for range 2 {
		if _, err := s.CommitWith(ctx, r, nil, CommitPlan{Follow: fc}); err != nil {
			t.Fatal(err)
		}
	}
	due, err := s.TakeDue(ctx, time.Unix(200, 0), Take{Limit: 10, Lease: func(Due) time.Duration { return time.Minute }})
	if err != nil || len(due) != 2 || due[0].Kind != DueDeliver || due[0].User != "a" || due[1].User != "b" {
		t.Fatalf("one copy per follower, whatever the commits of the decision: %+v %v", due, err)
	}
	if err := s.DoneDue(ctx, due...); err != nil {
		t.Fatal(err)
	}
	if fs, _ := s.FollowedBy(ctx, "discord/b"); len(fs) != 1 || fs[0] != r.ID {
		t.Fatalf("b follows %v", fs)
	}
	if was, err := s.RemoveFollow(ctx, r.ID, "discord/b"); err != nil || !was {
		t.Fatalf("unfollow: %v %v", was, err)
	}
	r.Over = true
	if _, err := s.CommitWith(ctx, r, nil, CommitPlan{Follow: &FollowCopy{At: time.Unix(300, 0).UTC(), Token: "8", Body: fc.Body}}); err != nil {
		t.Fatal(err)
	}
	if fs, _ := s.Followers(ctx, r.ID); len(fs) != 0 {
		t.Fatalf("an ended game keeps its followers: %+v", fs)
	}
	if fs, _ := s.FollowedBy(ctx, "discord/a"); len(fs) != 0 {
		t.Fatalf("a still follows %v after its end", fs)
	}
	due, _ = s.TakeDue(ctx, time.Unix(400, 0), Take{Limit: 10, Lease: func(Due) time.Duration { return time.Minute }})
	if len(due) != 1 || due[0].User != "a" {
		t.Fatalf("the end's copy, to a alone: %+v", due)
	}
}

// Issue 34 item 5: a player's pace keeps each game's last PaceKept
// answers for the median, his longest ever and his count, read over all
// his games or over one tournament's; two games write two keys (no row
// that concurrent commits of one player's games would both update).
func TestPaceMedianLongestAndKept(t *testing.T) { backends(t, testPaceMedianLongestAndKept) }

func testPaceMedianLongestAndKept(t *testing.T, open func() (*Store, error)) {
	s, err := open()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := t.Context()
	r := rec("discord/g/c")
	took := []time.Duration{3 * time.Hour, 100 * time.Hour, time.Hour}
	for _, d := range took {
		if _, err := s.CommitWith(ctx, r, nil, CommitPlan{Pace: &PaceSample{Player: "discord/g/a", GameID: r.ID, Tournament: "t1", Took: d}}); err != nil {
			t.Fatal(err)
		}
	}
	other := rec("discord/g/d")
	if _, err := s.CommitWith(ctx, other, nil, CommitPlan{Pace: &PaceSample{Player: "discord/g/a", GameID: other.ID, Took: 2 * time.Hour}}); err != nil {
		t.Fatal(err)
	}
	ps, err := s.Paces(ctx, []string{"discord/g/a", "discord/g/z"}, "")
	if err != nil {
		t.Fatal(err)
	}
	p := ps["discord/g/a"]
	if p.Median() != 150*time.Minute || p.Longest != 100*time.Hour || p.Count != 4 || ps["discord/g/z"].Count != 0 {
		t.Fatalf("pace %+v median %v, all %+v", p, p.Median(), ps)
	}
	ts, _ := s.Paces(ctx, []string{"discord/g/a"}, "t1")
	if p := ts["discord/g/a"]; p.Count != 3 || p.Median() != 3*time.Hour {
		t.Fatalf("the tournament's pace: %+v", p)
	}
	for range PaceKept {
		s.CommitWith(ctx, r, nil, CommitPlan{Pace: &PaceSample{Player: "discord/g/a", GameID: r.ID, Tournament: "t1", Took: time.Minute}})
	}
	ts, _ = s.Paces(ctx, []string{"discord/g/a"}, "t1")
	if p := ts["discord/g/a"]; len(p.Last) != PaceKept || p.Median() != time.Minute || p.Longest != 100*time.Hour || p.Count != 3+PaceKept {
		t.Fatalf("after %d more: %+v", PaceKept, p)
	}
}

// A follower's copy taken by a tick while its decision's auto-roll was
// still committing: the second commit rewrites its body but keeps the
// tick's lease (no second tick takes it meanwhile), and the tick reads
// the body as it now stands.
func TestAFollowCopyRewrittenUnderALeaseKeepsIt(t *testing.T) {
	backends(t, func(t *testing.T, open func() (*Store, error)) {
		s, err := open()
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		ctx := t.Context()
		r := rec("discord/g/c")
		if _, err := s.AddFollow(ctx, Follow{GameID: r.ID, Key: r.Key, Follower: "discord/a", User: "a"}, 5, 5); err != nil {
			t.Fatal(err)
		}
		body := func(v string) func(Follow) (json.RawMessage, error) {
			return func(Follow) (json.RawMessage, error) { return json.RawMessage(`"` + v + `"`), nil }
		}
		at := time.Unix(100, 0).UTC()
		if _, err := s.CommitWith(ctx, r, nil, CommitPlan{Follow: &FollowCopy{At: at, Token: "7", Body: body("first")}}); err != nil {
			t.Fatal(err)
		}
		take := Take{Limit: 10, Lease: func(Due) time.Duration { return time.Minute }}
		took, err := s.TakeDue(ctx, at, take)
		if err != nil || len(took) != 1 {
			t.Fatalf("took %+v %v", took, err)
		}
		if _, err := s.CommitWith(ctx, r, nil, CommitPlan{Follow: &FollowCopy{At: at, Token: "7", Body: body("grown")}}); err != nil {
			t.Fatal(err)
		}
		if again, _ := s.TakeDue(ctx, at.Add(time.Second), take); len(again) != 0 {
			t.Fatalf("a rewritten copy lost its lease and was taken again: %+v", again)
		}
		if b, ok, err := s.DeliverBody(ctx, took[0]); err != nil || !ok || string(b) != `"grown"` {
			t.Fatalf("the copy as it stands: %s %v %v", b, ok, err)
		}
	})
}
