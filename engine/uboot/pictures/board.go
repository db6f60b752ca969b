package pictures

// Board is what the picture of U-BOOT's board draws: filled by engine/uboot's
// state (its method Board()). It is neutral data, so that this package
// knows no rule and engine/uboot can import it.
type Board struct {
	// Label is the pack's label, drawn in a corner ("House content, not the
	// publisher's").
	Label string
	// Watch on duty (1 or 2), and whether the boat is surfaced.
	Watch    int
	Surfaced bool
	// The Order Track (§7.2): its spaces' names, the token's index, the
	// blocked spaces.
	OrderSpaces []string
	Order       int
	Blocked     []bool
	// The Morale Track (§7.3): its spaces, the token's index, the
	// excess-activation marker's index (-1: not tracked, §6.6.1), the
	// exhausted crew (§7.4).
	MoraleSpaces []string
	Morale       int
	Excess       int
	Exhausted    bool
	// Sections 1-8 (index 0 unused).
	Sections [9]Section
	// Sailors are the on-duty sailors, one a figure, in the figures' order.
	Sailors []Sailor
	// Pyramid: the provision pyramid's 6 spaces, top first ("" empty), and
	// the Food Supply's face-down count (§9.4).
	Pyramid []string
	Supply  int
	// Medkit: the medical supplies on the medkit space (§8.6), as "pills 3".
	Medkit []string
	// Toolboxes: each toolbox's CE cards, by toolbox name (§10.3.3).
	Toolboxes map[string][]string
}

// Section is one section of the boat and its Technical View space.
type Section struct {
	// Env are the environmental condition tokens, as "fire 2" (§10.3.4).
	Env []string
	// Tech are the technical conditions, as "red (paused)" (§10.3.1).
	Tech []string
	// Res are the resource tokens: supplies and toolboxes (§10.3.5).
	Res     []string
	Flooded bool
	Breach  bool
	// Countdown: the app's timer for the breach as last entered ("1:35"),
	// "" when none was (§10.3.7).
	Countdown string
}

// Sailor is one figure's on-duty sailor.
type Sailor struct {
	// Figure is its id ("F2"); Role its role's key ("fo") for its colour.
	Figure, Role string
	// Section 0: off the model (on his crew tile, §6.10).
	Section int
	// Slots are his activation spaces' tokens (§6.6): "act", "fat", "wnd",
	// "obs", "green", "yellow", "red", "kia".
	Slots []string
	// Cards: the health cards under him (§6.9); KIA: killed (§6.10).
	Cards int
	KIA   bool
}

// Boarded is a state that can be drawn.
type Boarded interface{ Board() Board }
