// The same calls of style-dictionary/utils and /enums, run by node with the
// real style-dictionary 5.5.5 and by `tokengen run`: TestUtilsMatchReference
// compares what each writes (argv[2]). Inputs are objects this script
// builds and the dictionary a format receives.
import { writeFileSync } from 'node:fs';
import StyleDictionary from 'style-dictionary';
import * as utils from 'style-dictionary/utils';
import * as enums from 'style-dictionary/enums';
import {
  usesReferences,
  getReferences,
  resolveReferences,
  outputReferencesFilter,
  outputReferencesTransformed,
  flattenTokens,
  typeDtcgDelegate,
  convertToDTCG,
  stripMeta,
  convertTokenData,
  DTCGTypesMap,
  createPropertyFormatter,
  formattedVariables,
  getTypeScriptType,
  iconsWithPrefix,
  sortByReference,
  sortByName,
  minifyDictionary,
  setSwiftFileProperties,
  setComposeObjectProperties,
} from 'style-dictionary/utils';

const results = [];

function ser(v, seen = new Set()) {
  if (v === undefined) return '<undefined>';
  if (typeof v === 'function') return '<function>';
  if (typeof v === 'number' && !Number.isFinite(v)) return String(v);
  if (v === null || typeof v !== 'object') return v;
  if (seen.has(v)) return '<cycle>';
  seen.add(v);
  let out;
  if (v instanceof Map) {
    out = { '<Map>': [...v].map(([k, x]) => [ser(k, seen), ser(x, seen)]) };
  } else if (Array.isArray(v)) {
    out = v.map((x) => ser(x, seen));
  } else {
    out = {};
    if (Object.getPrototypeOf(v) === null) out['<null prototype>'] = true;
    for (const k of Object.keys(v)) out[k] = ser(v[k], seen);
  }
  seen.delete(v);
  return out;
}

// t records fn's result, or the message of the Error it throws (the
// reference's own messages must match).
function t(name, fn) {
  try {
    results.push([name, ser(fn())]);
  } catch (e) {
    results.push([name, 'throws ' + e.name + ': ' + e.message]);
  }
}

// tt records fn's result, or only that it throws and which kind of error
// (messages of the engine's own TypeErrors differ between engines).
function tt(name, fn) {
  try {
    results.push([name, ser(fn())]);
  } catch (e) {
    results.push([name, 'throws ' + e.name]);
  }
}

// ---- exports ----
t('utils exports', () => Object.keys(utils).sort());
t('enums exports', () => Object.keys(enums).sort());
t('enums', () => ({ ...enums }));
t('DTCGTypesMap', () => DTCGTypesMap);

// ---- trees the script builds ----
const legacy = () => ({
  color: {
    base: {
      red: { value: '#f00', type: 'color', comment: 'red' },
      blue: { value: '#00f', type: 'color' },
      zero: { value: 0, type: 'number' },
    },
    brand: { value: '{color.base.red}', type: 'color', description: 'brand' },
    text: { value: '{color.brand.value}', type: 'color' },
    border: { value: '1px solid {color.base.blue}', type: 'border' },
    multi: { value: '{color.base.red} and {color.base.blue}', type: 'other' },
    spaced: { value: '{ color.base.red }', type: 'color' },
    obj: { value: { width: '{size.s}', color: '{color.base.red}', style: 'solid' }, type: 'border' },
    arr: { value: ['{color.base.red}', '{color.base.blue}'], type: 'other' },
  },
  size: {
    s: { value: 4, type: 'dimension' },
    m: { value: '{size.s}', type: 'dimension' },
    l: { value: '{size.m}', type: 'dimension' },
    calc: { value: '{size.s} * 2', type: 'dimension' },
    dollar: { value: 'x{size.dollarSrc}y $1 $$', type: 'other' },
    // $& would insert the reference again: the reference loops forever.
    dollarSrc: { value: "a$'b$`c$$d$1e", type: 'other' },
  },
  loop: {
    a: { value: '{loop.b}' },
    b: { value: '{loop.c}' },
    c: { value: '{loop.a}' },
  },
  bool: { value: true },
  nothing: { value: null },
});

const dtcg = () => ({
  color: {
    $type: 'color',
    red: { $value: '#f00', $description: 'red' },
    alias: { $value: '{color.red}' },
    deep: {
      $type: 'special',
      x: { $value: '{color.alias}' },
      y: { $value: '#000', $type: 'own' },
    },
  },
  dim: {
    $type: 'dimension',
    s: { $value: { value: 4, unit: 'px' } },
    ref: { $value: '{dim.s}' },
    list: { $value: [1, 2] },
  },
  untyped: { $value: 'x' },
});

// The dictionary a format receives. The builds come first: the
// reference collects the warnings of utils called with warnImmediately:
// false in a global list that fails its next build.
StyleDictionary.registerFormat({
  name: 'diff/format',
  format: async ({ dictionary, file, options }) => {
    const { tokens, allTokens } = dictionary;
    const p = file.destination;
    t(p + ' usesReferences', () => allTokens.map((tk) => usesReferences(tk.original.$value ?? tk.original.value)));
    t(p + ' getReferences', () =>
      allTokens.map((tk) => getReferences(tk.original.$value ?? tk.original.value, tokens, { usesDtcg: options.usesDtcg }).map((r) => r.name)));
    t(p + ' resolveReferences', () =>
      allTokens.filter((tk) => typeof (tk.original.$value ?? tk.original.value) === 'string')
        .map((tk) => resolveReferences(tk.original.$value ?? tk.original.value, tokens, { usesDtcg: options.usesDtcg })));
    t(p + ' resolveReferences map', () => {
      const map = convertTokenData(tokens, { output: 'map', usesDtcg: options.usesDtcg });
      return allTokens.filter((tk) => typeof (tk.original.$value ?? tk.original.value) === 'string')
        .map((tk) => resolveReferences(tk.original.$value ?? tk.original.value, map, { usesDtcg: options.usesDtcg }));
    });
    t(p + ' flattenTokens', () => flattenTokens(tokens, options.usesDtcg).map((tk) => [tk.key, tk.name, tk.path]));
    t(p + ' minifyDictionary', () => minifyDictionary(tokens, options.usesDtcg));
    t(p + ' stripMeta', () => stripMeta(tokens, { keep: ['name', options.usesDtcg ? '$value' : 'value'], usesDtcg: options.usesDtcg }));
    t(p + ' sortByReference', () => [...allTokens].reverse().sort(sortByReference(tokens, { usesDtcg: options.usesDtcg })).map((tk) => tk.name));
    t(p + ' outputReferencesFilter', () => allTokens.map((tk) => outputReferencesFilter(tk, { dictionary, usesDtcg: options.usesDtcg })));
    t(p + ' outputReferencesTransformed', () => allTokens.map((tk) => outputReferencesTransformed(tk, { dictionary, usesDtcg: options.usesDtcg })));
    t(p + ' createPropertyFormatter', () =>
      allTokens.map(createPropertyFormatter({ dictionary, format: 'scss' === p ? 'sass' : 'css', outputReferences: true, usesDtcg: options.usesDtcg })));
    t(p + ' formattedVariables', () =>
      formattedVariables({ dictionary, format: 'css', outputReferences: true, usesDtcg: options.usesDtcg }));
    results.push([p + ' fileHeader text', await utils.fileHeader({ file, commentStyle: 'short', formatting: { fileHeaderTimestamp: false } })]);
    t(p + ' getTypeScriptType', () => allTokens.map((tk) => getTypeScriptType(tk.$value ?? tk.value)));
    t(p + ' flattenTokens copies', () => {
      const f = flattenTokens(tokens, options.usesDtcg);
      f[0].name = 'changed';
      delete f[1].name;
      return [f[0].name, f[1].name, allTokens[0].name, allTokens[1].name, flattenTokens(tokens, options.usesDtcg)[0].name];
    });
    t(p + ' createPropertyFormatter changed tokens', () => {
      const fmt = createPropertyFormatter({ dictionary, format: 'css', outputReferences: true, usesDtcg: options.usesDtcg });
      const tk = allTokens[2];
      const before = fmt(tk);
      tk.name = 'renamed';
      const mine = { name: 'mine', value: 'x', $value: 'x', original: { value: '{color.base.red}', $value: '{color.red}' } };
      return [before, fmt(tk), fmt({ ...tk, name: 'copy' }), fmt(mine)];
    });
    return '';
  },
});

const legacyTokens = {
  color: {
    base: { red: { value: '#ff0000', type: 'color', comment: 'red' }, blue: { value: '#0000ff', type: 'color' } },
    brand: { value: '{color.base.red}', type: 'color' },
    text: { value: '{color.brand}', type: 'color' },
    border: { value: '1px solid {color.base.blue}', type: 'border' },
    obj: { value: { width: '{size.s}', color: '{color.base.red}', style: 'solid' }, type: 'border' },
  },
  size: { s: { value: '4px', type: 'dimension' }, m: { value: '{size.s}', type: 'dimension' }, calc: { value: 'calc({size.m} * 2)' } },
  bool: { value: true },
};
const sd = new StyleDictionary({
  tokens: legacyTokens,
  log: { verbosity: 'silent', warnings: 'disabled' },
  platforms: {
    legacy: { transforms: ['name/kebab', 'size/pxToRem'], buildPath: 'out/', files: [{ destination: 'legacy.txt', format: 'diff/format', filter: (tk) => tk.path[0] !== 'bool' }] },
  },
});
await sd.buildAllPlatforms();
const sd2 = new StyleDictionary({
  tokens: dtcg(),
  usesDtcg: true,
  log: { verbosity: 'silent', warnings: 'disabled' },
  platforms: {
    scss: { transformGroup: 'scss', buildPath: 'out/', files: [{ destination: 'dtcg.txt', format: 'diff/format' }] },
  },
});
await sd2.buildAllPlatforms();


// usesReferences
for (const v of [
  '{a.b}', 'a.b', '{}', '{a}{b}', '{ a }', '{a', 'a}', 5, null, undefined, true,
  ['x', '{y}'], { a: { b: '{c}' } }, { a: 1 }, [], {},
]) {
  t('usesReferences ' + JSON.stringify(v), () => usesReferences(v));
}

// getReferences
{
  const tokens = legacy();
  t('getReferences string', () => getReferences('{color.base.red}', tokens));
  t('getReferences with .value', () => getReferences('{color.base.red.value}', tokens));
  t('getReferences interpolated', () => getReferences('{size.s} {color.base.blue}', tokens));
  t('getReferences object', () => getReferences(tokens.color.obj.value, tokens));
  t('getReferences array', () => getReferences(tokens.color.arr.value, tokens));
  t('getReferences group', () => getReferences('{color.base}', tokens));
  t('getReferences missing throws', () => getReferences('{color.nope}', tokens));
  t('getReferences missing quiet', () => getReferences('{color.nope}', tokens, { warnImmediately: false }));
  t('getReferences primitive target', () => getReferences('{color.base.red.value}', { color: { base: { red: { value: 'abc' } } } }));
  t('getReferences into references', () => {
    const into = [{ mine: true }];
    const r = getReferences('{size.s}', tokens, {}, into);
    return [r === into, into];
  });
  t('getReferences unfiltered', () =>
    getReferences('{color.base.red}', { color: {} }, { unfilteredTokens: tokens, warnImmediately: false }));
  t('getReferences dtcg', () => getReferences('{color.red.$value}', dtcg(), { usesDtcg: true }));
  t('getReferences map', () =>
    getReferences('{color.red}', convertTokenData(dtcg(), { output: 'map', usesDtcg: true }), { usesDtcg: true }));
  t('getReferences number value', () => getReferences(42, tokens));
  tt('getReferences null opts', () => getReferences('{size.s}', tokens, null));
  t('getReferences does not mutate', () => {
    const tk = legacy();
    getReferences('{color.base.red}', tk).forEach((r) => (r.value = 'changed'));
    return tk.color.base.red;
  });
}

// resolveReferences (tree)
{
  const tokens = legacy();
  for (const v of [
    '{color.base.red}', '{color.brand}', '{color.text}', '{color.base.red.value}',
    '1px solid {color.base.blue}', '{color.base.red} and {color.base.blue}', '{ color.base.red }',
    '{size.s}', '{size.m}', '{size.l}', '{size.calc}', '{color.base.zero}', 'no refs',
    '{size.dollar}', '{color.multi}', '{bool}', '{nothing}', '{color.obj}', '{color.arr}', '{color.base}',
    '{loop.a}', '{color.nope}', '{color.base.red}{size.s}', '{size.s}px',
  ]) {
    t('resolveReferences ' + v, () => resolveReferences(v, tokens));
    t('resolveReferences quiet ' + v, () => resolveReferences(v, tokens, { warnImmediately: false }));
  }
  const d = dtcg();
  for (const v of ['{color.red}', '{color.alias}', '{color.deep.x}', '{dim.s}', '{dim.ref}', '{dim.list}', '{color.red.$value}', '{untyped}']) {
    t('resolveReferences dtcg ' + v, () => resolveReferences(v, d, { usesDtcg: true }));
    t('resolveReferences dtcg as legacy ' + v, () => resolveReferences(v, d));
  }
  const uni = { u: { value: 'ü{v}' }, v: { value: 'ß' } };
  t('resolveReferences non-ASCII', () => resolveReferences('{u}é', uni));
  t('resolveReferences non-ASCII map', () => resolveReferences('{u}é', convertTokenData(uni, { output: 'map' })));
  tt('resolveReferences number', () => resolveReferences(5, tokens));
  tt('resolveReferences object', () => resolveReferences({ a: '{size.s}' }, tokens));
  tt('resolveReferences null opts', () => resolveReferences('{size.s}', tokens, null));
  t('resolveReferences does not mutate', () => {
    const tk = legacy();
    resolveReferences('{color.text}', tk);
    return tk.color;
  });
}

// resolveReferences (Map)
{
  const map = convertTokenData(legacy(), { output: 'map' });
  for (const v of [
    '{color.base.red}', '{color.brand}', '{color.text}', '1px solid {color.base.blue}',
    '{color.base.red} and {color.base.blue}', '{ color.base.red }', '{size.m}', '{size.l}',
    '{size.calc}', '{color.base.zero}', '{size.dollar}', '{bool}', '{nothing}', '{color.obj}',
    '{color.arr}', '{loop.a}', '{color.nope}', '{size.s}px', 'plain',
  ]) {
    t('resolveReferences map ' + v, () => resolveReferences(v, map));
    t('resolveReferences map quiet ' + v, () => resolveReferences(v, map, { warnImmediately: false }));
  }
  const dmap = convertTokenData(dtcg(), { output: 'map', usesDtcg: true });
  for (const v of ['{color.red}', '{color.alias}', '{color.deep.x}', '{dim.s}', '{dim.ref}']) {
    t('resolveReferences map dtcg ' + v, () => resolveReferences(v, dmap, { usesDtcg: true }));
  }
}

// flattenTokens, convertTokenData
{
  t('flattenTokens legacy', () => flattenTokens(legacy()));
  t('flattenTokens dtcg', () => flattenTokens(dtcg(), true));
  t('flattenTokens dtcg as legacy', () => flattenTokens(dtcg()));
  t('flattenTokens keeps inputs', () => {
    const tk = { a: { value: 1, key: 'mine' }, b: { c: { value: 2 } } };
    const flat = flattenTokens(tk);
    flat[0].value = 9;
    return [flat, tk];
  });
  t('flattenTokens skips non-plain', () =>
    flattenTokens({ a: [{ value: 1 }], b: new Map(), c: { value: 2 }, d: Object.create(null) }));
  tt('flattenTokens null', () => flattenTokens(null));
  const nullProto = Object.create(null);
  nullProto.x = { value: 1 };
  t('flattenTokens null prototype', () => flattenTokens({ g: nullProto }));
  for (const output of ['array', 'map', 'object', 'nope']) {
    t('convertTokenData object->' + output, () => convertTokenData(legacy(), { output }));
    t('convertTokenData dtcg object->' + output, () => convertTokenData(dtcg(), { output, usesDtcg: true }));
    t('convertTokenData array->' + output, () =>
      convertTokenData(convertTokenData(legacy(), { output: 'array' }), { output }));
    t('convertTokenData map->' + output, () =>
      convertTokenData(convertTokenData(legacy(), { output: 'map' }), { output }));
  }
  t('convertTokenData same object', () => {
    const tk = legacy();
    return convertTokenData(tk, { output: 'object' }) === tk;
  });
  t('convertTokenData prefix keys', () =>
    convertTokenData([{ key: '{a}', value: 1 }, { key: '{a.b}', value: 2 }], { output: 'object' }));
  tt('convertTokenData no options', () => convertTokenData(legacy()));
}

// typeDtcgDelegate, stripMeta, minifyDictionary, convertToDTCG
{
  const d = dtcg();
  t('typeDtcgDelegate', () => typeDtcgDelegate(d));
  t('typeDtcgDelegate leaves input', () => d);
  t('typeDtcgDelegate nested', () =>
    typeDtcgDelegate({ $type: 'a', g: { t: { $value: 1 }, h: { $type: '', u: { $value: 2 } } }, arr: [{ $value: 1 }] }));
  tt('typeDtcgDelegate function', () => typeDtcgDelegate({ a: { $value: () => 1 } }));
  const l = legacy();
  t('stripMeta keep', () => stripMeta(l, { keep: ['value'] }));
  t('stripMeta strip', () => stripMeta(l, { strip: ['type', 'comment'] }));
  t('stripMeta keep dtcg', () => stripMeta(dtcg(), { keep: ['$value', '$type'], usesDtcg: true }));
  t('stripMeta keep without value', () => stripMeta(l, { keep: ['type'] }));
  t('stripMeta string list', () => stripMeta(l, { strip: 'typecomment' }));
  t('stripMeta none', () => stripMeta(l, {}));
  t('stripMeta leaves input', () => l.color.base);
  tt('stripMeta no options', () => stripMeta(l));
  t('minifyDictionary legacy', () => minifyDictionary(legacy()));
  t('minifyDictionary dtcg', () => minifyDictionary(dtcg(), true));
  t('minifyDictionary primitives', () => [minifyDictionary(5), minifyDictionary('x'), minifyDictionary([1])]);
  tt('minifyDictionary null', () => minifyDictionary(null));
  t('convertToDTCG', () => convertToDTCG(legacy()));
  t('convertToDTCG no group types', () => convertToDTCG(legacy(), { applyTypesToGroup: false }));
  t('convertToDTCG uniform', () =>
    convertToDTCG({ c: { a: { value: 1, type: 'number' }, b: { value: 2, type: 'number', description: 'd' } }, s: { value: 'x', type: 'string' } }));
  t('convertToDTCG already dtcg', () => convertToDTCG(dtcg()));
  t('structuredClone', () => {
    const shared = { v: 1 };
    const src = { a: shared, b: shared, m: new Map([['k', { x: 1 }]]), arr: [1, shared] };
    const c = structuredClone(src);
    return [c, c.a === c.b, c.a === shared, c.arr[1] === c.a];
  });
}

// JSON.stringify with indentation (formats write JSON with it): empty
// objects and arrays, nesting, replacers, toJSON, the space argument.
{
  const v = { a: {}, b: [], c: [[], [{}]], d: { e: {}, f: [1, { g: [] }] }, h: 'x\u2028"\n', i: undefined, j: () => 1, k: null, l: 1e21, m: -0 };
  for (const space of [2, '\t', 0, '', 11, '------------', 3.7, -1, undefined, null, new Number(2), new String('ab')]) {
    t('JSON.stringify space ' + String(space), () => JSON.stringify(v, null, space));
  }
  t('JSON.stringify replacer', () => JSON.stringify(v, ['a', 'd', 'e', 'f'], 1));
  t('JSON.stringify replacer fn', () => JSON.stringify(v, (k, x) => (Array.isArray(x) && x.length === 0 ? 'empty' : x), 2));
  t('JSON.stringify toJSON', () => JSON.stringify({ a: { toJSON: () => ({}) }, b: 2 }, null, 2));
  t('JSON.stringify primitives', () => [JSON.stringify('s', null, 2), JSON.stringify(1, null, 2), JSON.stringify(undefined, null, 2), JSON.stringify([], null, 2), JSON.stringify({}, null, 2)]);
  tt('JSON.stringify cycle', () => { const c = {}; c.c = c; return JSON.stringify(c, null, 2); });
}

// Array.prototype.sort: node's order with the reference's inconsistent
// comparators (sortByName never returns 0; sortByReference is not
// transitive), holes and undefined, the default string order.
{
  const named = [];
  for (let i = 0; i < 60; i++) named.push({ name: 'n' + (i % 7), id: i });
  t('sort sortByName equal names', () => [...named].sort(sortByName).map((x) => x.id));
  const refTree = {};
  const refList = [];
  for (let i = 0; i < 80; i++) {
    const value = i % 4 === 0 ? '#' + i : `{r.t${Math.floor(i * 0.7)}} {r.t${Math.floor(i / 3)}}`;
    const tk = { name: 't' + i, value, original: { value } };
    (refTree.r ??= {})['t' + i] = tk;
    refList.push(tk);
  }
  t('sort sortByReference', () => [...refList].sort(sortByReference(refTree)).map((x) => x.name));
  const cyc = { a: { name: 'a', value: '{b}', original: { value: '{b}' } }, b: { name: 'b', value: '{a}', original: { value: '{a}' } }, c: { name: 'c', value: '{a}', original: { value: '{a}' } } };
  tt('sort sortByReference cycle', () => [cyc.c, cyc.a, cyc.b].sort(sortByReference(cyc)).map((x) => x.name));
  t('sort default', () => [10, 9, 'b', 'a', undefined, 'é', '\uE000', '😀', 1, null, true, , 3].sort());
  t('toSorted sortByReference', () => refList.toSorted(sortByReference(refTree)).map((x) => x.name));
  t('toSorted holes', () => { const a = [3, , undefined, 1]; return [a.toSorted(), a]; });
  t('sort holes', () => { const a = [3, , undefined, 1, , 2]; a.sort((x, y) => x - y); return [a, a.length, 1 in a, 4 in a, 5 in a]; });
  t('sort NaN comparator', () => [3, 1, 2].sort(() => NaN));
  t('sort returns this', () => { const a = [2, 1]; return a.sort() === a; });
  t('sort array-like', () => Array.prototype.sort.call({ 0: 'b', 1: 'a', length: 2 }));
  tt('sort bad comparator', () => [1, 2].sort('x'));
}

// Random trees (a fixed seed, so both engines see the same): references
// to earlier tokens only (a cycle of references that is not detected makes
// the reference recurse forever), interpolated, spaced, with `.value`,
// missing, to groups, to non-string values.
{
  let seed = 20251123;
  const rnd = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  for (const dtcgSyntax of [false, true]) {
    const vk = dtcgSyntax ? '$value' : 'value';
    const tree = {};
    const paths = [];
    for (let i = 0; i < 150; i++) {
      const path = ['g' + rnd(5), 's' + rnd(4), 't' + i];
      let value;
      const kind = rnd(10);
      if (paths.length === 0 || kind < 3) value = ['#abc', 4, 1.5, true, null, 'solid', { w: 1 }, [1, 2]][rnd(8)];
      else {
        const ref = () => {
          const r = rnd(12);
          if (r === 0) return 'nope.' + rnd(9);
          if (r === 1) return paths[rnd(paths.length)].slice(0, 2).join('.');
          const p = paths[rnd(paths.length)].join('.');
          return r === 2 ? ' ' + p + ' ' : r === 3 ? p + '.' + vk : p;
        };
        value = kind < 6 ? '{' + ref() + '}' : kind < 8 ? rnd(3) + 'px {' + ref() + '} {' + ref() + '}' : { a: '{' + ref() + '}', b: ['x', '{' + ref() + '}'] };
      }
      let slice = tree;
      for (const k of path.slice(0, -1)) slice = slice[k] ??= {};
      slice[path[2]] = { [vk]: value, [dtcgSyntax ? '$type' : 'type']: 't' + rnd(3) };
      paths.push(path);
    }
    const flat = flattenTokens(tree, dtcgSyntax);
    const map = convertTokenData(tree, { output: 'map', usesDtcg: dtcgSyntax });
    const opts = { usesDtcg: dtcgSyntax };
    const each = (fn) => flat.map((tk) => { try { return ser(fn(tk)); } catch (e) { return 'throws ' + e.message; } });
    t('random ' + vk + ' flatten', () => flat.map((tk) => tk.key));
    t('random ' + vk + ' usesReferences', () => flat.map((tk) => usesReferences(tk[vk])));
    t('random ' + vk + ' getReferences', () => each((tk) => getReferences(tk[vk], tree, opts).map((r) => r.ref)));
    t('random ' + vk + ' getReferences quiet', () => each((tk) => getReferences(tk[vk], tree, { ...opts, warnImmediately: false }).length));
    t('random ' + vk + ' resolveReferences', () => each((tk) => typeof tk[vk] === 'string' ? resolveReferences(tk[vk], tree, opts) : 'skip'));
    t('random ' + vk + ' resolveReferences quiet', () => each((tk) => typeof tk[vk] === 'string' ? resolveReferences(tk[vk], tree, { ...opts, warnImmediately: false }) : 'skip'));
    t('random ' + vk + ' resolveReferences map', () => each((tk) => typeof tk[vk] === 'string' ? resolveReferences(tk[vk], map, opts) : 'skip'));
    t('random ' + vk + ' resolveReferences map quiet', () => each((tk) => typeof tk[vk] === 'string' ? resolveReferences(tk[vk], map, { ...opts, warnImmediately: false }) : 'skip'));
    t('random ' + vk + ' typeDtcgDelegate', () => typeDtcgDelegate(tree));
    t('random ' + vk + ' stripMeta', () => stripMeta(tree, { strip: [dtcgSyntax ? '$type' : 'type'], usesDtcg: dtcgSyntax }));
    t('random ' + vk + ' minifyDictionary', () => minifyDictionary(tree, dtcgSyntax));
    t('random ' + vk + ' convertToDTCG', () => convertToDTCG(tree));
    t('random ' + vk + ' convert object', () => convertTokenData(map, { output: 'object' }));
    const withOriginal = flat.map((tk) => ({ ...tk, name: tk.key, original: { [vk]: tk[vk] } }));
    t('random ' + vk + ' sortByReference', () => withOriginal.toSorted(sortByReference(tree, opts)).map((tk) => tk.name));
  }
}

// small helpers
{
  for (const v of ['a', 1, true, null, undefined, [1, 2], [1, 'a', 1], [], { a: 1, b: 'x', c: [true] }, ['x', ['y']]]) {
    t('getTypeScriptType ' + JSON.stringify(v), () => getTypeScriptType(v));
  }
  t('getTypeScriptType literal', () => getTypeScriptType('a"b', { outputStringLiterals: true }));
  t('sortByName', () => [sortByName({ name: 'a' }, { name: 'b' }), sortByName({ name: 'b' }, { name: 'a' }), sortByName({ name: 'a' }, { name: 'a' })]);
  t('setSwiftFileProperties', () => [
    setSwiftFileProperties({}),
    setSwiftFileProperties({}, 'enum', 'ios-swift'),
    setSwiftFileProperties({ import: 'Foo', accessControl: 'internal' }, undefined, 'custom'),
    setSwiftFileProperties({ objectType: null, accessControl: '' }, 'struct', 'x'),
  ]);
  t('setComposeObjectProperties', () => [setComposeObjectProperties(), setComposeObjectProperties({ import: 'x.y' })]);
  t('iconsWithPrefix', () =>
    iconsWithPrefix('$', [
      { type: 'icon', name: 'home', value: 'e001', attributes: { item: 'home' } },
      { type: 'color', name: 'red', value: '#f00' },
      { type: 'icon', name: 'x', $value: 'e002' },
    ], { usesDtcg: false }, { prefix: 'my' }));
}

// a dictionary the script builds itself
{
  const tokens = {
    size: { s: { value: '4px', name: 'size-s', path: ['size', 's'], original: { value: '4px' } } },
    color: {
      red: { value: '#f00', name: 'color-red', path: ['color', 'red'], comment: 'the red', original: { value: '#f00' } },
      brand: { value: '#f00', name: 'color-brand', path: ['color', 'brand'], original: { value: '{color.red}' } },
      border: { value: '4px solid #f00', name: 'color-border', path: ['color', 'border'], original: { value: '{size.s} solid {color.red}' } },
      changed: { value: 'CHANGED', name: 'color-changed', path: ['color', 'changed'], original: { value: '{color.red}' } },
    },
  };
  const allTokens = flattenTokens(tokens);
  const dictionary = { tokens, allTokens, unfilteredTokens: tokens, unfilteredAllTokens: allTokens };
  for (const format of ['css', 'sass', 'less', 'stylus', undefined]) {
    t('createPropertyFormatter own ' + format, () =>
      allTokens.map(createPropertyFormatter({ dictionary, format, outputReferences: true })));
    t('formattedVariables own ' + format, () =>
      formattedVariables({ dictionary, format, outputReferences: true, themeable: true }));
  }
  t('createPropertyFormatter own filter fn', () =>
    allTokens.map(createPropertyFormatter({ dictionary, format: 'css', outputReferences: outputReferencesTransformed })));
  t('outputReferencesFilter own', () => allTokens.map((tk) => outputReferencesFilter(tk, { dictionary })));
  t('outputReferencesTransformed own', () => allTokens.map((tk) => outputReferencesTransformed(tk, { dictionary })));
  t('sortByReference own', () => [...allTokens].reverse().sort(sortByReference(tokens)).map((tk) => tk.name));
  t('formattedVariables own sorted', () =>
    formattedVariables({ dictionary, format: 'css', sort: 'name', formatting: { lineSeparator: ';\n' } }));
  t('formattedVariables own bad sort', () => formattedVariables({ dictionary, format: 'css', sort: 'nope' }));
}

// (tokengen's headers carry the build's date unless fileHeaderTimestamp
// is false: README, "Coming from style-dictionary".)
results.push(['fileHeader outside a format', await utils.fileHeader({ commentStyle: 'xml', formatting: { fileHeaderTimestamp: false } })]);
results.push(['fileHeader own file', await utils.fileHeader({
  file: { options: { fileHeader: (lines) => ['mine', ...lines] } },
  formatting: { lineSeparator: '\r\n', fileHeaderTimestamp: false },
})]);
results.push(['fileHeader hidden', await utils.fileHeader({ file: { options: { showFileHeader: false } } })]);
try {
  await utils.convertJSONToDTCG('x.json');
} catch (e) {
  results.push(['convertJSONToDTCG', 'rejects']);
}

writeFileSync(process.argv[2], JSON.stringify(results, null, 1) + '\n');
