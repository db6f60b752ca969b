// Package uboatleader is U-Boat Leader (Dan Verssen Games, design Dave
// Schueler), the solitaire fleet campaign: the player commands a fleet of
// U-boats through a campaign of turns, each a strategic phase spending
// Special Option points, an operations phase on a campaign map, a tactical
// phase of battles against convoys on a ring-shaped display where the
// escorts move and roll by the rules, and a refit phase.
//
// The rulebook (shared/rules/u-boat-leader.it.md, Italian) has no numbered
// sections. Code and tests cite the English digest's ids, "UBL-6.13", with
// the Italian heading beside them (shared/reference/u-boat-leader-digest.md,
// §0), so a search for an id finds both the rule's code and its tests.
//
// The rules come without their content: every card, campaign sheet, map and
// the tactical display's geometry are printed on components the text does
// not reproduce. The game reads them from a Pack (pack.go), loaded from
// YAML and checked when loaded; the embedded sample pack (packs/house) is
// house content, not the publisher's, and every view and prompt says so.
//
// The engine is a stack of steps (agenda.go): each step either acts at once
// (a roll, a draw, a phase's bookkeeping) or waits for a decision. Every card
// draw is such a step, so the "physical components" mode (physical.go),
// where the player draws from his own decks and enters the card he drew,
// replaces the draw's action by a prompt (and a form, cardform.go) without
// reshaping anything else.
package uboatleader
