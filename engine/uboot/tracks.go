package uboot

import "fmt"

// The Order Track (§7.2) and the Morale Track (§7.3, §7.4).

// orderNext is the space a payment on the Order Track moves the token to,
// or -1 when the Order Track has no space left (ruling blocked).
func (s *State) orderNext() int {
	if s.Order >= orderFinal {
		return -1
	}
	if s.ruling(rBlocked) == "pass" {
		// The token passes over blocked spaces; the final space always
		// ends the track (ruling blocked=pass).
		for i := s.Order + 1; i <= orderFinal; i++ {
			if !s.Blocked[i] || i == orderFinal {
				return i
			}
		}
		return -1
	}
	// ruling blocked=stop: a blocked space cannot be entered.
	if s.Blocked[s.Order+1] {
		return -1
	}
	return s.Order + 1
}

// exhausted: the Morale Track's token is on its final space (§7.4).
func (s *State) exhausted() bool { return s.Morale >= moraleFinal }

// canPay: an order can be paid (§7.2, §7.3): on the Order Track, else on
// the Morale Track unless the crew is exhausted (§7.4).
func (s *State) canPay() bool { return s.orderNext() >= 0 || !s.exhausted() }

// payWhere says where the next order is paid.
func (s *State) payWhere() string {
	switch {
	case s.orderNext() >= 0:
		return "Order Track, to " + orderSpaces[s.orderNext()]
	case !s.exhausted():
		return "Morale Track (morale −1)"
	}
	return "nowhere: both tracks are spent (§7.3)"
}

// pay pays one order or Mobilization (§6.4, §6.5): one space right on the
// Order Track, else one on the Morale Track, with its morale cards.
func (s *State) pay(what string) {
	if n := s.orderNext(); n >= 0 {
		s.Order = n
		s.note("7.2", fmt.Sprintf("%s paid on the Order Track: the token moves to %s.", what, orderSpaces[n]))
		return
	}
	s.note("7.3", what+" paid on the Morale Track.")
	s.moraleDown(1, "7.3", "an order paid on the Morale Track")
}

// moraleDown lowers morale by n (§7.3): the token moves right, drawing a
// morale card for every space X, VIII, VI, IV, II or final it enters or
// crosses. On the final space it stays (§7.4).
func (s *State) moraleDown(n int, cas, why string) {
	from := s.Morale
	to := min(moraleFinal, s.Morale+n)
	if to == from {
		s.note(cas, fmt.Sprintf("Morale −%d (%s): the token is already on the final space and stays (§7.4).", n, why))
		return
	}
	s.note(cas, fmt.Sprintf("Morale −%d (%s): %s → %s.", n, why, moraleSpaces[from], moraleSpaces[to]))
	s.Morale = to
	for sp := from + 1; sp <= to; sp++ {
		if deck := moraleDeck(sp); deck != "" {
			s.moraleCard(deck, moraleSpaces[sp])
		}
	}
	if s.exhausted() {
		s.note("7.4", "The crew is exhausted: the Morale Track can pay no more orders, and a new environmental condition (not a lighting failure) or a hull breach now loses the boat.")
	}
}

// moraleUp raises morale by n (§7.3): never above XI, never touching the
// Order Track, no cards drawn.
func (s *State) moraleUp(n int, cas, why string) {
	from := s.Morale
	s.Morale = max(0, s.Morale-n)
	s.note(cas, fmt.Sprintf("Morale +%d (%s): %s → %s.", n, why, moraleSpaces[from], moraleSpaces[s.Morale]))
}

// highAlert (§7.2): the Order Track's token back to VIII, and the
// rightmost empty space blocked.
func (s *State) highAlert() {
	s.Order = 0
	s.Alerts++
	sp := s.block()
	s.note("7.2", fmt.Sprintf("High alert (%d this watch): the Order Track's token is back on VIII; space %s is blocked.", s.Alerts, sp))
}

// block puts an activation token on the Order Track's rightmost empty
// space (§6.8 step 3, §7.2), and names it.
func (s *State) block() string {
	for i := orderFinal; i > s.Order; i-- {
		if !s.Blocked[i] {
			s.Blocked[i] = true
			return orderSpaces[i]
		}
	}
	return "none (every space right of the token is blocked)"
}

// canBlock: there is an empty space right of VIII to block.
func (s *State) canBlock() bool {
	for i := orderFinal; i > 0; i-- {
		if !s.Blocked[i] {
			return true
		}
	}
	return false
}

// unblock removes the Order Track's leftmost activation token (§6.13).
func (s *State) unblock() string {
	for i := 0; i <= orderFinal; i++ {
		if s.Blocked[i] {
			s.Blocked[i] = false
			return orderSpaces[i]
		}
	}
	return ""
}

// excess moves the excess-activation marker left by the largest number of
// excess activations one sailor took in one order or effect (§6.6.1); it
// stops on XI. Easy Captains do not track them.
func (s *State) excess(most int, cas string) {
	if most <= 0 || s.Excess < 0 {
		return
	}
	from := s.Excess
	s.Excess = max(0, s.Excess-most)
	s.note(cas, fmt.Sprintf("Excess activations: the marker moves %d left, %s → %s (§6.6.1).", most, moraleSpaces[from], moraleSpaces[s.Excess]))
}
