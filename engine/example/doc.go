// Package example is Kaleun's example game, "Five or Better": the smallest
// whole game, written to be read (docs: "Adding a game" walks through it).
// It is registered like any other (one line in cmd/kaleun/games.go) and
// passes the conformance kit (engine/enginetest) like any other.
//
// Its rulebook, whose case numbers the code cites:
//
//	1   Setup. 1.1 The player chooses the target: 5 (a roll of 5 or 6
//	    wins) or 6 (only a 6 wins).
//	2   The roll, the game's one decision. 2.1 Steady: roll one die.
//	    2.2 Bold: roll two dice and keep the lower.
//	3   The end. 3.1 The kept die wins if it is the target or more.
//	    3.2 A win scores 1 point, a bold win 3; a loss scores 0.
package example
