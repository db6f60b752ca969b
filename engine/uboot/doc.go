// Package uboot is the crew's board of U-BOOT The Board Game (Iron Wolf
// Studio / Phalanx), kept as a rules-checked ledger beside the official
// companion app.
//
// # Whose game it is
//
// The app is required and runs the game (§1.2, §1.3): the clock, the
// enemy, contacts, sensors, torpedo and gun results, damage, conditions,
// objectives and the grade, and it wins any conflict with the rulebook.
// The rulebook describes the inside of the boat. This package keeps only
// that: the Order and Morale tracks, the sixteen figures and thirty-two
// sailors with their activation spaces, the Technical View, the decks and
// the crew-token bag. It never plays the app's part. What the app decides
// is entered as the app says it ("a fire in section 5", "crew damage from
// an attack in 8", "a vessel sunk"), never rolled.
//
// # The design problem: a real-time game as a ledger
//
// U-BOOT has no turns (§1.4): the app and the Captain set the pace. In
// Kaleun a state always has one pending prompt. For this board the
// pending prompt is "the board's next entry": its options are the
// entries the rules allow at this moment (Mobilization and Order only
// while an order can be paid, §7.3; high alert only with a space to
// block, §7.2; a smoking break only with a smoker outside and none yet
// this watch, §6.13; the watch change; "the app reports…"; the mission's
// end).
//
// The terminal and the JSONL protocol deliver an option's key and nothing
// else (adapters/terminal/choose.go: a line that is not an option's key,
// a unique beginning of one, or an Entry number is refused before it
// reaches the game), and a Discord custom_id is under 100 bytes. So the
// board takes no free-form keys with arguments such as
// "order:3:reload:C1,C2": such a key would never arrive. An entry with
// arguments is entered a step at a time instead, each step its own prompt
// whose options are only the legal next steps:
//
//   - Mobilization: "mob" pays (§6.4 step 1); then "m:F2" picks a
//     figure, "to:4" steps him into an adjacent section (only sections
//     adjacent, not flooded, not already on his path this Mobilization,
//     and 3↔8 only while surfaced are offered: backtracking is impossible
//     by construction), "take:wire"/"drop" carry a resource token (one per
//     sailor per Mobilization), "stop" ends his move, and "end" resolves
//     crew damage per hazardous section and ends the Mobilization.
//   - Order: "order", then "o:reload" (only orders the crew in position
//     can carry out are listed), then "+C1", "+C2"… the sailors, and "go"
//     (offered only when the sailors chosen meet the requirements: the
//     sections, the icon count, a lighting failure's extra sailor), which
//     pays and activates.
//   - Repairs, First Aid, Prepare Meal and Address the crew are orders
//     with steps of their own (the problem and a CE card; the medic and
//     his patients; the cook, the pyramid and its tokens; the Captain's
//     card), then the sailors and "go".
//   - A choice the rules leave to the players in the middle of a
//     resolution waits until the entry is done, then is asked: the wound
//     deck instead of an empty one, "d:shock" (§8.8, wounddeck.go); the
//     Chief Engineer's sailors a played card makes him activate, "+E1"…
//     then "go" (§6.6.1's beer, ceactivate.go).
//   - The app: "app", then "env" → "fire" → "s:5"; "tech" → "red" → "s:6";
//     "attack" → "s:8"; "breach" → "s:3", "sealed:3", "flood:3"; "sunk";
//     "event"; "eat" (22:00); "up"/"down".
//
// docs/players/uboot.md lists every key.
//
// Every key is ASCII and at most a dozen bytes; every prompt has at most
// 25 options (a Discord menu's limit). Each step is one decision in the
// game's log, and "back" leaves a half-entered entry with nothing changed:
// an entry changes the board only at its last step (a Mobilization is
// paid when announced, as §6.4 says). A typed command in chat presses the
// same keys, so chat, the terminal and JSONL enter the very same ledger.
//
// # Whose entry
//
// The players claim the four roles in chat, one player several (§5.1).
// The board marks each option with the roles that make it (Option.Seats)
// and each later step of an entry with its role (Prompt.Seat); the bot
// refuses anyone else (engine/roles.go). roles.go says whose each entry
// is; the board never learns who holds a role.
//
// # Chance
//
// The board's only chance is what the rulebook draws: crew tokens from
// the bag (§6.12, §7.6) and cards from the decks (§7.3, §8.7, §8.8). Each
// draw is a uniform pick through the game's engine.Dice (Roll(len(pile))),
// logged as a roll event naming its case, so kaleun verify covers it as it
// covers dice. A deck is its face-down unknown part (a draw picks one of
// those cards at random, which is a shuffled deck drawn from the top) and
// the cards put at its bottom since, in order (§7.3: resolved cards go to
// the bottom); shuffling a wound deck before a crew-damage resolution
// (§8.8) returns its bottom to the unknown part.
//
// # Content
//
// The rulebook prints no card texts, crew tiles' icons, token counts or
// recipes (digest §14): a pack holds them (pack.go), and the embedded
// house pack is labelled invented content, its provenance saying whose
// each value is.
//
// With set-up cards=own the morale, event, wound and Captain's decks are the owner's
// own cards: a draw waits for the card that came up, entered the first
// time with its values as printed and kept for later draws (owndeck.go,
// cardentry.go).
//
// # Rulings
//
// Each ambiguity of digest §15 the board meets is a named ruling with the
// digest's default (rulings.go), set with the setup's rulings answer and
// listed by the variants view.
package uboot
