export const performance = globalThis.performance;
export default { performance };
