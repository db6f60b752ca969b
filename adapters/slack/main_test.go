package slack

import (
	"os"
	"testing"

	"github.com/kaleun/kaleun/internal/pgtest"
)

// The HTTP mode's replicas are tested over a real PostgreSQL, which
// pgtest starts once for the package and stops here.
func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }
