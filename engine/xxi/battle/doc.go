// Package battle is the Battle Phase [9.0] of XXI: The Naval Wonder Weapon
// as a pure step machine: a Phase is a value, its Prompt the decision it
// waits for, and Apply answers it with a key and the game's dice, returning
// a new Phase and the events (rolls and notes) without changing the old one.
//
// The main XXI engine (engine/xxi) builds a Phase with New from the
// flotillas in the Valentin U-boat Shelter, the U-boat Mission Track's two
// paths (content.Path, from the content pack) and the convoys in the convoy
// areas, saves it inside its state (it is JSON-encodable) and reads the
// flotillas and convoys back as they stand when the phase is over.
//
// The phase plays, case by case:
//   - 9.1 eligibility: Full-strength flotillas in Valentin that have not
//     sailed this turn, one path each, the player choosing the order;
//   - 9.2 encounter tests, with the Open Ocean's special case 9.3;
//   - 9.4 depth charges: one roll of as many d6 as the space's icons, at
//     most one hit (XXI-A21);
//   - 9.5 the choice after surviving them, 9.6 the Dangerous Trip Home;
//   - 9.7 convoy attacks, each followed by the area's depth charges 9.8;
//   - 9.9 continuing the attacks or heading home, one mission a turn.
//
// Where the rulebook is ambiguous the phase follows a named ruling of
// Rulings (the digest's §10 ids), DefaultRulings being the digest's
// defaults. It imports only engine, engine/xxi/content and the standard
// library: no clock, no randomness but the engine.Dice it is handed.
package battle
