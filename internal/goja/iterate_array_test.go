package goja

import "testing"

// TestIterateOverArrays checks the steps that spread and collection
// constructors take over arrays (iteratorRecord.iterateArray): values
// read as the loop reaches them, an exception in a step closes the
// iterator and one while taking a value does not. The expected output is
// node's for the same script.
func TestIterateOverArrays(t *testing.T) {
	const script = `
	const out = [];
	out.push([...[1, , 3]].map(String).join(), Array.from([1, 2], (x) => x * 2).join());
	out.push([...new Set([1, 1, 2])].join(), [...new Map([[1, 'a'], [2, 'b']]).values()].join());
	const grow = [1, 2];
	out.push(Array.from(grow, (x) => { if (grow.length < 4) grow.push(x + 10); return x; }).join());
	const iterProto = Object.getPrototypeOf([][Symbol.iterator]());
	iterProto.return = function () { out.push('closed'); return {}; };
	try { new Map([1]); } catch (e) { out.push(e.constructor.name); }
	try { new Set(new Proxy([1], { get(t, k) { if (k === '0') throw new Error('get'); return t[k]; } })); } catch (e) { out.push(e.message); }
	delete iterProto.return;
	try { new Map([[1, 2], 3]); } catch (e) { out.push(e.constructor.name); }
	out.join(',')
	`
	const want = `1,undefined,3,2,4,1,2,a,b,1,2,11,12,closed,TypeError,get,TypeError`
	v, err := New().RunString(script)
	if err != nil {
		t.Fatal(err)
	}
	if got := v.String(); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
