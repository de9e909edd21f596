'use strict';
// tokengen's JavaScript API: build() and clean() run the tokengen binary
// with --json and return what it reports as objects (see index.d.ts).
const { spawn } = require('node:child_process');
const { binaryPath } = require('./lib/binary.cjs');

class TokengenError extends Error {
  constructor(message, { exitCode, stderr = '', report } = {}) {
    super(message);
    this.name = 'TokengenError';
    this.exitCode = exitCode;
    this.stderr = stderr;
    this.files = report ? report.files : [];
    this.diagnostics = report ? report.diagnostics : [];
  }
}

function commandLine(command, options) {
  const args = [command, '--json'];
  if (options.config != null) args.push('--config', String(options.config));
  for (const p of options.platforms ?? []) args.push('--platform', String(p));
  for (const [modifier, context] of Object.entries(options.inputs ?? {})) {
    args.push('--input', `${modifier}=${context}`);
  }
  if (options.verbose) args.push('--verbose');
  if (options.noWarn) args.push('--no-warn');
  return args;
}

// How the report --json prints begins.
const reportStart = '{\n  "ok": ';

function run(command, options = {}) {
  return new Promise((resolve, reject) => {
    let binary;
    try {
      binary = binaryPath();
    } catch (err) {
      reject(err);
      return;
    }
    const child = spawn(binary, commandLine(command, options), {
      cwd: options.cwd,
      env: options.env,
      signal: options.signal,
      stdio: ['ignore', 'pipe', 'pipe'],
      windowsHide: true,
    });
    const out = [];
    const errOut = [];
    child.stdout.on('data', (chunk) => out.push(chunk));
    child.stderr.on('data', (chunk) => errOut.push(chunk));
    child.on('error', (err) => reject(err)); // could not start, or aborted
    child.on('close', (exitCode, signal) => {
      const stderr = Buffer.concat(errOut).toString('utf8');
      // The report is the last thing printed; what a config's hooks
      // printed (console.log) comes before it and goes where it would in
      // node, to this process's stdout.
      const text = Buffer.concat(out).toString('utf8');
      const at = text.startsWith(reportStart) ? 0 : text.lastIndexOf('\n' + reportStart) + 1;
      if (at > 0) {
        process.stdout.write(text.slice(0, at));
      }
      let report;
      try {
        report = JSON.parse(text.slice(at));
      } catch {
        // a usage error (exit code 2), or the binary died
        const why = stderr.trim() || (signal ? `killed by ${signal}` : `exit code ${exitCode}`);
        reject(new TokengenError(`tokengen ${command} failed: ${why}`, { exitCode, stderr }));
        return;
      }
      if (!report.ok) {
        const errors = report.diagnostics.filter((d) => d.severity === 'error').map((d) => d.text);
        reject(new TokengenError(`tokengen ${command} failed:\n${errors.join('\n')}`, { exitCode, stderr, report }));
        return;
      }
      resolve({
        dir: report.dir,
        files: report.files,
        diagnostics: report.diagnostics,
        warnings: report.diagnostics.filter((d) => d.severity === 'warning'),
      });
    });
  });
}

/** Builds the platforms of a config; see index.d.ts. */
function build(options) {
  return run('build', options);
}

/** Removes what build() writes; see index.d.ts. */
function clean(options) {
  return run('clean', options);
}

module.exports = { build, clean, TokengenError, binaryPath };
