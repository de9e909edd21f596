const rt = globalThis.__tokengenRuntime;
export const Buffer = rt.Buffer;
export const atob = globalThis.atob;
export const btoa = globalThis.btoa;
export default { Buffer, atob, btoa };
