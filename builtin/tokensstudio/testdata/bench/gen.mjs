// Writes a Tokens Studio token set of 50,000 tokens (math, colour
// modifiers, typography, shadows, font sizes, line heights, letter
// spacing, opacity) and a build script for it into a folder:
//
//   node gen.mjs /tmp/studio-bench [--no-typography]
//   cd /tmp/studio-bench && time tokengen run build.mjs
//   ln -s <reference node_modules> node_modules && time node build.mjs
//
// --no-typography writes 5,000 more math tokens instead of the
// typography tokens: the package's preprocessor maps the whole token set
// once for each typography token, which dominates node's time.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? 'studio-bench';
const noTypography = process.argv.includes('--no-typography');
const N = 5000;
let seed = 7;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const range = (f) => Object.fromEntries(Array.from({ length: N }, (_, i) => f(i)));

const core = {};
const sem = {};
core.space = range((i) => [`s${i}`, { value: String(2 + (i % 64)), type: 'spacing' }]);
sem.spaceCalc = range((i) => [`c${i}`, { value: `{space.s${i}} * ${1 + (i % 4)} + ${i % 3}`, type: 'spacing' }]);
core.color = range((i) => [`k${i}`, { value: '#' + Math.floor(random() * 0xffffff).toString(16).padStart(6, '0'), type: 'color' }]);
const mods = [['lighten', 'srgb'], ['darken', 'hsl'], ['lighten', 'lch'], ['mix', 'srgb'], ['alpha', 'srgb'], ['darken', 'p3']];
sem.colorMod = range((i) => {
  const [type, space] = mods[i % mods.length];
  const modify = { type, value: String(Math.round((0.05 + (i % 9) * 0.05) * 100) / 100), space };
  if (type === 'mix') modify.color = `{color.k${(i + 1) % N}}`;
  if (i % 2) modify.format = 'hex';
  return [`m${i}`, { value: `{color.k${i}}`, type: 'color', $extensions: { 'studio.tokens': { modify } } }];
});
core.fontSize = range((i) => [`f${i}`, { value: String(10 + (i % 40)), type: 'fontSizes' }]);
core.lineHeight = range((i) => [`l${i}`, { value: `${100 + (i % 80)}%`, type: 'lineHeights' }]);
core.letterSpacing = range((i) => [`ls${i}`, { value: `${(i % 10) - 5}%`, type: 'letterSpacing' }]);
const weights = ['Regular', 'Bold', 'Semi Bold', 'Light Italic', 'Medium', 'ExtraBold'];
if (noTypography) {
  sem.spaceCalc2 = range((i) => [`d${i}`, { value: `({space.s${i}} + 2) * 1.5rem`, type: 'spacing' }]);
} else {
  sem.typo = range((i) => [`t${i}`, {
    value: { fontFamily: 'Inter', fontWeight: weights[i % 6], fontSize: `{fontSize.f${i}} * 1.25`, lineHeight: `{lineHeight.l${i}}`, letterSpacing: `{letterSpacing.ls${i}}` },
    type: 'typography',
  }]);
}
sem.shadow = range((i) => [`sh${i}`, {
  value: [{ x: '0', y: `{space.s${i}} / 2`, blur: `{space.s${i}}`, spread: '0', color: `rgba({color.k${i}}, 0.2)`, type: i % 3 ? 'dropShadow' : 'innerShadow' }],
  type: 'boxShadow',
}]);
core.opacity = range((i) => [`o${i}`, { value: `${i % 100}%`, type: 'opacity' }]);

fs.mkdirSync(path.join(dir, 'tokens'), { recursive: true });
fs.writeFileSync(path.join(dir, 'tokens/core.json'), JSON.stringify(core, null, 1));
fs.writeFileSync(path.join(dir, 'tokens/semantic.json'), JSON.stringify(sem, null, 1));
fs.writeFileSync(path.join(dir, 'build.mjs'), `import StyleDictionary from 'style-dictionary';
import { register } from '@tokens-studio/sd-transforms';

register(StyleDictionary);
const sd = new StyleDictionary({
  source: ['tokens/*.json'],
  preprocessors: ['tokens-studio'],
  log: { verbosity: 'silent', warnings: 'disabled' },
  platforms: {
    css: {
      transformGroup: 'tokens-studio',
      transforms: ['name/kebab'],
      buildPath: 'build/css/',
      options: { formatting: { fileHeaderTimestamp: false } },
      files: [{ destination: 'variables.css', format: 'css/variables' }],
    },
    js: {
      transformGroup: 'tokens-studio',
      buildPath: 'build/js/',
      options: { formatting: { fileHeaderTimestamp: false } },
      files: [{ destination: 'tokens.js', format: 'javascript/es6' }],
    },
  },
});
await sd.buildAllPlatforms();
`);
console.log(`${10 * N} tokens -> ${dir}`);
