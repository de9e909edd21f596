const p = globalThis.process;
export const env = p.env;
export const argv = p.argv;
export const platform = p.platform;
export const cwd = p.cwd;
export const exit = (...a) => p.exit(...a);
export default p;
