package uboot

import (
	"embed"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"github.com/kaleun/kaleun/engine"
	"github.com/kaleun/kaleun/engine/packfile"
)

// The owner's content (digest §14): the rulebook prints no card text, no
// crew tile's icons, no token counts and no meal recipe, and the player aids'
// order requirements only as multipliers whose icons were lost (§7.5). A
// pack holds them; the house pack (packs/house) is labelled house content
// and its provenance says which values are the rulebook's and which are
// invented.

//go:embed packs/house/*.yaml
var housePack embed.FS

// packFiles are a pack's files, its manifest first.
var packFiles = []string{"pack.yaml", "crew.yaml", "orders.yaml", "cards.yaml", "tokens.yaml"}

// PackMeta is pack.yaml.
type PackMeta struct {
	ID         string   `yaml:"id"`
	Name       string   `yaml:"name"`
	Label      string   `yaml:"label"`
	Provenance []string `yaml:"provenance"`
}

// SailorDef is one sailor space of a crew tile (§6.2): the figure that
// stands for him (role letter and 1-4), his watch (1 or 2), his two
// specialization icons (§6.3), and the CE's crown (§10.3.3).
type SailorDef struct {
	Figure string   `yaml:"figure"`
	Watch  int      `yaml:"watch"`
	Name   string   `yaml:"name"`
	Icons  []string `yaml:"icons"`
	Crown  bool     `yaml:"crown"`
}

// FigureDef is one of the 16 figures (§2): its base shape and its starting
// section (§5.2 step 6, "the sailor starting setup": a diagram, [gap]).
type FigureDef struct {
	Figure string `yaml:"figure"`
	Shape  string `yaml:"shape"`
	Start  int    `yaml:"start"`
}

type crewFile struct {
	Figures []FigureDef `yaml:"figures"`
	Sailors []SailorDef `yaml:"sailors"`
}

// PartDef is one requirement of an order (§6.5): count sailors with the
// icon (a non-specialist counts as one, with one extra activation) in one
// of the sections; When is "surfaced", "submerged" or "" (either); Max
// bounds the sailors who count ("max 6x", §8.3; 0: Count).
type PartDef struct {
	Icon     string `yaml:"icon"`
	Count    int    `yaml:"count"`
	Max      int    `yaml:"max"`
	Sections []int  `yaml:"sections"`
	When     string `yaml:"when"`
}

// OrderDef is one order of the order list (§7.5), as the player aids print
// it [gap: the icons behind "x2", "x3", "max 6x" and several stations].
type OrderDef struct {
	ID    string    `yaml:"id"`
	Name  string    `yaml:"name"`
	Owner string    `yaml:"owner"`
	Case  string    `yaml:"case"`
	Parts []PartDef `yaml:"parts"`
	// Repeat: one sailor may be activated several times in one order
	// (§6.5: First Aid, Enigma, Prepare Meal, Fire Torpedoes).
	Repeat bool `yaml:"repeat"`
	// Busy: the sailors are activated with a busy token (§6.7): "obs" for
	// observation; repairs take the technical condition's colour.
	Busy string `yaml:"busy"`
	// When: the boat's state the order needs ("surfaced", "submerged").
	When string `yaml:"when"`
	// App: the order is also entered in the app (§6.5 step 2).
	App bool `yaml:"app"`
}

type ordersFile struct {
	Orders []OrderDef `yaml:"orders"`
}

// Bar is a card's information bar (§6.9): the tokens it places, the
// medical supplies that treat it (§8.6), the orders it forbids.
type Bar struct {
	Activation int      `yaml:"activation"`
	Fatigue    int      `yaml:"fatigue"`
	Wound      int      `yaml:"wound"`
	Supplies   []string `yaml:"supplies"`
	Forbids    []string `yaml:"forbids"`
	Special    string   `yaml:"special"`
}

// CardDef is one card of a deck. Kind: "health" (tucked under a sailor,
// §6.9), "effect" (resolved at once and put at the bottom of its deck,
// §7.3, §8.7), "hand" (an event card that joins the Captain's hand,
// §8.7). Morale is a morale change the card makes; Random: the card goes
// to a random sailor by crew token (§7.3, §7.6).
//
// The Chief Engineer's cards (§10.3.3) are of kind "plus" (Bonus virtual
// sailors for its basic effect, with a repair specialist in the crew, and
// Advanced for its advanced effect, with the crown sailor) or "token" (the
// cards with the technical-condition icon, which change how the crew is
// activated: their effect is not in the text and the board does not play
// them); Repairs names the repairs a card is limited to (none: any).
type CardDef struct {
	ID       string   `yaml:"id"`
	Title    string   `yaml:"title"`
	Text     string   `yaml:"text"`
	Kind     string   `yaml:"kind"`
	Morale   int      `yaml:"morale"`
	Random   bool     `yaml:"random"`
	Bar      Bar      `yaml:"bar"`
	Bonus    int      `yaml:"bonus"`
	Advanced int      `yaml:"advanced"`
	Repairs  []string `yaml:"repairs"`
	// CEActivates: a hand card that makes the Chief Engineer activate
	// that many of his sailors when played (§6.6.1's 'beer').
	CEActivates int `yaml:"ce_activates"`
}

// Decks is cards.yaml: the three morale decks (§7.3), the event deck
// (§8.7), the four wound decks (§8.8) and the Captain's cards (§7.7).
type Decks struct {
	Morale1   []CardDef `yaml:"morale1"`
	Morale2   []CardDef `yaml:"morale2"`
	Morale3   []CardDef `yaml:"morale3"`
	Events    []CardDef `yaml:"events"`
	Burns     []CardDef `yaml:"burns"`
	Shock     []CardDef `yaml:"shock"`
	Poisoning []CardDef `yaml:"poisoning"`
	Gunshot   []CardDef `yaml:"gunshot"`
	Captain   []CardDef `yaml:"captain"`
	Engineer  []CardDef `yaml:"engineer"`
}

// Recipe is a named meal combination (§9.4) [gap: its ingredients].
type Recipe struct {
	Name        string   `yaml:"name"`
	Ingredients []string `yaml:"ingredients"`
}

// Tokens is tokens.yaml: the counts the rulebook does not give (§14).
type Tokens struct {
	Provisions    map[string]int `yaml:"provisions"`
	Medical       map[string]int `yaml:"medical"`
	Environmental map[string]int `yaml:"environmental"`
	Recipes       []Recipe       `yaml:"recipes"`
	CaptainHand   int            `yaml:"captain_hand"`
}

// Pack is a loaded, checked pack.
type Pack struct {
	Meta    PackMeta
	Figures []FigureDef
	Sailors []SailorDef
	Orders  []OrderDef
	Decks   Decks
	Tokens  Tokens
	SHA256  string
}

var fieldsOf = packfile.FieldsOf(PackMeta{}, crewFile{}, ordersFile{}, Decks{}, Tokens{})

// LoadHousePack reads the embedded house pack.
func LoadHousePack() (*Pack, error) { return LoadPack(housePack, "packs/house") }

// LoadPack reads and checks the pack in dir of fsys; a *engine.PackError
// lists every problem.
func LoadPack(fsys fs.FS, dir string) (*Pack, error) {
	p := &Pack{}
	var crew crewFile
	var orders ordersFile
	into := map[string]any{"pack.yaml": &p.Meta, "crew.yaml": &crew, "orders.yaml": &orders, "cards.yaml": &p.Decks, "tokens.yaml": &p.Tokens}
	problems, sha := packfile.Files{Names: packFiles, Into: into, Fields: fieldsOf,
		Missing: fmt.Sprintf("a pack has five files: %s; `kaleun pack template uboot` writes them)", strings.Join(packFiles, ", "))}.Read(fsys, dir)
	name := dir
	if packfile.ValidID(p.Meta.ID) {
		name = p.Meta.ID
	}
	if len(problems) > 0 {
		return nil, &engine.PackError{Pack: name, Problems: problems}
	}
	p.Figures, p.Sailors, p.Orders, p.SHA256 = crew.Figures, crew.Sailors, orders.Orders, sha
	if problems := p.validate(); len(problems) > 0 {
		return nil, &engine.PackError{Pack: name, Problems: problems}
	}
	return p, nil
}

// validate checks a pack against the rulebook's numbers, one line per
// problem naming the file and the case.
func (p *Pack) validate() []string {
	var bad []string
	add := func(f string, a ...any) { bad = append(bad, fmt.Sprintf(f, a...)) }
	if !packfile.ValidID(p.Meta.ID) {
		add("pack.yaml: id %q: letters, digits, - _ . only", p.Meta.ID)
	}
	if p.Meta.Label == "" || len(p.Meta.Provenance) == 0 {
		add("pack.yaml: a label and a provenance are required (who each value is from)")
	}
	// §2: 16 figures, 4 per role; §6.2: two watches of 4 sailors per player.
	if len(p.Figures) != len(figureIDs) {
		add("crew.yaml: figures: want the 16 figures %s (§2), have %d", strings.Join(figureIDs, " "), len(p.Figures))
	}
	shapes := map[string]bool{}
	for _, f := range p.Figures {
		if !slices.Contains(figureIDs, f.Figure) {
			add("crew.yaml: figure %q: not one of %s (§2)", f.Figure, strings.Join(figureIDs, " "))
			continue
		}
		if f.Start < 1 || f.Start > 4 {
			add("crew.yaml: figure %s: start %d: the sailor starting setup covers sections 1-4 (§5.2 step 6)", f.Figure, f.Start)
		}
		k := f.Figure[:1] + f.Shape
		if f.Shape == "" || shapes[k] {
			add("crew.yaml: figure %s: each figure of a colour has its own base shape (§2)", f.Figure)
		}
		shapes[k] = true
	}
	seen := map[string]bool{}
	for _, s := range p.Sailors {
		key := fmt.Sprintf("%s/%d", s.Figure, s.Watch)
		switch {
		case !slices.Contains(figureIDs, s.Figure) || (s.Watch != 1 && s.Watch != 2):
			add("crew.yaml: sailor %s: want a figure of %s and watch 1 or 2 (§6.2)", key, strings.Join(figureIDs, " "))
		case seen[key]:
			add("crew.yaml: sailor %s twice", key)
		case len(s.Icons) != 2:
			add("crew.yaml: sailor %s: two specialization icons (§6.2), have %d", key, len(s.Icons))
		}
		for _, ic := range s.Icons {
			if !slices.Contains(iconIDs, ic) {
				add("crew.yaml: sailor %s: icon %q is not one of §6.3's: %s", key, ic, strings.Join(iconIDs, ", "))
			}
		}
		seen[key] = true
	}
	if len(seen) != 32 {
		add("crew.yaml: sailors: want 32 (16 figures × 2 watches, §6.2), have %d", len(seen))
	}
	for w := 1; w <= 2; w++ {
		n := 0
		for _, s := range p.Sailors {
			if s.Crown && s.Watch == w && strings.HasPrefix(s.Figure, "E") {
				n++
			}
		}
		if n != 1 {
			add("crew.yaml: watch %d: one CE sailor has the crown (§10.3.3), have %d", w, n)
		}
	}
	ids := map[string]bool{}
	for _, o := range p.Orders {
		if o.ID == "" || ids[o.ID] || strings.ContainsAny(o.ID, ": ") || len(o.ID) > 16 {
			add("orders.yaml: order %q: an id of up to 16 letters, once", o.ID)
		}
		ids[o.ID] = true
		if !slices.Contains(roleIDs, o.Owner) && o.Owner != "fo+ce" {
			add("orders.yaml: order %s: owner %q is not one of %s", o.ID, o.Owner, strings.Join(roleIDs, ", "))
		}
		if len(o.Parts) == 0 {
			add("orders.yaml: order %s: no requirement (§6.5)", o.ID)
		}
		for _, pt := range o.Parts {
			if !slices.Contains(iconIDs, pt.Icon) || pt.Count < 1 || (pt.Max != 0 && pt.Max < pt.Count) {
				add("orders.yaml: order %s: a part needs an icon of §6.3 and a count of 1 or more", o.ID)
			}
			for _, s := range pt.Sections {
				if s < 1 || s > 8 {
					add("orders.yaml: order %s: section %d: sections are 1-8 (§3)", o.ID, s)
				}
			}
			if pt.When != "" && pt.When != surfaced && pt.When != submerged {
				add("orders.yaml: order %s: when %q: surfaced, submerged or nothing", o.ID, pt.When)
			}
		}
		if o.Busy != "" && o.Busy != "obs" && o.Busy != "tech" {
			add("orders.yaml: order %s: busy %q: obs or tech (§6.7)", o.ID, o.Busy)
		}
	}
	for _, need := range []string{"mobilize"} {
		if ids[need] {
			add("orders.yaml: %s is the board's own entry (§6.4), not an order to list", need)
		}
	}
	for _, need := range []string{"repair", "aid", "meal", "dive", "surface"} {
		if !ids[need] {
			add("orders.yaml: the order %q is missing (§7.5): the board needs it", need)
		}
	}
	cards := map[string]bool{}
	for _, d := range deckNames {
		list := p.deck(d)
		if len(list) == 0 && d != "captain" && d != "engineer" {
			add("cards.yaml: %s: an empty deck", d)
		}
		for _, c := range list {
			if c.ID == "" || cards[c.ID] || strings.ContainsAny(c.ID, ": ") || len(c.ID) > 24 {
				add("cards.yaml: %s: card %q: an id of up to 24 letters, once in the pack", d, c.ID)
			}
			cards[c.ID] = true
			switch {
			case d == "engineer" && c.Kind != "plus" && c.Kind != "token":
				add("cards.yaml: engineer card %s: kind %q: plus or token (§10.3.3)", c.ID, c.Kind)
			case d == "engineer" && c.Kind == "plus" && (c.Bonus < 1 || c.Bonus > 2 || c.Advanced < c.Bonus):
				add("cards.yaml: engineer card %s: a +1 or +2 card (bonus 1 or 2, advanced at least the bonus, §10.3.3)", c.ID)
			case d != "engineer" && c.Kind != "health" && c.Kind != "effect" && c.Kind != "hand":
				add("cards.yaml: card %s: kind %q: health, effect or hand", c.ID, c.Kind)
			}
			if c.CEActivates != 0 && (c.Kind != "hand" || c.CEActivates < 0 || c.CEActivates > 4) {
				add("cards.yaml: card %s: ce_activates: 1 to 4 of the Chief Engineer's sailors, on a hand card only (§6.6.1)", c.ID)
			}
			for _, s := range c.Bar.Supplies {
				if !slices.Contains(medicalKinds, s) {
					add("cards.yaml: card %s: supply %q is not one of %s (§8.6)", c.ID, s, strings.Join(medicalKinds, ", "))
				}
			}
		}
	}
	for _, k := range provisionKinds {
		if p.Tokens.Provisions[k] < 1 {
			add("tokens.yaml: provisions: %s: at least one (§9.4)", k)
		}
	}
	for k := range p.Tokens.Provisions {
		if !slices.Contains(provisionKinds, k) {
			add("tokens.yaml: provisions: %q is not one of %s", k, strings.Join(provisionKinds, ", "))
		}
	}
	for _, k := range medicalKinds {
		if p.Tokens.Medical[k] < 1 {
			add("tokens.yaml: medical: %s: at least one (§8.6)", k)
		}
	}
	for _, k := range envKinds {
		if p.Tokens.Environmental[k] < 1 {
			add("tokens.yaml: environmental: %s: at least one (§10.3.4)", k)
		}
	}
	total := 0
	for _, n := range p.Tokens.Provisions {
		total += n
	}
	if total > maxPile {
		add("tokens.yaml: provisions: %d tokens; a Food Supply draw is one die, of at most %d faces", total, maxPile)
	}
	for _, d := range deckNames {
		if len(p.deck(d)) > maxPile {
			add("cards.yaml: %s: %d cards; a draw is one die, of at most %d faces", d, len(p.deck(d)), maxPile)
		}
	}
	if len(p.Tokens.Recipes) != 8 {
		add("tokens.yaml: recipes: the 8 named combinations of §9.4, have %d", len(p.Tokens.Recipes))
	}
	for _, r := range p.Tokens.Recipes {
		if len(r.Ingredients) < 2 || len(r.Ingredients) > 3 || slices.Contains(r.Ingredients, "lemons") {
			add("tokens.yaml: recipe %q: 2 or 3 ingredients, no lemons (§9.4)", r.Name)
		}
	}
	return bad
}

// maxPile is the largest pile a draw can take from: a draw is one die of
// the pile's size, and an auditable die has at most 255 faces.
const maxPile = 255

// deckNames are the decks, in the order cards.yaml lists them.
var deckNames = []string{"morale1", "morale2", "morale3", "events", "burns", "shock", "poisoning", "gunshot", "captain", "engineer"}

func (p *Pack) deck(name string) []CardDef {
	d := &p.Decks
	switch name {
	case "morale1":
		return d.Morale1
	case "morale2":
		return d.Morale2
	case "morale3":
		return d.Morale3
	case "events":
		return d.Events
	case "burns":
		return d.Burns
	case "shock":
		return d.Shock
	case "poisoning":
		return d.Poisoning
	case "gunshot":
		return d.Gunshot
	case "captain":
		return d.Captain
	case "engineer":
		return d.Engineer
	}
	return nil
}

// card finds a card by id.
func (p *Pack) card(id string) (CardDef, string, bool) {
	for _, d := range deckNames {
		for _, c := range p.deck(d) {
			if c.ID == id {
				return c, d, true
			}
		}
	}
	return CardDef{}, "", false
}

func (p *Pack) order(id string) (OrderDef, bool) {
	for _, o := range p.Orders {
		if o.ID == id {
			return o, true
		}
	}
	return OrderDef{}, false
}

func (p *Pack) sailorDef(fig string, watch int) SailorDef {
	for _, s := range p.Sailors {
		if s.Figure == fig && s.Watch == watch {
			return s
		}
	}
	return SailorDef{}
}

// PackTemplate is the house pack's files, each headed with how to use it:
// the owner replaces its values with those of his own copy.
func PackTemplate() map[string][]byte {
	out := map[string][]byte{}
	for _, name := range packFiles {
		b, err := fs.ReadFile(housePack, "packs/house/"+name)
		if err != nil {
			panic("uboot: the embedded house pack lacks " + name) // a build mistake
		}
		head := "# U-BOOT pack file " + name + ": the house pack's values, to replace with your own copy's.\n" +
			"# Every field is explained beside it; `kaleun pack check DIR` checks the whole pack.\n"
		out[name] = append([]byte(head), b...)
	}
	return out
}

// packKit is U-BOOT's door for content packs (engine.PackKit).
func packKit() *engine.PackKit {
	return engine.TypedPackKit(engine.PackKit{
		Files:        append([]string(nil), packFiles...),
		SetupKey:     "pack",
		Template:     PackTemplate,
		TemplateNote: "the house pack's values with their fields explained: replace them with your own copy's, and change pack.yaml's id, label and provenance",
	}, engine.PackDoor[Pack]{
		Name: "uboot", Noun: "a U-BOOT pack",
		Load:  func(fsys fs.FS) (*Pack, error) { return LoadPack(fsys, ".") },
		House: LoadHousePack,
		Show:  doorPack,
		Game:  func(ps []*Pack) *engine.Game { return GameWith(NewRulesWith(ps...)) },
	})
}

func doorPack(p *Pack) *engine.Pack {
	n := 0
	for _, d := range deckNames {
		n += len(p.deck(d))
	}
	return &engine.Pack{ID: p.Meta.ID, Name: p.Meta.Name, Label: p.Meta.Label, SHA256: p.SHA256,
		Summary: fmt.Sprintf("32 sailors, %d orders, %d cards in %d decks, %d recipes", len(p.Orders), n, len(deckNames), len(p.Tokens.Recipes)),
		Content: p}
}
