// Writes expected.json: what the reference's built-in transforms return for
// the cases below. Run from this folder: node gen.mjs <path to style-dictionary/lib>
// (builtin's tests do this with -update).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const lib = process.argv[2];
const { default: transforms } = await import(join(lib, 'common/transforms.js'));

const sizeNames = Object.keys(transforms).filter((n) => n.startsWith('size/'));
const sizeValues = [
  '16px', '1.5rem', '0', 0, '2', '0em', 'abc', 1.25, '1.25', '-0.5rem', '0.125', 0.3, '1e3px', 'px16px', '16 px', '.5em',
  '1.005', '2.5', '10%', '-', '', true, null, [1, 2], { value: 16, unit: 'px' }, { value: 0, unit: 'px' }, { value: 1.5 },
  { value: '2', unit: 'rem' }, { value: 'x', unit: 'px' }, { unit: 'px' }, { value: 3, unit: null }, '３px', '12ピクセル',
];
const cases = [];
const add = (transform, token, platform = {}, usesDtcg = false) => cases.push({ transform, token, platform, usesDtcg });
const legacy = (value, type, extra = {}) => ({ name: 'tok', path: ['size', 'base'], value, type, ...extra });
const dtcg = (value, type, extra = {}) => ({ name: 'tok', path: ['size', 'base'], $value: value, $type: type, ...extra });

for (const name of sizeNames) {
  for (const type of ['dimension', 'fontSize']) {
    for (const v of sizeValues) add(name, legacy(v, type));
  }
  add(name, legacy('16px', 'color'));
  add(name, legacy('1.5', 'dimension'), { basePxFontSize: 10 });
  add(name, legacy('1.5', 'fontSize'), { basePxFontSize: 0 });
  add(name, dtcg({ value: 16, unit: 'px' }, 'dimension'), { basePxFontSize: 10 }, true);
  add(name, dtcg({ value: 16, unit: 'px' }, 'fontSize'), { basePxFontSize: 10 }, true);
  add(name, dtcg({ value: 0, unit: 'px' }, 'fontSize'), {}, true);
  add(name, dtcg('0.875rem', 'fontSize'), { basePxFontSize: 14 }, true);
}

const paths = [
  ['color', 'base', 'red', '500'], ['HTMLColor', 'XMLHttp'], ['size', '2xl'], ['space', '1_5'], ['a b', 'c-d', 'e_f', 'g', 'h'],
  ['ÄÖü', 'tést'], ['v1', '2x', 'A1b2'], ['button', 'primary', 'background', 'hover', 'active', 'extra'], ['one'],
];
for (const name of ['attribute/cti', 'name/human', 'name/camel', 'name/kebab', 'name/snake', 'name/constant', 'name/pascal']) {
  for (const path of paths) {
    add(name, { name: 'x', path, value: 1 });
    add(name, { name: 'x', path, value: 1 }, { prefix: 'my prefix' });
  }
  add(name, { name: 'x', path: ['a', 'b', 'c'], value: 1, attributes: { type: 'custom', extra: 1, item: 5 } });
  add(name, { name: 'x', path: ['a', 'b'], value: 1, attributes: { subitem: null } });
}

const strings = ['plain', 'x&#xE002;y', '&#xE001;&#x;&#xF0;', '&#x&#xE001;', '&#xE001', 'a "b" c', "it's", 'img/a "b".png', 'a/./b/../c/', 'a//b', '/abs/file.png', '', 5, [1, [2, null]], { a: 1 }, true];
const misc = {
  'html/icon': 'html', 'content/quote': 'content', 'content/objC/literal': 'content', 'content/swift/literal': 'content',
  'content/flutter/literal': 'content', 'asset/url': 'asset', 'asset/path': 'asset', 'asset/objC/literal': 'asset',
  'asset/swift/literal': 'asset', 'asset/flutter/literal': 'asset',
};
for (const [name, type] of Object.entries(misc)) {
  for (const v of strings) {
    add(name, legacy(v, type));
    add(name, legacy(v, 'other'));
  }
  add(name, dtcg('x&#xE001;"q"', type), {}, true);
}
for (const v of ['200', '200ms', 1500, 0, '0.125', 5, 'abc', '-250ms', 1.005, 2.5]) {
  add('time/seconds', legacy(v, 'time'));
  add('time/seconds', dtcg(v, 'time'), {}, true);
}
add('time/seconds', legacy('200', 'duration'));
add('asset/base64', legacy('icon.svg', 'asset'));
add('asset/base64', legacy(5, 'asset'));
add('asset/base64', dtcg('icon.svg', 'asset'), {}, true);
add('asset/base64', legacy('icon.svg', 'content'));

const cwd = process.cwd();
const out = [];
for (const c of cases) {
  const t = transforms[c.transform];
  const options = { usesDtcg: c.usesDtcg };
  const token = structuredClone(c.token);
  const entry = { ...c, kind: t.type, transitive: !!t.transitive };
  if (t.filter && !t.filter(token, options)) {
    entry.skipped = true;
  } else {
    try {
      let r = await t.transform(token, c.platform, options);
      if (typeof r === 'string') r = r.split(cwd).join('<cwd>');
      entry.result = r === undefined ? '<undefined>' : r;
    } catch (e) {
      entry.error = e.message.split(cwd).join('<cwd>');
    }
  }
  out.push(entry);
}
writeFileSync('expected.json', '[\n' + out.map((e) => JSON.stringify(e)).join(',\n') + '\n]\n');

// The built-in transform groups, in registration order.
const { default: groups } = await import(join(lib, 'common/transformGroups.js'));
writeFileSync('groups.json', JSON.stringify(groups, null, 1) + '\n');
