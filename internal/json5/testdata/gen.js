// Regenerates expected.json from corpus.js and files/* with node's json5
// (the parser the reference uses). Run from this folder:
//   NODE_PATH=~/.cache/tokengen-conformance/node_modules node gen.js
const fs = require('fs')
const path = require('path')
const JSON5 = require('json5')

// canon prints a parse result as JSON with key order kept and the values
// JSON cannot hold spelled out: NaN, Infinity, -Infinity and -0 as bare words.
function canon (v) {
  if (v === null) return 'null'
  if (typeof v === 'boolean') return String(v)
  if (typeof v === 'number') return Object.is(v, -0) ? '-0' : String(v)
  if (typeof v === 'string') return JSON.stringify(v.toWellFormed())
  if (Array.isArray(v)) return '[' + v.map(canon).join(',') + ']'
  return '{' + Object.keys(v).map(k => JSON.stringify(k.toWellFormed()) + ':' + canon(v[k])).join(',') + '}'
}

const cases = require('./corpus.js').slice()
for (const f of fs.readdirSync(path.join(__dirname, 'files')).sort()) {
  cases.push(['file-' + f, fs.readFileSync(path.join(__dirname, 'files', f), 'utf-8')])
}
const warn = console.warn
console.warn = () => {} // json5 warns about raw U+2028 in strings
const out = cases.map(([name, input]) => {
  try {
    return { name, input, value: canon(JSON5.parse(input)) }
  } catch (e) {
    return { name, input, error: e.message }
  }
})
console.warn = warn
fs.writeFileSync(path.join(__dirname, 'expected.json'), JSON.stringify(out, null, 1) + '\n')
