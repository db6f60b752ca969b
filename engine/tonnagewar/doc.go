// Package tonnagewar will be Tonnage War, the two-player convoy card game
// (rules: a 1999 playtest draft; map: the digest in shared/reference). So
// far it holds the game's data: the tactical decks of the Spring 1943 chart
// (12.1), the unit values (12.2) and the HX 228 scenario with its house
// values, embedded and validated. The rules engine, the hidden hands in
// chat and `kaleun play tonnagewar` are not built yet; no command offers
// the game.
package tonnagewar

// handOOB is the OOB hand dealt each round (3, 4).
const handOOB = 10
