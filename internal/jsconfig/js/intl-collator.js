// Intl.Collator, over the engine's localeCompare, which takes the same
// locales and options (node's ICU results, within the engine's collation
// tables): real sorts write `new Intl.Collator('en', { numeric: true }).compare`.
// The engine has no other part of Intl. Run first in every runtime.
(() => {
  'use strict';
  if (typeof globalThis.Intl !== 'undefined') return;
  const localeCompare = String.prototype.localeCompare;
  const settings = new WeakMap();
  const checked = (locales, options) => {
    try {
      localeCompare.call('', '', locales, options);
    } catch (e) {
      if (e instanceof RangeError) {
        throw new RangeError(e.message.replace('String.prototype.localeCompare', 'Intl.Collator'));
      }
      throw e;
    }
  };
  // Declared without parameters: node's Intl.Collator.length is 0.
  function Collator() {
    const [locales, options] = arguments;
    if (!new.target) return new Collator(locales, options);
    checked(locales, options);
    const first = typeof locales === 'string' ? locales : (locales && locales.length ? String(locales[0]) : 'en-US');
    const o = options === undefined ? {} : Object(options);
    const resolved = {
      locale: first.replace(/-u-.*$/, ''),
      usage: o.usage === undefined ? 'sort' : String(o.usage),
      sensitivity: o.sensitivity === undefined ? 'variant' : String(o.sensitivity),
      ignorePunctuation: o.ignorePunctuation === undefined ? false : Boolean(o.ignorePunctuation),
      collation: 'default',
      numeric: o.numeric === undefined ? /-u-(.*-)?kn(-true)?(-|$)/.test(first) : Boolean(o.numeric),
      caseFirst: o.caseFirst === undefined ? 'false' : String(o.caseFirst),
    };
    // compare is a bound function, made once, as ECMA-402 requires.
    const compare = (x, y) => localeCompare.call(String(x), String(y), locales, options);
    Object.defineProperty(compare, 'name', { value: '' });
    settings.set(this, { resolved, compare });
  }
  const state = (collator) => {
    const s = settings.get(collator);
    if (!s) throw new TypeError('Method Intl.Collator.prototype.compare called on incompatible receiver ' + String(collator));
    return s;
  };
  Object.defineProperty(Collator.prototype, 'compare', {
    get() { return state(this).compare; }, configurable: true, enumerable: false,
  });
  Object.defineProperty(Collator.prototype, 'resolvedOptions', {
    value: function resolvedOptions() { return { ...state(this).resolved }; },
    writable: true, configurable: true, enumerable: false,
  });
  Object.defineProperty(Collator.prototype, Symbol.toStringTag, { value: 'Intl.Collator', configurable: true });
  Object.defineProperty(Collator, 'supportedLocalesOf', {
    value: function supportedLocalesOf(locales) {
      checked(locales, undefined);
      return locales === undefined ? [] : [].concat(locales).map(String);
    },
    writable: true, configurable: true, enumerable: false,
  });
  const Intl = {};
  Object.defineProperty(Intl, 'Collator', { value: Collator, writable: true, configurable: true, enumerable: false });
  Object.defineProperty(Intl, Symbol.toStringTag, { value: 'Intl', configurable: true });
  Object.defineProperty(globalThis, 'Intl', { value: Intl, writable: true, configurable: true, enumerable: false });
})();
