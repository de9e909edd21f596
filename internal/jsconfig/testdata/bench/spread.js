// Object spread over token objects, as formats and transforms copy tokens.
function setup() {
  const tokens = [];
  for (let i = 0; i < 20000; i++) {
    tokens.push({
      name: 'size-' + i, $value: i + 'px', $type: 'dimension', path: ['size', String(i)],
      attributes: { category: 'size', type: 'base' }, filePath: 'tokens/size.json', isSource: true,
    });
  }
  return tokens;
}

function run(tokens) {
  let total = 0;
  for (let pass = 0; pass < 5; pass++) {
    const copies = tokens.map((token) => ({ ...token, name: token.name + '-copy', attributes: { ...token.attributes, pass } }));
    total += copies.length;
  }
  return total;
}
