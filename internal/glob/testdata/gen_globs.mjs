// Generates globs.json: a fixture tree and, for each pattern, the files
// style-dictionary 5.5.5's own glob selects in it. style-dictionary expands
// each source/include entry with globSync(entry, {posix: true}).sort() from
// @bundled-es-modules/glob; this script does the same, so the table is the
// reference's answer, not tokengen's.
//
// Run from the repository root with the reference's node_modules resolvable:
//   node internal/glob/testdata/gen_globs.mjs [NODE_MODULES_DIR [OUT]]
// (default ~/.cache/tokengen-conformance/node_modules); it rewrites
// internal/glob/testdata/globs.json (or writes OUT). The tree is
// globs_tree.json, the patterns globs_patterns.json. glob_test.go builds
// the same tree and checks tokengen's expansion against the table, and
// also runs this script to compare live when node and the reference's
// modules are there.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const modules = process.argv[2] ?? path.join(os.homedir(), '.cache/tokengen-conformance/node_modules');
const { globSync } = await import(pathToFileURL(path.join(modules, '@bundled-es-modules/glob/index.js')).href);

// The tree: files (with content {}), folders, symbolic links [link, target].
const tree = JSON.parse(fs.readFileSync(path.join(here, 'globs_tree.json'), 'utf8'));
const patterns = JSON.parse(fs.readFileSync(path.join(here, 'globs_patterns.json'), 'utf8'));

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'globs-'));
for (const f of tree.files) {
  fs.mkdirSync(path.join(root, path.dirname(f)), { recursive: true });
  fs.writeFileSync(path.join(root, f), '{}');
}
for (const d of tree.dirs) fs.mkdirSync(path.join(root, d), { recursive: true });
for (const [link, target] of tree.symlinks) {
  fs.mkdirSync(path.join(root, path.dirname(link)), { recursive: true });
  fs.symlinkSync(target, path.join(root, link));
}

// JavaScript's default sort: UTF-16 code units, as style-dictionary sorts.
const cases = [];
const cwd = process.cwd();
process.chdir(root);
try {
  for (const pattern of patterns) {
    const real = pattern.replaceAll('$ROOT', root);
    let matches, error;
    try {
      matches = globSync(real, { posix: true }).sort()
        .map(m => m.startsWith(root) ? '$ROOT' + m.slice(root.length) : m);
    } catch (e) {
      error = String(e.message);
    }
    cases.push(error === undefined ? { pattern, matches } : { pattern, error });
  }
} finally {
  process.chdir(cwd);
  fs.rmSync(root, { recursive: true, force: true });
}
fs.writeFileSync(process.argv[3] ?? path.join(here, 'globs.json'),
  JSON.stringify({ generatedBy: 'gen_globs.mjs with @bundled-es-modules/glob ' +
    JSON.parse(fs.readFileSync(path.join(modules, '@bundled-es-modules/glob/package.json'), 'utf8')).version,
    cases }, null, 1) + '\n');
