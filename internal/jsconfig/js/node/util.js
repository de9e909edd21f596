const u = globalThis.__tokengenUtil;
export const format = u.format;
export const inspect = u.inspect;
export const promisify = (fn) => (...args) => new Promise((resolve, reject) => fn(...args, (err, v) => (err ? reject(err) : resolve(v))));
export const deprecate = (fn) => fn;
export const isDeepStrictEqual = (a, b) => JSON.stringify(a) === JSON.stringify(b);
export function parseArgs({ args = globalThis.process.argv.slice(2), options = {}, strict = true, allowPositionals = !strict } = {}) {
  const values = { __proto__: null };
  const positionals = [];
  const byShort = Object.fromEntries(Object.entries(options).filter(([, o]) => o.short).map(([k, o]) => [o.short, k]));
  const set = (name, v) => {
    const o = options[name];
    if (!o) {
      if (strict) throw new TypeError("Unknown option '" + name + "'");
      values[name] = v ?? true;
      return;
    }
    if (o.type === 'boolean' && v !== undefined && strict) throw new TypeError("Option '--" + name + "' does not take an argument");
    if (o.type === 'string' && v === undefined) throw new TypeError("Option '--" + name + " <value>' argument missing");
    const val = o.type === 'boolean' ? true : v;
    if (o.multiple) (values[name] ??= []).push(val);
    else values[name] = val;
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--') { positionals.push(...args.slice(i + 1)); break; }
    let name, v;
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      name = eq >= 0 ? a.slice(2, eq) : a.slice(2);
      if (eq >= 0) v = a.slice(eq + 1);
    } else if (a.startsWith('-') && a.length > 1) {
      name = byShort[a[1]] ?? a[1];
      if (a.length > 2) v = a.slice(2);
    } else {
      if (strict && !allowPositionals) throw new TypeError("Unexpected argument '" + a + "'. This command does not take positional arguments");
      positionals.push(a);
      continue;
    }
    if (v === undefined && options[name]?.type === 'string' && i + 1 < args.length) v = args[++i];
    set(name, v);
  }
  for (const [k, o] of Object.entries(options)) if (o.default !== undefined && values[k] === undefined) values[k] = o.default;
  return { values, positionals };
}
export const inherits = (ctor, superCtor) => {
  Object.setPrototypeOf(ctor.prototype, superCtor.prototype);
  Object.setPrototypeOf(ctor, superCtor);
  Object.defineProperty(ctor, 'super_', { value: superCtor, writable: true, configurable: true });
};
export const TextEncoder = globalThis.TextEncoder;
export const TextDecoder = globalThis.TextDecoder;
export const stripVTControlCharacters = (s) => String(s).replace(/\u001b\[[0-9;]*[A-Za-z]/g, '');
export const types = {
  isDate: (v) => v instanceof Date,
  isRegExp: (v) => v instanceof RegExp,
  isPromise: (v) => v instanceof Promise,
  isMap: (v) => v instanceof Map,
  isSet: (v) => v instanceof Set,
  isNativeError: (v) => v instanceof Error,
};
export default { format, inspect, promisify, deprecate, isDeepStrictEqual, parseArgs, inherits, TextEncoder, TextDecoder, stripVTControlCharacters, types };
