// Package lazyregexp is a regular expression compiled on its first use
// rather than when its package is initialised, as the go command's own
// lazyregexp is. Every run of tokengen initialises every package it links,
// `--version` and a JSON build too, so a package-level regexp.MustCompile
// costs each run its compile although most runs never match it (the
// colour parsers', the Tokens Studio transforms', the JavaScript layer's).
//
// In a test binary each expression compiles when it is declared, so that
// a mistake in one fails every test of its package, as MustCompile would.
package lazyregexp

import (
	"os"
	"regexp"
	"strings"
	"sync"
)

// Regexp is a regexp.Regexp compiled on first use; its methods are
// regexp.Regexp's.
type Regexp struct {
	expr    string
	compile func() *regexp.Regexp
}

// New is a Regexp for expr, which must compile (as with MustCompile).
func New(expr string) *Regexp {
	r := &Regexp{expr: expr, compile: sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })}
	if inTest {
		r.compile()
	}
	return r
}

var inTest = len(os.Args) > 0 && strings.HasSuffix(strings.TrimSuffix(os.Args[0], ".exe"), ".test")

// Regexp is the compiled expression.
func (r *Regexp) Regexp() *regexp.Regexp { return r.compile() }

// String is the expression's source text.
func (r *Regexp) String() string { return r.expr }

func (r *Regexp) MatchString(s string) bool { return r.compile().MatchString(s) }

func (r *Regexp) Match(b []byte) bool { return r.compile().Match(b) }

func (r *Regexp) FindString(s string) string { return r.compile().FindString(s) }

func (r *Regexp) FindStringSubmatch(s string) []string { return r.compile().FindStringSubmatch(s) }

func (r *Regexp) FindStringSubmatchIndex(s string) []int {
	return r.compile().FindStringSubmatchIndex(s)
}

func (r *Regexp) FindAllStringSubmatch(s string, n int) [][]string {
	return r.compile().FindAllStringSubmatch(s, n)
}

func (r *Regexp) ReplaceAllString(src, repl string) string {
	return r.compile().ReplaceAllString(src, repl)
}

func (r *Regexp) ReplaceAllLiteralString(src, repl string) string {
	return r.compile().ReplaceAllLiteralString(src, repl)
}

func (r *Regexp) ReplaceAllStringFunc(src string, repl func(string) string) string {
	return r.compile().ReplaceAllStringFunc(src, repl)
}

func (r *Regexp) Split(s string, n int) []string { return r.compile().Split(s, n) }
