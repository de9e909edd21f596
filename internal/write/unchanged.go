package write

import (
	"bytes"
	"errors"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/tokengen/tokengen/internal/lazyregexp"
)

// Unchanged-file detection: a rebuild leaves a file whose text is the
// same (but for the header's timestamp of this build) alone, so that its
// time does not change and watchers do not fire.

// TimestampLine matches the header line that changes on every build.
var TimestampLine = lazyregexp.New(`(?m)^.*Generated on [A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT.*\r?\n?`)

// Unchanged reports whether path already holds content, but for the
// header's timestamp, so repeated builds leave files and their times alone.
func Unchanged(path, content string, since time.Time) bool {
	old, err := ReadOld(path, len(content))
	if err != nil {
		return false
	}
	defer ReleaseOld(old)
	return string(old) == content || OnlyStampDiffers(old, content, since)
}

// oldTexts are buffers for the files a rebuild compares its texts with:
// reused, so that reading every output file again costs no fresh memory
// (the page faults of a hundred megabytes cost as much as writing them).
var oldTexts sync.Pool

// ReadOld reads the file at path into a buffer of oldTexts, or fails
// without reading when its size is not want (-1: any size), as a file of
// another size cannot hold a text.
func ReadOld(path string, want int) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	size := int(fi.Size())
	if want >= 0 && size != want {
		return nil, errSizeDiffers
	}
	var buf []byte
	if b, ok := oldTexts.Get().(*[]byte); ok && cap(*b) > size {
		buf = (*b)[:size+1]
	} else {
		buf = make([]byte, size+1, size+size/4+1)
	}
	// one byte more than the size, to see the end of a file that grew meanwhile
	n, err := io.ReadFull(f, buf)
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		err = nil
	}
	if err == nil && want >= 0 && n != want {
		err = errSizeDiffers
	}
	if err != nil {
		ReleaseOld(buf)
		return nil, err
	}
	return buf[:n], nil
}

// ReleaseOld gives a buffer of ReadOld back.
func ReleaseOld(b []byte) {
	if b != nil {
		oldTexts.Put(&b)
	}
}

var errSizeDiffers = errors.New("size differs")

// ReadText reads the file at path as a string, read once into it (the
// bytes of os.ReadFile would be copied again to make a string).
func ReadText(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.Grow(int(fi.Size()) + 1)
	_, err = io.Copy(&b, f)
	return b.String(), err
}

// OnlyStampDiffers reports whether old is content with another time in the
// line of the file header that says when it was generated. That line is the
// first of content holding "Generated on ", and it must give a time of this
// build (at or after since, or SOURCE_DATE_EPOCH as the header takes it):
// a token's description that looks like a timestamp is compared like any
// other text, also in a file whose header has no timestamp.
func OnlyStampDiffers(old []byte, content string, since time.Time) bool {
	j := strings.Index(content, stampMarker)
	if j < 0 || j+len(stampMarker)+stampLen > len(content) || len(old) != len(content) {
		return false
	}
	at := j + len(stampMarker)
	return string(old[:at]) == content[:at] && string(old[at+stampLen:]) == content[at+stampLen:] &&
		stampOnlyDiffersAt(old, at, content[at:at+stampLen], since)
}

// The header's timestamp: stampMarker, then a time in JavaScript's
// toUTCString layout.
const (
	stampMarker = "Generated on "
	stampLayout = "Mon, 02 Jan 2006 15:04:05 GMT"
	stampLen    = len(stampLayout)
)

// stampOnlyDiffersAt reports whether old, with stamp in place of its
// bytes at at, is a text that differs from old only in the time its
// header gives (OnlyStampDiffers): at follows old's first stampMarker,
// stamp is a time of this build, the line is a header's timestamp line,
// and old has a time there too.
func stampOnlyDiffersAt(old []byte, at int, stamp string, since time.Time) bool {
	j := at - len(stampMarker)
	if j < 0 || len(stamp) != stampLen || at+stampLen > len(old) || bytes.Index(old, []byte(stampMarker)) != j {
		return false
	}
	t, err := time.Parse(stampLayout, stamp)
	if err != nil || !stampOfThisBuild(t, since) {
		return false
	}
	if _, err := time.Parse(stampLayout, string(old[at:at+stampLen])); err != nil {
		return false
	}
	start := bytes.LastIndexByte(old[:j], '\n') + 1
	end := len(old)
	if k := bytes.IndexByte(old[j:], '\n'); k >= 0 {
		end = j + k + 1
	}
	line := string(old[start:at]) + stamp + string(old[at+stampLen:end])
	return TimestampLine.MatchString(line)
}

// stampOfThisBuild reports whether a header's time (to the second) can be
// this build's, which started at since.
func stampOfThisBuild(stamp, since time.Time) bool {
	if s := os.Getenv("SOURCE_DATE_EPOCH"); s != "" {
		if n, err := strconv.ParseInt(s, 10, 64); err == nil && stamp.Equal(time.Unix(n, 0)) {
			return true
		}
	}
	return !stamp.Before(since.Truncate(time.Second)) && !stamp.After(time.Now())
}

// WithoutTimestamps is s without its TimestampLine lines (tests compare the
// outputs of two runs with it). Only the lines
// holding "Generated on" go through the expression: running it over a
// whole output file of megabytes cost more than building the file.
func WithoutTimestamps(s string) string {
	const marker = "Generated on "
	var b strings.Builder
	kept := 0 // s[kept:] is not written to b yet
	for i := 0; i < len(s); {
		j := strings.Index(s[i:], marker)
		if j < 0 {
			break
		}
		j += i
		start := strings.LastIndexByte(s[:j], '\n') + 1
		end := len(s)
		if k := strings.IndexByte(s[j:], '\n'); k >= 0 {
			end = j + k + 1
		}
		if TimestampLine.MatchString(s[start:end]) {
			b.WriteString(s[kept:start])
			kept = end
		}
		i = end
	}
	if kept == 0 {
		return s
	}
	b.WriteString(s[kept:])
	return b.String()
}
