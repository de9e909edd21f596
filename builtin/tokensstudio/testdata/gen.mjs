// Writes golden.json: what @tokens-studio/sd-transforms 2.0.3 itself
// returns for a corpus of inputs, for the differential test (golden_test.go).
//
//   node builtin/tokensstudio/testdata/gen.mjs [out.json]
//
// The package is the one the conformance harness installs
// (~/.cache/tokengen-conformance/node_modules), or SD_TRANSFORMS names its
// dist/index.js.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const entry =
  process.env.SD_TRANSFORMS ??
  path.join(os.homedir(), '.cache/tokengen-conformance/node_modules/@tokens-studio/sd-transforms/dist/index.js');
const ts = await import(pathToFileURL(entry).href);

const cases = [];
// record calls fn on a deep copy of args (the package changes objects in
// place) and keeps the input as it was.
function record(fn, ...args) {
  const input = structuredClone(args);
  let output;
  const origWarn = console.warn;
  const origError = console.error;
  console.warn = () => {};
  console.error = () => {};
  try {
    const r = ts[fn](...structuredClone(args));
    output = r === undefined ? { undefined: true } : { json: JSON.stringify(r) };
  } catch (e) {
    output = { error: String(e && e.message) };
  } finally {
    console.warn = origWarn;
    console.error = origError;
  }
  cases.push({ fn, args: input, ...output });
}

// ---- math
const mathExprs = [
  '4', '-4', '4px', '0', '', '1.5', '4 * 2', '{x} * 2', '8 / 3', '10 / 3', '2 / 3', '1 / 7', '100 / 7',
  '4px * 2', '4 * 2px', '4px * 2px', '4px + 2px', '16px / 3', '-4px * 2', '4 * -2', '4 * -2px',
  '2rem * 3', '2rem * 3rem', '1.5rem + 0.5rem', '2rem + 4px', '2em * 1.5', '10% * 2', '50% / 2', '-2%', '150%',
  '40%', '2 * 50%', '(4 + 2) * 3', '(4px + 2px) * 3', '((4 + 2) * 3) / 2', '(2rem + 1rem) / 2', '2 ^ 3', '2^3^2',
  '-2^2', '10 % 3', 'sqrt(16)', 'sqrt 16', 'abs(-5)', 'floor(4.7)', 'ceil(4.2)', 'round(4.5)', 'min(1, 2)',
  'max(4, 8) * 2', 'pow(2, 8)', 'PI', 'PI * 2', 'E', '1e3', '1e-3 * 2', '.5 * 4', '4 *2', '4* 2', '4*2',
  '8 / 4 * 7px 8 * 5px 2 * 4px', '4px 8px', '4 8 12 16', '0 0 4px 0', '4px 2 * 4px', '2 * 4px 4px',
  '1px solid #000', 'solid', 'Inter', 'Semi Bold', '#ff0000', 'rgba(0, 0, 0, 0.5)', 'calc(4px * 2)',
  'calc(100% - 4px)', '100% - 4px', '4 - 2', '4-2', '4 -2', '4 - -2', '1 - 2 * 3 - 4', '1 + 2 * 3 - 4',
  '2 * 3 + 4 * 5', '10 / 2 / 5', '2 * (3 + 4) * 5', '0.1 + 0.2', '0.1 * 3', '1 / 3 * 3', '1000000 * 1000000',
  '999999999 * 999', '1 / 0', '0 / 0', '-0', '4 px', '4px*2', '16 * 1.25', '16 * 1.125', '16 / 1.25',
  '24 * 0.875', '{spacing.base} * 2', 'var(--x) * 2', '2 * var(--x)', '3.14159265', '2.718281828 * 1',
  '12.5px * 3', '33.333333 * 3', '1 / 8', '1 / 16', '1 / 32 * 10', '5 / 9', '-5 / 9', '4rem * 2px',
  '2vw * 3', '2vh + 1vh', '45deg * 2', '0.5s * 2', '100ms + 50ms', '1fr * 3', '2 * 2 * 2 * 2', '4 + 4 + 4',
  '(4)', '((4))', '(4 * 2', '4 * 2)', '4 * (2 + 3', 'a * 2', 'x', '4 + ', '* 4', '4 4', 'sin(0)', 'cos(0) * 4',
  'log(1)', 'sign(-3) * 4', 'trunc(4.9)', 'exp(0)', 'cbrt(27)', 'sqrt(16)^2', 'sqrt 16 ^ 2',
  '4px / 2px', '4rem / 2rem', '8px - 4px - 2px', '8 - 4 - 2', '2 * 8px + 4px', 'calc(2 * 4)',
  '-(4 + 2)', '+4', '+4 * 2', '1,5 * 2', '0 0 0 1px', '8 16', '-8 -16', '0.25rem 0.5rem', '1e21 * 10',
  // values other transforms already changed (compose's dp, UIColor...)
  '64.00.dp * 2', '64.00.dp', '4.dp * 2 * 3', '(4.dp) * 2', '-4.dp', '4.dp.x * 2', '2 * 4.dp', '4.5.sp + 1',
  '16.00.sp * 1.5', 'Math.PI * 2', '4 .x',
  // multi-values with groups
  'rgba(0, 0, 0, 0.5) 4px', '(4 + 2) 8', '4px (2 * 3)px', 'calc(4px + 2px) 8px', 'a (b c) d', '(4 2) * 2 8',
  '0 4px 8px rgba(0,0,0,0.2)', '8 (2', '8) 2', '(a\nb) c', '1 2 (3 4) 5 6', '2 * (3 + 1) 4 * 2',
];
// every function, operator and constant expr-eval-fork's Parser knows
// (sd-transforms keeps a result that is a number)
const exprEvalExprs = [
  'roundTo(16px * 1.333)', 'roundTo(16 * 1.333)', 'roundTo(16 * 1.333, 2)', 'roundTo(16 * 1.333, 1) * 1px',
  'roundTo(1.005, 2)', 'roundTo(-2.5)', 'roundTo(2.5)', 'roundTo(1234.5678, -2)', 'roundTo(1.5, 0)',
  'roundTo(10 / 3, 3)px', 'roundTo(0.1 + 0.2, 10)', 'roundTo(4)', 'roundTo()', 'roundTo(1, 2, 3)',
  'min(4, 2, 8)', 'max(4px, 2px) * 2', 'min(1)', 'max()', 'min()', 'min([1, 2, 3])', 'max([4, 5]) + 1',
  'floor(16 * 1.333)', 'ceil(16px * 1.333)', 'abs(-16px)', 'sqrt(2)', 'pow(2, 0.5)', 'pow(2)', 'atan2(1, 1)',
  'sin(PI / 2)', 'cos(PI)', 'tan(0)', 'asin(1)', 'acos(1)', 'atan(1) * 4', 'sinh(1)', 'cosh(1)', 'tanh(1)',
  'asinh(1)', 'acosh(1)', 'atanh(0.5)', 'log(E)', 'ln(E)', 'log2(8)', 'lg(1000)', 'log10(100)', 'expm1(1)',
  'log1p(1)', 'exp(1)', 'cbrt(-8)', 'trunc(-4.7)', 'round(-4.5)', 'round(2.5)', 'sign(0)', 'sign(-0)',
  'hypot(3, 4)', 'pyt(3, 4)', 'hypot()', 'fac(5)', '5!', '3! * 2', '0!', '(2 + 1)!', 'fac(3.5)', '3.5!',
  'gamma(5)', 'gamma(0.5)', 'gamma(-1)', 'random() * 0', 'sum([1, 2, 3])', 'sum([])', 'if(1, 2, 3)',
  'if(0, 2, 3)', '1 ? 2 : 3', '0 ? 2 : 3', '1 < 2 ? 8px : 4px', '2 > 1', '2 == 2', '2 != 2', '1 <= 2',
  '1 >= 2', 'true', 'false', 'true ? 4 : 8', 'true + 1', 'not 0', 'not 1', '1 and 0', '1 or 0', '2 in [1, 2]',
  'x = 4; x * 2', 'length("abc")', 'length [1, 2]', '"abc"', '"a" || "b"', '[1, 2] || [3]', 'length("ab") * 4px',
  'f(x) = x * 2; f(4)', 'map(f(x) = x * 2, [1, 2])', 'fold(f(a, b) = a + b, 0, [1, 2, 3])',
  'filter(f(x) = x > 1, [1, 2, 3])', 'indexOf(2, [1, 2, 3])', 'indexOf("b", "abc")', 'join(",", [1, 2])',
  '[1, 2, 3][1]', '[1, 2][5]', '-2 ^ 2', '2 ^ -1', '(-8) ^ (1 / 3)', '10 % -3', '-10 % 3', '5.5 % 2',
  '1 / 3 * 3px', '16px * 1.333', '2 * PI * 4px', 'E ^ 2', 'PI', 'sqrt 16 + 1', 'abs -4', '- -4', '--4',
  'sin 0', 'floor 4.5 * 2', 'floor(4.5) * 2', '-sqrt(4)', 'sqrt(-1)', 'log(0)', '1 / 0 * 1px', 'min(1, NaN)',
  'roundTo(1.45, 1)', 'roundTo(1.55, 1)', 'roundTo(8.345, 2)', 'roundTo(1e21, 2)', 'roundTo(5e-7, 7)',
  'min(4rem, 2rem)', 'max(1rem, 2px)', 'roundTo(1.333rem * 3)', 'floor(2.5rem)', 'ceil(1.2em) * 2',
  'roundTo(16px * 1.333) 8px', '4px roundTo(1.6)', 'max(1, 2) min(3, 4)', 'a.b', 'x.y * 2', 'abs',
  'sin', '4 ? 5', '4 :', '(1, 2)', 'pow(2, 3, 4)', 'atan2(1)', 'hypot(3)', 'min(1, "2")', 'max("a", 1)',
  '1 == 1 ? 2 : 3', '1 and 2 ? 3 : 4', 'not(0) * 4', '4 * not 0', '0.1 * 3 == 0.3', '"4" * 2', '"4" + 2',
  'x=2;y=x*3;y', 'f(a,b)=a*b;f(2,3)', 'f(x)=f(x);f(1)', '0x10 * 2', '0b101', '/* c */ 4 * 2', '4 ∙ 2', '4•2px',
  'length("abc")*2px', 'indexOf("c","abc")*2px', 'sum([1,2,3])*1.5rem', 'max([1,5,3])/2', 'if(0,1,2)*4px',
  'fac(4)/2', '4!/2', 'roundTo(2.675,2)', 'roundTo(-1.005,2)', 'roundTo(123.456,-1)', 'roundTo(1.23456789,6)',
  'roundTo(16*1.333,"1")', 'roundTo("3.7")', 'roundTo(16px*1.333)*2', 'floor(16px*1.333)/2', 'ceil(0.1+0.2)',
  '-(2)^2', '2^-2', '(2^3)^2', 'sqrt(2)^2', 'abs(-2)^2', '-abs(-2)', '2*-abs(-3)', 'x.length', '"abc".length*2',
  '[1,2].length', 'true*4', 'false+1', 'random(0)*0', '1/3+1/3', 'pow(10,-2)', 'atan2(0,-1)', 'log(-1)',
  'exp(710)', 'gamma(171)', 'gamma(172)', 'gamma(100.5)', 'gamma(2.5)', 'hypot(1e200,1e200)', 'hypot(3,4,12)',
  'min(2px,1.5px)', 'roundTo(0.5)', 'roundTo(-0.5)', 'roundTo(1.45,1)px', 'cbrt(27)px',
  'f(n)=n<1?1:f(n-1)+f(n-1);f(10)', 'f(n)=n<1?1:n*f(n-1);f(6)px', 'f(x)=f(x)+1;f(1)',
];
for (const e of [...mathExprs, ...exprEvalExprs]) {
  record('checkAndEvaluateMath', { value: e, type: 'dimension' });
}
for (const d of [0, 1, 2, 6]) {
  for (const e of ['10 / 3', '2 / 3 * 1px', '1.23456789rem * 1', '16 * 1.333']) {
    record('checkAndEvaluateMath', { value: e, type: 'spacing' }, d);
  }
}
record('checkAndEvaluateMath', { value: 4, type: 'dimension' });
record('checkAndEvaluateMath', { value: true, type: 'dimension' });
record('checkAndEvaluateMath', { $value: '4 * 2', $type: 'dimension' });
record('checkAndEvaluateMath', {
  value: { fontFamily: 'Inter', fontSize: '16 * 1.5', lineHeight: '1.5', letterSpacing: '2 * 0.5px', fontWeight: 400 },
  type: 'typography',
});
record('checkAndEvaluateMath', { value: 'Inter 16px', type: 'typography' });
record('checkAndEvaluateMath', { value: { width: '1 * 2', style: 'solid', color: '#000' }, type: 'border' });
record('checkAndEvaluateMath', {
  value: [
    { x: '0', y: '2 * 2', blur: '4 * 2', spread: '-1', color: '#000', type: 'dropShadow' },
    { x: '0', y: '1px * 2', blur: '2rem / 2', spread: '0', color: 'rgba(0,0,0,0.5)', type: 'innerShadow' },
  ],
  type: 'shadow',
});
record('checkAndEvaluateMath', { value: { offsetX: '2 * 2', offsetY: '0', blur: '8 / 2', spread: '0' }, type: 'shadow' });
record('checkAndEvaluateMath', { value: ['2 * 2', '4 * 4'], type: 'shadow' });
record('checkAndEvaluateMath', { value: '0 4px 8px rgba(0,0,0,0.5)', type: 'shadow' });
record('checkAndEvaluateMath', { value: { a: '2 * 2' }, type: 'dimension' });
record('checkAndEvaluateMath', { value: ['2 * 2'], type: 'typography' });

// ---- dimensions
const dims = ['4', '0', '-4', '4px', '4rem', '1.5', '0.0', '4 8', '0 4 0 8', '4px 8', '', ' ', 'auto', '50%', '1e3', 'none 4'];
for (const v of [...dims, 4, 0, -2.5]) {
  for (const type of ['dimension', 'spacing', 'fontSize']) record('transformDimension', { value: v, type });
}
record('transformDimension', { value: { fontFamily: 'Inter', fontSize: '16', lineHeight: '1.5' }, type: 'typography' });
record('transformDimension', { value: { fontFamily: 'Inter', lineHeight: '1.5' }, type: 'typography' });
record('transformDimension', { value: { fontSize: 14 }, type: 'typography' });
record('transformDimension', { value: { width: '2', style: 'solid', color: '#000' }, type: 'border' });
record('transformDimension', {
  value: [
    { offsetX: '0', offsetY: '4', blur: '8', spread: '-2', color: '#000' },
    { offsetX: 1, offsetY: '2 4', blur: '0', color: '#fff' },
  ],
  type: 'shadow',
});
record('transformDimension', { value: { offsetX: '0', offsetY: '4', blur: '8', color: '#000' }, type: 'shadow' });
record('transformDimension', { value: { value: 4, unit: 'px' }, type: 'dimension' });
record('transformDimension', { value: null, type: 'dimension' });

// ---- font weights
const weights = [
  'Regular', 'regular', 'Bold', 'Semi Bold', 'SemiBold', 'Semibold', 'Extra Bold', 'ExtraBold', 'Extra Light',
  'Thin', 'Hairline', 'Light', 'Medium', 'Black', 'Heavy', 'Ultra', 'Ultra Black', 'Book', 'Buch', 'Kräftig',
  'Kraeftig', 'Halbfett', 'Fett', 'Extrafett', 'Leicht', 'Bold Italic', 'BoldItalic', 'Regular Italic', 'Italic',
  'italic', 'Oblique', 'Normal', 'normal', 'Light Oblique', 'Semi Bold Italic', 'Medium Normal', '400', 400, 700,
  '700 italic', 'Unknown', 'Unknown Italic', 'Demi Bold', '', 'Bold  Italic', 'BOLD', 'Super',
];
for (const w of weights) record('transformFontWeight', { value: w, type: 'fontWeight' });
record('transformFontWeight', { value: { fontFamily: 'Inter', fontWeight: 'Semi Bold Italic', fontSize: '16px' }, type: 'typography' });
record('transformFontWeight', { value: { fontFamily: 'Inter', fontSize: '16px' }, type: 'typography' });
record('transformFontWeight', { value: { fontWeight: 500 }, type: 'typography' });

// ---- line heights, letter spacing, opacity
const pcts = ['150%', '100%', '120%', '1.5', '1', 'normal', '0%', '-2%', '2.5%', '33.33%', '%', 'auto', '24px', '10 %', 1.4, 0, 'abc%'];
for (const v of pcts) {
  record('transformLineHeight', { value: v, type: 'lineHeight' });
  record('transformLetterSpacingForCSS', { value: v, type: 'letterSpacing' });
  record('transformOpacity', v);
}
record('transformLineHeight', { value: { fontFamily: 'Inter', lineHeight: '150%' }, type: 'typography' });
record('transformLineHeight', { value: { fontFamily: 'Inter' }, type: 'typography' });
record('transformLetterSpacingForCSS', { value: { letterSpacing: '-2%', fontSize: '16px' }, type: 'typography' });
record('transformLetterSpacingForCSS', { value: { letterSpacing: 0 }, type: 'typography' });
record('transformOpacity', undefined);

// ---- hex rgba
const rgbas = [
  'rgba(#ffffff, 0.5)', 'rgba(#000, 0.08)', 'rgba(#2f6fed, 50%)', 'rgba( #ff0000 , .5 )', 'rgba(#abc, 1)',
  'rgba(#2f6fedff, 0.3)', 'rgba(#zzzzzz, 0.5)', 'rgba(red, 0.5)', 'rgba(255, 0, 0, 0.5)', '#ffffff',
  '0 1px 2px rgba(#000000, 0.2), 0 2px 4px rgba(#000000, 0.1)', 'linear-gradient(rgba(#fff, 0.1), rgba(#000, 0.9))',
  'rgba(#123456, 0)', 'rgba(#123456,0.25)',
];
for (const v of rgbas) record('transformHEXRGBaForCSS', { value: v, type: 'color' });
record('transformHEXRGBaForCSS', { value: { width: '1px', color: 'rgba(#000000, 0.5)' }, type: 'border' });
record('transformHEXRGBaForCSS', { value: [{ color: 'rgba(#000, 0.5)' }, { color: '#fff' }, { blur: '1' }], type: 'shadow' });
record('transformHEXRGBaForCSS', { value: 4, type: 'color' });

// ---- shadows
record('transformShadow', { offsetX: '0', type: 'innerShadow' });
record('transformShadow', { offsetX: '0', type: 'dropShadow' });
record('transformShadow', { offsetX: '0' });
record('transformShadow', [{ type: 'inset', blur: '1' }, { type: 'dropShadow' }, { blur: '2' }]);
record('transformShadow', 'none');

// ---- compose typography
record('transformTypographyForCompose', {
  value: { fontFamily: 'Inter', fontWeight: 'Bold', lineHeight: '1.5', fontSize: '16px', letterSpacing: '0.1em', paragraphSpacing: '4px', paragraphIndent: '2px', textCase: 'none' },
});
record('transformTypographyForCompose', { value: { fontWeight: 'Semi Bold Italic', fontSize: 12 } });
record('transformTypographyForCompose', { value: 'Inter' });

// ---- colour modifiers
const bases = ['lch(50% 40 200)', 'oklch(70% 0.1 150)', 'color(display-p3 0.2 0.4 0.9)', 'lab(50 20 -30)', 'hwb(200 10% 20%)', 'lch(43.785 56.748 275.39)', 'oklch(0.5 0.2 30 / 0.5)', 'color(srgb 1 0 0)', 'color(display-p3 0.5 0.5 0.5 / 0.25)', '#2f6fed', '#ff0000', '#000000', '#ffffff', '#808080', '#33aa5599', 'rgb(10, 200, 30)', 'hsl(210, 80%, 40%)', 'rebeccapurple', 'rgba(0, 0, 0, 0.5)', 'UIColor(red: 0.5, green: 0.25, blue: 1.000, alpha: 1)'];
const spaces = ['srgb', 'hsl', 'lch', 'p3', 'oklch', undefined, 'nonsense'];
const formats = [undefined, 'hex', 'srgb', 'hsl', 'lch', 'p3'];
const mod = (value, modify) => ({ value, type: 'color', $extensions: { 'studio.tokens': { modify } } });
for (const b of bases) {
  for (const space of spaces) {
    for (const type of ['lighten', 'darken']) {
      record('transformColorModifiers', mod(b, { type, value: '0.2', space }));
    }
    record('transformColorModifiers', mod(b, { type: 'mix', value: '0.5', space, color: '#ffffff' }));
    record('transformColorModifiers', mod(b, { type: 'alpha', value: '0.4', space }));
  }
  for (const format of formats) {
    record('transformColorModifiers', mod(b, { type: 'darken', value: '0.15', space: 'srgb', format }));
    record('transformColorModifiers', mod(b, { type: 'lighten', value: '0.3', space: 'lch', format }));
    record('transformColorModifiers', mod(b, { type: 'mix', value: '0.25', space: 'hsl', color: '#00ff00', format }));
  }
}
for (const value of ['0', '1', '0.5', '1.5', '-0.5', '0.1 * 2', '50%', 0.3, 'abc']) {
  record('transformColorModifiers', mod('#2f6fed', { type: 'lighten', value, space: 'srgb', format: 'hex' }));
  record('transformColorModifiers', mod('#2f6fed', { type: 'mix', value, space: 'srgb', color: '#000', format: 'hex' }));
  record('transformColorModifiers', mod('#2f6fed', { type: 'alpha', value, space: 'srgb', format: 'hex' }));
}
record('transformColorModifiers', mod('#2f6fed', { type: 'mix', value: '0.5', space: 'srgb', color: 'notacolor' }));
record('transformColorModifiers', mod('#2f6fed', { type: 'mix', value: '0.5', space: 'lch', color: '#ff0000' }));
record('transformColorModifiers', mod('#2f6fed', { type: 'unknown', value: '0.5', space: 'srgb' }));
record('transformColorModifiers', mod('#2f6fed', { type: 'darken', value: '{x}', space: 'srgb' }));
record('transformColorModifiers', mod('notacolor', { type: 'darken', value: '0.1', space: 'srgb' }));
record('transformColorModifiers', mod('#2f6fed', { type: 'darken', value: '0.1', space: 'srgb', format: 'lch' }), { format: 'hex' });

// ---- preprocessor
const studioTree = {
  core: {
    spacing: { base: { value: '4', type: 'spacing' }, lg: { value: '{spacing.base} * 4', type: 'spacing' } },
    weights: {
      bold: { value: 'Bold Italic', type: 'fontWeights' },
      regular: { value: 'Regular', type: 'fontWeights' },
      italic: { value: 'Italic', type: 'fontWeights' },
      ref: { value: '{weights.boldStr}', type: 'fontWeights' },
      boldStr: { value: 'Semi Bold Oblique', type: 'other' },
    },
    shadow: {
      one: { value: { x: '0', y: '2', blur: '4', spread: '0', color: '#000', type: 'dropShadow' }, type: 'boxShadow' },
      two: { value: [{ x: '1', y: '1', blur: '1', color: '#000' }, { y: '3', x: '2', color: '#fff' }], type: 'boxShadow' },
    },
    typo: {
      body: { value: { fontFamily: 'Inter', fontWeight: 'Bold Italic', fontSize: '16' }, type: 'typography' },
      ref: { value: { fontFamily: 'Inter', fontWeight: '{weights.boldStr}', fontSize: '16' }, type: 'typography' },
      missing: { value: { fontFamily: 'Inter', fontWeight: '{weights.nope}' }, type: 'typography' },
      plain: { value: { fontFamily: 'Inter', fontWeight: 'Regular' }, type: 'typography' },
      noWeight: { value: { fontFamily: 'Inter' }, type: 'typography' },
      alias: { value: '{typo.body}', type: 'typography' },
    },
    misc: {
      ls: { value: '-2%', type: 'letterSpacing', $extensions: { other: 1, 'studio.tokens': { modify: { type: 'x' } } } },
      text: { value: 'Hello', type: 'text' },
      color: { value: '#fff', type: 'color' },
      list: [{ value: '1', type: 'sizing' }],
    },
  },
  theme: {
    spacing: { sm: { value: '2', type: 'sizing' } },
    misc: { extra: { value: '1', type: 'borderWidth' } },
  },
};
const dtcgTree = {
  color: { $type: 'color', brand: { $value: '#2f6fed' }, nested: { deep: { $value: '#000' } } },
  size: { $type: 'spacing', sm: { $value: '4' }, md: { $value: '8', $type: 'sizing' } },
  weight: { $type: 'fontWeights', bold: { $value: 'Bold Italic' } },
  type: { $type: 'typography', body: { $value: { fontFamily: 'Inter', fontWeight: 'Light Italic' } } },
  shadow: { $type: 'boxShadow', a: { $value: { x: '1', y: '2', blur: '3', color: '#000' } } },
};
for (const opts of [undefined, { excludeParentKeys: true }, { alwaysAddFontStyle: true }, { excludeParentKeys: true, alwaysAddFontStyle: true }]) {
  record('parseTokens', studioTree, opts);
  record('parseTokens', dtcgTree, opts);
}
record('alignTypes', studioTree);
record('alignTypes', dtcgTree);
record('excludeParentKeys', studioTree, { excludeParentKeys: true });
record('excludeParentKeys', { a: { x: { y: [1, 2] } }, b: { x: { y: [3], z: 1 } }, c: { x: 'str' } }, { excludeParentKeys: true });
record('addFontStyles', studioTree, { alwaysAddFontStyle: true });

// ---- themes
const themes = [
  { id: '1', name: 'light', group: 'mode', selectedTokenSets: { core: 'source', light: 'enabled', dark: 'disabled' } },
  { id: '2', name: 'dark', group: 'mode', selectedTokenSets: { core: 'source', dark: 'enabled', light: 'disabled' } },
  { id: '3', name: 'acme', group: 'brand', selectedTokenSets: { 'brand/acme': 'enabled', core: 'source' } },
  { id: '4', name: 'globex', group: 'brand', selectedTokenSets: { 'brand/globex': 'enabled' } },
  { id: '5', name: 'compact', group: 'density', selectedTokenSets: { compact: 'enabled' } },
];
record('permutateThemes', themes);
record('permutateThemes', themes, { separator: '_' });
record('permutateThemes', themes.slice(0, 2));
record('permutateThemes', themes.map(({ group, ...t }) => t));
record('permutateThemes', [...themes, { name: 'nogroup', selectedTokenSets: {} }]);

// ---- descriptions
record('mapDescriptionToComment', { description: 'one\r\ntwo\rthree\nfour', value: '1' });

// ---- getTransforms
record('getTransforms');
record('getTransforms', { platform: 'compose' });
record('getTransforms', { platform: 'ios' });

const out = process.argv[2] ?? path.join(path.dirname(new URL(import.meta.url).pathname), 'golden.json');
// an undefined array item (an argument left out) is kept as {"$undefined": true}
const keepUndefined = function (k, v) {
  return v === undefined && Array.isArray(this) ? { $undefined: true } : v;
};
fs.writeFileSync(out, JSON.stringify(cases, keepUndefined, 1) + '\n');
console.log(`${cases.length} cases -> ${out}`);
