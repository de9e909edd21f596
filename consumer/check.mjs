#!/usr/bin/env node
// Feeds every file of a tokengen build folder to the real tool that would
// consume it (sass, less, stylus, postcss + lightningcss, node, tsc,
// tree-sitter, xmllint, JSON.parse) and reports `ok <file>` or
// `FAIL <file>: reason` per file. Exit status 1 when anything fails.
//
// Usage:
//   node check.mjs <build-dir> [--compare <compare.json>]
//   node check.mjs --self-test
//
// compare.json (paths relative to <build-dir>) asks for checks across files:
//   { "values": [ { "module": "js/module-flat.js", "equals": "js/flat.json" },
//                 { "module": "js/es6-colors.js", "subsetOf": "js/flat.json" },
//                 { "module": "js/object.js", "global": "tokensObject", "equals": "js/tokens.json" } ],
//     "types":  [ { "declarations": "js/es6.d.ts", "module": "js/es6.js" } ] }
//     "properties": [ { "css": "css/composites.css",
//                       "uses": { "--gradient-sunset": "background-image" } } ]
// A "values" entry loads the module and deep-compares what it exports with the
// parsed JSON file. A "types" entry makes tsc check that the runtime value of
// the module is assignable to the type its declarations promise. A
// "properties" entry checks that each custom property's value, used as the
// value of the CSS property named, is that property's valid value:
// lightningcss parses it into the property's own form, not into the
// "unparsed" form it keeps for values it does not understand. A custom
// property itself accepts almost anything (`--a: [object Object]` parses),
// so only its use shows whether a token's value is CSS.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { spawnSync } from 'node:child_process';
import { isDeepStrictEqual } from 'node:util';

import * as sass from 'sass';
import less from 'less';
import stylus from 'stylus';
import postcss from 'postcss';
import { transform as lightningTransform } from 'lightningcss';
import { Parser, Language } from 'web-tree-sitter';

const require = createRequire(import.meta.url);
const here = path.dirname(new URL(import.meta.url).pathname);

// ---------------------------------------------------------------- helpers

class CheckError extends Error {}
const fail = (message) => {
  throw new CheckError(String(message).replace(/\r?\n/g, ' / '));
};

function lineAt(source, line) {
  const text = source.split('\n')[line - 1];
  return text === undefined ? '' : ` | line ${line}: ${JSON.stringify(text)}`;
}

function firstLine(message) {
  return String(message).split('\n').find((l) => l.trim() !== '') ?? String(message);
}

// ---------------------------------------------------------------- CSS

// postcss catches unclosed comments, strings and blocks; lightningcss (no
// error recovery) catches invalid selectors and declarations such as
// `},@font-face {` that postcss happily accepts.
function checkCSS(file, source) {
  try {
    postcss.parse(source, { from: file });
  } catch (e) {
    fail(`postcss: ${e.reason ?? firstLine(e.message)}${e.line ? lineAt(source, e.line) : ''}`);
  }
  try {
    const result = lightningTransform({
      filename: path.basename(file),
      code: Buffer.from(source),
      errorRecovery: false,
    });
    if (result.warnings?.length) {
      const w = result.warnings[0];
      fail(`lightningcss warning: ${w.message}${w.loc ? lineAt(source, w.loc.line) : ''}`);
    }
  } catch (e) {
    if (e instanceof CheckError) throw e;
    fail(`lightningcss: ${firstLine(e.message)}${e.loc ? lineAt(source, e.loc.line) : ''}`);
  }
}

// ---------------------------------------------------------------- SCSS

// Every .scss file (partial or not) is loaded through a wrapper that `@use`s
// it and prints every variable it defines, so each value is evaluated.
function checkSCSS(file, source) {
  const dir = path.dirname(file);
  const moduleName = path.basename(file, '.scss').replace(/^_/, '');
  const wrapper = [
    '@use "sass:meta";',
    `@use ${JSON.stringify(moduleName)} as t;`,
    '.tokengen-check {',
    '  @each $name, $value in meta.module-variables("t") {',
    '    --#{$name}: #{meta.inspect($value)};',
    '  }',
    '}',
    '',
  ].join('\n');
  try {
    sass.compileString(wrapper, {
      loadPaths: [dir],
      url: pathToFileURL(path.join(dir, '__tokengen_check__.scss')),
      logger: sass.Logger.silent,
    });
  } catch (e) {
    const span = e.span;
    const where = span && span.url && span.url.pathname === pathToFileURL(file).pathname
      ? lineAt(source, span.start.line + 1)
      : '';
    fail(`sass: ${e.sassMessage ?? firstLine(e.message)}${where}`);
  }
}

// ---------------------------------------------------------------- LESS

// Less evaluates variables lazily, so a rule that uses every variable is
// appended; otherwise a broken value would never be looked at.
// A map (`@name: { key: value; }`, what contexts write) is called, which
// evaluates every value in it.
function checkLESS(file, source) {
  const maps = new Set([...source.matchAll(/^@([\w-]+)\s*:\s*\{/gm)].map((m) => m[1]));
  const names = [...source.matchAll(/^@([\w-]+)\s*:/gm)].map((m) => m[1]);
  const uses = names.map((n) => (maps.has(n) ? `  @${n}();` : `  --${n}: @${n};`)).join('\n');
  const input = `${source}\n.tokengen-check {\n${uses}\n}\n`;
  let error;
  less.render(input, { filename: file, syncImport: true }, (e) => {
    error = e;
  });
  if (error) fail(`lessc: ${error.message}${error.line ? lineAt(source, error.line) : ''}`);
}

// ---------------------------------------------------------------- Stylus

function checkStylus(file, source) {
  const names = [...source.matchAll(/^\$([\w-]+)\s*=/gm)].map((m) => m[1]);
  const uses = names.map((n) => `  --${n}: $${n};`).join('\n');
  const input = `${source}\n.tokengen-check {\n${uses}\n}\n`;
  try {
    stylus(input).set('filename', file).render();
  } catch (e) {
    const reason = e.message.split('\n').filter((l) => l.trim() !== '').pop() ?? e.message;
    const where = /:(\d+):\d+\n/.exec(e.message);
    fail(`stylus: ${reason.trim()}${where ? lineAt(source, Number(where[1])) : ''}`);
  }
}

// ---------------------------------------------------------------- JS

const looksLikeESM = (source) => /^\s*export\s/m.test(source) || /^\s*import\s/m.test(source);

// Loads a module the way a consumer would: `import()` for ES modules,
// `require()` for CommonJS/UMD, and, with `global`, runs a plain script and
// reads the global variable it declares (javascript/object).
async function loadModule(file, { global } = {}) {
  const source = fs.readFileSync(file, 'utf8');
  if (global) {
    const context = vm.createContext({});
    vm.runInContext(`${source}\n;globalThis.__tokengenValue = ${global};`, context, { filename: file });
    return context.__tokengenValue;
  }
  if (file.endsWith('.mjs') || (!file.endsWith('.cjs') && looksLikeESM(source))) {
    let target = file;
    if (!file.endsWith('.mjs')) {
      // a .js file outside any package.json "type":"module" is CommonJS to
      // node; copy it to .mjs so node reads it as the ES module it is.
      target = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tokengen-esm-')), `${path.basename(file)}.mjs`);
      fs.writeFileSync(target, source);
    }
    const ns = await import(`${pathToFileURL(target).href}?t=${Date.now()}`);
    const keys = Object.keys(ns);
    if (keys.length === 1 && keys[0] === 'default') return ns.default;
    return Object.fromEntries(keys.map((k) => [k, ns[k]]));
  }
  delete require.cache[require.resolve(file)];
  return require(file);
}

async function checkJS(file, source) {
  try {
    // syntax first, with a position, for a precise message
    if (!looksLikeESM(source) || file.endsWith('.cjs')) new vm.Script(source, { filename: file });
    await loadModule(file);
  } catch (e) {
    const m = /:(\d+)\n/.exec(e.stack ?? '');
    fail(`node: ${e.name}: ${firstLine(e.message)}${m ? lineAt(source, Number(m[1])) : ''}`);
  }
}

// ---------------------------------------------------------------- JSON, XML

function checkJSON(file, source) {
  try {
    JSON.parse(source);
  } catch (e) {
    fail(`JSON.parse: ${e.message}`);
  }
}

function checkXML(file, source) {
  const run = spawnSync('xmllint', ['--noout', file], { encoding: 'utf8' });
  if (run.error) fail(`xmllint could not run (${run.error.code}); install the Debian package libxml2-utils`);
  if (run.status !== 0) {
    const lines = (run.stderr || run.stdout).split('\n').filter(Boolean);
    fail(`xmllint: ${lines.slice(0, 3).join(' / ')}`);
  }
  if (file.endsWith('.plist')) {
    const lines = source.split('\n');
    const i = lines.findIndex((l) => /\bNaN\b/.test(l));
    if (i >= 0) fail(`plist holds NaN${lineAt(source, i + 1)}`);
  }
}

// ---------------------------------------------------------------- tree-sitter

const grammarFiles = {
  swift: 'tree-sitter-swift.wasm',
  kotlin: 'tree-sitter-kotlin.wasm',
  dart: 'tree-sitter-dart.wasm',
  objc: 'tree-sitter-objc.wasm',
};
const parsers = new Map();
let parserInit;

async function parserFor(language) {
  if (!parserInit) parserInit = Parser.init();
  await parserInit;
  if (!parsers.has(language)) {
    const lang = await Language.load(require.resolve(`tree-sitter-wasms/out/${grammarFiles[language]}`));
    const parser = new Parser();
    parser.setLanguage(lang);
    parsers.set(language, parser);
  }
  return parsers.get(language);
}

// tree-sitter wraps a syntax error in an ERROR node that can span a whole
// class; the innermost ERROR (or MISSING) nodes point closest to the causes.
function innermostErrorNodes(node, out = []) {
  const before = out.length;
  if (node.hasError || node.isMissing) for (const child of node.children) innermostErrorNodes(child, out);
  if (out.length === before && (node.type === 'ERROR' || node.isMissing)) out.push(node);
  return out;
}

// The grammars have no C preprocessor; expand Apple's NS_ENUM/NS_OPTIONS
// macros the way Foundation defines them (same line count, so positions hold).
const expandAppleMacros = (source) =>
  source.replace(/\bNS_(?:ENUM|OPTIONS)\(\s*(\w+)\s*,\s*(\w+)\s*\)/g, 'enum $2 : $1 $2; enum $2 : $1');

function treeSitterChecker(language) {
  return async (file, source) => {
    const parser = await parserFor(language);
    const tree = parser.parse(language === 'objc' ? expandAppleMacros(source) : source);
    try {
      if (!tree.rootNode.hasError) return;
      const bad = innermostErrorNodes(tree.rootNode).sort((a, b) => a.startIndex - b.startIndex);
      const rows = [...new Set(bad.map((n) => n.startPosition.row))];
      const describe = (n) => `${n.isMissing ? `missing ${n.type}` : 'syntax error'} at ${n.startPosition.row + 1}:${n.startPosition.column + 1}`;
      const first = bad[0] ?? tree.rootNode;
      fail(`tree-sitter-${language}: ${describe(first)}${lineAt(source, first.startPosition.row + 1)}` +
        (rows.length > 1 ? ` (errors on ${rows.length} lines: ${rows.slice(0, 8).map((r) => r + 1).join(', ')}${rows.length > 8 ? ', ...' : ''})` : ''));
    } finally {
      tree.delete();
    }
  };
}

// ---------------------------------------------------------------- TypeScript

// Type-checks all declaration files in one tsc run with a consumer file that
// imports each of them; for "types" pairs it also assigns the module's real
// runtime value to the declared type. Returns Map(file -> error message).
// tsc reports only syntax errors when there are any, which would hide type
// errors in the other files, so files with errors are dropped and tsc runs
// again until the rest is clean.
async function checkDeclarations(dtsFiles, typePairs, buildDir) {
  const errors = new Map();
  let remaining = dtsFiles;
  while (remaining.length > 0) {
    const found = await checkDeclarationsOnce(remaining, typePairs, buildDir);
    if (found.size === 0) break;
    for (const [file, message] of found) errors.set(file, message);
    remaining = remaining.filter((f) => !found.has(f));
  }
  return errors;
}

async function checkDeclarationsOnce(dtsFiles, typePairs, buildDir) {
  const errors = new Map();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tokengen-tsc-'));
  const consumerLines = [];
  const lineOwner = [];
  const add = (line, owner) => {
    consumerLines.push(line);
    lineOwner.push(owner);
  };
  const pairByDts = new Map(typePairs.map((p) => [path.resolve(buildDir, p.declarations), p]));
  for (const [i, dts] of dtsFiles.entries()) {
    const spec = JSON.stringify(dts.replace(/\.d\.ts$/, ''));
    const source = fs.readFileSync(dts, 'utf8');
    const hasDefault = /^\s*export\s+default\b/m.test(source);
    if (hasDefault) add(`import m${i} from ${spec};`, dts);
    else add(`import * as m${i} from ${spec};`, dts);
    const pair = pairByDts.get(dts);
    if (pair) {
      let value;
      try {
        value = await loadModule(path.resolve(buildDir, pair.module), pair);
      } catch (e) {
        errors.set(dts, `cannot load ${pair.module} to check its declared types: ${firstLine(e.message)}`);
        continue;
      }
      add(`export const value${i}: typeof m${i} = ${JSON.stringify(value)};`, dts);
    } else {
      add(`export const value${i}: unknown = m${i};`, dts);
    }
  }
  fs.writeFileSync(path.join(work, 'consumer.ts'), consumerLines.join('\n') + '\n');
  fs.writeFileSync(
    path.join(work, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: 'es2022',
        module: 'esnext',
        moduleResolution: 'bundler',
        skipLibCheck: false,
        types: [],
      },
      files: ['consumer.ts'],
    }),
  );
  const run = spawnSync(process.execPath, [path.join(here, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', work, '--pretty', 'false'], {
    encoding: 'utf8',
    cwd: work,
  });
  if (run.status === 0) return errors;
  const output = `${run.stdout}\n${run.stderr}`;
  let matched = false;
  for (const line of output.split('\n')) {
    const m = /^(.*?)\((\d+),(\d+)\): error (TS\d+: .*)$/.exec(line.trim());
    if (!m) continue;
    matched = true;
    const [, where, lineNo, , message] = m;
    const abs = path.resolve(work, where);
    let owner;
    let detail;
    if (abs === path.join(work, 'consumer.ts')) {
      owner = lineOwner[Number(lineNo) - 1];
      detail = `tsc (consumer.ts importing it): ${message}`;
    } else {
      owner = dtsFiles.find((f) => f === abs) ?? dtsFiles[0];
      detail = `tsc: ${message}${lineAt(fs.readFileSync(owner, 'utf8'), Number(lineNo))}`;
    }
    if (!errors.has(owner)) errors.set(owner, detail);
  }
  if (!matched) {
    for (const dts of dtsFiles) errors.set(dts, `tsc exited ${run.status}: ${firstLine(output)}`);
  }
  return errors;
}

// ---------------------------------------------------------------- dispatch

const checkers = [
  ['.d.ts', null], // handled together in checkDeclarations
  ['.css', checkCSS],
  ['.scss', checkSCSS],
  ['.less', checkLESS],
  ['.styl', checkStylus],
  ['.js', checkJS],
  ['.cjs', checkJS],
  ['.mjs', checkJS],
  ['.json', checkJSON],
  ['.sketchpalette', checkJSON],
  ['.xml', checkXML],
  ['.plist', checkXML],
  ['.swift', treeSitterChecker('swift')],
  ['.kt', treeSitterChecker('kotlin')],
  ['.dart', treeSitterChecker('dart')],
  ['.h', treeSitterChecker('objc')],
  ['.m', treeSitterChecker('objc')],
];

function walk(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(full));
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

async function checkValuePair(buildDir, pair) {
  const actual = await loadModule(path.resolve(buildDir, pair.module), pair);
  const plain = JSON.parse(JSON.stringify(actual));
  const expectedFile = pair.equals ?? pair.subsetOf;
  const expected = JSON.parse(fs.readFileSync(path.resolve(buildDir, expectedFile), 'utf8'));
  if (pair.equals) {
    if (!isDeepStrictEqual(plain, expected)) fail(`loaded value differs from ${expectedFile}: ${describeDifference(plain, expected)}`);
    return;
  }
  for (const [k, v] of Object.entries(plain)) {
    if (!(k in expected)) fail(`exports ${k}, which ${expectedFile} does not have`);
    if (!isDeepStrictEqual(v, expected[k])) fail(`${k} is ${JSON.stringify(v)} but ${JSON.stringify(expected[k])} in ${expectedFile}`);
  }
}

function describeDifference(actual, expected, at = '') {
  if (typeof actual !== 'object' || typeof expected !== 'object' || actual === null || expected === null) {
    return `at ${at || '(root)'}: ${JSON.stringify(actual)} vs ${JSON.stringify(expected)}`;
  }
  for (const k of new Set([...Object.keys(actual), ...Object.keys(expected)])) {
    if (!(k in actual)) return `missing ${at}${k}`;
    if (!(k in expected)) return `extra ${at}${k}`;
    if (!isDeepStrictEqual(actual[k], expected[k])) return describeDifference(actual[k], expected[k], `${at}${k}.`);
  }
  return 'key order or type only';
}

// Reads the custom properties of a CSS file (the last declaration of each
// name wins, as in the cascade of one rule) and checks each use.
function checkPropertyUses(buildDir, entry) {
  const file = path.resolve(buildDir, entry.css);
  const declared = new Map();
  postcss.parse(fs.readFileSync(file, 'utf8'), { from: file }).walkDecls((d) => {
    if (d.prop.startsWith('--')) declared.set(d.prop, d.value);
  });
  for (const [name, property] of Object.entries(entry.uses)) {
    if (!declared.has(name)) fail(`${name} is not declared`);
    const value = declared.get(name);
    let parsedAs;
    try {
      lightningTransform({
        filename: 'use.css',
        code: Buffer.from(`.use { ${property}: ${value} }`),
        errorRecovery: false,
        visitor: {
          Declaration(d) {
            parsedAs = d.property;
          },
        },
      });
    } catch (e) {
      fail(`${name}: ${property}: ${value} does not parse: ${firstLine(e.message)}`);
    }
    if (parsedAs !== property) fail(`${name}: "${value}" is no valid ${property} (lightningcss reads it as ${parsedAs})`);
  }
}

// Checks every file under buildDir; returns [{file, error}] (error undefined = ok).
export async function checkBuild(buildDir, compare = {}) {
  buildDir = path.resolve(buildDir);
  const files = walk(buildDir);
  const results = new Map();
  const dts = files.filter((f) => f.endsWith('.d.ts'));
  const dtsErrors = await checkDeclarations(dts, compare.types ?? [], buildDir);
  for (const file of files) {
    let error;
    if (file.endsWith('.d.ts')) {
      error = dtsErrors.get(file);
    } else {
      const entry = checkers.find(([ext]) => file.endsWith(ext));
      const source = fs.readFileSync(file, 'utf8');
      try {
        if (!entry) fail(`no consumer check for this file type`);
        await entry[1](file, source);
      } catch (e) {
        error = e instanceof CheckError ? e.message : `checker crashed: ${e.stack}`;
      }
    }
    results.set(file, error);
  }
  for (const pair of compare.values ?? []) {
    const file = path.resolve(buildDir, pair.module);
    if (results.get(file)) continue;
    try {
      if (!results.has(file)) fail('file named in the compare list was not written');
      await checkValuePair(buildDir, pair);
    } catch (e) {
      results.set(file, `values: ${e instanceof CheckError ? e.message : firstLine(e.message)}`);
    }
  }
  for (const pair of compare.types ?? []) {
    const file = path.resolve(buildDir, pair.declarations);
    if (!results.has(file)) results.set(file, 'file named in the compare list was not written');
  }
  for (const entry of compare.properties ?? []) {
    const file = path.resolve(buildDir, entry.css);
    if (results.get(file)) continue;
    try {
      if (!results.has(file)) fail('file named in the compare list was not written');
      checkPropertyUses(buildDir, entry);
    } catch (e) {
      results.set(file, `properties: ${e instanceof CheckError ? e.message : firstLine(e.message)}`);
    }
  }
  return [...results].map(([file, error]) => ({ file: path.relative(buildDir, file), error }));
}

// ---------------------------------------------------------------- self-test

// Each case is written to a scratch build folder and checked; `bad` cases must
// FAIL and `good` cases must pass, or the checker itself is broken.
const selfTestCases = [
  { name: 'good/a.css', text: ':root {\n  --a: 1px; /** c */\n  --b: "x\\"y";\n}\n' },
  { name: 'bad/fontface-comma.css', bad: true, text: '@font-face {\n  font-family: "A";\n  src: url(a.ttf);\n},@font-face {\n  font-family: "B";\n  src: url(b.ttf);\n}' },
  { name: 'bad/unclosed-comment.css', bad: true, text: ':root {\n  --a: 1px; /** open\n}\n' },
  { name: 'bad/comment-end-in-comment.css', bad: true, text: ':root {\n  --a: 1px; /** a */ b */\n  color: red;\n}\n' },
  { name: 'bad/unclosed-block.css', bad: true, text: ':root {\n  --a: 1px;\n' },
  { name: 'good/_partial.scss', text: '$a: 1px;\n$b: $a !default;\n$m: (\n  "k": $a\n);\n' },
  { name: 'bad/_partial.scss', bad: true, text: '$a: 1px;\n$b: "unterminated;\n' },
  { name: 'bad/undefined-var.scss', bad: true, text: '$b: $nope;\n' },
  { name: 'good/a.less', text: '@a: 1px;\n@b: @a;\n' },
  { name: 'bad/a.less', bad: true, text: '@a: 1px;\n@b: @nope;\n' },
  { name: 'good/a.styl', text: '$a= 1px;\n$b= $a;\n' },
  { name: 'bad/a.styl', bad: true, text: '$a= "unterminated;\n' },
  { name: 'good/cjs.js', text: 'module.exports = { A: "x" };\n' },
  { name: 'bad/cjs.js', bad: true, text: 'module.exports = { A: "x\n" };\n' },
  { name: 'good/esm.js', text: 'export const A = "x";\n' },
  { name: 'bad/esm.mjs', bad: true, text: 'export const A = "x" "y";\n' },
  { name: 'good/a.json', text: '{"a": 1}\n' },
  { name: 'bad/a.json', bad: true, text: '{"a": 1,}\n' },
  { name: 'bad/a.sketchpalette', bad: true, text: '{"colors": [NaN]}\n' },
  { name: 'good/a.xml', text: '<?xml version="1.0" encoding="UTF-8"?>\n<resources>\n  <string name="a">x &amp; y</string>\n</resources>' },
  { name: 'bad/a.xml', bad: true, text: '<?xml version="1.0" encoding="UTF-8"?>\n<resources>\n  <string name="a">x & y</string>\n</resources>' },
  { name: 'bad/decl-not-first.xml', bad: true, text: '\n<?xml version="1.0" encoding="UTF-8"?>\n<resources/>' },
  { name: 'bad/a.plist', bad: true, text: '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n  <dict>\n    <key>r</key>\n    <real>NaN</real>\n  </dict>\n</plist>' },
  { name: 'good/a.swift', text: 'import UIKit\n\npublic class T {\n    public static let a = "x \\" y"\n}\n' },
  { name: 'bad/a.swift', bad: true, text: 'import UIKit\n\npublic class T {\n    public static let a = "x " y"\n}\n' },
  { name: 'good/a.kt', text: 'package a\n\nobject T {\n  val a = "x"\n}\n' },
  { name: 'bad/a.kt', bad: true, text: 'package a\n\nobject T {\n  val a = hello world, x\n}\n' },
  { name: 'good/a.dart', text: "import 'dart:ui';\n\nclass T {\n    T._();\n\n    static const a = 'x \\' y';\n}\n" },
  { name: 'bad/a.dart', bad: true, text: "import 'dart:ui';\n\nclass T {\n    T._();\n\n    static const a = 'x ' y';\n}\n" },
  { name: 'good/a.h', text: '#import <Foundation/Foundation.h>\n\nextern NSString * const A;\n' },
  { name: 'bad/b.h', bad: true, text: '#import <Foundation/Foundation.h>\n\nextern NSString * const A\nextern NSString * const B;\n' },
  { name: 'good/a.m', text: '#import "a.h"\n\nNSString * const A = @"x \\" y";\n' },
  { name: 'bad/c.m', bad: true, text: '#import "a.h"\n\nNSString * const A = @"x " y";\n' },
  { name: 'good/typed.d.ts', text: 'export const A: string;\nexport const B: "lit";\n' },
  { name: 'good/typed.js', text: 'export const A = "x";\nexport const B = "lit";\n' },
  { name: 'bad/typed.d.ts', bad: true, text: 'export const A: number;\nexport const B: "\\e001";\n' },
  { name: 'bad/typed.js', text: 'export const A = "x";\nexport const B = "\\\\e001";\n' },
  { name: 'bad/syntax.d.ts', bad: true, text: '/** a */ b */\nexport const A: string;\n' },
  { name: 'good/flat.js', text: 'module.exports = { A: "x", B: 1 };\n' },
  { name: 'good/flat.json', text: '{ "A": "x", "B": 1 }\n' },
  { name: 'bad/flat.js', bad: true, text: 'module.exports = { A: "x", B: 2 };\n' },
  { name: 'bad/flat.json', text: '{ "A": "x", "B": 1 }\n' },
  { name: 'bad/unknown.txt', bad: true, text: 'no tool reads this\n' },
  { name: 'good/uses.css', text: ':root {\n  --g: linear-gradient(90deg, #00f 0%, red 100%);\n  --w: 600;\n}\n' },
  { name: 'bad/uses.css', bad: true, text: ':root {\n  --g: [object Object],[object Object];\n  --w: semi-bold;\n}\n' },
];
const selfTestCompare = {
  values: [
    { module: 'good/flat.js', equals: 'good/flat.json' },
    { module: 'bad/flat.js', equals: 'bad/flat.json' },
  ],
  types: [
    { declarations: 'good/typed.d.ts', module: 'good/typed.js' },
    { declarations: 'bad/typed.d.ts', module: 'bad/typed.js' },
  ],
  properties: [
    { css: 'good/uses.css', uses: { '--g': 'background-image', '--w': 'font-weight' } },
    { css: 'bad/uses.css', uses: { '--g': 'background-image', '--w': 'font-weight' } },
  ],
};

async function selfTest() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tokengen-consumer-self-test-'));
  for (const c of selfTestCases) {
    fs.mkdirSync(path.dirname(path.join(dir, c.name)), { recursive: true });
    fs.writeFileSync(path.join(dir, c.name), c.text);
  }
  const results = new Map((await checkBuild(dir, selfTestCompare)).map((r) => [r.file, r.error]));
  let broken = 0;
  for (const c of selfTestCases) {
    const error = results.get(c.name);
    if (c.bad && !error) {
      broken++;
      console.log(`FAIL self-test ${c.name}: known-bad input was accepted`);
    } else if (!c.bad && error) {
      broken++;
      console.log(`FAIL self-test ${c.name}: known-good input was rejected: ${error}`);
    } else {
      console.log(`ok self-test ${c.name}${error ? ` (rejected: ${error})` : ''}`);
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
  return broken === 0;
}

// ---------------------------------------------------------------- main

async function main(argv) {
  if (argv[0] === '--self-test') return (await selfTest()) ? 0 : 1;
  const dir = argv[0];
  if (!dir || dir.startsWith('--')) {
    console.error('usage: node check.mjs <build-dir> [--compare compare.json] | --self-test');
    return 2;
  }
  let compare = {};
  const i = argv.indexOf('--compare');
  if (i >= 0) compare = JSON.parse(fs.readFileSync(argv[i + 1], 'utf8'));
  const results = await checkBuild(dir, compare);
  if (results.length === 0) {
    console.log(`FAIL ${dir}: no files to check`);
    return 1;
  }
  let failed = 0;
  for (const { file, error } of results) {
    if (error) {
      failed++;
      console.log(`FAIL ${file}: ${error}`);
    } else console.log(`ok ${file}`);
  }
  console.log(`${results.length - failed} ok, ${failed} failed`);
  return failed ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(here, 'check.mjs')) {
  process.exitCode = await main(process.argv.slice(2));
}
