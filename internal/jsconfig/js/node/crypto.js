// node:crypto: the hashes build scripts take of content (cache busting,
// stable ids), randomUUID and randomBytes.
const rt = globalThis.__tokengenRuntime;
const toBuffer = (ab) => rt.Buffer.from(ab);
export const createHash = (algorithm) => {
  const h = rt.createHash(String(algorithm));
  return {
    update(data, encoding) { h.update(data, encoding); return this; },
    digest(encoding) { const d = h.digest(encoding); return typeof d === 'string' ? d : toBuffer(d); },
  };
};
export const getHashes = () => ['md5', 'sha1', 'sha256', 'sha384', 'sha512'];
const random = (n) => { const b = rt.Buffer.alloc(n); for (let i = 0; i < n; i++) b[i] = Math.floor(Math.random() * 256); return b; };
export const randomBytes = (n, cb) => { const b = random(n); if (cb) { queueMicrotask(() => cb(null, b)); return undefined; } return b; };
export const randomUUID = () => {
  const b = random(16);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = b.toString('hex');
  return h.slice(0, 8) + '-' + h.slice(8, 12) + '-' + h.slice(12, 16) + '-' + h.slice(16, 20) + '-' + h.slice(20);
};
export const randomInt = (min, max) => { if (max === undefined) { max = min; min = 0; } return min + Math.floor(Math.random() * (max - min)); };
export default { createHash, getHashes, randomBytes, randomUUID, randomInt };
