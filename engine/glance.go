package engine

// Glancer is implemented by Rules whose events read better in chat at a
// glance than line by line: a game groups a decision's events into short
// lines ("🎯 G7a → Polyphemus: **7** — hit · dud check 5 ✓ · damage 4 ⇒
// **SUNK**"), and the chat shows each line with the chart, rule case and
// dice of its rolls beside it, so that every roll stays checkable. The log,
// the JSONL protocol and the terminal keep every event's full line.
//
// Glance reads the events as they were logged (it must not need fields the
// log lacks); st is the game after them, nil when it is not at hand.
type Glancer interface {
	Glance(st State, events []Event) []Glance
}

// Glance is one short line standing for some of a decision's events.
type Glance struct {
	// Text is the line; **...** marks what a reader looks for first, the
	// number rolled and the result. Empty: the events need no line of their
	// own (a note another line says already); a roll always keeps its
	// details, with or without a line.
	Text string
	// Events are the indices, in the events Glance was given, of those the
	// line stands for. Events no glance names are shown whole.
	Events []int
}
