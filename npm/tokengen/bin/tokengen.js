#!/usr/bin/env node
'use strict';
// The tokengen command: runs the binary for this machine with the same
// arguments, standard streams and exit status.
const { spawn } = require('node:child_process');
const { binaryPath } = require('../lib/binary.cjs');

let binary;
try {
  binary = binaryPath();
} catch (err) {
  console.error(`tokengen: ${err.message}`);
  process.exit(1);
}

const child = spawn(binary, process.argv.slice(2), { stdio: 'inherit' });
// Ctrl-C reaches the binary directly (same process group); a signal sent
// to this process only (a CI runner's SIGTERM) is passed on, so that the
// build stops cleanly, removing what it had staged.
const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const forward = (signal) => child.kill(signal);
for (const signal of signals) {
  process.on(signal, forward);
}
child.on('error', (err) => {
  console.error(`tokengen: cannot run ${binary}: ${err.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  for (const s of signals) {
    process.removeListener(s, forward);
  }
  if (signal) {
    process.kill(process.pid, signal); // die of the same signal
    return;
  }
  process.exit(code ?? 1);
});
