// Generates localecompare_node.json: node's (ICU's) answers to
// String.prototype.localeCompare with locales and options, which
// TestLocaleCompareMatchesNode checks the engine against.
// Run: node localecompare_gen.js > localecompare_node.json
'use strict';
const words = [
  'spacing-10', 'spacing-2', 'spacing-1', 'spacing-1a', 'spacing-01', 'item 20', 'item 3',
  'a', 'A', 'b', 'B', 'á', 'Á', 'à', 'ä', 'Ä', 'ae', 'æ', 'z', 'Z', 'ö', 'o', 'O', 'oe',
  'résumé', 'resume', 'Resume', 'RESUME', 'résume',
  'co-op', 'coop', 'co op', 'Co-op', 'c.o.o.p', 'color-primary', 'colorPrimary', 'color_primary',
  'x10', 'x9', 'x010', 'x1.5', 'x1.25', '10', '9', '', '-', '_', ' ',
  'ß', 'ss', 'SS', 'ﬁ', 'fi', 'Å', 'å', 'aa', 'ch', 'cz', 'h', 'ñ', 'n', 'ł', 'l', 'y', 'ü', 'u',
];
const combos = [
  [undefined, undefined],
  ['en', undefined],
  ['en', { numeric: true }],
  ['en', { numeric: false }],
  ['en-u-kn-true', undefined],
  ['en-u-kn-true', { numeric: false }],
  ['en', { sensitivity: 'base' }],
  ['en', { sensitivity: 'accent' }],
  ['en', { sensitivity: 'case' }],
  ['en', { sensitivity: 'variant' }],
  ['en', { ignorePunctuation: true }],
  ['en', { caseFirst: 'upper' }],
  ['en', { caseFirst: 'lower' }],
  ['en', { caseFirst: 'false' }],
  ['en', { numeric: true, sensitivity: 'base' }],
  ['en', { numeric: true, caseFirst: 'upper' }],
  ['de', undefined],
  ['sv', undefined],
  ['da', undefined],
  ['es', undefined],
  ['pl', undefined],
  ['fr', undefined],
  [['en-US', 'de'], { numeric: true }],
  [[], { numeric: true }],
];
const cases = combos.map(([locales, options]) => {
  const sorted = words.slice().sort((a, b) => a.localeCompare(b, locales, options));
  const pairs = [];
  for (let i = 0; i < words.length; i++) {
    for (let j = i + 1; j < words.length; j++) {
      pairs.push(Math.sign(words[i].localeCompare(words[j], locales, options)));
    }
  }
  return { locales: locales === undefined ? null : locales, options: options === undefined ? null : options, sorted, pairs: pairs.join('').replace(/-1/g, '<').replace(/0/g, '=').replace(/1/g, '>') };
});
const errors = [
  ['en', { sensitivity: 'foo' }],
  ['en', { caseFirst: 'up' }],
  ['not a locale!', undefined],
  ['en', { numeric: 'yes' }],
].map(([locales, options]) => {
  try { return { locales, options, result: String('a'.localeCompare('b', locales, options)) }; }
  catch (e) { return { locales, options, result: e.constructor.name + ': ' + e.message }; }
});
console.log(JSON.stringify({ node: process.version, words, cases, errors }, null, 1));
