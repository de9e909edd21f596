const p = globalThis.__tokengenNode.path;
export default p;
