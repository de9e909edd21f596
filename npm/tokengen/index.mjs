// The ES module face of index.cjs: the same functions.
import api from './index.cjs';

export const { build, clean, TokengenError, binaryPath } = api;
