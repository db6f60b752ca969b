package bot

import (
	"fmt"
	"strconv"
)

// Deliver sends a notice through a platform: answer shows a prompt's result
// where the prompt was posted (or posts it), post puts one message in a
// place (editing the sticky message of that name when it can), and direct
// opens the place of a direct message to a user. Adapters share the order
// of things: the results, the channel's messages, then the direct ones.
//
// key is the message's delivery key (see Notice.Delivery), "" for a notice
// without one: the platform is asked not to create a second message under
// it, and on a Retry what is there already is not posted again.
func Deliver(n Notice, answer func(p Place, a Answer, key string) error, post func(p Place, m Message, sticky, key string) error, direct func(user string) (Place, error)) error {
	i := 0
	key := func() string {
		i++
		if n.Delivery == "" {
			return ""
		}
		return n.Delivery + "." + strconv.Itoa(i)
	}
	for _, a := range n.Answered {
		if err := answer(n.Place, a, key()); err != nil {
			return fmt.Errorf("showing a result in channel %s: %w", n.Place.Channel, err)
		}
	}
	for j, m := range n.Channel {
		sticky := ""
		if j == 0 {
			sticky = n.Sticky
		}
		if err := post(n.Place, m, sticky, key()); err != nil {
			return fmt.Errorf("posting to channel %s: %w", n.Place.Channel, err)
		}
	}
	if n.DirectTo == "" || len(n.Direct) == 0 {
		return nil
	}
	dm, err := direct(n.DirectTo)
	if err != nil {
		return fmt.Errorf("opening a direct message to %s: %w", n.DirectTo, err)
	}
	for _, m := range n.Direct {
		if err := post(dm, m, "", key()); err != nil {
			return fmt.Errorf("direct message to %s: %w", n.DirectTo, err)
		}
	}
	return nil
}
