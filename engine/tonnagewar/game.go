package tonnagewar

import "github.com/kaleun/kaleun/engine"

// Game is Tonnage War's descriptor: a card game for two, U-boats against
// escorts, each with a hand only he sees.
func Game(r *Rules) *engine.Game {
	question, name := r.SeatQuestion(Seats[0])
	return &engine.Game{
		Name:         r.Name(),
		Title:        "Tonnage War",
		Summary:      "Tonnage War, the two-player convoy card game",
		UsageHint:    "challenge b:@opponent | accept | hand | table | help",
		Rules:        r,
		RulesVersion: r.RulesVersion(),
		Setup:        r.SetupFields(),
		Seats:        r.Seats(),
		Views:        r.ViewSpecs(),
		PrivateView:  "hand",
		Commands:     r.GameCommands(),
		Simulator:    simulator{r},
		Words:        engine.Words{Player: "Kommandant", FirstSeat: question, FirstSeatName: name},
	}
}
