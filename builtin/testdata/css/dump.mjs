// Runs the reference implementation on one case folder (config.json plus
// token files) and, next to each output file, writes <destination>.dump.json
// with what the format received: options, platform prefix/options and the
// filtered and unfiltered tokens. Used by `go test ./builtin -update`.
// Option values "@outputReferencesFilter" and "@outputReferencesTransformed"
// stand for the reference's helper functions.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const caseDir = resolve(process.argv[2]);
const sdDir = process.env.SD_DIR;
const SD = (await import(pathToFileURL(join(sdDir, 'lib/StyleDictionary.js')).href)).default;
const utils = await import(pathToFileURL(join(sdDir, 'lib/utils/index.js')).href);

const markers = {
  '@outputReferencesFilter': utils.outputReferencesFilter,
  '@outputReferencesTransformed': utils.outputReferencesTransformed,
};
const revive = (v) => {
  if (typeof v === 'string' && markers[v]) return markers[v];
  if (Array.isArray(v)) return v.map(revive);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, revive(x)]));
  return v;
};

process.chdir(caseDir);
const config = revive(JSON.parse(readFileSync('config.json', 'utf8')));
const configKeys = new Set(['hooks', 'platforms', 'source', 'include', 'tokens', 'log', 'parsers', 'preprocessors', 'expand']);
const replacer = (k, v) => (typeof v === 'function' ? `@function:${v.name}` : v);
SD.registerFormat({
  name: 'tokengen/dump',
  format: ({ dictionary, options, platform, file }) =>
    JSON.stringify(
      {
        format: file.realFormat,
        options: Object.fromEntries(Object.entries(options).filter(([k]) => !configKeys.has(k))),
        platform: { prefix: platform.prefix, options: platform.options },
        allTokens: dictionary.allTokens,
        unfilteredAllTokens: dictionary.unfilteredAllTokens,
      },
      replacer,
      2,
    ),
});
for (const p of Object.values(config.platforms)) {
  p.files = p.files.flatMap((f) => [{ ...f, destination: f.destination + '.dump.json', format: 'tokengen/dump', realFormat: f.format }, f]);
}
const sd = new SD(config);
await sd.buildAllPlatforms();
