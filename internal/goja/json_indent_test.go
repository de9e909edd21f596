package goja

import "testing"

// JSON.stringify with a gap lays out as node's: indentation comes back
// after an empty object or array, and the gap is the specification's
// (expected texts written by node 22).
func TestJSONStringifyIndentAfterEmpty(t *testing.T) {
	cases := []struct{ script, want string }{
		{`JSON.stringify({a: {}, b: 1, c: [], d: {e: [], f: {}}}, null, 2)`,
			"{\n  \"a\": {},\n  \"b\": 1,\n  \"c\": [],\n  \"d\": {\n    \"e\": [],\n    \"f\": {}\n  }\n}"},
		{`JSON.stringify([[], {}, [1]], null, 1)`, "[\n [],\n {},\n [\n  1\n ]\n]"},
		{`JSON.stringify({a: [1]}, null, Infinity)`, "{\n          \"a\": [\n                    1\n          ]\n}"},
		{`JSON.stringify({a: 1}, null, 2.9)`, "{\n  \"a\": 1\n}"},
		{`JSON.stringify({a: 1}, null, "ééééééééééééé")`, "{\néééééééééé\"a\": 1\n}"},
		{`JSON.stringify({a: 1}, null, new Number(3))`, "{\n   \"a\": 1\n}"},
		{`JSON.stringify({a: 1}, null, 0)`, `{"a":1}`},
		{`JSON.stringify({a: 1}, null, NaN)`, `{"a":1}`},
	}
	for _, c := range cases {
		vm := New()
		v, err := vm.RunString(c.script)
		if err != nil {
			t.Fatalf("%s: %v", c.script, err)
		}
		if got := v.String(); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.script, got, c.want)
		}
	}
}

// JSON.stringify quotes ASCII strings (copied by runs) exactly as other
// strings (decoded character by character): every ASCII character, alone
// and amid others, in values and keys.
func TestJSONStringifyQuotesASCIIAsOtherStrings(t *testing.T) {
	v, err := New().RunString(`
	const bad = [];
	const wide = (s) => { const j = JSON.stringify(s + "\u0100"); return j.slice(0, -2) + '"'; };
	for (let c = 0; c < 128; c++) {
		const ch = String.fromCharCode(c);
		for (const s of [ch, "a" + ch + "b" + ch, ch + ch + "xyz"]) {
			if (JSON.stringify(s) !== wide(s)) bad.push(c);
			const key = JSON.stringify({ [s]: 1 });
			if (key !== '{' + wide(s) + ':1}') bad.push("key " + c);
		}
	}
	bad.join()`)
	if err != nil {
		t.Fatal(err)
	}
	if got := v.String(); got != "" {
		t.Errorf("quoted differently for characters %s", got)
	}
}
