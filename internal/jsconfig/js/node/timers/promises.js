// node:timers/promises: the timers as promises (on tokengen's virtual
// time, as the global ones).
const later = (set) => (delay, value) => new Promise((resolve) => set(() => resolve(value), delay));
export const setTimeout = later(globalThis.setTimeout);
export const setImmediate = (value) => new Promise((resolve) => globalThis.setImmediate(() => resolve(value)));
export const scheduler = { wait: (delay) => setTimeout(delay), yield: () => setImmediate() };
export default { setTimeout, setImmediate, scheduler };
