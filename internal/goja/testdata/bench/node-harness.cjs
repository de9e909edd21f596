// Times one benchmark script in node the way BenchmarkBuildScripts times it
// in the engine: setup() once, run(data) K times; prints the mean ms of a run.
const fs = require('fs');
const [file, k = '5'] = process.argv.slice(2);
const { setup, run } = new Function(fs.readFileSync(file, 'utf8') + '\nreturn { setup, run };')();
const data = setup();
const runs = Number(k);
const start = process.hrtime.bigint();
for (let i = 0; i < runs; i++) run(data);
console.log((Number(process.hrtime.bigint() - start) / 1e6 / runs).toFixed(2));
