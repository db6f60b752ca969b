package audit

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// The verdicts of Check, which are kaleun verify's exit statuses (2 is
// the command's usage error, never a verdict).
const (
	CodeOK           = 0 // intact, its dice drawn from seeds (or accepted as a script)
	CodeProblem      = 1 // a problem: the file is not the log it says it is
	CodeScripted     = 3 // intact, but its dice were chosen by hand
	CodeRulesChanged = 4 // intact, but played under rules this kaleun reads differently
)

// CheckOptions are what a reader adds to a file he verifies.
type CheckOptions struct {
	// AllowScripted accepts a file whose dice were chosen by hand, as a
	// reproduction (kaleun verify --allow-scripted).
	AllowScripted bool
	// Head is the head posted in the game's channel, or a prefix of it
	// (ValidHeadPrefix, lower case): the file must contain it. "" when
	// none was given.
	Head string
	// PacksGiven: the verifier was given content packs of their owners'
	// (kaleun verify --pack); without them, a log played with one is told
	// how to give it.
	PacksGiven bool
}

// Verdict is Check's answer: the report, the text kaleun verify prints of
// it (one line per problem, or what was checked and the head), and the
// exit status that goes with it.
type Verdict struct {
	Report Report
	Text   string
	Code   int
}

// Check verifies an audit file as kaleun verify does, and says so in its
// words: the command and the verifier built for the browser both print
// this text, so the two cannot tell a reader different things.
func Check(data []byte, games engine.Registry, o CheckOptions) Verdict {
	r := Verify(data, games)
	var b strings.Builder
	v := func(code int) Verdict { return Verdict{Report: r, Text: b.String(), Code: code} }
	for _, p := range r.Problems {
		fmt.Fprintln(&b, p.String())
	}
	if !r.Intact() {
		for _, p := range r.Problems {
			if strings.Contains(p.String(), "no pack ") && !o.PacksGiven {
				fmt.Fprintln(&b, "note: the game was played with a content pack this kaleun does not hold: pass its directory with --pack DIR (kaleun pack check DIR prints its SHA-256, which the log names)")
				break
			}
		}
		if r.Scripted {
			fmt.Fprintln(&b, "note: the file also says its dice were chosen by hand (scripted), not drawn from a seed")
		}
		return v(CodeProblem)
	}
	if r.Scripted && !o.AllowScripted {
		fmt.Fprintf(&b, "SCRIPTED DICE: the %d dice of game %s were chosen by hand (kaleun play --dice), not drawn from a seed: this file says nothing about luck, it is a reproduction. Its log is otherwise intact (%d entries, %d decisions replayed through the rules); pass --allow-scripted to accept a scripted file.\n",
			r.Dice, r.GameID, r.Entries, r.Decisions)
		return v(CodeScripted)
	}
	if c := r.RulesChanged; c != nil {
		logged := "rules the log does not name (it was begun before kaleun named its rules versions)"
		if c.Logged != "" {
			logged = "rules version " + c.Logged
		}
		dice := fmt.Sprintf("%d of %d dice recomputed from their seeds", r.Checked, r.Dice)
		fmt.Fprintf(&b, "RULES CHANGED: game %s: %d entries, the hash chain intact; %s; %d decisions replayed through the rules to the same events. "+
			"From decision %d the game was played under %s, and this kaleun reads the rules as %s: there they replay differently (%s). "+
			"Nothing here says the log was changed (its head does, if it differs from the one posted); replay it with a kaleun of those rules (docs/auditors/dice.md, \"Rules versions\").\n",
			r.GameID, r.Entries, dice, r.Decisions, c.Decision, logged, c.Current, c.Finding.String())
		fmt.Fprintf(&b, "head: %s\n", r.Head)
		return v(CodeRulesChanged)
	}
	if r.Scripted {
		fmt.Fprintf(&b, "ok (scripted): game %s: %d entries, the hash chain intact; the %d dice were CHOSEN BY HAND, none is random: each equals the listed script; %d decisions replayed through the rules to the same events\n",
			r.GameID, r.Entries, r.Matched, r.Decisions)
	} else {
		dice := fmt.Sprintf("%d of %d dice recomputed from their seeds", r.Checked, r.Dice)
		if r.Checked < r.Dice {
			dice = fmt.Sprintf("only %d of %d dice recomputed from their seeds (the other %d wait for their seed's reveal: until then nothing but the head vouches for them)", r.Checked, r.Dice, r.Dice-r.Checked)
		}
		fmt.Fprintf(&b, "ok: game %s: %d entries, the hash chain intact; %s; %d decisions replayed through the rules to the same events; the game is %s\n",
			r.GameID, r.Entries, dice, r.Decisions, map[bool]string{true: "over", false: "still running"}[r.Over])
	}
	if r.Undos > 0 {
		fmt.Fprintf(&b, "undos: %s; %d taken back before any die was rolled since (free). Each void entry names the dice it discarded; none was rolled again.\n",
			UndoneText(r.UndoneAfterDice), r.Undos-r.UndoneAfterDice)
	}
	if r.Substitutes > 0 {
		fmt.Fprintf(&b, "substitutes: %d handovers of seats, each from the player who held the seat then; every undo after one is by the seat's holder of that moment. The substitute entries name who took over what, after which decision, and who decided it.\n", r.Substitutes)
	}
	if r.Reading != "" {
		fmt.Fprintf(&b, "note: the decisions replay from the setup as the kaleun of its time read it, %s: the game was begun before a default of its rules changed\n", r.Reading)
	}
	code := CodeOK
	fmt.Fprintf(&b, "head: %s\n", r.Head)
	if o.Head == "" {
		fmt.Fprintln(&b, "  Compare it with the head posted in the game's channel (`history` and the footers of its messages show its first 12 digits), or pass it with --head: a log re-hashed from end to end passes every check above, and only its head differs.")
	} else if seq, ok := entryWithHash(data, o.Head); !ok {
		fmt.Fprintf(&b, "HEAD NOT FOUND: no entry of this file has the hash %s that you gave: this is not the log that was posted (or not the same game)\n", o.Head)
		code = CodeProblem
	} else if seq == r.Entries {
		fmt.Fprintf(&b, "  The head you gave (%s) is this file's head: the log is the one posted.\n", o.Head)
	} else {
		fmt.Fprintf(&b, "  The head you gave (%s) is entry %d's hash: the first %d entries are the log as posted then; entries %d to %d came after it.\n", o.Head, seq, seq, seq+1, r.Entries)
	}
	if r.Version == 1 {
		fmt.Fprintln(&b, "note: a format 1 file (a game begun before format 2): its game id, creation time and setup are not bound by its chain, and its hashes are of the bytes Go wrote (a re-encoding that re-sorts keys no longer verifies)")
	}
	for _, c := range r.Unrevealed {
		fmt.Fprintf(&b, "note: the seed with commitment %s is not revealed yet: its dice are numbered and replayed, but cannot be recomputed until it is\n", c)
	}
	return v(code)
}

// ValidHeadPrefix tells whether s (lower case) can be a posted head: 12 to
// 64 hex digits.
func ValidHeadPrefix(s string) bool {
	return len(s) >= 12 && len(s) <= 64 && strings.Trim(s, "0123456789abcdef") == ""
}

// entryWithHash finds the entry whose hash starts with prefix.
func entryWithHash(data []byte, prefix string) (int, bool) {
	var x Export
	if json.Unmarshal(data, &x) != nil {
		return 0, false
	}
	for _, e := range x.Entries {
		if strings.HasPrefix(e.Hash, prefix) {
			return int(e.Seq), true
		}
	}
	return 0, false
}
