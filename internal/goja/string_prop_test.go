package goja

import "testing"

// Properties of primitive strings read without the wrapper object read
// as through it (expected values as node prints them).
func TestPrimitiveStringProperties(t *testing.T) {
	script := `
	"use strict";
	const out = [];
	const s = "héllo";
	out.push(s.length, s["1"], s["9"], typeof s.nope, s.toUpperCase(), s.constructor === String);
	Object.defineProperty(String.prototype, "self", { get() { return typeof this; }, configurable: true });
	out.push(s.self);
	String.prototype.bang = function () { return this + "!"; };
	out.push(s.bang(), ("a" + "b".repeat(300)).length);
	try { s.nope(); } catch (e) { out.push(e instanceof TypeError); }
	out.join(",");`
	v, err := New().RunString(script)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := v.String(), "5,é,,undefined,HÉLLO,true,string,héllo!,301,true"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
