package goja

import (
	"hash/maphash"
	"io"
	"reflect"
	"strings"

	"github.com/tokengen/tokengen/internal/goja/unistring"
)

// ropeMinLength is the length (in UTF-16 code units) from which the + operator
// joins two strings into a ropeString instead of copying both into a new flat
// string. Below it copying is cheaper than a rope node and its later
// flattening; above it, copying makes a loop of `out += line` quadratic.
const ropeMinLength = 256

// maxStringLength is node's (V8's) longest string, in UTF-16 code units. A
// concatenation whose result would be longer throws node's RangeError
// "Invalid string length" before anything is allocated: a string doubled in a
// loop would otherwise ask Go for gigabytes and kill the process with a fatal
// out-of-memory error that no recover can catch.
const maxStringLength = 1<<29 - 24

// checkStringLength throws the RangeError node throws for a string longer than
// maxStringLength. It is a panic of rangeError, which the VM turns into a
// script-visible RangeError.
func checkStringLength(length int64) {
	if length > maxStringLength || length < 0 {
		panic(rangeError("Invalid string length"))
	}
}

// ropeString is the concatenation of two strings whose characters are copied
// only when something reads them (a tokengen patch, see README.md): a loop of
// `out += line` then costs one small node per iteration and one copy of the
// whole text at the end, instead of a copy of the text so far per iteration.
//
// A rope keeps its length and whether it is all ASCII, so .length and the
// choice of flat representation need no walk. Everything else flattens it once
// into an asciiString or unicodeString (flat), drops its children and
// delegates to the flat string; a flattened rope behaves as that string
// everywhere (equality, hashing as a Map key or property name, export to Go).
// Flattening walks the tree with a slice as its stack, so a rope as deep as a
// loop is long cannot overflow the goroutine's stack.
type ropeString struct {
	left, right String // nil once flattened
	flat        String // asciiString or unicodeString once flattened

	// The buffer flat was built in, with room to grow, while this rope owns
	// it: a rope whose leftmost part is this one takes the buffer over and
	// appends only its own new characters, so a loop that reads its string
	// after every `out += line` copies each character about once instead of
	// the whole text per iteration. flat itself is never changed: appends go
	// past its end. Only one rope owns a buffer at a time.
	buf *ropeBuffer

	// A rope is made per `+=`: its fields are kept to 64 bytes (the length
	// fits 32 bits, maxStringLength being 2^29-24).
	length int32
	ascii  bool
}

// ropeBuffer is a flattened rope's buffer, passed on to the rope that
// extends it.
type ropeBuffer struct {
	ascii   *strings.Builder // for an ASCII rope: its String() is flat
	unicode []uint16         // otherwise: flat with its spare capacity

	// copied counts the code units flattenings copied into this buffer
	// (the tests check that a growing string is copied about once, not per
	// append).
	copied int
}

// isASCIIString reports whether s holds only ASCII characters, scanning an
// importedString if it has not been scanned yet.
func isASCIIString(s String) bool {
	switch s := s.(type) {
	case asciiString:
		return true
	case *importedString:
		s.ensureScanned()
		return s.u == nil
	case *ropeString:
		return s.ascii
	}
	return false
}

// concatForAdd is the + operator on two strings: a flat copy for short
// results, a rope for long ones.
func concatForAdd(left, right String) String {
	leftLength, rightLength := left.Length(), right.Length()
	checkStringLength(int64(leftLength) + int64(rightLength))
	if leftLength+rightLength < ropeMinLength {
		return left.Concat(right)
	}
	if leftLength == 0 {
		return right
	}
	if rightLength == 0 {
		return left
	}
	return &ropeString{
		left:   left,
		right:  right,
		length: int32(leftLength + rightLength),
		ascii:  isASCIIString(left) && isASCIIString(right),
	}
}

// flatten returns the rope's characters as one asciiString or unicodeString,
// copying them on the first call only.
func (r *ropeString) flatten() String {
	if r.flat != nil {
		return r.flat
	}
	length := int(r.length)
	var buf *ropeBuffer
	// Depth-first, left to right, with pending right halves on a heap stack.
	// The first part reached is the leftmost: if it is a flattened rope that
	// still owns its buffer, that buffer is taken over instead of copied.
	pending := []String{r}
	for len(pending) > 0 {
		s := pending[len(pending)-1]
		pending = pending[:len(pending)-1]
		if rope, ok := s.(*ropeString); ok {
			if rope.flat == nil {
				pending = append(pending, rope.right, rope.left)
				continue
			}
			if buf == nil && rope.buf != nil {
				if r.ascii && rope.buf.ascii != nil {
					buf, rope.buf = rope.buf, nil
					buf.ascii.Grow(length - buf.ascii.Len())
					continue
				}
				if !r.ascii && rope.buf.unicode != nil {
					buf, rope.buf = rope.buf, nil
					continue
				}
			}
			s = rope.flat
		}
		if buf == nil {
			buf = &ropeBuffer{}
			if r.ascii {
				buf.ascii = new(strings.Builder)
				buf.ascii.Grow(length)
			} else {
				buf.unicode = make([]uint16, 1, length+1)
				buf.unicode[0] = unistring.BOM
			}
		}
		a, u := devirtualizeString(s)
		switch {
		case r.ascii:
			buf.ascii.WriteString(string(a))
			buf.copied += len(a)
		case u != nil:
			buf.unicode = append(buf.unicode, u[1:]...)
			buf.copied += len(u) - 1
		default:
			for i := 0; i < len(a); i++ {
				buf.unicode = append(buf.unicode, uint16(a[i]))
			}
			buf.copied += len(a)
		}
	}
	if r.ascii {
		r.flat = asciiString(buf.ascii.String())
	} else {
		r.flat = unicodeString(buf.unicode[:len(buf.unicode):len(buf.unicode)])
	}
	r.buf = buf
	r.left, r.right = nil, nil
	return r.flat
}

func (r *ropeString) ToInteger() int64         { return r.flatten().ToInteger() }
func (r *ropeString) toString() String         { return r }
func (r *ropeString) string() unistring.String { return r.flatten().string() }
func (r *ropeString) ToString() Value          { return r }
func (r *ropeString) String() string           { return r.flatten().String() }
func (r *ropeString) ToFloat() float64         { return r.flatten().ToFloat() }
func (r *ropeString) ToNumber() Value          { return r.flatten().ToNumber() }
func (r *ropeString) ToBoolean() bool          { return r.length != 0 }
func (r *ropeString) ToObject(rt *Runtime) *Object {
	return rt._newString(r.flatten(), rt.getStringPrototype())
}
func (r *ropeString) SameAs(other Value) bool       { return r.flatten().SameAs(other) }
func (r *ropeString) Equals(other Value) bool       { return r.flatten().Equals(other) }
func (r *ropeString) StrictEquals(other Value) bool { return r.flatten().StrictEquals(other) }
func (r *ropeString) Export() interface{}           { return r.flatten().Export() }
func (r *ropeString) ExportType() reflect.Type      { return reflectTypeString }

// baseObject is the String wrapper that reads a property of the primitive.
// It holds the rope itself, not its flattening, so that `.length`, read after
// every append in many loops, costs nothing; an index reads through CharAt.
func (r *ropeString) baseObject(rt *Runtime) *Object {
	ss := rt.getStringSingleton()
	ss.value = r
	ss.setLength()
	return ss.val
}
func (r *ropeString) hash(hasher *maphash.Hash) uint64 { return r.flatten().hash(hasher) }

func (r *ropeString) CharAt(idx int) uint16 { return r.flatten().CharAt(idx) }
func (r *ropeString) Length() int           { return int(r.length) }

// Concat keeps building a rope: a rope is long by construction.
func (r *ropeString) Concat(other String) String { return concatForAdd(r, other) }

func (r *ropeString) Substring(start, end int) String {
	return r.flatten().Substring(start, end)
}
func (r *ropeString) CompareTo(other String) int     { return r.flatten().CompareTo(other) }
func (r *ropeString) Reader() io.RuneReader          { return r.flatten().Reader() }
func (r *ropeString) utf16Reader() utf16Reader       { return r.flatten().utf16Reader() }
func (r *ropeString) utf16RuneReader() io.RuneReader { return r.flatten().utf16RuneReader() }
func (r *ropeString) utf16Runes() []rune             { return r.flatten().utf16Runes() }
func (r *ropeString) index(substr String, start int) int {
	return r.flatten().index(substr, start)
}
func (r *ropeString) lastIndex(substr String, pos int) int {
	return r.flatten().lastIndex(substr, pos)
}
func (r *ropeString) toLower() String       { return r.flatten().toLower() }
func (r *ropeString) toUpper() String       { return r.flatten().toUpper() }
func (r *ropeString) toTrimmedUTF8() string { return r.flatten().toTrimmedUTF8() }
