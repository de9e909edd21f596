package goja

import (
	"fmt"
	"testing"

	"github.com/tokengen/tokengen/internal/goja/unistring"
)

// TestPropertyTable checks the table on both sides of its change from a
// slice to a map: every name written reads back its last value, deleted
// names are absent, and a name present with a nil value is told apart from
// an absent one.
func TestPropertyTable(t *testing.T) {
	var table propertyTable
	want := map[unistring.String]Value{}
	check := func(step string) {
		t.Helper()
		if table.len() != len(want) {
			t.Fatalf("%s: %d entries, want %d", step, table.len(), len(want))
		}
		for name, v := range want {
			got, ok := table.lookup(name)
			if !ok || got != v || table.get(name) != v {
				t.Fatalf("%s: %s = %v (%v), want %v", step, name, got, ok, v)
			}
		}
		seen := 0
		for name, v := range table.all() {
			if want[name] != v {
				t.Fatalf("%s: all() lists %s = %v, want %v", step, name, v, want[name])
			}
			seen++
		}
		if seen != len(want) {
			t.Fatalf("%s: all() lists %d entries, want %d", step, seen, len(want))
		}
	}
	for i := 0; i < 20; i++ {
		name := unistring.String(fmt.Sprint("p", i))
		table.set(name, intToValue(int64(i)))
		want[name] = intToValue(int64(i))
		check(fmt.Sprint("set ", name))
		if i%3 == 0 {
			table.delete(name)
			delete(want, name)
			check(fmt.Sprint("delete ", name))
		}
	}
	table.set("hole", nil)
	if v, ok := table.lookup("hole"); !ok || v != nil {
		t.Errorf("a nil entry reads %v, %v", v, ok)
	}
	if _, ok := table.lookup("absent"); ok {
		t.Error("an absent name is present")
	}
	table.reset()
	if table.len() != 0 || table.get("p1") != nil {
		t.Error("reset left entries")
	}
}

// TestObjectProperties checks ordinary objects, functions and arrays whose
// named properties are written, deleted and written again across the
// table's change from a slice to a map; the expected output is node's.
func TestObjectProperties(t *testing.T) {
	const script = `const out = [];
const o = {};
for (let i = 0; i < 12; i++) o['k' + i] = i;
delete o.k3; delete o.k10; o.k3 = 'again'; o.k0 = 'zero';
out.push(Object.keys(o).join(), JSON.stringify(o));
const small = { a: 1, b: 2, c: 3 };
delete small.a; small.d = 4; small.a = 5;
out.push(Object.keys(small).join(), small.a + small.b + small.c + small.d, 'a' in small, small.hasOwnProperty('zz'));
for (const k of Object.keys(o)) if (o[k] !== undefined && typeof o[k] === 'number' && o[k] % 2) delete o[k];
out.push(Object.entries(o).map(([k, v]) => k + '=' + v).join(';'));
const withProto = Object.create({ inherited: 'p' });
for (let i = 0; i < 9; i++) withProto['p' + i] = i;
out.push(withProto.inherited, withProto.p8, Object.keys(withProto).length);
const frozen = Object.freeze({ x: 1, y: 2 });
try { 'use strict'; frozen.x = 3; } catch (e) { out.push('threw'); }
out.push(frozen.x, Object.getOwnPropertyNames({ ...o, extra: 1 }).length);
Object.defineProperty(small, 'hidden', { value: 'h', enumerable: false });
out.push(Object.keys(small).join(), small.hidden, JSON.stringify({ ...small }));
function f() {} f.custom = 1; out.push(Object.keys(f).join(), f.name, f.length, typeof f.prototype);
const arr = [1, 2]; arr.named = 'n'; out.push(Object.keys(arr).join(), arr.named);
out.join('|')
`
	const want = `k0,k1,k2,k4,k5,k6,k7,k8,k9,k11,k3|{"k0":"zero","k1":1,"k2":2,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"k11":11,"k3":"again"}|b,c,d,a|14|true|false|k0=zero;k2=2;k4=4;k6=6;k8=8;k3=again|p|8|9|1|7|b,c,d,a|h|{"b":2,"c":3,"d":4,"a":5}|custom|f|0|object|0,1,named|n`
	v, err := New().RunString(script)
	if err != nil {
		t.Fatal(err)
	}
	if got := v.String(); got != want {
		t.Errorf("got\n%s\nwant (node's)\n%s", got, want)
	}
}
