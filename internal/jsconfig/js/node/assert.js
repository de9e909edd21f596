// node:assert: the checks build scripts make of their inputs; a failure
// throws node's AssertionError.
class AssertionError extends Error {
  constructor(options) {
    super(options.message);
    this.name = 'AssertionError';
    this.code = 'ERR_ASSERTION';
    this.actual = options.actual;
    this.expected = options.expected;
    this.operator = options.operator;
  }
}
const fail = (message, fallback, actual, expected, operator) => {
  if (message instanceof Error) throw message;
  throw new AssertionError({ message: message ?? fallback, actual, expected, operator });
};
const show = (v) => globalThis.__tokengenUtil.inspect(v);
const deepEqual = (a, b, strict) => {
  if (strict ? Object.is(a, b) : a == b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (strict && Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (a instanceof Map && b instanceof Map) return a.size === b.size && [...a].every(([k, v]) => b.has(k) && deepEqual(v, b.get(k), strict));
  if (a instanceof Set && b instanceof Set) return a.size === b.size && [...a].every((v) => b.has(v));
  const ka = Object.keys(a), kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual(a[k], b[k], strict));
};
function assert(value, message) {
  if (!value) fail(message, arguments.length === 0 ? 'No value argument passed to `assert.ok()`' : 'The expression evaluated to a falsy value:\n\n  assert(' + show(value) + ')\n', value, true, '==');
}
assert.ok = (value, message) => assert(value, message);
assert.equal = (a, b, message) => { if (!(a == b || (a !== a && b !== b))) fail(message, show(a) + ' == ' + show(b), a, b, '=='); };
assert.notEqual = (a, b, message) => { if (a == b) fail(message, show(a) + ' != ' + show(b), a, b, '!='); };
assert.strictEqual = (a, b, message) => { if (!Object.is(a, b)) fail(message, 'Expected values to be strictly equal:\n\n' + show(a) + ' !== ' + show(b) + '\n', a, b, 'strictEqual'); };
assert.notStrictEqual = (a, b, message) => { if (Object.is(a, b)) fail(message, 'Expected "actual" to be strictly unequal to: ' + show(b), a, b, 'notStrictEqual'); };
assert.deepEqual = (a, b, message) => { if (!deepEqual(a, b, false)) fail(message, 'Expected values to be loosely deep-equal:\n\n' + show(a) + '\n\nshould loosely deep-equal\n\n' + show(b), a, b, 'deepEqual'); };
assert.deepStrictEqual = (a, b, message) => { if (!deepEqual(a, b, true)) fail(message, 'Expected values to be strictly deep-equal:\n' + show(a) + '\n\nshould equal\n\n' + show(b), a, b, 'deepStrictEqual'); };
assert.notDeepStrictEqual = (a, b, message) => { if (deepEqual(a, b, true)) fail(message, 'Expected "actual" not to be strictly deep-equal to: ' + show(b), a, b, 'notDeepStrictEqual'); };
assert.fail = (message = 'Failed') => fail(message, 'Failed', undefined, undefined, 'fail');
assert.match = (s, re, message) => { if (!re.test(s)) fail(message, 'The input did not match the regular expression ' + String(re) + '. Input:\n\n' + show(s) + '\n', s, re, 'match'); };
assert.throws = (fn, expected, message) => {
  try { fn(); } catch (e) {
    if (typeof expected === 'function' && expected.prototype !== undefined && !(e instanceof expected)) throw e;
    if (expected instanceof RegExp && !expected.test(String(e))) throw e;
    return;
  }
  fail(typeof expected === 'string' ? expected : message, 'Missing expected exception.', undefined, expected, 'throws');
};
assert.AssertionError = AssertionError;
assert.strict = assert;
export default assert;
