package write

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A file that exists is compared with the text as the format writes it:
// a staged file is made only when the text differs (but for a header time
// of this build, as OnlyStampDiffers tells), and it then holds the whole
// new text, however the writes split it.
func TestComparedStream(t *testing.T) {
	t.Setenv("SOURCE_DATE_EPOCH", "")
	since := time.Now().Add(-time.Minute)
	now := time.Now().UTC().Format(stampLayout)
	const old1, old2 = "Mon, 01 Jan 2024 00:00:00 GMT", "Tue, 02 Jan 2024 00:00:00 GMT"
	header := func(stamp string) string {
		return "/**\n * Do not edit directly, this file was auto-generated.\n * Generated on " + stamp + "\n */\n\n"
	}
	body := strings.Repeat(":root {\n  --a: 1px;\n}\n", 50)
	cases := []struct{ name, old, new string }{
		{"same", body, body},
		{"same with header", header(old1) + body, header(old1) + body},
		{"header time", header(old1) + body, header(now) + body},
		{"header time not of this build", header(old1) + body, header(old2) + body},
		{"header time and body", header(old1) + body, header(now) + body + "x"},
		{"header time and the next byte", header(old1) + body, header(now)[:len(header(now))-3] + "!" + body},
		{"first byte", body, "x" + body[1:]},
		{"last byte", body, body[:len(body)-1] + "x"},
		{"longer", body, body + "more"},
		{"shorter", body, body[:len(body)-5]},
		{"ends in the header time", header(old1), header(now)[:60]},
		{"empty, file empty", "", ""},
		{"empty, file not", body, ""},
		{"file empty", "", body},
	}
	for _, tc := range cases {
		want := tc.old == tc.new && tc.new != "" || OnlyStampDiffers([]byte(tc.old), tc.new, since)
		for _, size := range []int{1, 7, 4096, len(tc.new) + 1} {
			t.Run(fmt.Sprintf("%s/%d", tc.name, size), func(t *testing.T) {
				dir := t.TempDir()
				path := filepath.Join(dir, "out.css")
				os.WriteFile(path, []byte(tc.old), 0o644)
				st := NewStage(since)
				w := st.Stream(path)
				if w == nil || !w.comparing {
					t.Fatal("an existing file is compared")
				}
				text := tc.new
				tail := ""
				if size == 7 { // the format returns the last part (writeOf)
					text, tail = tc.new[:len(tc.new)/2], tc.new[len(tc.new)/2:]
				}
				for i := 0; i < len(text); i += size {
					chunk := []byte(text[i:min(i+size, len(text))])
					if n, err := w.Write(chunk); n != len(chunk) || err != nil {
						t.Fatalf("Write: %d, %v", n, err)
					}
				}
				staged, err := w.Finish(tail, nil)
				if err != nil {
					t.Fatal(err)
				}
				if w.unchanged != want || (staged == "") != (want || tc.new == "") {
					t.Fatalf("unchanged %v, staged %q; want unchanged %v", w.unchanged, staged, want)
				}
				if staged != "" {
					got, _ := os.ReadFile(staged)
					if string(got) != tc.new {
						t.Errorf("staged %q, want %q", got, tc.new)
					}
				}
				if got, _ := os.ReadFile(path); string(got) != tc.old {
					t.Errorf("the file was changed in place")
				}
			})
		}
	}
}

// TestOnlyStampDiffers checks which differences the write-if-changed
// comparison ignores: only the time in the first "Generated on" line,
// when it is a time of this build.
func TestOnlyStampDiffers(t *testing.T) {
	t.Setenv("SOURCE_DATE_EPOCH", "")
	since := time.Now().Add(-time.Minute)
	now := time.Now().UTC().Format("Mon, 02 Jan 2006 15:04:05 GMT")
	header := func(stamp string) string {
		return "/**\n * Do not edit directly, this file was auto-generated.\n * Generated on " + stamp + "\n */\n\n"
	}
	const old1, old2 = "Mon, 01 Jan 2024 00:00:00 GMT", "Tue, 02 Jan 2024 00:00:00 GMT"
	body := func(desc string) string { return ":root {\n  --a: 1px; /* Generated on " + desc + " */\n}\n" }
	for _, tc := range []struct {
		name, old, new string
		same           bool
	}{
		{"header time", header(old1) + body(old1), header(now) + body(old1), true},
		{"header time and description", header(old1) + body(old1), header(now) + body(old2), false},
		{"description without header time", body(old1), body(old2), false},
		{"description is first but old", body(old1) + header(old1), body(old2) + header(old1), false},
		{"header time not of this build", header(old1) + body(old1), header(old2) + body(old1), false},
		{"other text", header(old1) + body(old1) + "x", header(now) + body(old1) + "y", false},
		{"other comment style", "// Generated on " + old1 + "\n", " * Generated on " + now + "\n", false},
	} {
		if got := OnlyStampDiffers([]byte(tc.old), tc.new, since); got != tc.same {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.same)
		}
	}
	t.Setenv("SOURCE_DATE_EPOCH", "1704153600") // old2
	if !OnlyStampDiffers([]byte(header(old1)+body(old1)), header(old2)+body(old1), since) {
		t.Errorf("the time SOURCE_DATE_EPOCH gives is a time of this build")
	}
}

// withoutTimestamps must remove exactly what the timestamp expression
// removes over a whole file.
func TestWithoutTimestampsMatchesExpression(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	pieces := []string{"Generated on Tue, 14 Nov 2023 22:13:20 GMT", "Generated on ", "Generated on Tue, 1 Nov", "GMT", "x", " ", "\n", "\r\n", "/**", " * ", "é", ""}
	for i := 0; i < 20000; i++ {
		var b strings.Builder
		for n := rng.Intn(12); n > 0; n-- {
			b.WriteString(pieces[rng.Intn(len(pieces))])
		}
		s := b.String()
		if got, want := WithoutTimestamps(s), TimestampLine.ReplaceAllString(s, ""); got != want {
			t.Fatalf("%q: got %q, want %q", s, got, want)
		}
	}
}
