import 'node:fs'; // node's errors and the callback forms
const p = globalThis.__tokengenNode.fs.promises;
export const readFile = p.readFile;
export const writeFile = p.writeFile;
export const appendFile = p.appendFile;
export const mkdir = p.mkdir;
export const readdir = p.readdir;
export const rm = p.rm;
export const access = p.access;
export const stat = p.stat;
export const copyFile = p.copyFile;
export const rename = p.rename;
export const unlink = p.unlink;
export default p;
