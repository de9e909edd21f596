// Builds each case folder with the reference and with tokengen and compares
// every output file (timestamp lines dropped) and the exit status.
//   node check.mjs TOKENGEN_BIN CASE_DIR...
// Prints one block per differing case and a closing "N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const oracle = process.env.TOKENGEN_ORACLE_DIR || path.join(os.homedir(), '.cache', 'tokengen-conformance');
const sdCli = path.join(oracle, 'node_modules', 'style-dictionary', 'bin', 'style-dictionary.js');
const [bin, ...cases] = process.argv.slice(2);

function listFiles(dir, base = dir, out = []) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) listFiles(p, base, out);
    else out.push(path.relative(base, p));
  }
  return out.sort();
}
const stamp = /^.*Generated on [A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT.*\r?\n/gm;
const normalize = (buf) => buf.toString('utf8').replace(stamp, '');
function run(cmd, argv, cwd) {
  const r = spawnSync(cmd, argv, { cwd, encoding: 'utf8', timeout: 120000 });
  return { status: r.status, out: (r.stdout || '') + (r.stderr || '') };
}
function diff(a, b) {
  const r = spawnSync('diff', ['-u', a, b], { encoding: 'utf8' });
  return r.stdout.split('\n').slice(2, 30).join('\n');
}

let passed = 0, failed = 0, bothFailed = 0;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'difftest-'));
for (const src of cases) {
  const name = path.basename(src);
  const inputs = new Set(listFiles(src));
  const ref = path.join(work, name, 'reference');
  const got = path.join(work, name, 'tokengen');
  fs.cpSync(src, ref, { recursive: true });
  fs.cpSync(src, got, { recursive: true });
  const r = run('node', [sdCli, 'build', '--config', 'config.json'], ref);
  const t = run(bin, ['build', '--config', 'config.json'], got);
  const problems = [];
  if ((r.status === 0) !== (t.status === 0)) {
    problems.push(`exit status: reference ${r.status}, tokengen ${t.status}\n  reference: ${r.out.slice(0, 600)}\n  tokengen: ${t.out.slice(0, 600)}`);
  } else if (r.status !== 0) {
    bothFailed++;
    if (process.env.DIFFTEST_SHOW_FAILED) console.log(`BOTHFAIL ${src}\n  ${r.out.split('\n').filter((l) => /Error|could not|reference/.test(l)).slice(0, 4).join('\n  ')}`);
  } else {
    const refFiles = listFiles(ref).filter((f) => !inputs.has(f));
    const gotFiles = new Set(listFiles(got).filter((f) => !inputs.has(f)));
    for (const f of refFiles) {
      if (!gotFiles.has(f)) { problems.push(`missing ${f}`); continue; }
      gotFiles.delete(f);
      if (normalize(fs.readFileSync(path.join(ref, f))) !== normalize(fs.readFileSync(path.join(got, f)))) {
        problems.push(`differs ${f}\n` + diff(path.join(ref, f), path.join(got, f)));
      }
    }
    for (const f of gotFiles) problems.push(`extra ${f}`);
  }
  if (problems.length) { failed++; console.log(`FAIL ${src}\n  ` + problems.join('\n').replace(/\n/g, '\n  ')); }
  else passed++;
}
fs.rmSync(work, { recursive: true, force: true });
console.log(`${passed} passed (${bothFailed} of them failing in both), ${failed} failed`);
process.exit(failed ? 1 : 0);
