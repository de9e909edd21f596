// Prints, as JSON, the code point ranges json5 accepts as identifier start,
// identifier part and space separator, for comparison with Go's tables.
const util = require('json5/lib/util')
function ranges (f) {
  const out = []
  let start = -1
  for (let cp = 0; cp <= 0x110000; cp++) {
    const ok = cp < 0x110000 && !(cp >= 0xD800 && cp < 0xE000) && f(String.fromCodePoint(cp))
    if (ok && start < 0) start = cp
    if (!ok && start >= 0) { out.push([start, cp - 1]); start = -1 }
  }
  return out
}
process.stdout.write(JSON.stringify({
  idStart: ranges(util.isIdStartChar),
  idContinue: ranges(util.isIdContinueChar),
  space: ranges(util.isSpaceSeparator),
}) + '\n')
