package uboot

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kaleun/kaleun/engine"
)

// Food (§9.4): the "Available Products" pyramid of 6 provision tokens
// drawn from the face-down Food Supply, up to three meals a day by the
// Prepare Meal order, the 22:00 evaluation, and spoilage.
//
// The pyramid's shape and adjacency are a diagram the text lacks [gap];
// the board reads it as the digest infers (§5.2 step 6): three rows of 1,
// 2 and 3 tokens filled top to bottom, left to right, each token adjacent
// to its neighbours in its row and to the tokens it touches in the rows
// above and below (positions 0; 1 2; 3 4 5).

const pyramidSize = 6

var pyramidAdj = [][2]int{{0, 1}, {0, 2}, {1, 2}, {1, 3}, {1, 4}, {2, 4}, {2, 5}, {3, 4}, {4, 5}}

func pyramidAdjacent(a, b int) bool {
	for _, p := range pyramidAdj {
		if (p[0] == a && p[1] == b) || (p[0] == b && p[1] == a) {
			return true
		}
	}
	return false
}

// spoilOrder is the order the types spoil in (§9.4.3).
var spoilOrder = []string{"meat", "onions", "eggs", "bread", "lemons", "potatoes", "fish"}

// Meal is one of today's meals (§9.4.1): its tokens, lemons not counted.
type Meal struct {
	Tokens []string `json:"tokens"`
}

// fillPyramid draws a token from the Food Supply into every empty space,
// top to bottom and left to right (§5.2 step 6, §9.4.1); an empty supply
// spoils a type and reshuffles the discard pile (§9.4.3).
func (s *State) fillPyramid(cas string) {
	for k := 0; k < pyramidSize; k++ {
		if s.Pyramid[k] != "" {
			continue
		}
		for len(s.Supply) == 0 && len(s.Spoiled) < len(spoilOrder) {
			s.spoil()
		}
		if len(s.Supply) == 0 {
			continue // everything has spoiled
		}
		j, err := s.pick(len(s.Supply), cas, fmt.Sprintf("Provision token for pyramid space %d", k+1), func(j int) string { return s.Supply[j] })
		if err != nil {
			return
		}
		s.Pyramid[k] = s.Supply[j]
		s.Supply = slices.Delete(s.Supply, j, j+1)
	}
}

// spoil removes every token of the next type from the pyramid and the
// discard pile, and makes the rest of the discard pile the new Food
// Supply (§9.4.3).
func (s *State) spoil() {
	kind := spoilOrder[len(s.Spoiled)]
	s.Spoiled = append(s.Spoiled, kind)
	for k, t := range s.Pyramid {
		if t == kind {
			s.Pyramid[k] = ""
		}
	}
	s.FoodDiscard = slices.DeleteFunc(s.FoodDiscard, func(t string) bool { return t == kind })
	s.Supply, s.FoodDiscard = s.FoodDiscard, nil
	s.note("9.4.3", fmt.Sprintf("The Food Supply is empty: the %s spoils and goes back to the box; the discard pile (%d tokens) is the new Food Supply.", kind, len(s.Supply)))
}

// mealOK: the tokens chosen make a meal (§9.4): one token of any product
// but lemons; two or three a named combination (ruling combos).
func (s *State) mealOK(tokens []string) bool {
	if len(tokens) == 0 || len(tokens) > 3 || slices.Contains(tokens, "lemons") {
		return false
	}
	if len(tokens) == 1 || s.ruling(rCombos) == "free" {
		return true
	}
	return s.recipe(tokens) != ""
}

func (s *State) recipe(tokens []string) string {
	a := slices.Clone(tokens)
	slices.Sort(a)
	for _, r := range s.p.Tokens.Recipes {
		b := slices.Clone(r.Ingredients)
		slices.Sort(b)
		if slices.Equal(a, b) {
			return r.Name
		}
	}
	return ""
}

// canCook: a Prepare Meal order is possible: fewer than 3 meals today
// (§9.4), a product other than lemons in the pyramid, a sailor in 4.
func (s *State) cooks() []int {
	if len(s.Today) >= 3 {
		return nil
	}
	food := false
	for _, t := range s.Pyramid {
		food = food || (t != "" && t != "lemons")
	}
	if !food {
		return nil
	}
	meal, _ := s.p.order("meal")
	var out []int
	for _, i := range s.eligible(meal) {
		if s.Figures[i].Sec != 4 {
			continue
		}
		if s.Sections[4].Env["lighting"] > 0 && len(s.inSection(4, false)) < 2 {
			continue
		}
		out = append(out, i)
	}
	return out
}

// The meal's Draft: Args ["meal"], then the cook, then the lighting
// extra ("-" for none), then "adjusted" once the pyramid was changed or
// left; Picks are the pyramid positions chosen.
func (s *State) mealPrompt() *engine.Prompt {
	d := s.Draft
	switch {
	case len(d.Args) == 1:
		var o []engine.Option
		for _, i := range s.cooks() {
			o = append(o, engine.Option{Key: "c:" + figureIDs[i], Label: fmt.Sprintf("%s cooks (%s)", figureIDs[i], strings.Join(s.def(i).Icons, "+")), Short: figureIDs[i], Case: "9.4.1"})
		}
		return &engine.Prompt{Kind: "uboot.cook", Title: "Prepare Meal", Text: fmt.Sprintf("Who cooks, in section 4? (meal %d of at most 3 today; paid when chosen, %s)", len(s.Today)+1, s.payWhere()), Case: "9.4.1", Options: append(o, back())}
	case len(d.Args) == 2:
		var o []engine.Option
		for _, i := range s.inSection(4, false) {
			if figureIDs[i] != d.Args[1] {
				o = append(o, engine.Option{Key: "x:" + figureIDs[i], Label: figureIDs[i] + " is the lighting failure's extra sailor (1 activation)", Short: figureIDs[i], Case: "10.3.5"})
			}
		}
		return &engine.Prompt{Kind: "uboot.extra", Title: "Prepare Meal", Text: "The lights are out in section 4: which sailor is the extra one?", Case: "10.3.5", Options: o}
	case len(d.Args) == 3:
		o := []engine.Option{{Key: "keep", Label: "Take the pyramid as it is", Short: "As it is", Case: "9.4.1"}}
		for _, p := range s.swaps() {
			o = append(o, engine.Option{Key: fmt.Sprintf("swap:%d:%d", p[0]+1, p[1]+1), Label: fmt.Sprintf("Swap %s (%d) and %s (%d): +1 activation", s.Pyramid[p[0]], p[0]+1, s.Pyramid[p[1]], p[1]+1), Case: "9.4.1"})
		}
		if len(s.Supply) > 0 || len(s.FoodDiscard) > 0 {
			for k, t := range s.Pyramid {
				if t != "" {
					o = append(o, engine.Option{Key: fmt.Sprintf("new:%d", k+1), Label: fmt.Sprintf("Discard %s (%d) for a new token: +1 activation", t, k+1), Case: "9.4.1"})
				}
			}
		}
		return &engine.Prompt{Kind: "uboot.pyramid", Title: "Prepare Meal", Text: "Pyramid: " + s.pyramidText() + ". Change it first (one swap or one replacement)?", Case: "9.4.1", Options: o}
	}
	var o []engine.Option
	if s.mealOK(s.pickedFood()) {
		o = append(o, engine.Option{Key: "go", Label: "Cook " + s.mealName(s.pickedFood()), Short: "Cook", Case: "9.4.1"})
	}
	if len(d.Picks) < 3 {
		for k, t := range s.Pyramid {
			if t == "" || t == "lemons" || slices.Contains(d.Picks, strconv.Itoa(k+1)) {
				continue
			}
			if n := len(d.Picks); n > 0 {
				last, _ := strconv.Atoi(d.Picks[n-1])
				if !pyramidAdjacent(last-1, k) {
					continue // §9.4.1: a connected chain
				}
			}
			o = append(o, engine.Option{Key: fmt.Sprintf("t:%d", k+1), Label: fmt.Sprintf("Take the %s (%d)", t, k+1), Short: t, Case: "9.4.1"})
		}
	}
	if len(o) == 0 || len(d.Picks) > 0 {
		o = append(o, engine.Option{Key: "redo", Label: "Choose the tokens again", Short: "Again"})
	}
	return &engine.Prompt{Kind: "uboot.meal", Title: "Prepare Meal", Text: "Pyramid: " + s.pyramidText() + ". Chosen: " + orNone(s.pickedFood()) + ".", Case: "9.4.1", Options: o}
}

func (s *State) swaps() [][2]int {
	var out [][2]int
	for a := 0; a < pyramidSize; a++ {
		for b := a + 1; b < pyramidSize; b++ {
			if s.Pyramid[a] != s.Pyramid[b] {
				out = append(out, [2]int{a, b})
			}
		}
	}
	return out
}

func (s *State) pickedFood() []string {
	var out []string
	for _, p := range s.Draft.Picks {
		k, _ := strconv.Atoi(p)
		out = append(out, s.Pyramid[k-1])
	}
	return out
}

func (s *State) mealName(tokens []string) string {
	name := strings.Join(tokens, " + ")
	if r := s.recipe(tokens); r != "" && len(tokens) > 1 {
		name = r + " (" + name + ")"
	}
	return name
}

func (s *State) pyramidText() string {
	var out []string
	for k, t := range s.Pyramid {
		if t == "" {
			t = "·"
		}
		out = append(out, fmt.Sprintf("%d %s", k+1, t))
	}
	return strings.Join(out, ", ")
}

func (s *State) applyMeal(key string) {
	d := s.Draft
	switch {
	case strings.HasPrefix(key, "c:"):
		d.Args = append(d.Args, strings.TrimPrefix(key, "c:"))
		if s.Sections[4].Env["lighting"] == 0 {
			d.Args = append(d.Args, "-")
			s.pay("Prepare Meal")
		}
	case strings.HasPrefix(key, "x:"):
		d.Args = append(d.Args, strings.TrimPrefix(key, "x:"))
		s.pay("Prepare Meal")
	case key == "keep":
		d.Args = append(d.Args, "as-is")
	case strings.HasPrefix(key, "swap:"):
		var a, b int
		fmt.Sscanf(key, "swap:%d:%d", &a, &b)
		s.Pyramid[a-1], s.Pyramid[b-1] = s.Pyramid[b-1], s.Pyramid[a-1]
		d.Args = append(d.Args, "adjusted")
		s.note("9.4.1", fmt.Sprintf("The cook swaps spaces %d and %d: %s.", a, b, s.pyramidText()))
	case strings.HasPrefix(key, "new:"):
		k, _ := strconv.Atoi(strings.TrimPrefix(key, "new:"))
		s.FoodDiscard = append(s.FoodDiscard, s.Pyramid[k-1])
		s.Pyramid[k-1] = ""
		s.fillPyramid("9.4.1")
		d.Args = append(d.Args, "adjusted")
		s.note("9.4.1", fmt.Sprintf("The cook replaces space %d: %s.", k, s.pyramidText()))
	case strings.HasPrefix(key, "t:"):
		d.Picks = append(d.Picks, strings.TrimPrefix(key, "t:"))
	case key == "redo":
		d.Picks = nil
		if len(s.pickableFood()) == 0 {
			s.note("9.4.1", "Nothing in the pyramid makes a meal: the cook serves nothing.")
			s.Draft = nil
		}
	case key == "go":
		s.cook()
	}
}

// pickableFood are the pyramid's non-lemon tokens.
func (s *State) pickableFood() []int {
	var out []int
	for k, t := range s.Pyramid {
		if t != "" && t != "lemons" {
			out = append(out, k)
		}
	}
	return out
}

// cook serves the meal (§9.4.1): the cook's activations (one more for a
// change of the pyramid, one more without the meal icon, one fewer on
// easy), the tokens onto today's leftmost empty meal space, a lemon aside
// if the pyramid holds one, then the pyramid refilled.
func (s *State) cook() {
	d := s.Draft
	i := figIndex(d.Args[1])
	acts := 1
	if d.Args[3] == "adjusted" {
		acts++
	}
	if !s.hasIcon(i, "meal") {
		acts++
	}
	if s.easy() {
		acts--
	}
	most := s.activate(i, acts)
	if d.Args[2] != "-" && !s.easy() {
		most = max(most, s.activate(figIndex(d.Args[2]), 1))
	}
	if s.Excess < 0 {
		most = 0
	}
	tokens := s.pickedFood()
	for _, p := range d.Picks {
		k, _ := strconv.Atoi(p)
		s.Pyramid[k-1] = ""
	}
	lemon := ""
	for k, t := range s.Pyramid {
		if t == "lemons" {
			s.Pyramid[k], lemon = "", " and a lemon (set aside)"
			s.Lemons = append(s.Lemons, t)
			break
		}
	}
	s.Today = append(s.Today, Meal{Tokens: tokens})
	s.note("9.4.1", fmt.Sprintf("%s cooks %s%s: meal %d today (+%d activation).", d.Args[1], s.mealName(tokens), lemon, len(s.Today), acts))
	s.excess(most, "6.6.1")
	s.Draft = nil
	s.fillPyramid("9.4.1")
}

// eat is the 22:00 evaluation (§9.4.2): no meal −2; a meal of 1 token −1,
// 2 none, 3 +1; +1 for each meal after the first; the tokens discarded.
func (s *State) eat() {
	total := -2
	var parts []string
	if len(s.Today) > 0 {
		total = 0
		for k, m := range s.Today {
			v := map[int]int{1: -1, 2: 0, 3: 1}[len(m.Tokens)]
			if k > 0 {
				v++
			}
			total += v
			parts = append(parts, fmt.Sprintf("%+d", v))
			s.FoodDiscard = append(s.FoodDiscard, m.Tokens...)
		}
	}
	if s.ruling(rLemons) == "discard" {
		s.FoodDiscard = append(s.FoodDiscard, s.Lemons...)
		s.Lemons = nil
	}
	what := "no meal today"
	if len(parts) > 0 {
		what = fmt.Sprintf("%d meal(s): %s", len(s.Today), strings.Join(parts, " "))
	}
	s.Today = nil
	switch {
	case total > 0:
		s.moraleUp(total, "9.4.2", "22:00, "+what)
	case total < 0:
		s.moraleDown(-total, "9.4.2", "22:00, "+what)
	default:
		s.note("9.4.2", "22:00, "+what+": morale unchanged.")
	}
}
