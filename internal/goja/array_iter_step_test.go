package goja

import "testing"

// TestForOfOverArrays checks for-of and the other iterator steps over arrays,
// which skip the { value, done } objects while the built-in next is in place
// (iteratorRecord.arrayIter), and which go through a replaced next as before;
// the expected output is node's for the same script.
func TestForOfOverArrays(t *testing.T) {
	const script = `
	const out = [];
	const grow = [1, 2, 3];
	for (const x of grow) { if (grow.length < 5) grow.push(x * 10); out.push(x); }
	const shrink = [1, 2, 3, 4];
	for (const x of shrink) { shrink.length = 2; out.push(x); }
	for (const [i, x] of ['a', 'b'].entries()) out.push(i + x);
	for (const k of ['a', , 'c'].keys()) out.push(k);
	for (const x of [, 'hole']) out.push(String(x));
	for (const x of new Uint8Array([7, 8])) out.push(x);
	for (const x of [1, 2, 3]) { if (x === 2) break; out.push('b' + x); }
	const [first, , third, ...others] = [1, 2, 3, 4, 5];
	out.push(first, third, others.join('+'));
	out.push(Array.from([4, 5].values()).join(), [...'xy', ...[6]].join());
	const iterProto = Object.getPrototypeOf([][Symbol.iterator]());
	const builtinNext = iterProto.next;
	iterProto.next = function () { const r = builtinNext.call(this); if (!r.done) r.value = 'n' + r.value; return r; };
	for (const x of [1, 2]) out.push(x);
	iterProto.next = builtinNext;
	const own = [1, 2][Symbol.iterator]();
	own.next = () => ({ done: true });
	for (const x of { [Symbol.iterator]: () => own }) out.push('never' + x);
	const saved = Array.prototype[Symbol.iterator];
	Array.prototype[Symbol.iterator] = function* () { yield 'custom'; };
	for (const x of [1]) out.push(x);
	Array.prototype[Symbol.iterator] = saved;
	for (const x of [9]) out.push(x);
	try { for (const x of [1, 2]) { throw new Error('thrown at ' + x); } } catch (e) { out.push(e.message); }
	out.join(',')
	`
	const want = `1,2,3,10,20,1,2,0a,1b,0,1,2,undefined,hole,7,8,b1,1,3,4+5,4,5,x,y,6,n1,n2,custom,9,thrown at 1`
	v, err := New().RunString(script)
	if err != nil {
		t.Fatal(err)
	}
	if got := v.String(); got != want {
		t.Errorf("got\n%s\nwant (node's)\n%s", got, want)
	}
}

// TestForOfPlainSteps checks the steps that take an array's element without a
// recovery frame (arrayIterObject.stepPlain) against the ones that need one:
// accessors on the array and on Array.prototype (one that throws), holes,
// frozen arrays, and template literals over strings, which keep the string
// as it is. The expected output is node's for the same script.
func TestForOfPlainSteps(t *testing.T) {
	const script = `
	const out = [];
	const acc = [1, 2, 3];
	Object.defineProperty(acc, 1, { get() { return 'got'; } });
	for (const x of acc) out.push(x);
	Array.prototype[5] = 'proto';
	const holey = [0]; holey.length = 7;
	for (const x of holey) out.push(String(x));
	delete Array.prototype[5];
	Object.defineProperty(Array.prototype, 1, { get() { throw new Error('getter at 1'); }, configurable: true });
	try { for (const x of [7, , 9]) out.push(x); } catch (e) { out.push(e.message); }
	delete Array.prototype[1];
	const frozen = Object.freeze(['f', 'g']);
	for (const x of frozen) out.push(x);
	const big = []; for (let i = 0; i < 300; i++) big.push(i);
	let sum = 0; for (const x of big) sum += x; out.push(sum);
	out.push([...acc].join('/'), Array.from(holey, String).length);
	out.push(` + "`${'a'}${1}${null}${{ toString() { return 'obj'; } }}${Symbol.iterator.description}`" + `);
	out.join(',')
	`
	const want = `1,got,3,0,undefined,undefined,undefined,undefined,proto,undefined,7,getter at 1,f,g,44850,1/got/3,7,a1nullobjSymbol.iterator`
	v, err := New().RunString(script)
	if err != nil {
		t.Fatal(err)
	}
	if got := v.String(); got != want {
		t.Errorf("got\n%s\nwant (node's)\n%s", got, want)
	}
}
