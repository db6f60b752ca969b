package engine

// Undo is implemented by Rules whose games let a player take back a
// decision (the bot's `undo`). The bot never rewinds the dice: it rebuilds
// the state the decision answered by replaying the game's log from its setup
// with the logged dice, and the decision taken again draws fresh ones. The
// game says how far back an undo may reach, and carries the undos in its
// state so that its views can show them and a replay of the log (kaleun
// verify) gives the very same states.
type Undo interface {
	// UndoSpan numbers the stretch of play a state is in and names it (The
	// Hunters: "patrol", from the refit before it to its end). An undo steps
	// back only to a state of the span the game is in now.
	UndoSpan(st State) (n int, name string)
	// Restored returns st as an undo brings it back: the n-th undo of the
	// game (1 for its first), with how many decisions each seat ("" in a
	// solitaire game) has had undone after dice were seen, which the
	// game's views show as a mark. The tokens of its prompts, and of every
	// prompt after it, must differ from every token the game gave before
	// this undo (putting n in them will do), so that an answer to a prompt
	// the undo voided is refused as stale.
	Restored(st State, n int, undone map[string]int) (State, error)
}
