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
	if e.Token != "" {
		fmt.Fprintf(&b, "token %s: ", e.Token)
	}
	b.WriteString(e.Msg)
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
