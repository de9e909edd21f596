'use strict';
// Finds the tokengen binary for this machine: the one in the platform
// package npm installed beside tokengen (one of its optionalDependencies,
// chosen by their "os" and "cpu" fields), or the one TOKENGEN_BINARY names.
const path = require('node:path');

const platforms = {
  'linux-x64': '@tokengen/linux-x64',
  'linux-arm64': '@tokengen/linux-arm64',
  'darwin-x64': '@tokengen/darwin-x64',
  'darwin-arm64': '@tokengen/darwin-arm64',
  'win32-x64': '@tokengen/win32-x64',
  'win32-arm64': '@tokengen/win32-arm64',
};

function binaryPath() {
  if (process.env.TOKENGEN_BINARY) {
    return process.env.TOKENGEN_BINARY;
  }
  const key = `${process.platform}-${process.arch}`;
  const pkg = platforms[key];
  if (!pkg) {
    throw new Error(
      `tokengen has no binary for ${key}; it is published for ${Object.keys(platforms).join(', ')}.\n` +
        'Build one with Go (go install github.com/tokengen/tokengen/cmd/tokengen@latest) and set TOKENGEN_BINARY to its path.',
    );
  }
  let dir;
  try {
    dir = path.dirname(require.resolve(`${pkg}/package.json`));
  } catch {
    throw new Error(
      `tokengen's binary for ${key} is in the package ${pkg}, which is not installed.\n` +
        'npm installs it with tokengen unless optional dependencies are left out (--omit=optional, --no-optional) ' +
        'or the lockfile was written on another platform by an npm that left it out: ' +
        `install again without those options, or add ${pkg} to your dependencies.`,
    );
  }
  return path.join(dir, 'bin', process.platform === 'win32' ? 'tokengen.exe' : 'tokengen');
}

module.exports = { binaryPath, platforms };
