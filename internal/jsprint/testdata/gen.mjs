// Generates prettier_cases.json: random values printed the way the
// reference's JS formats build their source, formatted by prettier 3.
// Run: node testdata/gen.mjs > testdata/prettier_cases.json
import * as prettier from '/root/.cache/tokengen-conformance/node_modules/prettier/standalone.mjs';
import * as babel from '/root/.cache/tokengen-conformance/node_modules/prettier/plugins/babel.mjs';
import * as estree from '/root/.cache/tokengen-conformance/node_modules/prettier/plugins/estree.mjs';
import * as ts from '/root/.cache/tokengen-conformance/node_modules/prettier/plugins/typescript.mjs';

let seed = 42;
const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const pick = (a) => a[Math.floor(rnd() * a.length)];
const keys = ['a', 'color', 'blue-500', '1', '01', '1.5', '10', '$value', 'ünï', '', "it's", 'say "hi"', 'font size', 'x1', '_y', 'averyveryveryverylongpropertynamethatgoesonandon', 'default', '2e3', 'über-long-key-with-dashes-and-more-dashes-to-exceed'];
const strings = ['#fff', "it's", 'say "hi"', `both ' and "`, 'tab\there', 'new\nline', 'back\\slash', 'ünïcødé ✓ 漢字', 'emoji 🎨', '\u2028sep', 'ctrl\u0001', '', 'a long string value that is quite long indeed and keeps going on and on to pass eighty columns', 'rgba(0, 0, 0, 0.5)', '{color.base.red}', "two '' singles \"", 'x'.repeat(70)];
const numbers = [0, 1, -1, 1.5, -0.25, 1e21, 1.5e-7, 123456789, 0.1, 100, 1e-7, 2.5e+30, -1e21];
function value(depth) {
  const r = rnd();
  if (depth > 3 || r < 0.35) return pick(strings);
  if (r < 0.5) return pick(numbers);
  if (r < 0.55) return pick([true, false, null]);
  if (r < 0.75) {
    const n = Math.floor(rnd() * 6);
    const kind = rnd();
    return Array.from({ length: n + (kind < 0.3 ? 10 : 0) }, () => kind < 0.3 ? pick(numbers) : kind < 0.5 ? pick(strings) : value(depth + 1));
  }
  const o = {};
  const n = Math.floor(rnd() * 5);
  for (let i = 0; i < n; i++) o[pick(keys)] = value(depth + 1);
  return o;
}
const plugins = [babel, estree, ts];
const cases = [];
for (let i = 0; i < 300; i++) {
  const v = value(0);
  const name = pick(['X', 'ColorBaseRed', 'SomeVeryLongTokenNameThatIsLongerThanMostOthersInTheFile']);
  cases.push({ kind: 'module', value: v, expected: await prettier.format(`module.exports = ${JSON.stringify(v, null, 2)};\n`, { parser: 'babel', plugins }) });
  cases.push({ kind: 'es6', name, value: v, expected: await prettier.format(`export const ${name} = ${JSON.stringify(v)};\n`, { parser: 'babel', plugins }) });
}
process.stdout.write(JSON.stringify(cases, null, 1));
