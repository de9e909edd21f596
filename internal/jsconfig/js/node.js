(() => {
const n = globalThis.__tokengenNode;
const fs = n.fs;
const later = (fn) => (...a) => { try { return Promise.resolve(fn(...a)); } catch (e) { return Promise.reject(e); } };
fs.promises = {
  readFile: later(fs.readFileSync),
  writeFile: later(fs.writeFileSync),
  appendFile: later(fs.appendFileSync),
  mkdir: later(fs.mkdirSync),
  readdir: later(fs.readdirSync),
  rm: later(fs.rmSync),
  stat: later(fs.statSync),
  access: later((p) => { fs.statSync(p); }),
  copyFile: later(fs.copyFileSync),
  rename: later(fs.renameSync),
  unlink: later(fs.unlinkSync),
};
// createWriteStream writes through openSync and writeSync as it is
// given chunks (so a write is checked as writeFileSync's is); end closes
// the file, then 'finish' and 'close' are emitted after the caller's
// code, as in node. A file it may not open is an 'error' event.
fs.createWriteStream = (p, opts) => {
  const flags = (typeof opts === 'object' && opts && opts.flags) || 'w';
  const handlers = {};
  const emit = (ev, ...a) => { (handlers[ev] || []).slice().forEach((h) => h.apply(stream, a)); return !!handlers[ev]; };
  let fd = null, ended = false, failed = null;
  const fail = (e) => { failed = e; setImmediate(() => { if (!emit('error', e)) throw e; emit('close'); }); };
  const stream = {
    path: p, bytesWritten: 0, writable: true,
    on(ev, h) { (handlers[ev] ||= []).push(h); return stream; },
    once(ev, h) { const w = (...a) => { stream.off(ev, w); h.apply(stream, a); }; return stream.on(ev, w); },
    off(ev, h) { handlers[ev] = (handlers[ev] || []).filter((x) => x !== h); return stream; },
    write(chunk, enc, cb) {
      if (typeof enc === 'function') cb = enc;
      if (ended) {
        const e = new Error('write after end'); e.code = 'ERR_STREAM_WRITE_AFTER_END';
        setImmediate(() => { if (cb) cb(e); emit('error', e); });
        return false;
      }
      if (failed) return false;
      try { stream.bytesWritten += fs.writeSync(fd, String(chunk)); } catch (e) { fail(e); return false; }
      if (cb) setImmediate(() => cb(null));
      return true;
    },
    end(chunk, enc, cb) {
      if (typeof chunk === 'function') { cb = chunk; chunk = undefined; }
      else if (typeof enc === 'function') cb = enc;
      if (chunk !== undefined && chunk !== null) stream.write(chunk);
      if (ended) return stream;
      ended = true; stream.writable = false;
      if (failed) return stream;
      try { fs.closeSync(fd); } catch (e) { fail(e); return stream; }
      setImmediate(() => { if (cb) cb(); emit('finish'); emit('close'); });
      return stream;
    },
    close(cb) { return stream.end(cb); },
    destroy() { if (!ended && !failed) { ended = true; try { fs.closeSync(fd); } catch (e) {} setImmediate(() => emit('close')); } return stream; },
  };
  try { fd = fs.openSync(p, flags); setImmediate(() => { emit('open', fd); emit('ready'); }); } catch (e) { const rt = globalThis.__tokengenRuntime; fail(rt && rt.nodeFileError ? rt.nodeFileError(e, String(p), 'open') : e); }
  return stream;
};
const path = n.path;
path.parse = (p) => {
  const root = p.startsWith('/') ? '/' : '';
  const base = path.basename(p);
  const ext = path.extname(p);
  let dir = path.dirname(p);
  if (dir === '.' && !p.startsWith('.')) dir = '';
  return { root, dir, base, ext, name: ext ? base.slice(0, -ext.length) : base };
};
path.format = (o) => {
  const dir = o.dir || o.root || '';
  const base = o.base || (o.name || '') + (o.ext ? (o.ext.startsWith('.') ? '' : '.') + o.ext : '');
  return dir ? (dir === o.root ? dir + base : dir + '/' + base) : base;
};
// removeDots is RFC 3986's remove_dot_segments.
const removeDots = (p) => {
  const out = [];
  const segs = p.split('/');
  segs.forEach((s, i) => {
    if (s === '..') { if (out.length > 1) out.pop(); if (i === segs.length - 1) out.push(''); }
    else if (s === '.') { if (i === segs.length - 1) out.push(''); }
    else out.push(s);
  });
  return out.join('/');
};
const PARTS = /^([a-zA-Z][a-zA-Z0-9+.-]*):(?:\/\/([^/?#]*))?([^?#]*)(\?[^#]*)?(#.*)?$/;
class URL {
  constructor(input, base) {
    input = String(input);
    let m = PARTS.exec(input);
    if (!m) {
      if (base === undefined) throw new TypeError('Invalid URL: ' + input);
      const b = new URL(base);
      const [, rel = '', query = '', hash = ''] = /^([^?#]*)(\?[^#]*)?(#.*)?$/.exec(input);
      let p = b.pathname;
      if (rel.startsWith('/')) p = rel;
      else if (rel !== '') p = p.slice(0, p.lastIndexOf('/') + 1) + rel;
      input = b.protocol + '//' + b.host + removeDots(p) + (rel === '' && !query ? b.search : query) + hash;
      m = PARTS.exec(input);
    }
    this.protocol = m[1].toLowerCase() + ':';
    this.host = m[2] ?? '';
    this.hostname = this.host.replace(/:\d+$/, '');
    this.pathname = removeDots(m[3] || '/') || '/';
    this.search = m[4] && m[4] !== '?' ? m[4] : '';
    this.hash = m[5] && m[5] !== '#' ? m[5] : '';
  }
  get href() { return this.protocol + '//' + this.host + this.pathname + this.search + this.hash; }
  get origin() { return this.protocol === 'file:' ? 'null' : this.protocol + '//' + this.host; }
  toString() { return this.href; }
  toJSON() { return this.href; }
}
globalThis.URL ??= URL;
n.pathToFileURL = (p) => new URL('file://' + encodeURI(path.resolve(String(p))).replace(/[?#]/g, encodeURIComponent));
const fileURLToPath = n.fileURLToPath;
n.fileURLToPath = (u) => fileURLToPath(String(u));
globalThis.structuredClone ??= (value) => {
  const seen = new Map();
  const clone = (v) => {
    if (typeof v === 'function' || typeof v === 'symbol') {
      const e = new Error(String(v) + ' could not be cloned.');
      e.name = 'DataCloneError';
      throw e;
    }
    if (v === null || typeof v !== 'object') return v;
    if (seen.has(v)) return seen.get(v);
    let out;
    if (Array.isArray(v)) { out = []; seen.set(v, out); v.forEach((x, i) => { out[i] = clone(x); }); return out; }
    if (v instanceof Date) return new Date(v.getTime());
    if (v instanceof RegExp) return new RegExp(v.source, v.flags);
    if (v instanceof Map) { out = new Map(); seen.set(v, out); v.forEach((x, k) => out.set(clone(k), clone(x))); return out; }
    if (v instanceof Set) { out = new Set(); seen.set(v, out); v.forEach((x) => out.add(clone(x))); return out; }
    out = {};
    seen.set(v, out);
    for (const k of Object.keys(v)) out[k] = clone(v[k]);
    return out;
  };
  return clone(value);
};
})();
