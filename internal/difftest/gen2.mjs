// Differential cases modelled on real design systems (a second style, next
// to gen.mjs's random mixes):
//   node gen2.mjs OUTDIR SEED
// A case is a brand -> semantic -> component token set spread over several
// files per layer, with reference chains of 3-4 hops, composites (typography,
// shadow, border, transition) holding references and referenced whole, light
// and dark themes (one through `include` or a later source), and platforms set
// up as real projects set them up: web (css, scss, less, js, ts), android
// (resources, colors, dimens, compose), ios (objc, swift), flutter and
// sketch, each with its usual transformGroup and file options. About a third
// of the cases use the legacy format (value/type/comment, CTI categories).
//
// Values avoid docs/deviations.md (quotes, backslashes, &, <, $ in strings,
// */ and -- in comments, ios/plist, scss/map-flat with commas, expand {})
// and the known leftovers (dotted keys, null values in typescript, the
// sketch/palette extra name, object filters into missing properties).
import fs from 'node:fs';
import path from 'node:path';
import { random } from './random.mjs';

const [outDir, seedArg] = process.argv.slice(2);
if (!outDir) {
  console.error('usage: node gen2.mjs OUTDIR SEED');
  process.exit(2);
}

const { rand, int, pick, chance } = random(Number(seedArg ?? 1) * 2654435761);
const some = (a, max, min = 1) => {
  const n = Math.min(a.length, min + int(Math.max(1, max - min + 1)));
  const copy = [...a];
  const out = [];
  for (let i = 0; i < n; i++) out.push(copy.splice(int(copy.length), 1)[0]);
  return out;
};

const dtcg = chance(0.6);
// Tokens Studio exports: legacy keys with its own type names and shapes
const studio = !dtcg && chance(0.4);
const studioType = { dimension: pick(['spacing', 'sizing', 'dimension']), fontSize: 'fontSizes', fontWeight: 'fontWeights', fontFamily: 'fontFamilies', shadow: 'boxShadow', number: pick(['lineHeights', 'opacity', 'number']), duration: 'duration', cubicBezier: 'cubicBezier' };
function studioValue(value, type) {
  if (type === 'shadow') {
    const one = (l) => (typeof l === 'object' && l ? { x: l.offsetX, y: l.offsetY, blur: l.blur, spread: l.spread ?? '0', color: l.color, type: l.inset ? 'innerShadow' : 'dropShadow' } : l);
    return Array.isArray(value) ? value.map(one) : one(value);
  }
  if (type === 'typography' && typeof value === 'object' && chance(0.5)) return { ...value, paragraphSpacing: '0', textCase: 'none', textDecoration: 'none' };
  if (type === 'dimension' && typeof value === 'string' && chance(0.3)) return value.replace(/px$/, '');
  return value;
}
const V = dtcg ? '$value' : 'value';
const T = dtcg ? '$type' : 'type';
const D = dtcg ? '$description' : 'comment';
// legacy projects often leave types out and rely on CTI categories
const legacyTyped = !dtcg && chance(0.7);

const files = {}; // path -> tree
const typeOf = new Map(); // "a.b.c" -> type, for references
const setAt = (file, p, tok, type) => {
  files[file] ??= {};
  let node = files[file];
  for (const seg of p.slice(0, -1)) node = node[seg] ??= {};
  if (groupTyped.get(p[0]) === type && tok[T] === type && chance(0.9)) delete tok[T];
  if (studio) {
    tok[V] = studioValue(tok[V], type);
    if (tok[T] && studioType[type]) tok[T] = studioType[type];
  }
  node[p[p.length - 1]] = tok;
  typeOf.set(p.join('.'), type);
};
// DTCG sets often put $type on a top group and leave it off the tokens
const groupTypes = dtcg && chance(0.4);
const groupTyped = new Map(); // top group -> its $type (groups merge across files)
function token(value, type, extra = {}) {
  const t = { [V]: value };
  if (dtcg || legacyTyped || ['shadow', 'typography', 'border', 'transition', 'cubicBezier'].includes(type)) t[T] = type;
  if (chance(0.12)) t[D] = pick(['Primary brand colour', 'Used for body text', 'Spacing step', 'Default elevation', 'Deprecated: use the semantic token', 'Only for dark surfaces',
    'A long description of the intent of this token, which goes well past the usual eighty columns of a line']);
  if (dtcg && chance(0.04)) t.$deprecated = pick([true, 'Use the semantic token instead']);
  if (dtcg && chance(0.05)) t.$extensions = { 'com.figma': { hiddenFromPublishing: chance(0.5), scopes: ['ALL_FILLS'] } };
  if (chance(0.03)) t.private = true;
  return Object.assign(t, extra);
}
// legacy projects often write {a.b.value}
const valueRefs = !dtcg && chance(0.03);
const ref = (p) => `{${p.join('.')}${valueRefs && chance(0.7) ? '.value' : ''}}`;
const refsOfType = (type, prefix) => [...typeOf].filter(([k, t]) => t === type && (!prefix || k.startsWith(prefix))).map(([k]) => k.split('.'));
const refOfType = (type, prefix) => {
  const c = refsOfType(type, prefix);
  return c.length ? ref(pick(c)) : null;
};

// ---- naming -------------------------------------------------------------

// real systems name things differently: pick one style for the case
const colorRoot = dtcg ? pick(['color', 'colors', 'color']) : 'color';
const sizeRoot = dtcg ? pick(['spacing', 'space', 'size']) : 'size';
const scaleKeys = pick([
  ['50', '100', '200', '300', '400', '500', '600', '700', '800', '900'],
  ['10', '20', '30', '40', '50', '60', '70', '80', '90', '100'],
  ['lightest', 'lighter', 'light', 'base', 'dark', 'darker', 'darkest'],
  ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'],
]);
const hues = some(['blue', 'gray', 'red', 'green', 'orange', 'purple', 'teal', 'neutral', 'brand'], 5, 3);
const tshirt = ['xxs', 'xs', 'sm', 'md', 'lg', 'xl', 'xxl', '2xl', '3xl'];

// ---- brand layer --------------------------------------------------------

const hex2 = (n) => Math.max(0, Math.min(255, Math.round(n))).toString(16).padStart(2, '0');
function shade(i, n, base) {
  const f = 1 - (i + 0.5) / n;
  return base.map((c) => c + (255 - c) * f * 0.9 - c * (1 - f) * 0.5);
}
function colorLiteral(rgb, style) {
  const [r, g, b] = rgb.map((c) => Math.max(0, Math.min(255, Math.round(c))));
  switch (style) {
    case 'rgb': return `rgb(${r}, ${g}, ${b})`;
    case 'upper': return `#${hex2(r)}${hex2(g)}${hex2(b)}`.toUpperCase();
    case 'dtcg': return { colorSpace: 'srgb', components: [r, g, b].map((c) => Math.round((c / 255) * 1000) / 1000), ...(chance(0.3) ? { hex: `#${hex2(r)}${hex2(g)}${hex2(b)}` } : {}) };
    case 'hsl': return `hsl(${int(360)}, ${int(100)}%, ${int(100)}%)`;
    default: return `#${hex2(r)}${hex2(g)}${hex2(b)}`;
  }
}
const colorStyle = pick(['hex', 'hex', 'upper', 'rgb', ...(dtcg ? ['dtcg'] : []), 'mixed']);
const brandFiles = chance(0.5) ? { color: 'tokens/brand/color.json', size: 'tokens/brand/size.json', font: 'tokens/brand/typography.json', motion: 'tokens/brand/motion.json', effect: 'tokens/brand/effects.json' }
  : { color: 'tokens/core/colors.json', size: 'tokens/core/dimensions.json', font: 'tokens/core/fonts.json', motion: 'tokens/core/fonts.json', effect: 'tokens/core/colors.json' };

let spacingIsObject = false;
function brandLayer() {
  if (groupTypes) {
    for (const [file, root, type] of [[brandFiles.color, colorRoot, 'color'], [brandFiles.size, sizeRoot, 'dimension']]) {
      if (chance(0.7)) {
        files[file] ??= {};
        files[file][root] = { $type: type, ...(chance(0.3) ? { $description: 'Group of primitives' } : {}) };
        groupTyped.set(root, type);
      }
    }
  }
  for (const hue of hues) {
    const base = [int(256), int(256), int(256)];
    const keys = scaleKeys.slice(0, 4 + int(scaleKeys.length - 3));
    keys.forEach((k, i) => {
      const style = colorStyle === 'mixed' ? pick(['hex', 'rgb', 'upper', 'hsl']) : colorStyle;
      setAt(brandFiles.color, [colorRoot, hue, k], token(colorLiteral(shade(i, keys.length, base), style), 'color'), 'color');
    });
  }
  setAt(brandFiles.color, [colorRoot, 'base', 'white'], token('#ffffff', 'color'), 'color');
  setAt(brandFiles.color, [colorRoot, 'base', 'black'], token(pick(['#000000', '#000', 'black']), 'color'), 'color');
  if (chance(0.6)) setAt(brandFiles.color, [colorRoot, 'base', 'transparent'], token(pick(['transparent', 'rgba(0, 0, 0, 0)', '#00000000']), 'color'), 'color');
  if (chance(0.5)) setAt(brandFiles.color, [colorRoot, 'alpha', 'shadow'], token(pick(['rgba(0, 0, 0, 0.1)', '#0000001a', 'rgba(16, 24, 40, 0.08)']), 'color'), 'color');

  // spacing scale
  const unit = pick(['px', 'rem', 'rem', 'none', ...(dtcg ? ['object'] : [])]);
  spacingIsObject = unit === 'object';
  const steps = some(tshirt, 7, 4).sort((a, b) => tshirt.indexOf(a) - tshirt.indexOf(b));
  steps.forEach((k, i) => {
    const px = [2, 4, 8, 12, 16, 24, 32, 48, 64][i];
    const v = unit === 'px' ? `${px}px` : unit === 'rem' ? `${px / 16}rem` : unit === 'object' ? { value: px / 16, unit: 'rem' } : `${px / 16}`;
    setAt(brandFiles.size, [sizeRoot, k], token(v, 'dimension'), 'dimension');
  });
  if (chance(0.5)) setAt(brandFiles.size, [sizeRoot, 'none'], token(pick(['0', '0px', 0]), 'dimension'), 'dimension');
  // radii and border widths
  for (const [k, v] of Object.entries({ sm: '2px', md: '4px', lg: '8px', full: '9999px' })) {
    if (chance(0.7)) setAt(brandFiles.size, ['radius', k], token(unit === 'rem' ? `${parseInt(v) / 16}rem` : v, 'dimension'), 'dimension');
  }
  setAt(brandFiles.size, ['border', 'width', 'thin'], token('1px', 'dimension'), 'dimension');
  if (chance(0.6)) setAt(brandFiles.size, ['border', 'width', 'thick'], token(pick(['2px', '0.125rem']), 'dimension'), 'dimension');

  // typography primitives
  const fontRoot = dtcg ? pick(['font', 'typography']) : 'font';
  setAt(brandFiles.font, [fontRoot, 'family', 'sans'], token(pick([['Inter', 'Helvetica Neue', 'Arial', 'sans-serif'], 'Inter, sans-serif', 'Roboto', ['-apple-system', 'BlinkMacSystemFont', 'Segoe UI', 'Roboto', 'sans-serif']]), 'fontFamily'), 'fontFamily');
  if (chance(0.6)) setAt(brandFiles.font, [fontRoot, 'family', 'mono'], token(pick([['Fira Code', 'monospace'], 'Menlo', 'ui-monospace, monospace']), 'fontFamily'), 'fontFamily');
  if (chance(0.4)) setAt(brandFiles.font, [fontRoot, 'family', 'serif'], token(pick([['Georgia', 'serif'], 'Merriweather']), 'fontFamily'), 'fontFamily');
  for (const [k, v] of some([['regular', 400], ['medium', 500], ['semibold', 600], ['bold', 700], ['light', 300]], 5, 2)) {
    setAt(brandFiles.font, [fontRoot, 'weight', k], token(chance(0.8) ? v : pick([String(v), 'bold', 'normal']), 'fontWeight'), 'fontWeight');
  }
  const fsUnit = pick(['rem', 'px', 'none', ...(dtcg ? ['object'] : [])]);
  for (const [k, px] of some([['xs', 12], ['sm', 14], ['md', 16], ['lg', 18], ['xl', 20], ['2xl', 24], ['3xl', 30], ['4xl', 36]], 6, 3)) {
    const v = fsUnit === 'rem' ? `${px / 16}rem` : fsUnit === 'px' ? `${px}px` : fsUnit === 'object' ? { value: px, unit: 'px' } : `${px / 16}`;
    setAt(brandFiles.font, [fontRoot, 'size', k], token(v, 'fontSize'), 'fontSize');
  }
  for (const [k, v] of some([['tight', 1.2], ['normal', 1.5], ['loose', 1.75], ['none', 1]], 3)) {
    setAt(brandFiles.font, [fontRoot, 'lineHeight', k], token(chance(0.8) ? v : String(v), 'number'), 'number');
  }
  if (chance(0.5)) {
    for (const [k, v] of some([['tight', '-0.02em'], ['normal', '0'], ['wide', '0.05em'], ['wider', '0.1px']], 3)) {
      setAt(brandFiles.font, [fontRoot, 'letterSpacing', k], token(v, 'dimension'), 'dimension');
    }
  }
  // motion
  if (chance(0.8)) {
    const durUnit = pick(['ms', 's', ...(dtcg ? ['object'] : []), 'number']);
    for (const [k, ms] of some([['instant', 0], ['fast', 100], ['normal', 200], ['slow', 400]], 4, 2)) {
      const v = durUnit === 'ms' ? `${ms}ms` : durUnit === 's' ? `${ms / 1000}s` : durUnit === 'object' ? { value: ms, unit: 'ms' } : ms;
      setAt(brandFiles.motion, ['duration', k], token(v, 'duration'), 'duration');
    }
    for (const [k, v] of some([['standard', [0.4, 0, 0.2, 1]], ['decelerate', [0, 0, 0.2, 1]], ['accelerate', [0.4, 0, 1, 1]], ['linear', [0, 0, 1, 1]]], 3)) {
      setAt(brandFiles.motion, ['easing', k], token(v, 'cubicBezier'), 'cubicBezier');
    }
  }
  if (chance(0.6)) {
    for (const [k, v] of some([['disabled', 0.4], ['hover', 0.8], ['overlay', 0.5]], 3)) setAt(brandFiles.effect, ['opacity', k], token(v, 'number'), 'number');
  }
  if (chance(0.4)) {
    for (const [k, v] of [['dropdown', 1000], ['modal', 1300], ['toast', 1400]]) setAt(brandFiles.effect, ['zIndex', k], token(v, 'number'), 'number');
  }
  return fontRoot;
}

// ---- semantic layer (one file per concern, two themes) -------------------

const palette = (hue, dark) => {
  const c = refsOfType('color', `${colorRoot}.${hue}.`);
  if (!c.length) return ref([colorRoot, 'base', dark ? 'white' : 'black']);
  return ref(dark ? c[Math.max(0, c.length - 1 - int(2))] : c[int(Math.min(3, c.length))]);
};
const hueFor = (role) => ({ primary: hues[0], neutral: hues[1] ?? hues[0], danger: hues.includes('red') ? 'red' : hues[hues.length - 1], success: hues.includes('green') ? 'green' : hues[0] })[role];

function semanticColors(file, theme) {
  const dark = theme === 'dark';
  const root = [colorRoot];
  const set = (p, v, extra) => setAt(file, [...root, ...p], token(v, 'color', extra), 'color');
  set(['text', 'primary'], palette(hueFor('neutral'), !dark));
  set(['text', 'secondary'], palette(hueFor('neutral'), !dark));
  set(['text', 'inverse'], ref([colorRoot, 'base', dark ? 'black' : 'white']));
  set(['background', 'default'], ref([colorRoot, 'base', dark ? 'black' : 'white']));
  set(['background', 'subtle'], palette(hueFor('neutral'), dark));
  set(['border', 'default'], palette(hueFor('neutral'), dark));
  set(['action', 'primary'], palette(hueFor('primary'), !dark));
  set(['action', 'primary-hover'], palette(hueFor('primary'), !dark));
  set(['feedback', 'danger'], palette(hueFor('danger'), !dark));
  if (chance(0.6)) set(['feedback', 'success'], palette(hueFor('success'), !dark));
  // an alias of an alias (chains of three and four hops)
  set(['focus', 'ring'], ref([colorRoot, 'action', 'primary']));
  if (chance(0.5)) set(['link', 'default'], ref([colorRoot, 'focus', 'ring']));
  if (chance(0.3)) set(['overlay'], dark ? 'rgba(0, 0, 0, 0.7)' : 'rgba(0, 0, 0, 0.4)');
}

function semanticOther(file, fontRoot) {
  const fr = (k, sub) => {
    const c = refsOfType(k === 'family' ? 'fontFamily' : k === 'weight' ? 'fontWeight' : k === 'size' ? 'fontSize' : 'number', `${fontRoot}.${k}.`);
    return c.length ? ref(sub != null && c[sub] ? c[sub] : pick(c)) : null;
  };
  const spacing = refsOfType('dimension', `${sizeRoot}.`);
  // spacing aliases
  for (const k of some(['inset', 'stack', 'inline', 'gutter'], 3)) {
    for (const s of some(['sm', 'md', 'lg'], 3)) setAt(file, ['layout', k, s], token(ref(pick(spacing)), 'dimension'), 'dimension');
  }
  // typography composites
  const styles = some(['heading', 'body', 'caption', 'label', 'display', 'code'], 4, 2);
  for (const st of styles) {
    const v = {
      fontFamily: (st === 'code' && fr('family', 1)) || fr('family', 0),
      fontSize: chance(0.85) ? fr('size') : pick(['1rem', '14px']),
      fontWeight: chance(0.8) ? fr('weight') : pick([400, 700]),
      lineHeight: chance(0.7) ? fr('lineHeight') : pick([1.25, '1.5', '24px']),
    };
    const ls = refsOfType('dimension', `${fontRoot}.letterSpacing.`);
    if (ls.length && chance(0.5)) v.letterSpacing = ref(pick(ls));
    if (chance(0.15)) delete v.lineHeight;
    setAt(file, ['typography', st], token(v, 'typography'), 'typography');
  }
  // elevation: shadows with colour references, some layered
  const shadowColor = () => refOfType('color', `${colorRoot}.alpha.`) ?? pick(['rgba(0, 0, 0, 0.1)', '#00000033', ref([colorRoot, 'base', 'black'])]);
  const layer = (y, blur) => ({ color: shadowColor(), offsetX: '0px', offsetY: `${y}px`, blur: `${blur}px`, spread: chance(0.7) ? '0px' : `-${int(3)}px`, ...(chance(0.1) ? { inset: true } : {}) });
  const levels = some(['sm', 'md', 'lg', 'xl'], 4, 2);
  levels.forEach((lv, i) => setAt(file, ['shadow', lv], token(chance(0.35) ? [layer(i + 1, 2 * (i + 1)), layer(2 * (i + 1), 4 * (i + 1))] : layer(i + 1, 3 * (i + 1)), 'shadow'), 'shadow'));
  // borders
  const bw = refsOfType('dimension', 'border.width.');
  setAt(file, ['borders', 'default'], token({ color: ref([colorRoot, 'border', 'default']), width: bw.length ? ref(bw[0]) : '1px', style: 'solid' }, 'border'), 'border');
  if (chance(0.6)) setAt(file, ['borders', 'focus'], token({ color: ref([colorRoot, 'focus', 'ring']), width: bw.length ? ref(pick(bw)) : '2px', style: pick(['solid', 'dashed', ...(dtcg ? [{ dashArray: ['4px', '2px'], lineCap: 'round' }] : [])]) }, 'border'), 'border');
  // transitions
  const durs = refsOfType('duration', 'duration.');
  if (durs.length) {
    for (const k of some(['fade', 'slide', 'expand'], 2)) {
      setAt(file, ['transition', k], token({ duration: ref(pick(durs)), delay: pick(['0ms', 0, ref(pick(durs))]), timingFunction: refOfType('cubicBezier', 'easing.') ?? [0.4, 0, 0.2, 1] }, 'transition'), 'transition');
    }
  }
}

// ---- component layer ------------------------------------------------------

function componentLayer(fontRoot) {
  const comps = some(['button', 'card', 'input', 'badge', 'modal', 'tooltip'], 4, 2);
  const sp = (k) => refOfType('dimension', `layout.${k}.`) ?? refOfType('dimension', `${sizeRoot}.`);
  const radius = () => refOfType('dimension', 'radius.') ?? '4px';
  const typo = () => refOfType('typography', 'typography.');
  const file = (c) => (chance(0.7) ? `tokens/components/${c}.json` : 'tokens/components/index.json');
  for (const c of comps) {
    const f = file(c);
    const variants = c === 'button' ? some(['primary', 'secondary', 'danger'], 3, 2) : ['default'];
    for (const v of variants) {
      const base = c === 'button' ? [c, v] : [c];
      const bg = v === 'danger' ? ref([colorRoot, 'feedback', 'danger']) : v === 'secondary' ? ref([colorRoot, 'background', 'subtle']) : c === 'button' ? ref([colorRoot, 'action', 'primary']) : ref([colorRoot, 'background', 'default']);
      setAt(f, [...base, 'background'], token(bg, 'color'), 'color');
      setAt(f, [...base, 'text'], token(ref([colorRoot, 'text', v === 'primary' || v === 'danger' ? 'inverse' : 'primary']), 'color'), 'color');
      if (chance(0.5)) setAt(f, [...base, 'background-hover'], token(ref([...base, 'background']), 'color'), 'color'); // chain of four
      setAt(f, [...base, 'padding'], token(pick(spacingIsObject ? [sp('inset')] : [sp('inset'), sp('inset'), studio ? `${sp('inset')} * 2` : `calc(${sp('inset')} * 2)`, `${sp('stack')} ${sp('inline')}`]), 'dimension'), 'dimension');
      if (chance(0.7)) setAt(f, [...base, 'radius'], token(radius(), 'dimension'), 'dimension');
    }
    if (typo() && chance(0.8)) setAt(f, [c, 'typography'], token(typo(), 'typography'), 'typography'); // whole composite
    if (c === 'card' || c === 'modal' || c === 'tooltip') setAt(f, [c, 'shadow'], token(refOfType('shadow', 'shadow.') ?? 'none', 'shadow'), 'shadow');
    if (c === 'card' || c === 'input') {
      if (chance(0.5)) setAt(f, [c, 'border'], token(ref(['borders', 'default']), 'border'), 'border');
      else setAt(f, [c, 'border'], token({ color: ref([colorRoot, 'border', 'default']), width: refOfType('dimension', 'border.width.') ?? '1px', style: 'solid' }, 'border'), 'border');
    }
    if (c === 'button' && refsOfType('transition', 'transition.').length && chance(0.6)) setAt(f, [c, 'transition'], token(refOfType('transition', 'transition.'), 'transition'), 'transition');
    if (c === 'input' && chance(0.5)) setAt(f, [c, 'placeholder'], token(pick(['Search', 'Enter your email', 'Type here']), 'content'), 'content');
    if (c === 'modal' && refsOfType('number', 'zIndex.').length) setAt(f, [c, 'zIndex'], token(refOfType('number', 'zIndex.'), 'number'), 'number');
    if (c === 'badge' && refsOfType('number', 'opacity.').length) setAt(f, [c, 'opacity'], token(refOfType('number', 'opacity.'), 'number'), 'number');
  }
  // strings and assets, as the upstream examples have them
  if (chance(0.4)) {
    setAt('tokens/content/strings.json', ['content', 'app', 'title'], token(pick(['Design System', 'Acme App', 'Tokens']), 'content'), 'content');
    setAt('tokens/content/strings.json', ['content', 'app', 'tagline'], token(pick(['Build faster', 'One source of truth']), 'content'), 'content');
  }
  if (chance(0.3)) {
    setAt('tokens/asset/icons.json', ['asset', 'icon', 'logo'], token(pick(['assets/images/logo.png', 'icons/logo.svg']), 'asset'), 'asset');
    if (chance(0.5)) setAt('tokens/asset/icons.json', ['asset', 'icon', 'home'], token('icons/home.svg', 'asset'), 'asset');
  }
  if (chance(0.2)) {
    for (const k of some(['home', 'search', 'close', 'menu'], 3)) setAt('tokens/content/icons.json', ['content', 'icon', k], token(pick(['e001', 'f101', 'e6a3']), 'icon'), 'icon');
  }
}

// ---- build the layers -----------------------------------------------------

const fontRoot = brandLayer();
const themes = ['light', 'dark'];
const themeMode = pick(['include', 'source', 'none', 'none']);
// light is the default semantic file; dark overrides it (same paths)
semanticColors('tokens/semantic/color.json', 'light');
semanticOther(chance(0.5) ? 'tokens/semantic/typography.json' : 'tokens/semantic/other.json', fontRoot);
if (themeMode !== 'none') {
  const save = new Map(typeOf);
  semanticColors('themes/dark/color.json', 'dark');
  for (const [k, v] of save) typeOf.set(k, v);
}
componentLayer(fontRoot);

// ---- config -----------------------------------------------------------------

const layerDirs = [...new Set(Object.keys(files).map((f) => f.split('/').slice(0, 2).join('/')))].filter((d) => !d.startsWith('themes'));
const config = {};
const brandDir = brandFiles.color.split('/').slice(0, 2).join('/');
if (chance(0.35)) {
  // brand primitives as include (so isSource filters drop them)
  config.include = [`${brandDir}/**/*.json`];
  config.source = layerDirs.filter((d) => d !== brandDir).map((d) => `${d}/**/*.json`);
} else if (chance(0.5)) {
  config.source = ['tokens/**/*.json'];
} else {
  config.source = layerDirs.map((d) => `${d}/**/*.json`);
}
if (themeMode === 'include') {
  // the theme as include loses to the light source tokens: realistic mistake
  config.include = [...(config.include ?? []), 'themes/dark/**/*.json'];
} else if (themeMode === 'source') {
  config.source.push('themes/dark/**/*.json');
  config.log = { warnings: pick(['disabled', 'warn']), verbosity: pick(['default', 'silent', 'verbose']) };
}
if (chance(0.15)) config.log = { ...(config.log ?? {}), verbosity: 'silent' };
// warnings as errors: every warning the reference prints then decides the exit status
if (chance(0.3)) config.log = { ...(config.log ?? {}), warnings: 'error' };
if (chance(0.1)) config.expand = pick([{ include: ['typography'] }, true, { typesMap: { fontWeight: 'number' }, exclude: ['shadow'] }]);

const typesMapFor = {
  android: { typography: { fontSize: 'fontSize', lineHeight: 'number', letterSpacing: 'dimension' }, shadow: { offsetX: 'dimension', offsetY: 'dimension', blur: 'dimension', spread: 'dimension' }, border: { width: 'dimension' } },
  ios: { typography: { fontSize: 'fontSize', lineHeight: 'number' }, border: { width: 'dimension' }, shadow: { blur: 'dimension' } },
  flutter: { typography: { fontSize: 'fontSize', fontWeight: 'fontWeight' }, fontWeight: 'number' },
};
function nativeExpand(kind) {
  return pick([
    true,
    { typesMap: typesMapFor[kind] ?? typesMapFor.android },
    { include: ['typography', 'border'], typesMap: typesMapFor[kind] ?? typesMapFor.android },
    { exclude: ['transition'] },
    { include: ['shadow', 'typography', 'border', 'transition'] },
  ]);
}

const types = [...new Set(typeOf.values())];
// a filter as real configs write them: by type, by CTI category, by source
function filterFor(kind, wanted) {
  if (wanted) return chance(0.75) || !dtcg ? { [T]: wanted } : { attributes: { category: colorRoot } };
  return pick([
    { [T]: pick(types) },
    { attributes: { category: colorRoot } },
    { attributes: { category: pick([sizeRoot, 'radius', fontRoot, 'typography', 'shadow']) } },
    { isSource: true },
    { attributes: { type: pick(['text', 'background', 'action', 'family', 'size']) } },
  ]);
}
const fmt = () => (chance(0.1) ? { sort: pick(['name', ['name']]) } : chance(0.25) ? { formatting: pick([{ fileHeaderTimestamp: false }, { indentation: '    ' }, { commentStyle: 'long' }, { commentStyle: 'none' }, { commentPosition: 'above' }]) } : {});
const header = () => (chance(0.15) ? { showFileHeader: false } : {});
const refsOpt = () => (chance(0.55) ? { outputReferences: true } : {});

const platformMakers = {
  css() {
    const files = [{ destination: 'variables.css', format: 'css/variables', options: { ...refsOpt(), ...header(), ...fmt(), ...(chance(0.4) ? { selector: pick([':root', '[data-theme="light"]', '.theme-light', ':root, :host']) } : {}) } }];
    if (chance(0.4)) files.push({ destination: 'colors.css', format: 'css/variables', filter: filterFor('css', 'color'), options: { outputReferences: chance(0.5), ...(chance(0.3) ? { outputReferenceFallbacks: true, outputReferences: true } : {}) } });
    if (chance(0.2)) files.push({ destination: 'typography.css', format: 'css/variables', filter: { [T]: 'typography' } });
    return { transformGroup: 'css', buildPath: 'build/css/', ...(chance(0.3) ? { prefix: pick(['ds', 'acme']) } : {}), files };
  },
  scss() {
    const files = [{ destination: '_variables.scss', format: 'scss/variables', options: { ...refsOpt(), ...header(), ...fmt(), ...(chance(0.2) ? { themeable: true } : {}) } }];
    if (chance(0.6)) files.push({ destination: '_tokens-map.scss', format: 'scss/map-deep', options: { ...refsOpt(), ...(chance(0.5) ? { mapName: pick(['tokens', 'ds-tokens']) } : {}) } });
    if (chance(0.3)) files.push({ destination: '_colors-map.scss', format: 'scss/map-flat', filter: { [T]: 'color' } });
    if (types.includes('icon') && chance(0.5)) files.push({ destination: '_icons.scss', format: 'scss/icons', filter: { [T]: 'icon' } });
    return { transformGroup: 'scss', buildPath: 'build/scss/', ...(chance(0.2) ? { prefix: 'ds' } : {}), files };
  },
  less() {
    return { transformGroup: 'less', buildPath: 'build/less/', files: [{ destination: 'variables.less', format: 'less/variables', options: { ...refsOpt(), ...header(), ...fmt() } }] };
  },
  js() {
    const files = [{ destination: 'tokens.js', format: 'javascript/es6', options: { ...refsOpt(), ...fmt() } }];
    if (chance(0.6)) files.push({ destination: 'tokens.d.ts', format: 'typescript/es6-declarations', options: chance(0.4) ? { outputStringLiterals: true } : {} });
    if (chance(0.4)) files.push({ destination: 'tokens.mjs', format: 'javascript/esm', options: pick([{}, { flat: true }, { stripMeta: true }, { minify: true }]) });
    if (chance(0.4)) files.push({ destination: 'index.js', format: 'javascript/module', filter: chance(0.3) ? filterFor('js') : undefined });
    if (chance(0.3)) files.push({ destination: 'index.d.ts', format: 'typescript/module-declarations' });
    if (chance(0.3)) files.push({ destination: 'flat.js', format: 'javascript/module-flat' });
    if (chance(0.2)) files.push({ destination: 'tokens.json', format: pick(['json/nested', 'json/flat', 'json']) });
    return { transformGroup: 'js', buildPath: 'build/js/', files: files.map(clean) };
  },
  android() {
    const files = [
      { destination: 'colors.xml', format: 'android/colors', filter: { [T]: 'color' } },
      { destination: 'dimens.xml', format: 'android/dimens', filter: { [T]: 'dimension' } },
    ];
    if (chance(0.5)) files.push({ destination: 'font_dimens.xml', format: 'android/fontDimens', filter: { [T]: 'fontSize' } });
    // outputReferences only without a filter: a reference out of the file crashes the reference (deviation)
    if (chance(0.5)) files.push(chance(0.5) ? { destination: 'tokens.xml', format: 'android/resources', options: { ...refsOpt(), ...(chance(0.3) ? { resourceType: pick(['color', 'dimen']) } : {}) } }
      : { destination: 'tokens.xml', format: 'android/resources', filter: filterFor('android', pick(['color', 'dimension', null])), options: chance(0.3) ? { resourceType: pick(['color', 'dimen']) } : {} });
    if (types.includes('content') && chance(0.5)) files.push({ destination: 'strings.xml', format: 'android/strings', filter: { [T]: 'content' } });
    if (chance(0.3)) files.push({ destination: 'integers.xml', format: 'android/integers', filter: { [T]: pick(['number', 'duration']) } });
    if (chance(0.3)) files.push({ destination: 'font.xml', format: pick(['android/fontDimens', 'android/resources']), filter: { attributes: { type: pick(['size', 'family', 'weight']) } } });
    return { transformGroup: 'android', buildPath: 'build/android/res/values/', ...(chance(0.4) ? { expand: nativeExpand('android') } : {}), files: files.map(clean) };
  },
  compose() {
    const files = [{ destination: 'Tokens.kt', format: 'compose/object', options: { className: 'Tokens', packageName: 'com.acme.tokens', ...refsOpt(), ...(chance(0.3) ? { objectType: pick(['data', 'object', 'class']), accessControl: pick(['internal', 'public']) } : {}) } }];
    if (chance(0.4)) files.push({ destination: 'Sizes.kt', format: 'compose/object', filter: { [T]: pick(['dimension', 'fontSize']) }, options: { className: 'Sizes', packageName: 'com.acme.tokens', import: ['androidx.compose.ui.unit.dp', 'androidx.compose.ui.unit.sp'] } });
    if (chance(0.5)) files.push({ destination: 'Colors.kt', format: 'compose/object', filter: { [T]: 'color' }, options: { className: 'AcmeColors', packageName: 'com.acme.tokens', ...refsOpt() } });
    return { transformGroup: 'compose', buildPath: 'build/compose/', ...(chance(0.5) ? { expand: nativeExpand('android') } : {}), files };
  },
  ios() {
    const files = [];
    const cls = pick(['StyleDictionary', 'ACMETokens']);
    if (chance(0.6)) files.push({ destination: `${cls}Color.h`, format: 'ios/colors.h', filter: { [T]: 'color' }, options: { className: `${cls}Color`, type: `${cls}ColorName` } },
      { destination: `${cls}Color.m`, format: 'ios/colors.m', filter: { [T]: 'color' }, options: { className: `${cls}Color`, type: `${cls}ColorName` } });
    if (chance(0.5)) files.push({ destination: `${cls}Size.h`, format: 'ios/static.h', filter: { [T]: 'dimension' }, options: { className: `${cls}Size`, type: 'float' } },
      { destination: `${cls}Size.m`, format: 'ios/static.m', filter: { [T]: 'dimension' }, options: { className: `${cls}Size`, type: 'float' } });
    if (chance(0.5)) files.push({ destination: `${cls}.h`, format: 'ios/singleton.h', options: { className: cls } }, { destination: `${cls}.m`, format: 'ios/singleton.m', options: { className: cls } });
    if (chance(0.4)) files.push({ destination: `${cls}Macros.h`, format: 'ios/macros' });
    if (types.includes('content') && chance(0.5)) files.push({ destination: `${cls}Strings.h`, format: 'ios/strings.h', filter: { [T]: 'content' }, options: { className: `${cls}Strings` } },
      { destination: `${cls}Strings.m`, format: 'ios/strings.m', filter: { [T]: 'content' }, options: { className: `${cls}Strings` } });
    if (!files.length) files.push({ destination: `${cls}Macros.h`, format: 'ios/macros' });
    return { transformGroup: 'ios', buildPath: 'build/ios/', ...(chance(0.5) ? { expand: nativeExpand('ios') } : {}), files };
  },
  swift() {
    const files = [{ destination: 'Tokens.swift', format: pick(['ios-swift/class.swift', 'ios-swift/enum.swift']), options: { className: 'Tokens', ...refsOpt(), ...(chance(0.3) ? { accessControl: 'public' } : {}), ...(chance(0.3) ? { import: ['UIKit', 'SwiftUI'] } : {}) } }];
    if (chance(0.4)) files.push({ destination: 'Color.swift', format: 'ios-swift/enum.swift', filter: { [T]: 'color' }, options: { className: 'ColorTokens', ...refsOpt() } });
    if (chance(0.3)) files.push({ destination: 'Size.swift', format: 'ios-swift/any.swift', filter: { [T]: 'dimension' }, options: { className: 'SizeTokens', objectType: pick(['struct', 'enum', 'class']) } });
    return { transformGroup: pick(['ios-swift', 'ios-swift-separate']), buildPath: 'build/ios-swift/', ...(chance(0.5) ? { expand: nativeExpand('ios') } : {}), files };
  },
  flutter() {
    const files = [{ destination: 'tokens.dart', format: 'flutter/class.dart', options: { className: 'DesignTokens', ...refsOpt() } }];
    if (chance(0.4)) files.push({ destination: 'colors.dart', format: 'flutter/class.dart', filter: { [T]: 'color' }, options: { className: 'ColorTokens' } });
    return { transformGroup: pick(['flutter', 'flutter-separate']), buildPath: 'build/flutter/', ...(chance(0.6) ? { expand: nativeExpand('flutter') } : {}), files };
  },
  stylus() {
    return { transformGroup: pick(['css', 'web']), buildPath: 'build/stylus/', files: [{ destination: 'variables.styl', format: 'stylus/variables', options: { ...refsOpt(), ...fmt() } }] };
  },
  json() {
    const files = [{ destination: 'tokens.json', format: pick(['json', 'json/nested', 'json/flat']) }];
    if (chance(0.5)) files.push({ destination: 'colors.json', format: pick(['json/flat', 'json/nested']), filter: filterFor('json', 'color') });
    if (chance(0.3)) files[0].options = { stripMeta: pick([true, { keep: [V, T, D] }]) };
    return { transformGroup: pick(['web', 'js', 'css']), buildPath: 'build/json/', files };
  },
  sketch() {
    return { transforms: ['attribute/cti', 'name/human', 'attribute/color', 'color/sketch'], buildPath: 'build/sketch/', files: [{ destination: 'palette.sketchpalette', format: 'sketch/palette/v2', filter: { [T]: 'color' } }] };
  },
  assets() {
    return { transformGroup: 'assets', buildPath: 'build/assets/', files: [{ destination: 'assets.json', format: pick(['json/asset', 'json/flat', 'json/nested']), ...(types.includes('asset') ? { filter: { [T]: 'asset' } } : {}) }] };
  },
};
const cssObject = ['typography/css/shorthand', 'shadow/css/shorthand', 'border/css/shorthand', 'transition/css/shorthand', 'strokeStyle/css/shorthand', 'fontFamily/css', 'cubicBezier/css'];
const customTransforms = {
  css: [
    ['attribute/cti', 'name/kebab', 'time/seconds', 'size/pxToRem', 'color/css', ...cssObject],
    ['attribute/cti', 'name/kebab', 'color/hsl', 'size/rem', ...cssObject],
    ['name/kebab', 'color/oklch', 'size/px', 'typography/css/shorthand', 'shadow/css/shorthand', 'border/css/shorthand'],
    ['attribute/cti', 'name/kebab', 'color/rgb', 'size/remToPx', 'fontFamily/css', 'shadow/css/shorthand', 'border/css/shorthand', 'typography/css/shorthand', 'transition/css/shorthand', 'cubicBezier/css'],
  ],
  scss: [['attribute/cti', 'name/kebab', 'color/hex8', 'size/pxToRem', ...cssObject], ['name/kebab', 'color/hsl-4', 'size/px', ...cssObject]],
  js: [['attribute/cti', 'name/camel', 'size/px', 'color/hex'], ['attribute/cti', 'name/constant', 'color/rgb', 'size/pxToRem'], ['name/pascal', 'color/css', 'size/object']],
  android: [['attribute/cti', 'name/snake', 'color/hex8android', 'size/dp', 'size/sp'], ['attribute/cti', 'name/snake', 'color/hex8android', 'size/remToDp', 'size/remToSp']],
  compose: [['attribute/cti', 'name/camel', 'color/composeColor', 'size/compose/dp', 'size/compose/sp', 'size/compose/em']],
  swift: [['attribute/cti', 'name/camel', 'color/ColorSwiftUI', 'content/swift/literal', 'asset/swift/literal', 'size/swift/remToCGFloat'], ['attribute/cti', 'name/camel', 'color/UIColorSwift', 'size/remToPt', 'content/swift/literal']],
  ios: [['attribute/cti', 'name/pascal', 'color/UIColor', 'content/objC/literal', 'size/remToPt']],
  flutter: [['attribute/cti', 'name/camel', 'color/hex8flutter', 'size/flutter/remToDouble', 'content/flutter/literal', 'asset/flutter/literal']],
};
function clean(f) {
  const out = {};
  for (const [k, v] of Object.entries(f)) if (v !== undefined && !(k === 'options' && !Object.keys(v).length)) out[k] = v;
  return out;
}

const project = pick([
  ['css', 'js'], ['css', 'scss', 'js', 'android', 'ios'], ['scss', 'android', 'swift'], ['css', 'compose', 'swift'],
  ['css', 'less', 'flutter'], ['css', 'scss', 'less', 'stylus'], ['json', 'js', 'android', 'compose'], ['js', 'ios', 'android', 'sketch'], ['css', 'scss', 'less', 'js', 'android', 'compose', 'ios', 'swift', 'flutter', 'sketch', 'assets'],
  some(Object.keys(platformMakers), 4),
]);
config.platforms = {};
for (const name of project) {
  const p = platformMakers[name]();
  p.files = p.files.map(clean);
  // hand-picked transform lists, as many projects write them instead of a group
  if (customTransforms[name] && chance(0.3)) {
    delete p.transformGroup;
    p.transforms = pick(customTransforms[name]);
  }
  if (chance(0.12)) p.basePxFontSize = pick([10, 14, 18]);
  if (chance(0.15)) p.options = { ...(chance(0.6) ? { outputReferences: true } : {}), ...(chance(0.3) ? { showFileHeader: false } : {}), ...(chance(0.3) ? { fileHeader: undefined } : {}) };
  if (p.options && !Object.keys(clean(p.options)).length) delete p.options;
  config.platforms[name] = p;
}

fs.mkdirSync(outDir, { recursive: true });
for (const [name, content] of Object.entries(files)) {
  fs.mkdirSync(path.dirname(path.join(outDir, name)), { recursive: true });
  fs.writeFileSync(path.join(outDir, name), JSON.stringify(content, null, 2) + '\n');
}
fs.writeFileSync(path.join(outDir, 'config.json'), JSON.stringify(config, null, 2) + '\n');
if (studio && chance(0.5)) {
  // Tokens Studio writes these next to the sets; the source glob reads them
  fs.writeFileSync(path.join(outDir, 'tokens', '$metadata.json'), JSON.stringify({ tokenSetOrder: Object.keys(files).map((f) => f.replace(/^tokens\/|\.json$/g, '')) }, null, 2) + '\n');
}
