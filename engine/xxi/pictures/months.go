package pictures

import (
	"fmt"
	"time"
)

// month names box i (0 from the first) of the Götterdämmerung Turn Record
// Track, whose first box is the pack's start (YYYY-MM): short "Jul 43" and
// long "July 1943". A start that is not a month numbers the boxes instead.
func month(start string, i int) (short, long string) {
	t, err := time.Parse("2006-01", start)
	if err != nil {
		return fmt.Sprint(i + 1), fmt.Sprintf("month %d", i+1)
	}
	t = t.AddDate(0, i, 0)
	return t.Format("Jan 06"), t.Format("January 2006")
}

// monthLine says which month is being played: the box after the turns
// played (2.4.4, 12.2), or that every box is filled.
func monthLine(b Board) string {
	gt := b.Pack.Tracks.Gotterdammerung
	if gt.Months > 0 && b.Turn >= gt.Months {
		return fmt.Sprintf("all %d months played", gt.Months)
	}
	_, long := month(gt.Start, max(b.Turn, 0))
	if gt.Months > 0 {
		return fmt.Sprintf("%s, month %d of %d", long, max(b.Turn, 0)+1, gt.Months)
	}
	return long
}

// phaseLine is " · the phase", or nothing.
func phaseLine(b Board) string {
	if b.Phase == "" {
		return ""
	}
	return " · " + b.Phase
}
