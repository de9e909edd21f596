// String.prototype.repeat, padStart and padEnd refuse a result longer than
// node's longest string (2^29 - 24 code units) with node's RangeError,
// before the engine's Go code allocates it in one piece (a gigabyte or
// more, which no interrupt or memory watch can stop). Run first in every
// runtime.
(() => {
  'use strict';
  const maxLength = 2 ** 29 - 24;
  const proto = String.prototype;
  const guard = (name, resultLength) => {
    const native = proto[name];
    Object.defineProperty(proto, name, {
      value: { [name](first, ...rest) {
        if (this !== null && this !== undefined) {
          const n = resultLength(String(this).length, Number(first));
          if (Number.isFinite(n) && n > maxLength) throw new RangeError('Invalid string length');
        }
        return native.call(this, first, ...rest);
      } }[name],
      writable: true, configurable: true, enumerable: false,
    });
  };
  guard('repeat', (length, count) => length * Math.trunc(count));
  guard('padStart', (length, to) => to);
  guard('padEnd', (length, to) => to);
})();
