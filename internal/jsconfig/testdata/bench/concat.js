// String building the way custom formats write it: one `+=` per token line.
function setup() {
  const tokens = [];
  for (let i = 0; i < 40000; i++) {
    tokens.push({ name: 'color-brand-' + i, value: '#' + (i * 2654435761 % 16777216).toString(16).padStart(6, '0') });
  }
  return tokens;
}

function run(tokens) {
  let out = ':root {\n';
  for (const token of tokens) {
    out += `  --${token.name}: ${token.value};\n`;
  }
  out += '}\n';
  return out.length;
}
