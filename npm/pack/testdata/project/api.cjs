// The JavaScript API from CommonJS.
const { build, TokengenError } = require('tokengen');

(async () => {
  const result = await build({ config: 'config.json', platforms: ['js'], cwd: __dirname });
  console.log(JSON.stringify({ sameDir: result.dir === __dirname, files: result.files, warnings: result.warnings }));
  await build({ config: 'nope.json' }).catch((err) => {
    console.log(err instanceof TokengenError, err.exitCode, err.diagnostics.length);
  });
  await build({ platforms: ['css'], config: 'config.json', inputs: { theme: 'dark' } }).catch((err) => {
    console.log(err instanceof TokengenError, err.exitCode, err.diagnostics[0].message);
  });
})();
