// Package enginetest holds what every game's tests share: the check that a
// game's rules version changes whenever its replays do.
package enginetest

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"testing"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/dice"
)

var updateVersion = flag.Bool("update-rules-version", false, "record the rules version and replay digest in testdata/rules_version.json")

// Recorded is a game's testdata/rules_version.json: the version its rules
// name and the digest of the games that version plays.
type Recorded struct {
	Version string `json:"version"`
	Digest  string `json:"digest"`
	Games   int    `json:"games"`
	// Decisions is how many decisions the games took: a digest of games
	// that end at once would hold the rules to little.
	Decisions int `json:"decisions"`
}

// CheckRulesVersion plays games from each setup (rounds times, each with
// its own seeds) with seeded dice and seeded choices, digests every prompt and event, and compares the digest
// with the one recorded for the rules' version: a change of the rules that
// changes what games replay to must come with a new version (an audit log
// records the version it was played under), and a new version with its
// digest (`go test -update-rules-version`).
func CheckRulesVersion(t *testing.T, rules engine.Rules, setups []string, rounds, maxDecisions int) {
	t.Helper()
	all := make([]string, 0, rounds*len(setups))
	for i := 0; i < rounds; i++ {
		all = append(all, setups...)
	}
	setups = all
	v, ok := rules.(engine.Versioned)
	if !ok {
		t.Fatalf("%s does not name its rules version (engine.Versioned)", rules.Name())
	}
	digest, decisions, err := ReplayDigest(rules, setups, maxDecisions)
	if err != nil {
		t.Fatal(err)
	}
	now := Recorded{Version: v.RulesVersion(), Digest: digest, Games: len(setups), Decisions: decisions}
	const golden = "testdata/rules_version.json"
	if *updateVersion {
		b, _ := json.MarshalIndent(now, "", "  ")
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	b, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v: record the version with `go test -run %s -update-rules-version`", err, t.Name())
	}
	var was Recorded
	if err := json.Unmarshal(b, &was); err != nil {
		t.Fatalf("%s: %v", golden, err)
	}
	switch {
	case was.Version == now.Version && was.Digest != now.Digest:
		t.Fatalf("%s's rules now play differently from version %s (the games' digest changed): "+
			"name a new version in RulesVersion, add it to the rules versions in docs/auditors/dice.md, and rerun with -update-rules-version", rules.Name(), was.Version)
	case was.Version != now.Version && was.Digest == now.Digest:
		t.Fatalf("%s's rules version moved from %s to %s but its games play the same: keep %s", rules.Name(), was.Version, now.Version, was.Version)
	case was.Version != now.Version:
		t.Fatalf("%s's rules version is now %s: record it with -update-rules-version", rules.Name(), now.Version)
	}
}

// ReplayDigest plays a game from each setup (game i with dice seeded i+1,
// its choices drawn from another seeded source) for at most maxDecisions,
// and returns the SHA-256 of every prompt (kind, options) and event (as
// JSON) in order, what an audit log and its replay hold, with the number of
// decisions taken.
func ReplayDigest(rules engine.Rules, setups []string, maxDecisions int) (digest string, decisions int, err error) {
	h := sha256.New()
	write := func(v any) {
		b, _ := json.Marshal(v)
		h.Write(b)
		h.Write([]byte{'\n'})
	}
	for i, setup := range setups {
		d := dice.NewFast(uint64(i) + 1)
		choose := dice.NewFast(uint64(i) + 1000003)
		st, evs, err := rules.New([]byte(setup), d)
		if err != nil {
			return "", 0, fmt.Errorf("setup %s: %w", setup, err)
		}
		write(evs)
		for n := 0; n < maxDecisions && st.Outcome() == nil; n++ {
			pending := []*engine.Prompt{st.Pending()}
			if m, ok := st.(engine.Multi); ok {
				pending = m.PendingAll()
			}
			if len(pending) == 0 || pending[0] == nil {
				return "", 0, fmt.Errorf("setup %s: decision %d: no prompt and no outcome", setup, n)
			}
			k, _ := choose.Roll(len(pending))
			p := pending[k-1]
			if len(p.Options) == 0 {
				return "", 0, fmt.Errorf("setup %s: decision %d: a prompt without options", setup, n)
			}
			o, _ := choose.Roll(len(p.Options))
			write(played(p))
			next, evs, err := st.Apply(engine.Choice{Token: p.Token, Key: p.Options[o-1].Key}, d)
			if err != nil {
				var de *engine.DiceError
				if errors.As(err, &de) {
					return "", 0, fmt.Errorf("setup %s: decision %d: %w", setup, n, err)
				}
				return "", 0, fmt.Errorf("setup %s: decision %d refused: %w", setup, n, err)
			}
			write(evs)
			st = next
			decisions++
		}
		write(st.Outcome())
	}
	return hex.EncodeToString(h.Sum(nil)), decisions, nil
}

// played is a prompt as the rules play it: its presentation (a chat title,
// short labels, odds and risks, which no log holds and no replay compares)
// is left out, so that reworded chat changes no rules version.
func played(p *engine.Prompt) *engine.Prompt {
	c := *p
	c.Title, c.Subject = "", ""
	c.Options = make([]engine.Option, len(p.Options))
	for i, o := range p.Options {
		c.Options[i] = engine.Option{Key: o.Key, Label: o.Label, Case: o.Case}
	}
	return &c
}
