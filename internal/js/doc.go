// Package js is tokengen's one home for JavaScript's semantics: the
// ECMAScript operations the reference (style-dictionary on node) applies to
// token values, so that tokengen converts, compares, trims and prints them
// as it does. Each function names the operation it is and its section in
// ECMA-262, 2024 edition (https://262.ecma-international.org/15.0/); the
// tests' expected values come from node itself (gen_cases.mjs).
//
// The values are the JSON-like ones tokens and options hold:
//
//   - nil is null (JSON's null, a value someone wrote);
//   - Undefined is undefined (a property that is not there);
//   - bool, string, float64 and int are Boolean, String and Number (int
//     comes from Go code; both are Numbers, so 1 and 1.0 are equal);
//   - []any is an Array;
//   - anything else is an object: *tokenbuild.Object, *tokenbuild.Token,
//     and Go functions, which typeof calls "function".
//
// Keeping null and undefined apart is the point: String(null) is "null"
// but String(undefined) is "undefined", Number(null) is 0 but
// Number(undefined) is NaN. Code that reads a property the reference may
// find missing passes Undefined, never nil, for it.
//
// The package imports nothing of tokengen's, so that the contract and the
// engine can both use it.
package js
