// Regenerates ../names.go from the reference's libraries. Run from
// ~/.cache/tokengen-conformance/node_modules after copying it there (it imports
// tinycolor2 and ./colorjs.io/src/keywords.js relative to that folder) and
// adjust the output path.
import tc from 'tinycolor2';
import fs from 'fs';
const kw = (await import('./colorjs.io/src/keywords.js')).default;
let out = "// Code generated from tinycolor2 1.6.0 and colorjs.io 0.5.2 keyword tables; DO NOT EDIT.\n\npackage color\n\n";
out += "// tinyNames is tinycolor2's named colors (values as tinycolor stores them: 3 or 6 hex digits).\nvar tinyNames = map[string]string{\n";
for (const [k,v] of Object.entries(tc.names)) out += `\t${JSON.stringify(k)}: ${JSON.stringify(v)},\n`;
out += "}\n\n// cssKeywords is colorjs.io's keyword table (sRGB coordinates in 0..1).\nvar cssKeywords = map[string][3]float64{\n";
for (const [k,v] of Object.entries(kw)) out += `\t${JSON.stringify(k)}: {${v.map(x=>String(x)).join(', ')}},\n`;
out += "}\n";
fs.writeFileSync('../names.go', out);
