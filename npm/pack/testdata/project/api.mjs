// The JavaScript API from an ES module.
import { build, clean, TokengenError } from 'tokengen';

const result = await build({ config: 'config.json', platforms: ['css'] });
console.log(JSON.stringify({ sameDir: result.dir === process.cwd(), files: result.files, warnings: result.warnings }));
try {
  await build({ config: 'broken.json' });
  console.log('the broken build did not fail');
} catch (err) {
  const d = err.diagnostics[0];
  console.log(err instanceof TokengenError, err.exitCode, `${d.severity} ${d.file}:${d.line}:${d.column} ${d.token}: ${d.message}`);
}
const cleaned = await clean({ config: 'config.json' });
console.log(cleaned.files.map((f) => `${f.status} ${f.path}`).join('\n'));
const hooked = await build({ config: 'hooks.mjs' });
console.log(hooked.files.map((f) => `${f.status} ${f.path}`).join('\n'));
