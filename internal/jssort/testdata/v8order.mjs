// Prints, for each case of jssort_test.go, the order V8's
// Array.prototype.sort gives the items (their ids), as Go source for the
// test's v8Orders table. Run: node testdata/v8order.mjs
// The items and comparators must stay in step with jssort_test.go.

// Park-Miller generator: exact in doubles (48271 * 2^31 < 2^53).
function generator(seed) {
  return () => (seed = (seed * 48271) % 2147483647);
}

function items(n, seed, key) {
  const rnd = generator(seed);
  const out = [];
  for (let i = 0; i < n; i++) out.push({ id: i, key: key(i, rnd()) });
  return out;
}

const cases = {
  // consistent, many equal keys: stability and galloping
  stable: [items(1000, 1, (i, r) => r % 50), (a, b) => a.key - b.key],
  // never 0, like the reference's sortByName
  neverZero: [items(500, 2, (i, r) => r % 40), (a, b) => (b.key > a.key ? -1 : 1)],
  // not transitive: the result depends on which pairs are compared
  inconsistent: [items(300, 3, (i, r) => r % 1000), (a, b) => ((a.key * 7 + b.key * 13) % 5) - 2],
  // consistent but for one pair in eleven, over partly sorted keys: the
  // inconsistencies fall inside merges and gallops
  mostlyConsistent: [
    items(900, 5, (i, r) => (i % 300 < 200 ? i : r % 900)),
    (a, b) => ((a.key + b.key) % 11 === 0 ? 1 : a.key - b.key),
  ],
  // long ascending and descending runs, then noise: run detection,
  // reversal and merges that gallop
  runs: [
    items(1200, 4, (i, r) => (i < 400 ? i : i < 800 ? 1200 - i : r % 900)),
    (a, b) => (b.key > a.key ? -1 : 1),
  ],
};

console.log('var v8Orders = map[string]string{');
for (const [name, [arr, cmp]] of Object.entries(cases)) {
  const ids = arr.slice().sort(cmp).map((x) => x.id);
  const lines = [];
  for (let i = 0; i < ids.length; i += 30) lines.push(ids.slice(i, i + 30).join(' '));
  console.log(`\t"${name}": \`${lines.join('\n')}\`,`);
}
console.log('}');
