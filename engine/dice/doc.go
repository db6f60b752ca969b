// Package dice holds Kaleun's dice sources, all behind engine.Dice:
//
//   - Auditable derives every die of a game from a secret seed, so that once
//     the seed is revealed anyone can recompute every roll (see Derive).
//   - Scripted hands out faces from a list, for tests and reproductions.
//   - Fast is a seeded PRNG for simulation.
//
// # The auditable derivation
//
// Die k of a game (k = 0, 1, 2, ... counting every physical die the game has
// rolled, whatever it was rolled for) with s sides (2 ≤ s ≤ 255) is:
//
//	block(c) = HMAC-SHA256(key = seed, message = gameID ‖ 0x00 ‖ uint64be(k) ‖ uint32be(c))
//
// for c = 0, 1, 2, ...; the 32 bytes of block(0), then of block(1), ... are
// read in order, and the first byte b with b < 256 - (256 mod s) gives the
// face b mod s + 1. The bound 256 - (256 mod s) is the largest multiple of s
// not above 256, so each face has exactly (256 - 256 mod s)/s accepted byte
// values: rejection sampling, no modulo bias. The purpose of the roll (chart,
// rule case) is not part of the message: die k is what it is whatever the
// players decided before it.
//
// The public commitment to a seed is the lowercase hex SHA-256 of the seed.
package dice
