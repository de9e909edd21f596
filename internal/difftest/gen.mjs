// Random but realistic differential cases for tokengen against the reference.
//   node gen.mjs OUTDIR SEED
// writes OUTDIR/config.json and OUTDIR/tokens/*.json. The same seed always
// gives the same case.
//
// Values avoid what docs/deviations.md lists as deliberate differences
// (quotes, backslashes, &, <, $ in strings, */ and -- in comments,
// ios/plist, scss/map-flat with comma values, expand {}), so that every
// difference found is worth a look.
import fs from 'node:fs';
import path from 'node:path';
import { random } from './random.mjs';

const [outDir, seedArg] = process.argv.slice(2);
if (!outDir) {
  console.error('usage: node gen.mjs OUTDIR SEED');
  process.exit(2);
}

const { rand, int, pick, chance } = random(Number(seedArg ?? 1));
const some = (a, max) => {
  const n = 1 + int(Math.min(max, a.length));
  const copy = [...a];
  const out = [];
  for (let i = 0; i < n; i++) out.push(copy.splice(int(copy.length), 1)[0]);
  return out;
};

const dtcg = chance(0.5);
const V = dtcg ? '$value' : 'value';
const T = dtcg ? '$type' : 'type';
const D = dtcg ? '$description' : pick(['comment', 'description', 'comment']);

// ---- values -------------------------------------------------------------

const hex2 = () => int(256).toString(16).padStart(2, '0');
function colorValue() {
  switch (int(14)) {
    case 0: return `#${hex2()}${hex2()}${hex2()}`;
    case 1: return `#${int(16).toString(16)}${int(16).toString(16)}${int(16).toString(16)}`;
    case 2: return `#${hex2()}${hex2()}${hex2()}${pick(['80', 'ff', '00', '1a'])}`;
    case 3: return `rgb(${int(256)}, ${int(256)}, ${int(256)})`;
    case 4: return `rgba(${int(256)}, ${int(256)}, ${int(256)}, ${pick([0, 0.5, 0.25, 1, 0.8])})`;
    case 5: return `hsl(${int(360)}, ${int(101)}%, ${int(101)}%)`;
    case 6: return pick(['red', 'transparent', 'white', 'black', 'rebeccapurple', 'cornflowerblue']);
    case 7: return { colorSpace: 'srgb', components: [rand3(), rand3(), rand3()], ...(chance(0.5) ? { alpha: pick([0.5, 1, 0.25]) } : {}) };
    case 8: return { colorSpace: pick(['display-p3', 'oklch', 'hsl', 'srgb-linear']), components: pick([[0.5, 0.2, 120], [0.1, 0.2, 0.3], [0.7, 0.1, 'none']]), alpha: pick([1, 0.6]) };
    case 9: return { colorSpace: 'srgb', components: [rand3(), rand3(), rand3()], hex: `#${hex2()}${hex2()}${hex2()}` };
    case 10: return `#${hex2().toUpperCase()}${hex2()}${hex2().toUpperCase()}`;
    case 11: return `hsla(${int(360)}, ${int(101)}%, ${int(101)}%, 0.${1 + int(9)})`;
    default: return `#${hex2()}${hex2()}${hex2()}`;
  }
}
function rand3() { return Math.round(rand() * 1000) / 1000; }

function dimensionValue() {
  switch (int(10)) {
    case 0: return `${pick([0, 1, 2, 4, 8, 12, 16, 24, 32, 48])}px`;
    case 1: return `${pick([0.25, 0.5, 0.75, 1, 1.5, 2, 3])}rem`;
    case 2: return pick([0, 4, 8, 16, 1.5]);
    case 3: return `${pick([1, 2, 0.5])}em`;
    case 4: return dtcg ? { value: pick([4, 8, 0.5, 16]), unit: pick(['px', 'rem']) } : '4px';
    case 5: return `-${pick([1, 2, 4])}px`;
    case 6: return pick(['0', '16', '1.25']);
    case 7: return `${pick([50, 100])}%`;
    default: return `${pick([1, 2, 4, 8])}px`;
  }
}
const fontSizeValue = () => pick(['1rem', '16px', '0.875rem', 14, '2rem', '12px', dtcg ? { value: 1.5, unit: 'rem' } : '1.5rem', '1.125']);
const durationValue = () => pick(['200ms', '0.5s', 300, '150ms', dtcg ? { value: 100, unit: 'ms' } : '100ms', '1s', dtcg ? { value: 0.25, unit: 's' } : '0.25s']);
const contentValue = () => (chance(0.15) ? longText() : pick(['Hello world', 'Sign in', 'Continue', 'Café au lait', 'Total: 5', 'two words', '', 'e001', '100%', 'A-B_C', '漢字', '🎨 palette']));
const assetValue = () => pick(['assets/icon.svg', 'images/logo.png', 'fonts/inter.woff2', 'data:image/png;base64,iVBORw0KGgo=']);
const fontFamilyValue = () => pick(['Inter', ['Inter', 'Helvetica Neue', 'sans-serif'], 'Roboto Mono', ['Georgia', 'serif'], 'system-ui, sans-serif',
  ['-apple-system', 'BlinkMacSystemFont', 'Segoe UI', 'Roboto', 'Oxygen-Sans', 'Ubuntu', 'Cantarell', 'Helvetica Neue', 'sans-serif'],
  'ui-monospace, SFMono-Regular, Menlo, Monaco, Consolas, Liberation Mono, Courier New, monospace']);
const fontWeightValue = () => pick([400, 700, 'bold', 300, '600', 'normal']);
const cubicValue = () => pick([[0.4, 0, 0.2, 1], [0.5, 0, 1, 1], [0, 0, 1, 1]]);
// NEG_ZERO is written as the literal -0 (JSON.stringify would write 0)
const numberValue = () => pick([0, 1, 1.5, 400, 0.25, -2, 100, 1e21, 0.1 + 0.2, 'NEG_ZERO', 1e-7, 123456789012, -1.5e-10, 2 ** 53 + 2, 5e-324, 1.7976931348623157e308]);
const longText = () => pick([
  'This is a rather long piece of content that will certainly need more than eighty columns to print',
  'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore',
  'x'.repeat(75),
  'Ünïcødé and 漢字 text that is long enough to wrap in prettier when printed as a string value, yes',
]);
const strokeStyleValue = () => pick(['solid', 'dashed', 'dotted', { dashArray: ['0.5rem', '0.25rem'], lineCap: 'round' }]);

function shadowLayer(ref) {
  const s = { color: ref('color') ?? colorValue(), offsetX: dimensionValue(), offsetY: dimensionValue(), blur: dimensionValue(), spread: dimensionValue() };
  if (chance(0.2)) s.inset = true;
  if (chance(0.15)) delete s.spread;
  return s;
}
const composites = {
  border: (ref) => ({ color: ref('color') ?? colorValue(), width: ref('dimension') ?? dimensionValue(), style: chance(0.8) ? pick(['solid', 'dashed']) : strokeStyleValue() }),
  shadow: (ref) => (chance(0.35) ? [shadowLayer(ref), shadowLayer(ref)] : shadowLayer(ref)),
  typography: (ref) => {
    const t = { fontFamily: ref('fontFamily') ?? fontFamilyValue(), fontSize: ref('fontSize') ?? ref('dimension') ?? fontSizeValue(), fontWeight: fontWeightValue(), lineHeight: pick([1.5, '1.2', 1, '24px']) };
    if (chance(0.5)) t.letterSpacing = pick(['0.1px', '0', '-0.02em']);
    if (chance(0.2)) delete t.fontWeight;
    return t;
  },
  transition: (ref) => ({ duration: ref('duration') ?? durationValue(), delay: pick(['0ms', '50ms', 0]), timingFunction: ref('cubicBezier') ?? cubicValue() }),
};

const simpleTypes = {
  color: colorValue,
  dimension: dimensionValue,
  fontSize: fontSizeValue,
  duration: durationValue,
  time: durationValue,
  content: contentValue,
  asset: assetValue,
  fontFamily: fontFamilyValue,
  fontWeight: fontWeightValue,
  cubicBezier: cubicValue,
  number: numberValue,
  strokeStyle: strokeStyleValue,
  boolean: () => chance(0.5),
  other: () => pick([['a', 'b'], 'auto', 42, true, 'none', null, [1, 2, 3], { nested: { deep: 1 } }, [], {}, longText(), [0.1 + 0.2, 1e21, -3]]),
};
// Legacy category names that the CTI transforms and filters look at.
const categoryFor = { color: 'color', dimension: 'size', fontSize: 'size', duration: 'time', time: 'time', content: 'content', asset: 'asset', fontFamily: 'font', fontWeight: 'font', cubicBezier: 'easing', number: 'number', strokeStyle: 'border', boolean: 'flag', other: 'misc', border: 'border', shadow: 'shadow', typography: 'typography', transition: 'transition' };

// ---- token tree ---------------------------------------------------------

const words = ['base', 'primary', 'secondary', 'accent', 'brand', 'ui', 'text', 'bg', 'surface', 'small', 'medium', 'large', 'xl', 'sm', 'md', 'lg', 'body', 'heading', 'red', 'blue', 'green', 'gray', 'neutral', 'danger', 'success', 'focus', 'card', 'button', 'icon', 'default', 'hover', 'active', 'dark', 'light', 'inset', 'fast', 'slow', 'label'];
const numericKeys = ['50', '100', '200', '500', '900', '0', '1', '2x', '10', '1_5', '3XL', 'aB', 'button-primary', 'snake_case'];
// unicode, digit-leading and mixed-case keys (casing and identifier rules)
const oddKeys = ['über', 'ça-va', '漢字', 'émoji🎨', '1st', '2xl', '007', '1e3', 'XMLHttp', 'iOS', 'a1b2', 'camelCase', 'with space', 'Ångström', 'x-1-2', 'ß'];
const key = () => (chance(0.06) ? pick(oddKeys) : chance(0.25) ? pick(numericKeys) : pick(words));

const tokens = []; // {path, type} in creation order, for references
function refTo(type, notPath) {
  const cands = tokens.filter((t) => t.type === type && t.path.join('.') !== notPath && !t.path.some((p) => p.includes('.')));
  if (!cands.length) return null;
  return `{${pick(cands).path.join('.')}}`;
}

function makeToken(type, p) {
  const self = p.join('.');
  const ref = (t) => (chance(0.3) ? refTo(t, self) : null);
  let value;
  if (composites[type]) {
    value = chance(0.2) ? refTo(type, self) ?? composites[type](ref) : composites[type](ref);
  } else if (chance(0.3) && refTo(type, self)) {
    value = refTo(type, self);
    if (chance(0.15) && (type === 'dimension' || type === 'color')) {
      value = type === 'dimension' ? `calc(${value} * 2)` : `1px solid ${value}`; // interpolated
    }
  } else {
    value = simpleTypes[type]();
  }
  const tok = { [V]: value };
  const typed = !(dtcg && groupTyped.has(p.slice(0, -1).join('.')));
  if (typed && (dtcg || chance(0.9))) tok[T] = type;
  if (chance(0.2)) tok[D] = pick(['Primary brand colour', 'Used for body text', 'Spacing step', 'Multi word: description', 'Çà et là']);
  if (chance(0.05)) tok.private = true;
  if (chance(0.08)) tok.themeable = chance(0.5);
  if (!dtcg && chance(0.05)) tok.attributes = { category: 'custom', note: 'x' };
  tokens.push({ path: p, type });
  return tok;
}

const groupTyped = new Set();
function buildTree() {
  const root = {};
  const types = some(Object.keys(simpleTypes).concat(Object.keys(composites), ['color', 'dimension', 'color']), 9);
  // simple types first so that composites have something to refer to
  types.sort((a, b) => (composites[a] ? 1 : 0) - (composites[b] ? 1 : 0));
  for (const type of types) {
    const top = chance(0.7) ? categoryFor[type] : pick([type, categoryFor[type], key()]);
    root[top] ??= {};
    const group = root[top];
    const nGroups = 1 + int(3);
    for (let g = 0; g < nGroups; g++) {
      const gk = key();
      const p = [top, gk];
      if (group[gk] && (V in group[gk])) continue;
      group[gk] ??= {};
      const sub = group[gk];
      if (dtcg && chance(0.3) && !sub.$type) {
        sub.$type = type;
        groupTyped.add(p.join('.'));
      }
      if (chance(0.1)) sub[dtcg ? '$description' : 'comment'] = 'group note';
      const n = 1 + int(4);
      for (let i = 0; i < n; i++) {
        let k = key();
        if (chance(0.03)) k = '1.5'; // dotted key
        if (k in sub || (groupTyped.has(p.join('.')) && sub.$type !== type)) continue;
        // a token whose dotted name starts with a sibling token's name ("1"
        // and "1.5") nests inside that token in the reference: known, skip
        const head = k.split('.')[0];
        if (Object.keys(sub).some((x) => x !== k && (x === head || x.split('.')[0] === k))) continue;
        sub[k] = makeToken(type, [...p, k]);
      }
    }
    // a chained reference: token -> token -> value
    if (chance(0.3) && !composites[type]) {
      const r = refTo(type, '');
      if (r) {
        const k = `alias${int(100)}`;
        group[k] = { [V]: r, [T]: type };
        tokens.push({ path: [top, k], type });
        const k2 = `alias${int(100)}b`;
        group[k2] = { [V]: `{${top}.${k}}`, [T]: type };
        tokens.push({ path: [top, k2], type });
      }
    }
  }
  return root;
}

// An override file redefines a few existing tokens and adds new ones.
function overrideTree(base) {
  const out = {};
  const leaves = tokens.filter((t) => !t.path.some((p) => p.includes('.')));
  for (const t of some(leaves, 4)) {
    let node = out;
    for (const seg of t.path.slice(0, -1)) node = node[seg] ??= {};
    const gen = composites[t.type] ?? simpleTypes[t.type];
    node[t.path[t.path.length - 1]] = { [V]: gen(() => null), [T]: t.type };
  }
  if (chance(0.5)) out.extra = { [pick(words)]: { [V]: colorValue(), [T]: 'color' } };
  return out;
}

const tree = buildTree();
if (chance(0.15)) {
  // icon tokens (type icon) for scss/icons and less/icons
  tree.content ??= {};
  tree.content.icon = {};
  for (const k of some(['home', 'search', 'close', 'menu'], 3)) tree.content.icon[k] = { [V]: pick(['e002', 'f101', 'x']), [T]: 'icon' };
}
if (chance(0.1)) {
  // font faces for css/fonts.css (asset.font.*)
  tree.asset ??= {};
  tree.asset.font = {};
  // one face: several are joined differently (see deviations)
  for (const fam of some(['inter', 'roboto'], 1)) {
    const face = { name: { [V]: pick(['Inter', 'Roboto Mono']), [T]: 'fontFamily' } };
    for (const ext of some(['eot', 'otf', 'ttf', 'svg', 'woff', 'woff2'], 4)) face[ext] = { [V]: `fonts/${fam}.${ext}`, [T]: 'asset' };
    if (chance(0.5)) face.style = { [V]: 'italic', [T]: 'other' };
    if (chance(0.5)) face.weight = { [V]: 700, [T]: 'fontWeight' };
    tree.asset.font[fam] = face;
  }
}
const files = { 'tokens/base.json': tree };
if (chance(0.5)) files['tokens/override.json'] = overrideTree(tree);
let include;
if (chance(0.2)) {
  const core = {};
  core.core = { [pick(words)]: { [V]: colorValue(), [T]: 'color' }, space: { [V]: dimensionValue(), [T]: 'dimension' } };
  files['core/core.json'] = core;
  include = ['core/**/*.json'];
  // include files that collide with the source tokens: source wins
  if (chance(0.5)) {
    const leaves = tokens.filter((t) => !t.path.some((p) => p.includes('.')));
    for (const t of some(leaves, 3)) {
      let node = core;
      for (const seg of t.path.slice(0, -1)) node = node[seg] ??= {};
      const gen = composites[t.type] ?? simpleTypes[t.type];
      node[t.path[t.path.length - 1]] = { [V]: gen(() => null), [T]: t.type };
    }
  }
}
// inline tokens in the config, possibly colliding with files
let inlineTokens;
if (chance(0.1)) {
  inlineTokens = { inline: { [pick(words)]: { [V]: colorValue(), [T]: 'color' }, gap: { [V]: dimensionValue(), [T]: 'dimension' } } };
  const first = Object.keys(tree)[0];
  if (chance(0.5) && first) inlineTokens[first] = { extra: { [V]: colorValue(), [T]: 'color' } };
}

// ---- config -------------------------------------------------------------

const formatsByGroup = {
  css: ['css/variables', 'css/fonts.css', 'scss/icons', 'less/icons'],
  scss: ['scss/variables', 'scss/map-deep', 'css/variables', 'scss/map-flat', 'scss/icons'],
  less: ['less/variables', 'less/icons'],
  web: ['css/variables', 'json', 'json/nested', 'json/flat', 'stylus/variables', 'scss/variables'],
  js: ['javascript/es6', 'javascript/module', 'javascript/module-flat', 'javascript/object', 'javascript/umd', 'javascript/esm', 'typescript/es6-declarations', 'typescript/module-declarations', 'json', 'json/flat'],
  html: ['json', 'javascript/module-flat', 'css/variables'],
  android: ['android/resources', 'android/colors', 'android/dimens', 'android/fontDimens', 'android/integers', 'android/strings'],
  compose: ['compose/object'],
  ios: ['ios/macros', 'ios/colors.h', 'ios/colors.m', 'ios/singleton.h', 'ios/singleton.m', 'ios/static.h', 'ios/static.m', 'ios/strings.h', 'ios/strings.m'],
  'ios-swift': ['ios-swift/class.swift', 'ios-swift/enum.swift', 'ios-swift/any.swift'],
  'ios-swift-separate': ['ios-swift/enum.swift', 'ios-swift/class.swift'],
  assets: ['json', 'json/asset', 'json/flat', 'css/fonts.css', 'sketchPalette', 'sketch/palette/v2'],
  flutter: ['flutter/class.dart'],
  'flutter-separate': ['flutter/class.dart'],
  'react-native': ['javascript/es6', 'javascript/module', 'json/nested'],
};
const groups = Object.keys(formatsByGroup);
const typeFilter = (t) => (chance(0.7) ? { [T]: t } : { attributes: { category: categoryFor[t] } });

function fileOptions(format) {
  const o = {};
  const cssLike = /^(css|scss|less|stylus)\/variables$/.test(format);
  if ((cssLike || /^(javascript\/es6|android\/resources|compose|ios-swift|flutter|scss\/map|typescript\/es6)/.test(format)) && chance(0.4)) o.outputReferences = true;
  if (cssLike && o.outputReferences && chance(0.4)) o.outputReferenceFallbacks = true;
  if (cssLike && chance(0.3)) o.sort = pick(['name', ['name'], 'name']);
  if (format === 'css/variables' && chance(0.3)) o.selector = pick([':root', '.theme-dark', ['.app', '[data-theme="light"]'], ['@media (prefers-color-scheme: dark)', ':root'], [], ['@layer tokens', '@media (min-width: 600px)', '.a, .b'], ['html']]);
  if (chance(0.15)) o.showFileHeader = false;
  if (chance(0.15)) o.formatting = pick([{ indentation: '    ' }, { indentation: '\t' }, { commentStyle: 'short' }, { commentStyle: 'long' }, { commentStyle: 'none' }, { separator: ' =' }, { commentPosition: 'above' }, { suffix: '' }, { prefix: '' }]);
  else if (chance(0.15)) {
    // a mix of overrides
    const f = {};
    if (chance(0.6)) f.indentation = pick(['', ' ', '    ', '\t', '\t\t']);
    if (chance(0.6)) f.commentStyle = pick(['short', 'long', 'none']);
    if (chance(0.6)) f.commentPosition = pick(['above', 'inline']);
    if (chance(0.2)) f.fileHeaderTimestamp = chance(0.5);
    if (chance(0.2)) f.header = pick(['', '/* custom */']);
    o.formatting = f;
  }
  if (format === 'javascript/esm') Object.assign(o, pick([{}, { minify: true }, { flat: true }, { stripMeta: true }, { stripMeta: { keep: [V, T] } }]));
  if (format === 'json' && chance(0.4)) o.stripMeta = pick([true, { keep: [V, T, D] }, { strip: ['attributes', 'filePath', 'isSource'] }]);
  if (format === 'typescript/es6-declarations' && chance(0.5)) o.outputStringLiterals = true;
  if (format === 'typescript/module-declarations' && chance(0.5)) o.moduleName = 'designTokens';
  if (/^javascript\/(object|umd)/.test(format) && chance(0.5)) o.name = pick(['tokens', 'DesignTokens']);
  if (format === 'android/resources' && chance(0.3)) o.resourceType = pick(['color', 'dimen', 'string']);
  if (format === 'android/resources' && chance(0.2)) o.resourceMap = { color: 'color', dimension: 'dimen' };
  if (/^ios\/|^ios-swift|^flutter|^compose/.test(format) && chance(0.7)) o.className = pick(['StyleDictionary', 'Tokens', 'DSColors']);
  if (format === 'compose/object') {
    o.packageName = 'com.example.tokens';
    if (chance(0.3)) o.accessControl = pick(['internal', 'public', '']);
    if (chance(0.3)) o.import = pick([['androidx.compose.ui.graphics.Color'], 'androidx.compose.ui.unit.*', [], ['a.b', 'c.d.E']]);
    if (chance(0.3)) o.objectType = pick(['object', 'class', 'data object']);
  }
  if (/^ios\/(colors|static)/.test(format) && chance(0.5)) o.type = pick(['UIColor', 'CGFloat', 'NSString', 'StyleDictionaryColorName']);
  if (/^ios-swift/.test(format) && chance(0.3)) o.accessControl = pick(['public', 'internal', '']);
  if (/^ios-swift/.test(format) && chance(0.3)) o.import = pick([['UIKit', 'SwiftUI'], 'SwiftUI']);
  if (format === 'ios-swift/any.swift' && chance(0.5)) o.objectType = pick(['class', 'enum', 'struct', 'extension']);
  if (format === 'scss/map-deep' && chance(0.4)) o.mapName = pick(['ds-tokens', 'tokens', 'ümap']);
  if (format === 'scss/map-deep' && chance(0.3)) o.themeable = chance(0.7);
  if (/^typescript\//.test(format) && chance(0.2)) o.outputReferences = true;
  if (format === 'javascript/esm' && chance(0.3)) o.stripMeta = pick([{ strip: ['filePath', 'isSource', 'attributes', 'path'] }, { keep: [V] }, { keep: [] }]);
  if (chance(0.05)) o.emitEmptyFiles = true;
  if (format === 'scss/variables' && chance(0.3)) o.themeable = true;
  return o;
}

function fileFor(group, i) {
  const format = pick(formatsByGroup[group]);
  const f = { destination: `${format.replace(/[/.]/g, '-')}-${i}.${ext(format)}`, format };
  if (chance(0.3)) {
    const types = [...new Set(tokens.map((t) => t.type))];
    f.filter = pick([typeFilter(pick(types)), { isSource: true }, typeFilter(pick(types)), { [T]: 'nothing' }, { private: true }]);
  }
  if (chance(0.05)) f.emitEmptyFiles = chance(0.7);
  if (/^android\/colors|^ios\/colors|sketch/.test(format)) f.filter = { [T]: 'color' };
  if (format === 'android/dimens') f.filter = { [T]: 'dimension' };
  if (format === 'android/fontDimens') f.filter = { [T]: 'fontSize' };
  if (format === 'android/integers') f.filter = { [T]: 'number' };
  if (/strings/.test(format)) f.filter = { [T]: 'content' };
  if (format === 'json/asset') f.filter = { [T]: 'asset' };
  if (/^sketch/.test(format)) f.filter = { [T]: 'color' };
  // map-flat: only values without commas outside brackets (see deviations)
  if (format === 'scss/map-flat') f.filter = { [T]: pick(['color', 'number']) };
  const o = fileOptions(format);
  if (Object.keys(o).length) f.options = o;
  return f;
}
function ext(format) {
  if (/^sketch/.test(format)) return 'sketchpalette';
  if (/^css|^stylus/.test(format)) return format.startsWith('css') ? 'css' : 'styl';
  if (/^scss/.test(format)) return 'scss';
  if (/^less/.test(format)) return 'less';
  if (/^typescript/.test(format)) return 'd.ts';
  if (/^javascript/.test(format)) return 'js';
  if (/^json/.test(format)) return 'json';
  if (/^android/.test(format)) return 'xml';
  if (/swift/.test(format)) return 'swift';
  if (/dart/.test(format)) return 'dart';
  if (/compose/.test(format)) return 'kt';
  if (/\.h$|macros/.test(format)) return 'h';
  return 'm';
}

function expandOption() {
  return pick([
    true,
    { include: some(['border', 'shadow', 'typography', 'transition'], 2) },
    { exclude: some(['border', 'shadow', 'typography', 'transition'], 2) },
    { typesMap: { fontWeight: 'number', border: { width: 'dimension' } } },
    { typesMap: { shadow: { offsetX: 'dimension', offsetY: 'dimension' } }, include: ['shadow'] },
  ]);
}

const config = { source: ['tokens/**/*.json'], platforms: {} };
if (include) config.include = include;
if (inlineTokens) config.tokens = inlineTokens;
if (chance(0.15)) config.log = pick([{ verbosity: 'silent' }, { verbosity: 'verbose' }, { warnings: 'disabled' }, { warnings: 'warn', verbosity: 'default' }]);
if (chance(0.15)) config.expand = expandOption();
const nPlatforms = 1 + int(3);
for (let i = 0; i < nPlatforms; i++) {
  const group = chance(0.4) ? pick(['css', 'scss', 'js', 'android', 'ios-swift']) : pick(groups);
  const p = { transformGroup: group, buildPath: `build/${group}-${i}/` };
  if (chance(0.2)) p.prefix = pick(['ds', 'my-app', 'Acme']);
  if (chance(0.15)) p.basePxFontSize = pick([10, 14, 20]);
  if (chance(0.15)) p.expand = chance(0.2) ? false : expandOption();
  if (chance(0.1)) p.transforms = pick([['name/constant'], ['size/px'], ['color/rgb'], ['name/camel', 'color/hsl'],
    ['attribute/cti', 'attribute/color', 'name/human'], ['time/seconds', 'name/kebab'], group === 'android' ? ['name/snake'] : ['content/quote', 'asset/url', 'name/snake'], // android escapes quotes (deviation)
    ['cubicBezier/css', 'fontFamily/css', 'name/camel'], ['attribute/cti', 'html/icon', 'name/kebab'], ['color/hex8', 'size/rem', 'name/pascal']]);
  if (chance(0.15)) {
    // platform-level options, which files inherit
    p.options = {};
    if (chance(0.5)) p.options.outputReferences = true;
    if (chance(0.3)) p.options.showFileHeader = false;
    if (chance(0.3)) p.options.formatting = { commentStyle: pick(['short', 'long', 'none']) };
    if (chance(0.3)) p.options.className = 'PlatformTokens';
  }
  if (chance(0.05)) p.emitEmptyFiles = true;
  p.files = [];
  const nFiles = 1 + int(3);
  for (let j = 0; j < nFiles; j++) p.files.push(fileFor(group, j));
  config.platforms[`${group}-${i}`] = p;
}

fs.mkdirSync(outDir, { recursive: true });
for (const [name, content] of Object.entries(files)) {
  fs.mkdirSync(path.dirname(path.join(outDir, name)), { recursive: true });
  fs.writeFileSync(path.join(outDir, name), JSON.stringify(content, null, 2).replaceAll('"NEG_ZERO"', '-0') + '\n');
}
fs.writeFileSync(path.join(outDir, 'config.json'), JSON.stringify(config, null, 2) + '\n');
