package goja

import "testing"

// TestObjectSpreadCopiesAsTheSpecSays checks object spread through the
// plain-object fast path (copyPlainDataProperties) and the cases it leaves to
// the generic path; the expected output is node's for the same script.
func TestObjectSpreadCopiesAsTheSpecSays(t *testing.T) {
	const script = `
	const out = [];
	const plain = { b: 1, 2: 'two', a: [1], 1: 'one' };
	out.push(JSON.stringify({ ...plain, extra: true }));
	const deleted = { x: 1, y: 2, z: 3 }; delete deleted.y;
	out.push(JSON.stringify({ ...deleted }));
	const hidden = { shown: 1 }; Object.defineProperty(hidden, 'hidden', { value: 2, enumerable: false });
	out.push(JSON.stringify({ ...hidden }));
	const frozen = Object.freeze({ f: 1 });
	out.push(JSON.stringify({ ...frozen, g: 2 }), Object.isFrozen({ ...frozen }));
	const readonly = {}; Object.defineProperty(readonly, 'r', { value: 3, enumerable: true, writable: false });
	const copy = { ...readonly }; copy.r = 4;
	out.push(copy.r);
	let calls = 0;
	const withGetter = { before: 1, get counted() { calls++; return 'got'; }, after: 2 };
	out.push(JSON.stringify({ ...withGetter }), calls);
	out.push(JSON.stringify({ a: 1, ...{ a: 2, b: 3 }, b: 4 }));
	const sym = Symbol('s');
	const withSymbol = { plain: 1, [sym]: 'symbol' };
	out.push(({ ...withSymbol })[sym]);
	const shared = { n: 1 };
	const first = { ...shared }; first.n = 2;
	out.push(shared.n, first.n);
	out.push(JSON.stringify({ ...[5, 6] }), JSON.stringify({ ...'hi' }), JSON.stringify({ ...null, ...undefined, ...7 }));
	const { a, ...rest } = { a: 1, b: 2, c: 3 };
	out.push(JSON.stringify(rest));
	const proto = { inherited: 1 };
	out.push(JSON.stringify({ ...Object.create(proto, { own: { value: 1, enumerable: true } }) }));
	out.join('|')
	`
	const want = `{"1":"one","2":"two","b":1,"a":[1],"extra":true}|{"x":1,"z":3}|{"shown":1}|{"f":1,"g":2}|false|4|{"before":1,"counted":"got","after":2}|1|{"a":2,"b":4}|symbol|1|2|{"0":5,"1":6}|{"0":"h","1":"i"}|{}|{"b":2,"c":3}|{"own":1}`
	v, err := New().RunString(script)
	if err != nil {
		t.Fatal(err)
	}
	if got := v.String(); got != want {
		t.Errorf("got\n%s\nwant (node's)\n%s", got, want)
	}
}

// listedDynamic is a DynamicObject whose Keys may list a key it no longer
// has (Get returns nil), as a host object can.
type listedDynamic struct {
	keys   []string
	values map[string]Value
}

func (d *listedDynamic) Get(key string) Value         { return d.values[key] }
func (d *listedDynamic) Set(key string, v Value) bool { d.values[key] = v; return true }
func (d *listedDynamic) Has(key string) bool          { _, ok := d.values[key]; return ok }
func (d *listedDynamic) Delete(key string) bool       { delete(d.values, key); return true }
func (d *listedDynamic) Keys() []string               { return d.keys }

func TestObjectSpreadOfDynamicObjects(t *testing.T) {
	r := New()
	host := &listedDynamic{
		keys:   []string{"name", "gone", "path", "7"},
		values: map[string]Value{"name": r.ToValue("red"), "path": r.ToValue([]string{"color", "red"}), "7": r.ToValue(7)},
	}
	_ = r.Set("token", r.NewDynamicObject(host))
	v, err := r.RunString(`
	const copy = { ...token, extra: 1 };
	const over = { name: 'kept?', ...token };
	const checks = [Object.keys(copy).join(), copy.path === token.path, 'gone' in copy, over.name];
	checks.join('|')`)
	if err != nil {
		t.Fatal(err)
	}
	// node, for a plain object with the same keys: integer keys first.
	if got, want := v.String(), "7,name,path,extra|true|false|red"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}
