package hunters

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// How The Hunters reads in chat (issue 17): each decision titled by its
// meaning, the options' labels short with their odds beside them, the risky
// ones marked so chat asks before taking them; and a decision's events as
// a few short lines — a salvo's torpedo with its dud check, damage and the
// ship's fate on one line, a convoy's size and identity rolls folded into
// its list of targets. The log and the JSONL keep every event whole; the
// prompts' labels, logged with each choice, are not changed: the short
// forms are new fields beside them.

// titles name each decision by its meaning, by its kind.
var titles = map[string]string{
	"after_combat":       "After the round",
	"flak_stay":          "Flak boat under attack",
	"choose_patrol":      "Patrol area",
	"proceed":            "Sail on?",
	"abort_direction":    "Course home",
	"resupply":           "Resupply at sea",
	"range":              "Range",
	"approach":           "Approach",
	"weapon":             "Fire",
	"aim":                "Aim",
	"test_depth":         "Test depth",
	"evasive":            "Evasive maneuvers",
	"hals_und_beinbruch": "Hals und Beinbruch",
	"torpedo_mix":        "Torpedo load",
	"load_tubes":         "Load the tubes",
	"load_aft_reloads":   "Aft reloads",
	"reload_forward":     "Reload forward tubes",
	"reload_aft":         "Reload aft tubes",
	"pack_join":          "The pack's battle",
	"upgrade":            "New boat",
	"engage":             "Contact",
	"follow_pick":        "Follow which ship",
	"follow_time":        "Time of the attack",
	"enemy_roll":         "Roll for the enemy",
	"escort_direction":   "Escorts' search",
}

// risks are the options that may cost the game and cannot be taken back,
// with the question chat asks before taking them, by decision kind and key.
var risks = map[[2]string]string{
	{"proceed", "abort"}:    "Abort the patrol? The boat turns for home and its remaining boxes are given up.",
	{"resupply", "decline"}: "Decline the resupply and head home? The patrol's remaining boxes are given up.",
	{"test_depth", "exceed"}: "Go below test depth? The boat takes 1 hull damage at once, then rolls 2d6 against its damaged hull boxes: " +
		"under them it implodes, equal costs another hull box, over gives -1 to detection.",
	{"engage", "avoid"}: "", // filled per prompt: leaving a pack's battle is risky, avoiding a ship is not
}

// safe are the safe defaults, by decision kind and key.
var safe = map[[2]string]bool{
	{"proceed", "sail"}:          true,
	{"test_depth", "hold_depth"}: true,
	{"resupply", "resupply"}:     true,
	{"engage", "sit_out"}:        true,
}

// present fills a prompt's options' short labels, details, risks and safe
// default. Only prompts someone reads are presented (simulation skips it).
func present(kind string, opts []engine.Option) {
	inPackBattle := false
	for _, o := range opts {
		inPackBattle = inPackBattle || (kind == "engage" && o.Key == "sit_out")
	}
	for i := range opts {
		o := &opts[i]
		k := [2]string{kind, o.Key}
		o.Risk, o.Safe = risks[k], safe[k]
		if k == [2]string{"engage", "avoid"} && inPackBattle {
			o.Risk = "Leave the pack's battle? The boat takes no further part in it and sails on alone."
		}
		switch {
		case kind == "aim" || kind == "follow_pick":
			// "At #1 tanker Pecten, 7500 t, 0/3 damage": the ship and its number on
			// the button, the rest beside it.
			if m := targetLabel.FindStringSubmatch(o.Label); m != nil {
				o.Short, o.Detail = "#"+m[1]+" "+m[3], m[2]+", "+Tons(atoi(m[4]))+", "+m[5]+" damage"
			} else if m := aimAll.FindStringSubmatch(o.Label); m != nil {
				others := 1 // "the other one", as mended words write it
				if m[1] != "" {
					others = atoi(m[1])
				}
				o.Short = "This and " + plural(others, "other", "others") + " at #" + m[2]
			}
		case len(o.Label) > 16:
			o.Short, o.Detail = shorten(o.Label)
		}
		if o.Short == o.Label {
			o.Short = ""
		}
	}
}

var (
	targetLabel = regexp.MustCompile(`^(?:At )?#(\d+) (small freighter|large freighter|tanker|\S+) ([^,]+), ([\d,]+) t, (\d+/\d+) damage$`)
	aimAll      = regexp.MustCompile(`^This and the (?:(\d+) others|other one) at #(\d+)$`)
)

// shorten cuts a long label at its explanation: "Close (hit on 8 or less)"
// is Close with "hit on 8 or less" beside it, "Hold fire: the encounter
// ends" is Hold fire with the rest.
func shorten(label string) (short, detail string) {
	if i := strings.Index(label, " ("); i > 0 && strings.HasSuffix(label, ")") {
		return label[:i], label[i+2 : len(label)-1]
	}
	if i := strings.Index(label, ": "); i > 0 {
		return label[:i], label[i+2:]
	}
	return "", ""
}

// atoi reads a number as events write it, with or without thousands
// separators (7500, 7,500).
func atoi(s string) int {
	n, _ := strconv.Atoi(strings.ReplaceAll(s, ",", ""))
	return n
}

// tonnage finds the tonnages events write plainly ("7500 t").
var tonnage = regexp.MustCompile(`\b(\d{4,}) t\b`)

// readable rewrites an event's words for chat: tonnages as 13,200 t, and
// "1 hits" as one hit.
func readable(s string) string {
	s = tonnage.ReplaceAllStringFunc(s, func(m string) string { return Tons(atoi(strings.TrimSuffix(m, " t"))) })
	return oneHits.ReplaceAllString(s, "1 hit$1")
}

var oneHits = regexp.MustCompile(`\b1 hits\b(\W|$)`)

// Glance implements engine.Glancer.
func (r *Rules) Glance(st engine.State, events []engine.Event) []engine.Glance {
	s, _ := st.(*State)
	if s == nil {
		return Glance(nil, events)
	}
	return Glance([]*State{s}, events)
}

// Glance groups a decision's events into the short lines chat shows; careers
// are the boats whose events they are (to read what a torpedo needed to
// hit), nil when not at hand.
func Glance(careers []*State, events []engine.Event) []engine.Glance {
	g := glancer{careers: careers, ev: events}
	for g.i < len(events) {
		g.next()
	}
	return g.out
}

type glancer struct {
	careers []*State
	ev      []engine.Event
	i       int
	out     []engine.Glance
}

var boxEntry = regexp.MustCompile(`^(\S+) enters box (\d+) of (\d+): (.+)\.$`)

func (g *glancer) roll(i int) *engine.Roll {
	if i < len(g.ev) {
		return g.ev[i].Roll
	}
	return nil
}

func (g *glancer) add(text string, from, to int) {
	idx := make([]int, 0, to-from)
	for i := from; i < to; i++ {
		idx = append(idx, i)
	}
	g.out = append(g.out, engine.Glance{Text: text, Events: idx})
	g.i = to
}

// next reads the events from g.i on into one line.
func (g *glancer) next() {
	i, e := g.i, g.ev[g.i]
	r := e.Roll
	switch {
	case e.Kind == engine.KindNote && e.Case == "8.1.1" && boxEntry.MatchString(e.Text):
		m := boxEntry.FindStringSubmatch(e.Text)
		text := "🧭 " + m[1] + " · box " + m[2] + "/" + m[3] + ", " + m[4]
		if enc := g.roll(i + 1); isEncounter(enc) {
			g.add(text+": **"+strconv.Itoa(enc.Total)+"** → "+encounterResult(enc.Result), i, i+2)
			return
		}
		g.add(text, i, i+1)
	case isEncounter(r):
		g.add("🧭 "+r.Purpose+": **"+strconv.Itoa(r.Total)+"** → "+encounterResult(r.Result), i, i+1)
	case isTargetRoll(r):
		g.targets()
	case r != nil && r.Chart == "U1":
		g.shot()
	case r != nil && r.Chart == "E2":
		g.add("🔎 "+r.Purpose+": **"+strconv.Itoa(r.Total)+"** → "+readable(r.Result), i, i+1)
	case r != nil && r.Chart == "E3":
		g.damage("💣 Depth charges", i)
	case r != nil && (r.Chart == "A1" || r.Chart == "A2"):
		if r.Chart == "A2" {
			g.damage("✈️ "+r.Purpose, i)
			return
		}
		g.add("✈️ "+r.Purpose+": **"+strconv.Itoa(r.Total)+"** → "+readable(r.Result), i, i+1)
	case r != nil && r.Chart == "E4":
		g.damage("💥 "+r.Purpose, i)
	case r == nil && e.Kind == engine.KindNote:
		g.add(readable(e.Text), i, i+1)
	default:
		g.i++ // the bot's own line
	}
}

func isEncounter(r *engine.Roll) bool { return r != nil && r.Chart == "E1" && r.Case == "8.1" }

func encounterResult(res string) string {
	if res == "none" {
		return "nothing sighted"
	}
	return "**" + res + "**"
}

// isTargetRoll: the rolls that set up an engagement's targets (8.2) and its
// time of day (8.3).
func isTargetRoll(r *engine.Roll) bool {
	if r == nil {
		return false
	}
	switch r.Case {
	case "8.2.1", "8.2.2", "8.2.3", "8.3.1", "8.3.5":
		return true
	}
	return false
}

// targets folds a convoy's size and identity rolls (and its time of day)
// into its list of targets: "🚢 Pecten (tanker, 7,500 t) · Ashby (small
// freighter, 4,900 t) — day".
func (g *glancer) targets() {
	from := g.i
	var sizes, names []string
	when := ""
	j := from
	for ; j < len(g.ev); j++ {
		e := g.ev[j]
		if e.Roll == nil {
			if e.Kind == engine.KindNote && (e.Case == "14.3.2" || e.Case == "14.1" || e.Case == "8.3.5") {
				continue // a repeat rolled again, standard tonnage, the Arctic's time: part of the list
			}
			break
		}
		if !isTargetRoll(e.Roll) {
			break
		}
		switch e.Roll.Case {
		case "8.2.1":
			sizes = append(sizes, e.Roll.Result)
		case "8.3.1", "8.3.5":
			when = e.Roll.Result
		default:
			names = append(names, e.Roll.Result)
		}
	}
	var ships []string
	for k, n := range names {
		what := ""
		if k < len(sizes) {
			what = sizes[k] + ", "
		}
		name, tons, ok := strings.Cut(n, ", ")
		if ok {
			ships = append(ships, name+" ("+what+readable(tons)+")")
		} else {
			ships = append(ships, n)
		}
	}
	if len(names) == 0 {
		ships = sizes
	}
	text := "🚢 " + strings.Join(ships, " · ")
	if len(ships) == 0 {
		text = "🚢 Targets"
	}
	if when != "" {
		text += " — **" + when + "**"
	}
	g.add(text, from, j)
}

// shot reads one torpedo or shell: its hit roll, dud check, damage and what
// became of the ship, on one line.
func (g *glancer) shot() {
	from := g.i
	r := g.ev[from].Roll
	weapon, target, _ := strings.Cut(r.Purpose, " at ")
	weapon = strings.TrimSuffix(weapon, " torpedo")
	var b strings.Builder
	b.WriteString("🎯 " + weapon + " → " + target + ": **" + strconv.Itoa(r.Total) + "**")
	if need, ok := g.hitNumber(target); ok {
		b.WriteString(" vs ≤" + strconv.Itoa(need))
	}
	b.WriteString(" — " + r.Result)
	j := from + 1
	for ; j < len(g.ev); j++ {
		e := g.ev[j]
		if x := e.Roll; x != nil {
			switch {
			case x.Chart == "U2":
				mark := "✓"
				if x.Result == "dud" {
					mark = "✗ dud"
				}
				b.WriteString(" · dud check " + strconv.Itoa(x.Total) + " " + mark)
				continue
			case x.Chart == "U3":
				b.WriteString(" · damage " + strconv.Itoa(x.Total) + " ⇒ " + x.Result)
				continue
			}
			break
		}
		if e.Case != "9.2.6" {
			break
		}
		switch {
		case strings.Contains(e.Text, " is sunk!"):
			b.WriteString(" ⇒ **SUNK**")
			if m := sunkTons.FindStringSubmatch(e.Text); m != nil {
				b.WriteString(" " + Tons(atoi(m[1])) + " (career " + Tons(atoi(m[2])) + ")")
			}
		case strings.Contains(e.Text, " is damaged ("):
			if m := damagedOf.FindStringSubmatch(e.Text); m != nil {
				b.WriteString(" (" + m[1] + ")")
			}
		case strings.Contains(e.Text, "already gone down"):
			b.WriteString(" (already sunk)")
		default:
			b.WriteString(" · " + readable(e.Text))
		}
	}
	g.add(b.String(), from, j)
}

// routineDamage are the notes that repeat what a damage roll says (10.0,
// 10.1.1, 10.5.1, 10.6): the line of the roll stands for them.
var routineDamage = map[string]bool{"10.0": true, "10.1.1": true, "10.5.1": true, "10.6.2": true, "10.6.3": true}

var (
	sunkTons  = regexp.MustCompile(`\(([\d,]+) t\) is sunk! Career total ([\d,]+) t`)
	damagedOf = regexp.MustCompile(`is damaged \((\d+ of \d+)\)`)
)

// hitNumber is what a shot at a target needed (U1, by the engagement's
// range), read off the boat engaging a ship of that name.
func (g *glancer) hitNumber(target string) (int, bool) {
	for _, s := range g.careers {
		if s == nil || s.Enc == nil || s.Enc.Range == "" {
			continue
		}
		for _, t := range s.Enc.Targets {
			if t.Name == target {
				n, ok := s.pack.U1.HitOnOrBelow[s.Enc.Range]
				return n, ok
			}
		}
	}
	return 0, false
}

// damage reads an attack on the boat and what it did: depth charges or an
// aircraft, each damage roll's result, the crew hurt, the flooding.
func (g *glancer) damage(head string, from int) {
	r := g.ev[from].Roll
	var b strings.Builder
	b.WriteString(head + ": **" + strconv.Itoa(r.Total) + "** → " + readable(r.Result))
	j := from + 1
	who := ""
	for ; j < len(g.ev); j++ {
		e := g.ev[j]
		x := e.Roll
		if x == nil {
			if e.Kind == engine.KindNote && e.Case == "10.1.1" {
				b.WriteString(" (" + strings.ToLower(strings.TrimSuffix(e.Text, ".")) + ")")
				continue
			}
			if e.Kind == engine.KindNote && routineDamage[e.Case] {
				continue // "diesel engine 1 damaged.": the roll says it
			}
			break
		}
		switch {
		case x.Chart == "E4" && x.Case == "10.1.3":
			b.WriteString(" · flooding " + strconv.Itoa(x.Total) + " → " + x.Result)
		case x.Chart == "E4":
			b.WriteString(" · " + x.Result)
		case x.Chart == "E5" && strings.HasPrefix(x.Purpose, "Crew injury: who"):
			who = x.Result
		case x.Chart == "E5" && strings.HasPrefix(x.Purpose, "Crew injury: severity"):
			b.WriteString(" · " + who + " " + x.Result)
		default:
			g.add(b.String(), from, j)
			return
		}
	}
	g.add(b.String(), from, j)
}
