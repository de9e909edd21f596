package model

import (
	"fmt"
	"strings"
)

// Error is one problem with its place: a file position, a token, or both.
type Error struct {
	File      string // file the problem is in
	Line, Col int    // 1-based; 0 when unknown
	Token     string // token path ("color.red") when the problem is a token's
	Msg       string
	// Near is text inside the token's value the problem is about (a
	// reference), so that the position can point at it.
	Near string
	// Path is a key path inside File ("platforms.web.files[0].format") to
	// place an error that is not a token's.
	Path string
	// Hint says what would have been right ("expected ':'"); it follows
	// the message.
	Hint string
	// Warning marks a problem that does not fail the build.
	Warning bool
}

func (e *Error) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		if e.Line > 0 {
			fmt.Fprintf(&b, ":%d:%d", e.Line, e.Col)
		}
		b.WriteString(": ")
	}
	if e.Warning {
		b.WriteString("warning: ")
	}
	if e.Token != "" {
		fmt.Fprintf(&b, "token %s: ", e.Token)
	}
	b.WriteString(e.Msg)
	if e.Hint != "" {
		b.WriteString("; " + e.Hint)
	}
	return b.String()
}

// ErrorList collects every problem found, not only the first.
type ErrorList []error

func (l ErrorList) Error() string {
	s := make([]string, len(l))
	for i, e := range l {
		s[i] = e.Error()
	}
	return strings.Join(s, "\n")
}

// Unwrap lets errors.Is and errors.As look at every error of the list.
func (l ErrorList) Unwrap() []error { return l }

// Err returns nil for an empty list, the single error for one, else the list.
func (l ErrorList) Err() error {
	switch len(l) {
	case 0:
		return nil
	case 1:
		return l[0]
	}
	return l
}

// Flat expands nested lists and drops repeats (platforms built from the
// same tokens report the same broken reference), keeping the first order.
func (l ErrorList) Flat() ErrorList {
	var out ErrorList
	seen := map[string]bool{}
	var add func(err error)
	add = func(err error) {
		if nested, ok := err.(ErrorList); ok {
			for _, e := range nested {
				add(e)
			}
			return
		}
		if msg := err.Error(); !seen[msg] {
			seen[msg] = true
			out = append(out, err)
		}
	}
	for _, e := range l {
		add(e)
	}
	return out
}
