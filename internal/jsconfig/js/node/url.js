export const fileURLToPath = globalThis.__tokengenNode.fileURLToPath;
export const pathToFileURL = globalThis.__tokengenNode.pathToFileURL;
export const URL = globalThis.URL;
export default { fileURLToPath, pathToFileURL, URL };
