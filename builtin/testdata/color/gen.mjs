// Writes expected.json: what the reference's colour and CSS shorthand
// transforms return for the cases below (many pseudo-random colours, so that
// rounding and gamut mapping are really exercised). Run from this folder:
//   node gen.mjs <path to style-dictionary/lib>
// (builtin's tests do this with -update).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const lib = process.argv[2];
const { default: transforms } = await import(join(lib, 'common/transforms.js'));

// Deterministic PRNG (mulberry32) so the cases are stable.
let seed = 0x5eed1234;
const rand = () => {
  seed |= 0; seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const ri = (n) => Math.floor(rand() * n);
const rr = (lo, hi, digits = 4) => Number((lo + rand() * (hi - lo)).toFixed(digits));
const hex2 = (n) => n.toString(16).padStart(2, '0');

const cases = [];
const add = (transform, token, platform = {}, usesDtcg = false) => cases.push({ transform, token, platform, usesDtcg });
const legacy = (value, type = 'color') => ({ name: 'tok', path: ['color', 'tok'], value, type });
const dtcg = (value, type = 'color') => ({ name: 'tok', path: ['color', 'tok'], $value: value, $type: type });

const colorNames = Object.keys(transforms).filter((n) => n.startsWith('color/')).concat(['attribute/color']);

// Legacy strings.
const legacyValues = [
  '#009688', 'rgba(0,150,136,0.5)', 'red', 'RED', ' #FFF ', '#abc', '#abcd', '#00968880', '#0096887f', 'f00', 'ff000080',
  'transparent', 'rebeccapurple', 'burntsienna', 'rgb(0 150 136 / 50%)', 'rgba(0, 0, 0, 1)', 'rgb(0 150 136 / 1)',
  'rgba(0,0,0,0)', 'hsl(120, 50, 50)', 'hsl(120, 50%, 50%)', 'hsla(120, 50%, 50%, 0.3)', 'hsl(120deg 50% 50%)',
  'hsl(1.0, 1.0, 0.5)', 'hsv(120, 50%, 50%)', 'hsva(120, 50%, 50%, .5)', 'rgb 255 0 0', 'rgb(10%, 20%, 30%)',
  'rgb(1.0, 0.5, 0)', 'rgb(300, -20, 128)', 'rgba(255, 0, 0, 1.5)', 'rgba(255, 0, 0, -1)', 'rgb(128.5, 64.4, 1.5)',
  'linear-gradient(90deg, #fff, #000)', 'repeating-radial-gradient(red, blue)', 'conic-gradient(red, blue)',
  'not a color', '', 5, 0, null, true, '#12345', 'rgb(0,0)', 'hsl(400, 120%, 50%)', 'hsl(-30, 50%, 50%)',
  'rgba(12, 34, 56, 0.123456)', 'rgb(255 255 255 / none)', 'hsl(none 50% 50%)', 'xrgb(1, 2, 3)', 'rgb(1e2, 2, 3)', 'rgba(0,0,0,5e-1)', 'rgba(0,0,0,0x1)', 'rgba(0,0,0,x1)', 'rgba(0,0,0,.5e0)', 'rgba(0,0,0,1e0)',
  '#FFFFFF', '#000000', '#808080', '#7f7f7f', '#010101', 'white', 'black', 'hsl(0, 0%, 100%)',
];
for (let i = 0; i < 60; i++) legacyValues.push('#' + hex2(ri(256)) + hex2(ri(256)) + hex2(ri(256)));
for (let i = 0; i < 30; i++) legacyValues.push('#' + hex2(ri(256)) + hex2(ri(256)) + hex2(ri(256)) + hex2(ri(256)));
for (let i = 0; i < 20; i++) legacyValues.push(`rgba(${ri(256)}, ${ri(256)}, ${ri(256)}, ${rr(0, 1, 2)})`);
for (let i = 0; i < 20; i++) legacyValues.push(`hsl(${ri(360)}, ${ri(101)}%, ${ri(101)}%)`);
for (let i = 0; i < 10; i++) legacyValues.push(`hsla(${rr(0, 360, 1)}, ${rr(0, 100, 1)}%, ${rr(0, 100, 1)}%, ${rr(0, 1, 3)})`);
for (const v of legacyValues) for (const n of colorNames) add(n, legacy(v));
for (const n of colorNames) {
  add(n, legacy('#009688', 'other'));
  add(n, legacy({ r: 255, g: 128, b: 0 }));
  add(n, legacy({ h: 120, s: 0.5, l: 0.5, a: 0.5 }));
}

// DTCG colour objects in every space, in and out of the sRGB gamut.
const ranges = {
  srgb: [[-0.1, 1.1], [-0.1, 1.1], [-0.1, 1.1]],
  'srgb-linear': [[-0.1, 1.1], [-0.1, 1.1], [-0.1, 1.1]],
  'display-p3': [[0, 1], [0, 1], [0, 1]],
  'a98-rgb': [[0, 1], [0, 1], [0, 1]],
  'prophoto-rgb': [[0, 1], [0, 1], [0, 1]],
  rec2020: [[0, 1], [0, 1], [0, 1]],
  'xyz-d50': [[0, 1], [0, 1], [0, 1]],
  'xyz-d65': [[0, 1], [0, 1], [0, 1]],
  lab: [[0, 100], [-125, 125], [-125, 125]],
  lch: [[0, 100], [0, 150], [0, 360]],
  oklab: [[0, 1], [-0.4, 0.4], [-0.4, 0.4]],
  oklch: [[0, 1], [0, 0.4], [0, 360]],
  hsl: [[0, 360], [0, 100], [0, 100]],
  hwb: [[0, 360], [0, 100], [0, 100]],
};
const dtcgValues = [];
for (const [space, rg] of Object.entries(ranges)) {
  for (let i = 0; i < 14; i++) {
    const v = { colorSpace: space, components: rg.map(([lo, hi]) => rr(lo, hi)) };
    const k = ri(4);
    if (k === 1) v.alpha = rr(0, 1, 2);
    if (k === 2) v.alpha = 1;
    dtcgValues.push(v);
  }
  dtcgValues.push({ colorSpace: space, components: rg.map(([lo]) => lo) });
  dtcgValues.push({ colorSpace: space, components: rg.map(([, hi]) => hi), alpha: 0.5 });
  dtcgValues.push({ colorSpace: space, components: ['none', rg[1][1] / 2, rg[2][1] / 3] });
  dtcgValues.push({ colorSpace: space, components: [rg[0][1] / 2, 'none', rg[2][1] / 3], alpha: 'none' });
  dtcgValues.push({ colorSpace: space, components: [rg[0][1] / 2, rg[1][1] / 2, 'none'], hex: '#123456' });
  dtcgValues.push({ colorSpace: space, components: rg.map(([lo, hi]) => hi * 1.3), hex: '#00b4a0' });
}
dtcgValues.push(
  { colorSpace: 'display-p3', components: [1, 0, 0], alpha: 0.8 },
  { colorSpace: 'oklch', components: [0.7, 0.15, 180], hex: '#00b4a0' },
  { colorSpace: 'oklch', components: [1.2, 0.1, 20] },
  { colorSpace: 'oklch', components: [-0.1, 0.1, 20] },
  { colorSpace: 'oklch', components: [0.5, 0.4, 'none'] },
  { colorSpace: 'srgb', components: [0.5, 0.5, 0.5], alpha: 1.5 },
  { colorSpace: 'srgb', components: [0.5, 0.5, 0.5], alpha: -0.5 },
  { colorSpace: 'srgb', components: [0.2, 0.4, 0.6], hex: '#ff0000' },
  { colorSpace: 'srgb', components: [1.5, 0.4, 0.6], hex: 'nope' },
  { colorSpace: 'rec2020', components: [0, 1, 0] },
  { colorSpace: 'prophoto-rgb', components: [0, 0, 1], alpha: 0.25 },
  { colorSpace: 'lab', components: [50, 0, 0] },
  { colorSpace: 'lch', components: [50, 0.01, 200] },
  { colorSpace: 'hsl', components: [30, 100, 50] },
  { colorSpace: 'hwb', components: [30, 60, 60] },
  { colorSpace: 'cmyk', components: [0, 0, 0, 1] },
);
for (const v of dtcgValues) for (const n of colorNames) add(n, dtcg(v), {}, true);

// CSS shorthands.
const families = ['Helvetica Neue', ['Helvetica Neue', 'Arial', "'Times New Roman'", 'sans-serif'], 'Open Sans, sans-serif',
  "Gill's Sans", "'Quoted Font'", '"Double Quoted"', ' Arial ', 'Arial,Helvetica', [], ['One'], 5];
for (const f of families) {
  add('fontFamily/css', legacy(f, 'fontFamily'));
  add('fontFamily/css', dtcg(f, 'fontFamily'), {}, true);
  add('fontFamily/css', legacy({ fontFamily: f, fontSize: '16px' }, 'typography'));
}
add('fontFamily/css', legacy({ fontSize: '16px' }, 'typography'));
add('fontFamily/css', legacy('Arial', 'other'));
for (const e of [[0.5, 0, 1, 1], [0.1, 0.2, 0.3, 0.40000001], 'ease-in', [1, 2]]) {
  add('cubicBezier/css', legacy(e, 'cubicBezier'));
  add('cubicBezier/css', dtcg({ duration: '200ms', delay: '0ms', timingFunction: e }, 'transition'), {}, true);
}
add('cubicBezier/css', legacy({ duration: '200ms' }, 'transition'));
for (const s of ['solid', { dashArray: ['1px', '2px'], lineCap: 'round' }]) add('strokeStyle/css/shorthand', legacy(s, 'strokeStyle'));
const borders = [
  { color: '#000' }, { width: '1px', style: { dashArray: ['1px'], lineCap: 'round' } }, { width: '2px', style: 'solid', color: '#ff0000' },
  { width: { value: 2, unit: 'px' }, style: 'dashed', color: 'red' }, { width: 0, style: 'solid' }, { width: '0', style: 'solid' },
  { width: { value: 1.5, unit: 'rem' }, color: { colorSpace: 'srgb', components: [1, 0, 0] } }, {}, 'already 1px solid',
  { width: '3', color: 5 }, { width: { value: 4 } },
];
for (const [space, rg] of Object.entries(ranges)) {
  for (let i = 0; i < 6; i++) {
    const c = { colorSpace: space, components: rg.map(([lo, hi]) => rr(lo, hi)) };
    if (i % 3 === 1) c.alpha = rr(0, 1, 2);
    borders.push({ width: '1px', style: 'solid', color: c });
  }
  borders.push({ style: 'solid', color: { colorSpace: space, components: ['none', rg[1][1] / 2, rg[2][1] / 3], alpha: 'none' } });
  borders.push({ style: 'solid', color: { colorSpace: space, components: rg.map(([, hi]) => hi * 1.3) } });
}
for (const b of borders) add('border/css/shorthand', dtcg(b, 'border'), {}, true);
const typos = [
  { fontWeight: 700 }, { fontStyle: 'italic', fontVariant: 'small-caps', fontWeight: 500, fontWidth: 'condensed', fontSize: '16px', lineHeight: 1.5, fontFamily: 'Inter' },
  { fontSize: { value: 1.25, unit: 'rem' }, lineHeight: { value: 24, unit: 'px' }, fontFamily: "'Open Sans', sans-serif" },
  { fontSize: '12px', letterSpacing: '1px', custom: 1 }, {}, { fontSize: 0, lineHeight: 0 }, { lineHeight: '1.2' }, 'already',
  { fontSize: '14', fontWeight: 'bold', fontFamily: ['A', 'B'] },
];
for (const ty of typos) {
  add('typography/css/shorthand', legacy(ty, 'typography'));
  add('typography/css/shorthand', legacy(ty, 'typography'), { basePxFontSize: 10 });
}
for (const tr of [{ duration: '200ms', delay: '0ms', timingFunction: 'linear' }, { duration: '1s' }, {}, 'done',
  { duration: { value: 200, unit: 'ms' }, timingFunction: [0, 0, 1, 1], delay: 5 }]) {
  add('transition/css/shorthand', legacy(tr, 'transition'));
}
const shadows = [
  [{ offsetX: '1px', offsetY: '1px', color: 'red' }, { type: 'inset', offsetX: 0, offsetY: 0, blur: 0, spread: 0 }],
  { offsetX: '2px', offsetY: '4px', blur: '10px', spread: '5px', color: '#000000', inset: true },
  { offsetX: { value: 2, unit: 'px' }, offsetY: { value: -4, unit: 'px' }, blur: { value: 0, unit: 'px' }, spread: { value: 0, unit: 'px' },
    color: { colorSpace: 'oklch', components: [0.5, 0.1, 200], alpha: 0.5 } },
  {}, ['0 0 1px red', { offsetX: 1 }], 'already', { offsetX: '1px', offsetY: '1px', spread: 0, color: { colorSpace: 'display-p3', components: [1, 0, 0] } },
  { offsetX: '1px', inset: false, type: 'dropShadow' },
];
for (const s of shadows) {
  add('shadow/css/shorthand', legacy(s, 'shadow'));
  add('shadow/css/shorthand', dtcg(s, 'shadow'), {}, true);
}

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
      const r = await t.transform(token, c.platform, options);
      entry.result = r === undefined ? '<undefined>' : r;
    } catch (e) {
      entry.error = e.message;
    }
  }
  out.push(entry);
}
writeFileSync('expected.json', '[\n' + out.map((e) => JSON.stringify(e)).join(',\n') + '\n]\n');
