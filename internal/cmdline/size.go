package cmdline

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseSize reads a size in bytes as --max-memory and
// TOKENGEN_MAX_MEMORY take it: a whole number with an optional unit, KB,
// MB or GB (powers of 1024; K, M, G and KiB, MiB, GiB too), as in 512MB
// or 2GB. what names the setting in errors.
func ParseSize(what, s string) (uint64, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	mult := uint64(1)
	for _, u := range []struct {
		suffix string
		mult   uint64
	}{{"KIB", 1 << 10}, {"MIB", 1 << 20}, {"GIB", 1 << 30}, {"KB", 1 << 10}, {"MB", 1 << 20}, {"GB", 1 << 30}, {"K", 1 << 10}, {"M", 1 << 20}, {"G", 1 << 30}, {"B", 1}} {
		if strings.HasSuffix(t, u.suffix) {
			t, mult = strings.TrimSpace(strings.TrimSuffix(t, u.suffix)), u.mult
			break
		}
	}
	n, err := strconv.ParseUint(t, 10, 64)
	if err != nil || n == 0 || n > (1<<62)/mult {
		return 0, UsageError{fmt.Sprintf("%s %s: give a size such as 512MB or 2GB", what, s)}
	}
	return n * mult, nil
}
