const f = globalThis.__tokengenNode.fs;
const rt = globalThis.__tokengenRuntime;
// A failing file function throws node's error (code, syscall, path).
if (!f.__nodeErrors) {
  Object.defineProperty(f, '__nodeErrors', { value: true });
  const withNodeErrors = (name, fn) => function (...args) {
    try {
      return fn.apply(this, args);
    } catch (e) {
      throw rt.nodeFileError(e, args[0] instanceof URL ? args[0].href : args[0], name);
    }
  };
  for (const [k, v] of Object.entries(f)) if (typeof v === 'function' && k.endsWith('Sync')) f[k] = withNodeErrors(k.slice(0, -4), v);
  for (const [k, v] of Object.entries(f.promises)) {
    if (typeof v === 'function') f.promises[k] = (...args) => v(...args).catch((e) => { throw rt.nodeFileError(e, args[0], k); });
  }
}
export const readFileSync = f.readFileSync;
export const writeFileSync = f.writeFileSync;
export const appendFileSync = f.appendFileSync;
export const existsSync = f.existsSync;
export const mkdirSync = f.mkdirSync;
export const rmSync = f.rmSync;
export const readdirSync = f.readdirSync;
export const statSync = f.statSync;
export const lstatSync = f.lstatSync;
export const copyFileSync = f.copyFileSync;
export const renameSync = f.renameSync;
export const unlinkSync = f.unlinkSync;
export const promises = f.promises;
// node's callback forms, over the synchronous functions: the callback
// runs after the caller's code, as node's does.
f.realpathSync ??= Object.assign((p) => rt.realpath(String(p)), { native: (p) => rt.realpath(String(p)) });
const callbackForm = (sync) => (...args) => {
  const cb = args.pop();
  if (typeof cb !== 'function') throw new TypeError('The "cb" argument must be of type function. Received ' + typeof cb);
  let result, error = null;
  try { result = sync(...args); } catch (e) { error = e; }
  setImmediate(() => (error ? cb(error) : cb(null, result)));
};
for (const name of ['readFile', 'writeFile', 'appendFile', 'readdir', 'stat', 'lstat', 'mkdir', 'rm', 'copyFile', 'rename', 'unlink', 'realpath']) {
  f[name] ??= callbackForm(f[name + 'Sync']);
}
f.access ??= callbackForm((p) => { f.statSync(p); });
f.accessSync ??= (p) => { f.statSync(p); };
f.exists ??= (p, cb) => { const ok = f.existsSync(p); setImmediate(() => cb(ok)); };
f.realpath.native ??= f.realpath;
f.promises.realpath ??= async (p) => f.realpathSync(p);
f.promises.lstat ??= async (p) => f.lstatSync(p);
export const realpathSync = f.realpathSync;
export const accessSync = f.accessSync;
export default f;
