package js

// Values: typeof, truthiness, String(v), Number(v), == and ===.

import (
	"math"
	"math/big"
	"reflect"
	"strconv"
	"strings"
)

// UndefinedType is the type of Undefined, for type switches.
type UndefinedType struct{}

// Undefined is JavaScript's undefined (§6.1.1), distinct from null (nil). It
// stands for a property that is not there; it never appears in token
// values or options, nor in anything written out.
var Undefined = UndefinedType{}

// Typeof is the typeof operator (§13.5.3.1): "undefined", "object" (null,
// arrays and objects), "boolean", "number", "string" or "function".
func Typeof(v any) string {
	switch v.(type) {
	case string:
		return "string"
	case float64, int:
		return "number"
	case bool:
		return "boolean"
	case UndefinedType:
		return "undefined"
	case nil, []any:
		return "object"
	}
	if isFunc(v) {
		return "function"
	}
	return "object"
}

// Truthy is ToBoolean(v) (§7.1.2), what if (v), !v and && test: false for
// undefined, null, false, "", 0, -0 and NaN; true for everything else,
// empty arrays and objects included.
func Truthy(v any) bool {
	switch x := v.(type) {
	case nil, UndefinedType:
		return false
	case bool:
		return x
	case string:
		return x != ""
	case float64:
		return x != 0 && x == x
	case int:
		return x != 0
	}
	return true
}

// String is String(v), ToString (§7.1.17) with objects converted by
// ToPrimitive (§7.1.1): numbers print as Format prints them, null as
// "null", undefined as "undefined"; an array is Array.prototype.join(",")
// (§23.1.3.18), where null and undefined items print as ""; any other
// object is "[object Object]" (Object.prototype.toString, §20.1.3.6).
func String(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case float64:
		return Format(x)
	case int:
		return Format(float64(x))
	case bool:
		if x {
			return "true"
		}
		return "false"
	case nil:
		return "null"
	case UndefinedType:
		return "undefined"
	case []any:
		return Join(x, ",")
	}
	return "[object Object]"
}

// Join is Array.prototype.join(sep) (§23.1.3.18): the items' Strings
// separated by sep, null and undefined items as "".
func Join(items []any, sep string) string {
	var b strings.Builder
	for i, e := range items {
		if i > 0 {
			b.WriteString(sep)
		}
		if e != nil && e != Undefined {
			b.WriteString(String(e))
		}
	}
	return b.String()
}

// ToNumber is Number(v), ToNumber (§7.1.4): undefined is NaN, null and
// false 0, true 1; a string is read by StringToNumber (§7.1.4.1.1): the
// whole string less surrounding white space must be a decimal literal
// ("Infinity" included, "" and blanks are 0) or an unsigned 0x, 0o or 0b
// integer, else the result is NaN. An object is ToNumber of its String
// (ToPrimitive; [] is 0, [7] is 7).
func ToNumber(v any) float64 {
	switch x := v.(type) {
	case float64:
		return x
	case int:
		return float64(x)
	case string:
		return stringToNumber(x)
	case bool:
		if x {
			return 1
		}
		return 0
	case nil:
		return 0
	case UndefinedType:
		return math.NaN()
	}
	return stringToNumber(String(v))
}

func stringToNumber(s string) float64 {
	s = Trim(s)
	if s == "" {
		return 0
	}
	if len(s) > 2 && s[0] == '0' {
		base := 0
		switch s[1] {
		case 'x', 'X':
			base = 16
		case 'o', 'O':
			base = 8
		case 'b', 'B':
			base = 2
		}
		if base != 0 {
			return nonDecimalInteger(s[2:], base)
		}
	}
	if numberPrefix(s) != len(s) {
		return math.NaN()
	}
	v, _ := ParseFloat(s)
	return v
}

// nonDecimalInteger is the value of the digits of a 0x, 0o or 0b literal,
// rounded to the nearest Number as RoundMVResult (§7.1.4.1.3) does; NaN if
// any character is not a digit of the base (numeric separators included).
func nonDecimalInteger(digits string, base int) float64 {
	for i := 0; i < len(digits); i++ {
		c, d := digits[i], base
		switch {
		case c >= '0' && c <= '9':
			d = int(c - '0')
		case c >= 'a' && c <= 'z':
			d = int(c-'a') + 10
		case c >= 'A' && c <= 'Z':
			d = int(c-'A') + 10
		}
		if d >= base {
			return math.NaN()
		}
	}
	if n, err := strconv.ParseUint(digits, base, 64); err == nil {
		return float64(n) // rounds to nearest, ties to even, as RoundMVResult
	}
	n, _ := new(big.Int).SetString(digits, base)
	f, _ := new(big.Float).SetInt(n).Float64()
	return f
}

// StrictEqual is a === b, IsStrictlyEqual (§7.2.15): primitives by value
// (NaN equals nothing, 0 equals -0), arrays and objects by identity. Two
// distinct empty arrays count as the same: a Go slice of length 0 has no
// element whose address could tell them apart.
func StrictEqual(a, b any) bool {
	switch x := a.(type) {
	case string:
		y, ok := b.(string)
		return ok && x == y
	case float64:
		y, ok := number(b)
		return ok && x == y
	case int:
		y, ok := number(b)
		return ok && float64(x) == y
	case bool:
		y, ok := b.(bool)
		return ok && x == y
	case nil:
		return b == nil
	case UndefinedType:
		return b == Undefined
	case []any:
		y, ok := b.([]any)
		return ok && len(x) == len(y) && (len(x) == 0 || &x[0] == &y[0])
	}
	// An object is itself and nothing else. Objects are pointers
	// (*tokenbuild.Object, *tokenbuild.Token); other Go values (maps, funcs)
	// cannot be compared for identity.
	if a != nil && reflect.TypeOf(a).Kind() == reflect.Pointer {
		return a == b
	}
	return false
}

// number reads a Number.
func number(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case int:
		return float64(x), true
	}
	return 0, false
}

// LooseEqual is a == b, IsLooselyEqual (§7.2.14): values of one type
// compare as with ===; null and undefined equal each other and nothing
// else; a boolean compares as the number 0 or 1; a string and a number
// compare as numbers (Number(string)); an object compared with a string or
// a number compares as its String (ToPrimitive: [1,2] == "1,2",
// [] == 0); two objects only when they are the same one.
func LooseEqual(a, b any) bool {
	ta, tb := typeOf(a), typeOf(b)
	if ta == tb {
		return StrictEqual(a, b)
	}
	switch {
	case ta <= typeNull && tb <= typeNull:
		return true
	case ta == typeNumber && tb == typeString:
		return LooseEqual(a, ToNumber(b))
	case ta == typeString && tb == typeNumber:
		return LooseEqual(ToNumber(a), b)
	case ta == typeBoolean:
		return LooseEqual(ToNumber(a), b)
	case tb == typeBoolean:
		return LooseEqual(a, ToNumber(b))
	case (ta == typeString || ta == typeNumber) && tb == typeObject:
		return LooseEqual(a, String(b))
	case ta == typeObject && (tb == typeString || tb == typeNumber):
		return LooseEqual(String(a), b)
	}
	return false
}

// The language types of §6.1 that token values can have.
const (
	typeUndefined = iota
	typeNull
	typeBoolean
	typeString
	typeNumber
	typeObject
)

func typeOf(v any) int {
	switch v.(type) {
	case UndefinedType:
		return typeUndefined
	case nil:
		return typeNull
	case bool:
		return typeBoolean
	case string:
		return typeString
	case float64, int:
		return typeNumber
	}
	return typeObject
}

func isFunc(v any) bool {
	return v != nil && reflect.TypeOf(v).Kind() == reflect.Func
}
