package goja

import "testing"

// NewDataObject makes the object JSON.parse makes from the same members
// (compared in the engine itself, as node prints both the same).
func TestNewDataObject(t *testing.T) {
	vm := New()
	keys := []string{"b", "10", "a", "__proto__", "2", "é"}
	vals := []Value{vm.ToValue(1), vm.ToValue("x"), vm.NewArrayOfValues([]Value{vm.ToValue(true)}), vm.NewObject(), Null(), vm.ToValue(2.5)}
	_ = vm.Set("made", vm.NewDataObject(keys, vals))
	v, err := vm.RunString(`
	const parsed = JSON.parse('{"b":1,"10":"x","a":[true],"__proto__":{},"2":null,"é":2.5}');
	[JSON.stringify(made) === JSON.stringify(parsed), Object.keys(made).join() === Object.keys(parsed).join(),
	 Object.getPrototypeOf(made) === Object.prototype, Object.hasOwn(made, "__proto__"),
	 JSON.stringify(Object.getOwnPropertyDescriptor(made, "a")) === JSON.stringify(Object.getOwnPropertyDescriptor(parsed, "a")),
	 Object.keys({...made}).join()].join()`)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := v.String(), "true,true,true,true,true,2,10,b,a,__proto__,é"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}
