// Package jsnum formats and parses numbers exactly as JavaScript does, so
// that values printed by tokengen match the reference byte for byte.
package jsnum

import (
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode"
)

// Format is JavaScript's Number#toString (String(x)): the shortest digits
// that round-trip, in plain notation for exponents -7 < e < 21 and in
// exponent notation ("1e-7", "1.5e+21") otherwise. -0 prints as "0".
func Format(x float64) string {
	switch {
	case math.IsNaN(x):
		return "NaN"
	case math.IsInf(x, 1):
		return "Infinity"
	case math.IsInf(x, -1):
		return "-Infinity"
	case x == 0:
		return "0"
	}
	// Fast path for integers, the most common case in token files.
	if x == math.Trunc(x) && math.Abs(x) < 1e21 {
		if math.Abs(x) < 1<<53 {
			return strconv.FormatInt(int64(x), 10)
		}
	}
	sign := ""
	if x < 0 {
		sign = "-"
		x = -x
	}
	// 'e' with precision -1 gives the shortest round-trip digits: d.ddde±XX.
	e := strconv.FormatFloat(x, 'e', -1, 64)
	ePos := strings.IndexByte(e, 'e')
	digits := strings.Replace(e[:ePos], ".", "", 1)
	exp, _ := strconv.Atoi(e[ePos+1:])
	k := len(digits)
	n := exp + 1 // position of the decimal point relative to the digits
	var b strings.Builder
	b.WriteString(sign)
	switch {
	case k <= n && n <= 21:
		b.WriteString(digits)
		b.WriteString(strings.Repeat("0", n-k))
	case 0 < n && n <= 21:
		b.WriteString(digits[:n])
		b.WriteByte('.')
		b.WriteString(digits[n:])
	case -6 < n && n <= 0:
		b.WriteString("0.")
		b.WriteString(strings.Repeat("0", -n))
		b.WriteString(digits)
	default:
		b.WriteByte(digits[0])
		if k > 1 {
			b.WriteByte('.')
			b.WriteString(digits[1:])
		}
		b.WriteByte('e')
		if n-1 >= 0 {
			b.WriteByte('+')
		}
		b.WriteString(strconv.Itoa(n - 1))
	}
	return b.String()
}

// ToFixed is JavaScript's Number#toFixed: the exact binary value rounded to
// digits fraction digits, exact ties away from zero. Numbers of magnitude
// 1e21 and above print as Format does. digits is clamped to 0..100.
func ToFixed(x float64, digits int) string {
	digits = max(0, min(digits, 100))
	if math.IsNaN(x) {
		return "NaN"
	}
	if math.Abs(x) >= 1e21 || math.IsInf(x, 0) {
		return Format(x)
	}
	if x < 0 {
		s := ToFixed(-x, digits)
		return "-" + s
	}
	x = math.Abs(x) // turns -0 into 0
	// A double's exact decimal expansion has as many fraction digits as it
	// has fraction bits, the last one being 5. So x lies exactly halfway
	// between two candidates iff it has digits+1 fraction bits; strconv
	// rounds those ties to even, JavaScript rounds them up.
	if fractionBits(x) == digits+1 {
		exact := strconv.FormatFloat(x, 'f', digits+1, 64)
		return roundUpDecimal(exact[:len(exact)-1])
	}
	return strconv.FormatFloat(x, 'f', digits, 64)
}

// fractionBits is the number of binary digits after the point in x's exact value.
func fractionBits(x float64) int {
	if x == 0 {
		return 0
	}
	frac, exp := math.Frexp(x) // x = frac * 2^exp, 0.5 <= frac < 1
	mant := uint64(frac * (1 << 53))
	exp -= 53
	for mant&1 == 0 {
		mant >>= 1
		exp++
	}
	if exp >= 0 {
		return 0
	}
	return -exp
}

// roundUpDecimal adds one unit in the last place to a non-negative decimal
// string such as "0.12" or "2." (a trailing point is dropped).
func roundUpDecimal(s string) string {
	s = strings.TrimSuffix(s, ".")
	b := []byte(s)
	i := len(b) - 1
	for ; i >= 0; i-- {
		if b[i] == '.' {
			continue
		}
		if b[i] < '9' {
			b[i]++
			return string(b)
		}
		b[i] = '0'
	}
	return "1" + string(b)
}

// ParseFloat is JavaScript's parseFloat: it skips leading white space and
// reads the longest prefix that is a decimal number or "Infinity". ok is
// false when there is none (JavaScript's NaN); the value is NaN then.
func ParseFloat(s string) (v float64, ok bool) {
	if s != "" && !isDigit(s[0]) {
		s = strings.TrimLeftFunc(s, isJSSpace)
	}
	end := numberPrefix(s)
	if end == 0 {
		return math.NaN(), false
	}
	p := s[:end]
	if p[end-1] == 'y' { // [+-]Infinity, the one prefix that does not end in a digit or "."
		if p[0] == '-' {
			return math.Inf(-1), true
		}
		return math.Inf(1), true
	}
	v, err := strconv.ParseFloat(p, 64)
	if err != nil {
		if ne, isNum := err.(*strconv.NumError); isNum && ne.Err == strconv.ErrRange {
			return v, true // ±Inf or 0, as JavaScript gives
		}
		return math.NaN(), false
	}
	return v, true
}

// numberPrefix returns the length of the longest prefix of s that is a
// StrDecimalLiteral: [+-] (Infinity | digits [. digits] | . digits) [e [+-] digits].
func numberPrefix(s string) int {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	if strings.HasPrefix(s[i:], "Infinity") {
		return i + len("Infinity")
	}
	intStart := i
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	intDigits := i - intStart
	fracDigits := 0
	if i < len(s) && s[i] == '.' {
		j := i + 1
		for j < len(s) && isDigit(s[j]) {
			j++
		}
		fracDigits = j - i - 1
		if intDigits > 0 || fracDigits > 0 {
			i = j
		}
	}
	if intDigits == 0 && fracDigits == 0 {
		return 0
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		j := i + 1
		if j < len(s) && (s[j] == '+' || s[j] == '-') {
			j++
		}
		k := j
		for k < len(s) && isDigit(s[k]) {
			k++
		}
		if k > j {
			i = k
		}
	}
	return i
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// isJSSpace reports JavaScript's WhiteSpace and LineTerminator characters.
func isJSSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF:
		return true
	}
	return r >= 0x2000 && r <= 0x200A || (r > 0x7F && unicode.Is(unicode.Zs, r))
}

// AppendFormat appends Format(x) to dst without allocating (beyond growing dst).
func AppendFormat(dst []byte, x float64) []byte {
	switch {
	case math.IsNaN(x):
		return append(dst, "NaN"...)
	case math.IsInf(x, 1):
		return append(dst, "Infinity"...)
	case math.IsInf(x, -1):
		return append(dst, "-Infinity"...)
	case x == 0:
		return append(dst, '0')
	}
	if x == math.Trunc(x) && math.Abs(x) < 1<<53 {
		return strconv.AppendInt(dst, int64(x), 10)
	}
	if x < 0 {
		dst = append(dst, '-')
		x = -x
	}
	var eBuf, digitBuf [32]byte
	e := strconv.AppendFloat(eBuf[:0], x, 'e', -1, 64) // d[.ddd]e±XX
	ePos := 1
	for e[ePos] != 'e' {
		ePos++
	}
	digits := append(digitBuf[:0], e[0])
	if ePos > 1 {
		digits = append(digits, e[2:ePos]...)
	}
	exp := 0
	for _, c := range e[ePos+2:] {
		exp = exp*10 + int(c-'0')
	}
	if e[ePos+1] == '-' {
		exp = -exp
	}
	k := len(digits)
	n := exp + 1 // position of the decimal point relative to the digits
	switch {
	case k <= n && n <= 21:
		dst = append(dst, digits...)
		for i := k; i < n; i++ {
			dst = append(dst, '0')
		}
	case 0 < n && n <= 21:
		dst = append(dst, digits[:n]...)
		dst = append(dst, '.')
		dst = append(dst, digits[n:]...)
	case -6 < n && n <= 0:
		dst = append(dst, "0."...)
		for i := 0; i < -n; i++ {
			dst = append(dst, '0')
		}
		dst = append(dst, digits...)
	default:
		dst = append(dst, digits[0])
		if k > 1 {
			dst = append(dst, '.')
			dst = append(dst, digits[1:]...)
		}
		dst = append(dst, 'e')
		if n-1 >= 0 {
			dst = append(dst, '+')
		}
		dst = strconv.AppendInt(dst, int64(n-1), 10)
	}
	return dst
}

// AppendToFixed appends ToFixed(x, digits) to dst without allocating
// (beyond growing dst).
func AppendToFixed(dst []byte, x float64, digits int) []byte {
	digits = max(0, min(digits, 100))
	if math.IsNaN(x) {
		return append(dst, "NaN"...)
	}
	if math.Abs(x) >= 1e21 || math.IsInf(x, 0) {
		return AppendFormat(dst, x)
	}
	if x < 0 {
		return AppendToFixed(append(dst, '-'), -x, digits)
	}
	x = math.Abs(x) // turns -0 into 0
	if fractionBits(x) != digits+1 {
		return strconv.AppendFloat(dst, x, 'f', digits, 64)
	}
	// An exact tie: round the one extra digit away, upwards (see ToFixed).
	start := len(dst)
	dst = strconv.AppendFloat(dst, x, 'f', digits+1, 64)
	dst = dst[:len(dst)-1]
	if dst[len(dst)-1] == '.' {
		dst = dst[:len(dst)-1]
	}
	for i := len(dst) - 1; i >= start; i-- {
		switch {
		case dst[i] == '.':
		case dst[i] < '9':
			dst[i]++
			return dst
		default:
			dst[i] = '0'
		}
	}
	dst = append(dst, 0)
	copy(dst[start+1:], dst[start:])
	dst[start] = '1'
	return dst
}

// Round is Math.round: halves round towards +Infinity, and a result of
// zero from a negative number is -0.
func Round(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return x
	}
	f := math.Floor(x)
	r := f
	if x-f >= 0.5 {
		r = f + 1
	}
	if r == 0 && math.Signbit(x) {
		return math.Copysign(0, -1)
	}
	return r
}

// ToNumber is JavaScript's Number(s) for a string (what == compares a
// string with a number by): white space around it is ignored, an empty
// string is 0, "0x", "0o" and "0b" prefix unsigned integers, and anything
// else must be a whole decimal literal or [+-]Infinity, or it is NaN.
func ToNumber(s string) float64 {
	s = strings.TrimFunc(s, isJSSpace)
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
			return radixInteger(s[2:], base)
		}
	}
	if numberPrefix(s) != len(s) {
		return math.NaN()
	}
	v, _ := ParseFloat(s)
	return v
}

// radixInteger reads digits in base as JavaScript does: correctly rounded,
// NaN for an empty string or a digit outside the base.
func radixInteger(digits string, base int) float64 {
	if digits == "" {
		return math.NaN()
	}
	for i := 0; i < len(digits); i++ {
		c := digits[i] | 0x20 // lower case
		d := 99
		switch {
		case c >= '0' && c <= '9':
			d = int(c - '0')
		case c >= 'a' && c <= 'f':
			d = int(c-'a') + 10
		}
		if d >= base {
			return math.NaN()
		}
	}
	if base == 16 {
		v, _ := strconv.ParseFloat("0x"+digits+"p0", 64) // rounds correctly
		return v
	}
	n, ok := new(big.Int).SetString(digits, base)
	if !ok {
		return math.NaN()
	}
	v, _ := new(big.Float).SetInt(n).Float64()
	return v
}
