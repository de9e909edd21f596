(() => {
const ident = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const quote = (s) => {
  const bt = String.fromCharCode(96);
  const q = !s.includes("'") ? "'" : !s.includes('"') ? '"' : !s.includes(bt) ? bt : "'";
  return q + s.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').split(q).join('\\' + q) + q;
};
const num = (n) => (Object.is(n, -0) ? '-0' : String(n));
function inspect(v, depth, seen, indent, refs = new Set()) {
  switch (typeof v) {
    case 'string': return quote(v);
    case 'number': return num(v);
    case 'bigint': return String(v) + 'n';
    case 'boolean': case 'undefined': return String(v);
    case 'symbol': return v.toString();
    case 'function': {
      const s = Function.prototype.toString.call(v);
      if (s.startsWith('class')) return '[class ' + (v.name || '(anonymous)') + ']';
      return v.name ? '[Function: ' + v.name + ']' : '[Function (anonymous)]';
    }
  }
  if (v === null) return 'null';
  if (seen.includes(v)) { refs.add(v); return '[Circular *1]'; }
  if (v instanceof Error) return v.stack || String(v);
  if (v instanceof Date) return isNaN(v) ? 'Invalid Date' : v.toISOString();
  if (v instanceof RegExp) return String(v);
  if (v instanceof Promise) return 'Promise { <pending> }';
  let open, close, entries = [], prefix = '';
  const inner = (x) => inspect(x, depth + 1, [...seen, v], indent + 2, refs);
  if (Array.isArray(v)) {
    if (depth > 2) return '[Array]';
    open = '['; close = ']';
    entries = v.map(inner);
  } else if (v instanceof Map) {
    if (depth > 2) return '[Map]';
    prefix = 'Map(' + v.size + ') '; open = '{'; close = '}';
    v.forEach((x, k) => entries.push(inner(k) + ' => ' + inner(x)));
  } else if (v instanceof Set) {
    if (depth > 2) return '[Set]';
    prefix = 'Set(' + v.size + ') '; open = '{'; close = '}';
    v.forEach((x) => entries.push(inner(x)));
  } else {
    if (depth > 2) return '[Object]';
    open = '{'; close = '}';
    const proto = Object.getPrototypeOf(v);
    const name = proto && proto.constructor && proto.constructor.name;
    if (proto === null) prefix = '[Object: null prototype] ';
    else if (name && name !== 'Object') prefix = name + ' ';
    for (const k of Object.keys(v)) entries.push((ident.test(k) ? k : quote(k)) + ': ' + inner(v[k]));
  }
  if (refs.has(v)) prefix = '<ref *1> ' + prefix;
  if (entries.length === 0) return prefix + open + close;
  const total = entries.reduce((n, e) => n + e.length, 0) + entries.length;
  if (total + indent + prefix.length + 10 <= 80 && !entries.some((e) => e.includes('\n'))) {
    return prefix + open + ' ' + entries.join(', ') + ' ' + close;
  }
  const pad = ' '.repeat(indent + 2);
  return prefix + open + '\n' + pad + entries.join(',\n' + pad) + '\n' + ' '.repeat(indent) + close;
}
function format(args) {
  const out = [];
  let i = 0;
  if (typeof args[0] === 'string') {
    i = 1;
    out.push(args[0].replace(/%([sdifjoO%])/g, (m, c) => {
      if (c === '%') return '%';
      if (i >= args.length) return m;
      const a = args[i++];
      switch (c) {
        case 's': return typeof a === 'string' ? a : typeof a === 'object' && a !== null ? inspect(a, 1, [], 0) : String(a);
        case 'd': case 'i': { const n = c === 'i' ? parseInt(a) : Number(a); return typeof a === 'object' ? 'NaN' : num(n); }
        case 'f': return num(parseFloat(a));
        case 'j': try { return JSON.stringify(a); } catch (e) { return '[Circular]'; }
        default: return inspect(a, 0, [], 0);
      }
    }));
  }
  for (; i < args.length; i++) out.push(typeof args[i] === 'string' ? args[i] : inspect(args[i], 0, [], 0));
  return out.join(' ');
}
globalThis.__tokengenUtil = { format: (...a) => format(a), inspect: (v) => inspect(v, 0, [], 0) };
let indent = '';
for (const k of ['log', 'info', 'debug', 'warn', 'error']) {
  const print = console[k];
  if (typeof print === 'function' && !print.__formats) {
    const f = (...args) => print(indent ? format(args).replace(/^/gm, indent) : format(args));
    f.__formats = true;
    console[k] = f;
  }
}
// The rest of node's console that scripts call: group, time, count,
// dir, table (as a log of its rows), trace and assert.
console.group = (...args) => { if (args.length) console.log(...args); indent += '  '; };
console.groupCollapsed = console.group;
console.groupEnd = () => { indent = indent.slice(2); };
const timers = new Map();
const ms = (label) => { const d = Date.now() - timers.get(label); return d < 1000 ? d.toFixed(3) + 'ms' : (d / 1000).toFixed(3) + 's'; };
console.time = (label = 'default') => { timers.set(String(label), Date.now()); };
console.timeEnd = (label = 'default') => { label = String(label); if (timers.has(label)) { console.log(label + ': ' + ms(label)); timers.delete(label); } };
console.timeLog = (label = 'default', ...data) => { label = String(label); if (timers.has(label)) console.log(label + ': ' + ms(label), ...data); };
const counts = new Map();
console.count = (label = 'default') => { label = String(label); counts.set(label, (counts.get(label) ?? 0) + 1); console.log(label + ': ' + counts.get(label)); };
console.countReset = (label = 'default') => { counts.delete(String(label)); };
console.dir = (v) => console.log(inspect(v, 0, [], 0));
console.table = (data) => console.log(data);
console.trace = (...args) => console.error('Trace' + (args.length ? ': ' + format(args) : ''));
console.assert = (cond, ...args) => { if (!cond) console.error('Assertion failed' + (args.length ? ': ' + format(args) : '')); };
})();
