// Writes js/node-builtins.json: every module node 20 has built in, with
// the names it exports and what each is, so that tokengen's node:NAME
// modules export the same names (an import of any of them bundles) and
// throw only when a function tokengen does not implement is called.
// Run with node 20: node builtins_gen.mjs (go generate ./internal/jsconfig).
import { builtinModules, createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';

const require = createRequire(import.meta.url);
// Plain data (constants tables) is kept as it is in node; values that
// describe the machine node runs on are not (process, os's machine
// facts): tokengen gives its own.
const machineSpecific = new Set(['process']);
const isData = (v, depth = 0) => {
  if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) return true;
  if (depth > 3 || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== Array.prototype && proto !== null) return false;
  return Object.values(v).every((x) => isData(x, depth + 1));
};
const out = {};
for (const name of [...builtinModules, 'test'].sort()) {
  const mod = name === 'test' ? require('node:test') : require(name);
  const names = {};
  for (const key of Object.keys(mod).sort()) {
    // node's internals (_cache, _load) are left out.
    if (key === 'default' || key.startsWith('_') || !/^[A-Za-z$][\w$]*$/.test(key)) continue;
    let v;
    try {
      v = mod[key];
    } catch {
      continue;
    }
    if (typeof v === 'function') names[key] = 'f';
    else if (machineSpecific.has(name)) continue;
    else if (key === 'globalPaths') names[key] = 'o'; // the machine's folders
    else if (isData(v)) names[key] = { v };
    else if (typeof v === 'object') names[key] = 'o';
  }
  out[name] = names;
}
writeFileSync(new URL('./js/node-builtins.json', import.meta.url), JSON.stringify(out, null, 1) + '\n');
