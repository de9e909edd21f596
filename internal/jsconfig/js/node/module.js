// node:module: createRequire, for ES modules that require CommonJS
// modules and JSON, and the list of node's built-in modules.
const rt = globalThis.__tokengenRuntime;
export const createRequire = (filename) => rt.requireFrom(filename instanceof URL ? filename.href : String(filename));
export const builtinModules = rt.builtinModules;
export const isBuiltin = (name) => rt.isBuiltin(String(name));
export default { createRequire, builtinModules, isBuiltin };
