// What node has as globals and tokengen's node modules stand on, over the
// Go functions of globalThis.__tokengenRuntime (nodemodules.go): the
// throwing stand-ins for what tokengen does not implement, Buffer,
// TextEncoder and TextDecoder, atob and btoa, performance, and the parts
// of process beyond env, argv, cwd and exit.
(() => {
const rt = globalThis.__tokengenRuntime;

// A function node has and tokengen does not: it throws when called (or
// constructed), naming itself; the error's place is the caller's.
rt.unavailable = (mod, name) => {
  const f = function () {
    const e = new Error(mod + ' ' + name + '() is not available in tokengen');
    e.code = 'ERR_TOKENGEN_UNAVAILABLE';
    throw e;
  };
  Object.defineProperty(f, 'name', { value: name });
  return f;
};
// An object node's module has and tokengen's not: its members are
// functions that throw when called.
rt.unavailableObject = (mod, name) => new Proxy({}, {
  get(target, prop) {
    if (typeof prop === 'symbol' || prop === 'then' || prop === 'toJSON') return undefined;
    return rt.unavailable(mod, name + '.' + prop);
  },
});

// node:fs's functions tokengen does not have, on the fs object itself
// (a package's require('fs') at run time reaches it, not node:fs's
// module, which completes itself): they throw when called, not when a
// script names them; the promise forms reject.
const nodeFS = globalThis.__tokengenNode && globalThis.__tokengenNode.fs;
if (nodeFS) {
  for (const name of ['watch', 'watchFile', 'unwatchFile', 'symlinkSync', 'symlink', 'linkSync', 'link', 'truncateSync', 'truncate', 'chmodSync', 'chmod', 'chownSync', 'chown', 'utimesSync', 'utimes', 'createReadStream']) {
    nodeFS[name] ??= rt.unavailable('node:fs', name);
  }
  for (const name of ['open', 'symlink', 'link', 'truncate', 'chmod', 'chown', 'utimes', 'watch']) {
    const f = rt.unavailable('node:fs/promises', name);
    nodeFS.promises[name] ??= async (...a) => f(...a);
  }
}

const encodingOf = (e) => (e === undefined || e === null ? 'utf8' : String(e));
class Buffer extends Uint8Array {
  static from(value, encodingOrOffset, length) {
    if (typeof value === 'string') {
      const ab = rt.encode(value, encodingOf(encodingOrOffset));
      return new Buffer(ab, 0, ab.byteLength);
    }
    if (value instanceof ArrayBuffer) {
      const off = encodingOrOffset ?? 0;
      return new Buffer(value, off, length ?? value.byteLength - off);
    }
    if (value && value.type === 'Buffer' && Array.isArray(value.data)) value = value.data;
    if (value && typeof value === 'object' && typeof value.length === 'number') {
      const b = new Buffer(value.length);
      for (let i = 0; i < value.length; i++) b[i] = value[i];
      return b;
    }
    throw new TypeError('The first argument must be of type string or an instance of Buffer, ArrayBuffer, or Array or an Array-like Object.');
  }
  static alloc(size, fill, encoding) {
    const b = new Buffer(size);
    if (fill !== undefined) b.fill(fill, 0, size, encoding);
    return b;
  }
  static allocUnsafe(size) { return new Buffer(size); }
  static isBuffer(b) { return b instanceof Buffer; }
  static isEncoding(e) {
    return ['utf8', 'utf-8', 'hex', 'base64', 'base64url', 'latin1', 'binary', 'ascii', 'utf16le', 'utf-16le', 'ucs2', 'ucs-2'].includes(String(e).toLowerCase());
  }
  static byteLength(s, encoding) {
    if (typeof s !== 'string') return s.byteLength;
    return rt.encode(s, encodingOf(encoding)).byteLength;
  }
  static concat(list, total) {
    if (total === undefined) total = list.reduce((n, b) => n + b.length, 0);
    const out = Buffer.alloc(total);
    let at = 0;
    for (const b of list) {
      if (at >= total) break;
      const part = b.length > total - at ? b.subarray(0, total - at) : b;
      out.set(part, at);
      at += part.length;
    }
    return out;
  }
  static compare(a, b) { return a.compare(b); }
  fill(value, start = 0, end = this.length, encoding) {
    if (typeof start === 'string') { encoding = start; start = 0; end = this.length; }
    if (typeof value === 'string') {
      const bytes = new Uint8Array(rt.encode(value, encodingOf(encoding)));
      if (bytes.length === 0) return super.fill(0, start, end);
      for (let i = start; i < end; i++) this[i] = bytes[(i - start) % bytes.length];
      return this;
    }
    return super.fill(value, start, end);
  }
  toString(encoding, start = 0, end = this.length) {
    return rt.decode(this.subarray(start, end), encodingOf(encoding));
  }
  toJSON() { return { type: 'Buffer', data: Array.from(this) }; }
  equals(other) { return this.compare(other) === 0; }
  compare(other) {
    const n = Math.min(this.length, other.length);
    for (let i = 0; i < n; i++) if (this[i] !== other[i]) return this[i] < other[i] ? -1 : 1;
    return this.length === other.length ? 0 : this.length < other.length ? -1 : 1;
  }
  subarray(start, end) {
    const u = Uint8Array.prototype.subarray.call(this, start, end);
    return new Buffer(u.buffer, u.byteOffset, u.length);
  }
  slice(start, end) { return this.subarray(start, end); }
  write(string, offset = 0, length, encoding) {
    if (typeof offset === 'string') { encoding = offset; offset = 0; }
    const bytes = new Uint8Array(rt.encode(string, encodingOf(encoding)));
    const n = Math.min(bytes.length, length ?? this.length - offset, this.length - offset);
    this.set(bytes.subarray(0, n), offset);
    return n;
  }
  indexOf(value, from = 0) {
    if (typeof value === 'number') return Uint8Array.prototype.indexOf.call(this, value, from);
    const needle = typeof value === 'string' ? Buffer.from(value) : value;
    outer: for (let i = from; i <= this.length - needle.length; i++) {
      for (let j = 0; j < needle.length; j++) if (this[i + j] !== needle[j]) continue outer;
      return i;
    }
    return -1;
  }
  includes(value, from) { return this.indexOf(value, from) !== -1; }
}
globalThis.Buffer ??= Buffer;
rt.Buffer = globalThis.Buffer;

class TextEncoder {
  get encoding() { return 'utf-8'; }
  encode(s = '') { return new Uint8Array(rt.encode(String(s), 'utf8')); }
}
class TextDecoder {
  constructor(encoding = 'utf-8') {
    const e = String(encoding).toLowerCase();
    if (e !== 'utf-8' && e !== 'utf8') throw new RangeError('The "' + encoding + '" encoding is not supported by tokengen');
  }
  get encoding() { return 'utf-8'; }
  decode(input) { return input === undefined ? '' : rt.decode(input, 'utf8'); }
}
globalThis.TextEncoder ??= TextEncoder;
globalThis.TextDecoder ??= TextDecoder;
globalThis.btoa ??= (s) => {
  s = String(s);
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 255) { const e = new Error('Invalid character'); e.name = 'InvalidCharacterError'; throw e; }
  return rt.decode(new Uint8Array(rt.encode(s, 'latin1')), 'base64');
};
globalThis.atob ??= (s) => rt.decode(new Uint8Array(rt.encode(String(s), 'base64')), 'latin1');

const timeOrigin = rt.epoch;
const performance = {
  timeOrigin,
  now: () => rt.now(),
  mark() {},
  measure() {},
  toJSON() { return { timeOrigin }; },
};
globalThis.performance ??= performance;

const p = globalThis.process;
const listeners = new Map();
const on = (name, fn) => { if (!listeners.has(name)) listeners.set(name, []); listeners.get(name).push(fn); return p; };
const off = (name, fn) => { const l = listeners.get(name); if (l) { const i = l.indexOf(fn); if (i >= 0) l.splice(i, 1); } return p; };
const extra = {
  version: 'v20.0.0',
  versions: { node: '20.0.0' },
  release: { name: 'node' },
  arch: rt.arch,
  pid: rt.pid,
  ppid: 0,
  title: 'tokengen',
  execArgv: [],
  execPath: rt.execPath,
  exitCode: undefined,
  stdout: { write: (s) => { rt.write(1, String(s)); return true; }, isTTY: false, fd: 1 },
  stderr: { write: (s) => { rt.write(2, String(s)); return true; }, isTTY: false, fd: 2 },
  nextTick: (fn, ...args) => queueMicrotask(() => fn(...args)),
  hrtime: Object.assign((prev) => {
    const ms = performance.now();
    let s = Math.floor(ms / 1000), ns = Math.floor((ms % 1000) * 1e6);
    if (prev) { s -= prev[0]; ns -= prev[1]; if (ns < 0) { s--; ns += 1e9; } }
    return [s, ns];
  }, { bigint: () => (typeof BigInt === 'function' ? BigInt(Math.floor(performance.now() * 1e6)) : Math.floor(performance.now() * 1e6)) }),
  uptime: () => performance.now() / 1000,
  // Listeners are kept (a script may add and remove them); tokengen emits
  // no process events.
  on, addListener: on, once: on, prependListener: on, off, removeListener: off,
  removeAllListeners: (name) => { if (name === undefined) listeners.clear(); else listeners.delete(name); return p; },
  listeners: (name) => [...(listeners.get(name) ?? [])],
  listenerCount: (name) => (listeners.get(name) ?? []).length,
  emit: (name, ...args) => { const l = listeners.get(name); if (!l || l.length === 0) return false; for (const f of [...l]) f(...args); return true; },
  emitWarning: (w) => { rt.write(2, '(tokengen) ' + (w instanceof Error ? w.name + ': ' + w.message : 'Warning: ' + w) + '\n'); },
};
for (const [k, v] of Object.entries(extra)) if (!(k in p)) p[k] = v;
if (!('exit' in p)) p.exit = (code) => rt.exit(code === undefined ? p.exitCode : code);

globalThis.global ??= globalThis;

class URLSearchParams {
  constructor(init = '') {
    this._list = [];
    if (typeof init === 'string') {
      for (const part of init.replace(/^\?/, '').split('&')) {
        if (part === '') continue;
        const i = part.indexOf('=');
        const dec = (s) => decodeURIComponent(s.replace(/\+/g, ' '));
        this._list.push(i < 0 ? [dec(part), ''] : [dec(part.slice(0, i)), dec(part.slice(i + 1))]);
      }
    } else if (init && typeof init[Symbol.iterator] === 'function') {
      for (const [k, v] of init) this._list.push([String(k), String(v)]);
    } else if (init && typeof init === 'object') {
      for (const [k, v] of Object.entries(init)) this._list.push([k, String(v)]);
    }
  }
  get size() { return this._list.length; }
  get(name) { const e = this._list.find(([k]) => k === name); return e ? e[1] : null; }
  getAll(name) { return this._list.filter(([k]) => k === name).map(([, v]) => v); }
  has(name) { return this._list.some(([k]) => k === name); }
  set(name, value) { const i = this._list.findIndex(([k]) => k === name); this._list = this._list.filter(([k], j) => k !== name || j === i); if (i >= 0) this._list[this._list.findIndex(([k]) => k === name)][1] = String(value); else this._list.push([name, String(value)]); }
  append(name, value) { this._list.push([String(name), String(value)]); }
  delete(name) { this._list = this._list.filter(([k]) => k !== name); }
  sort() { this._list.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)); }
  forEach(fn, thisArg) { for (const [k, v] of this._list) fn.call(thisArg, v, k, this); }
  keys() { return this._list.map(([k]) => k)[Symbol.iterator](); }
  values() { return this._list.map(([, v]) => v)[Symbol.iterator](); }
  entries() { return this._list.map((e) => [...e])[Symbol.iterator](); }
  [Symbol.iterator]() { return this.entries(); }
  toString() {
    const enc = (s) => encodeURIComponent(s).replace(/%20/g, '+').replace(/[!'()~]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
    return this._list.map(([k, v]) => enc(k) + '=' + enc(v)).join('&');
  }
}
globalThis.URLSearchParams ??= URLSearchParams;
if (globalThis.URL && !('searchParams' in globalThis.URL.prototype)) {
  Object.defineProperty(globalThis.URL.prototype, 'searchParams', { get() { return new URLSearchParams(this.search); }, configurable: true });
}

class AbortSignal {
  constructor() { this.aborted = false; this.reason = undefined; this.onabort = null; this._listeners = []; }
  addEventListener(type, fn) { if (type === 'abort') this._listeners.push(fn); }
  removeEventListener(type, fn) { this._listeners = this._listeners.filter((f) => f !== fn); }
  throwIfAborted() { if (this.aborted) throw this.reason; }
  static abort(reason) { const c = new AbortController(); c.abort(reason); return c.signal; }
}
class AbortController {
  constructor() { this.signal = new AbortSignal(); }
  abort(reason) {
    const s = this.signal;
    if (s.aborted) return;
    s.aborted = true;
    s.reason = reason ?? Object.assign(new Error('This operation was aborted'), { name: 'AbortError' });
    const ev = { type: 'abort', target: s };
    if (typeof s.onabort === 'function') s.onabort(ev);
    for (const f of [...s._listeners]) f(ev);
  }
}
globalThis.AbortController ??= AbortController;
globalThis.AbortSignal ??= AbortSignal;
})();
