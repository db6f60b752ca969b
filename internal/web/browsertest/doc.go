// Package browsertest loads kaleun's web pages (internal/web) in a real
// headless Chromium: the pages of a duel and a wolfpack played through the
// local Slack, every step of their replays, their audit pages, the
// tournament's and the leaderboard's pages, and the verifier, which must
// agree with kaleun verify on every test vector. It holds tests only
// (go test ./internal/web/browsertest); with -update its TestScreenshots
// writes the screenshots of docs/operators/web/.
package browsertest
