package cmdline

import "testing"

func TestParseSize(t *testing.T) {
	for in, want := range map[string]uint64{
		"1048576": 1 << 20, "64MB": 64 << 20, "64mb": 64 << 20, "2GB": 2 << 30, "2G": 2 << 30,
		"512KiB": 512 << 10, " 3 GiB ": 3 << 30, "100B": 100,
	} {
		if got, err := ParseSize("--max-memory", in); err != nil || got != want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "0", "lots", "-1MB", "1.5GB", "99999999999GB", "MB"} {
		if _, err := ParseSize("--max-memory", in); err == nil {
			t.Errorf("ParseSize(%q) accepted", in)
		}
	}
	o, _, err := Parse([]string{"build", "--max-memory", "256MB"})
	if err != nil || o.MaxMemory != 256<<20 {
		t.Errorf("--max-memory 256MB: %d, %v", o.MaxMemory, err)
	}
}
