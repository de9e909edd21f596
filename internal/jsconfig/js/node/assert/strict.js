import assert from 'node:assert';
export default assert;
