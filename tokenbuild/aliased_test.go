package tokenbuild

import (
	"reflect"
	"testing"
)

// AliasedCopy marks the objects of the copy at any depth (inside arrays
// too) and leaves the value it copies alone; a clone of an aliased
// object is an ordinary one.
func TestAliasedCopy(t *testing.T) {
	shadow := ObjectOf("offsetX", "1", "color", "#000")
	value := ObjectOf("width", "2", "shadows", []any{shadow, "none"})
	c := AliasedCopy(value).(*Object)
	inner := c.Value("shadows").([]any)[0].(*Object)
	if !c.Aliased() || !inner.Aliased() {
		t.Fatalf("copy aliased %v, its shadow %v; want both", c.Aliased(), inner.Aliased())
	}
	if value.Aliased() || shadow.Aliased() {
		t.Error("the value copied became aliased")
	}
	inner.Set("offsetX", "1px")
	if shadow.Value("offsetX") != "1" {
		t.Error("changing the copy changed the value copied")
	}
	if c.Clone().Aliased() {
		t.Error("a clone of an aliased object is aliased")
	}
	var none *Object
	if none.Aliased() {
		t.Error("nil is aliased")
	}
	// the mark takes no room: an Object stays in its 64-byte size class
	if size := reflect.TypeOf(Object{}).Size(); size > 64 {
		t.Errorf("Object is %d bytes", size)
	}
}
