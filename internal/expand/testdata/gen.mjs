// Regenerates cases/*/expected.json by running the reference
// (style-dictionary 5.5.5) on each case's tokens.json with the expand
// configs of its case.json. Run from this folder:
//   node gen.mjs
// Expected per platform: the platform's allTokens in order, each as its key,
// path, original (the properties at expansion time, in order) and the
// order of its properties. "input" is the token list before any expansion.
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { createRequire } from 'node:module';

const oracle = path.join(os.homedir(), '.cache/tokengen-conformance/node_modules/style-dictionary/lib/StyleDictionary.js');
const { default: StyleDictionary } = await import(oracle);

// Functions named "fn:<name>" in case.json; expand_test.go has the same ones.
const funcs = {
  keyHasBorderOrTypo: (token) => token.key.includes('border') || token.key.includes('typo'),
  typeIsShadow: (token) => (token.$type ?? token.type) === 'shadow',
};
const withFuncs = (v) => {
  if (typeof v === 'string' && v.startsWith('fn:')) return funcs[v.slice(3)];
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, withFuncs(x)]));
  }
  return v;
};

const dump = (t) => ({ key: t.key, path: t.path, original: t.original, keys: Object.keys(t) });

const here = path.dirname(new URL(import.meta.url).pathname);
for (const name of fs.readdirSync(path.join(here, 'cases')).sort()) {
  const dir = path.join(here, 'cases', name);
  const spec = JSON.parse(fs.readFileSync(path.join(dir, 'case.json'), 'utf-8'));
  process.chdir(dir);
  const platforms = {};
  for (const [p, expand] of Object.entries(spec.platforms)) {
    platforms[p] = { transforms: [], expand: withFuncs(expand) };
  }
  const out = { platforms: {} };
  // The input: tokens as the pipeline holds them before expansion.
  const plain = new StyleDictionary({ source: ['tokens.json'], platforms: { p: { transforms: [] } }, log: { verbosity: 'silent', warnings: 'disabled', errors: { brokenReferences: 'console' } } });
  out.input = (await plain.getPlatformTokens('p')).allTokens.map(dump);
  const sd = new StyleDictionary({ source: ['tokens.json'], expand: withFuncs(spec.expand), platforms, log: { verbosity: 'silent', warnings: 'disabled', errors: { brokenReferences: 'console' } } });
  for (const p of Object.keys(platforms)) {
    try {
      out.platforms[p] = (await sd.getPlatformTokens(p)).allTokens.map(dump);
    } catch (e) {
      out.platforms[p] = { error: e.message };
    }
  }
  fs.writeFileSync(path.join(dir, 'expected.json'), JSON.stringify(out, null, 1) + '\n');
  console.log(name, Object.entries(out.platforms).map(([p, v]) => `${p}:${v.error ? 'error' : v.length}`).join(' '));
}
