// Times one benchmark script in node the way BenchmarkBuildScripts times it
// in the engine: setup() once, run(data) K times; prints the mean wall ms and
// the mean CPU ms (user and system, all threads) of a run.
const fs = require('fs');
const [file, k = '5'] = process.argv.slice(2);
const { setup, run } = new Function(fs.readFileSync(file, 'utf8') + '\nreturn { setup, run };')();
const data = setup();
const runs = Number(k);
const cpuBefore = process.cpuUsage();
const start = process.hrtime.bigint();
for (let i = 0; i < runs; i++) run(data);
const wall = Number(process.hrtime.bigint() - start) / 1e6 / runs;
const cpu = process.cpuUsage(cpuBefore);
console.log(wall.toFixed(2), ((cpu.user + cpu.system) / 1e3 / runs).toFixed(2));
