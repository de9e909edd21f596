package jsconfig

import "testing"

// TestDynamicLoads checks which calls of require and import the module
// scope plugin leaves to esbuild (a string literal) and which it renames
// to the run-time ones, keeping every other byte in place.
func TestDynamicLoads(t *testing.T) {
	cases := []struct{ src, want string }{
		{`require('./a.js')`, `require('./a.js')`},
		{`import('./a.mjs')`, `import('./a.mjs')`},
		{`import("./a.json", { with: { type: 'json' } })`, `import("./a.json", { with: { type: 'json' } })`},
		{"require(`./a.js`)", "require(`./a.js`)"},
		{`require(path.resolve(__dirname, 'x'))`, `__tgReq(path.resolve(__dirname, 'x'))`},
		{"await import(`./t/${n}.mjs`)", "await __tgIm(`./t/${n}.mjs`)"},
		{`require('./a' + n)`, `__tgReq('./a' + n)`},
		{`module.require(x)`, `module.require(x)`},
		{`x. import (y)`, `x. import (y)`},
		{`// require(x)` + "\n" + `/* import(y) */ s = "require(z)"`, `// require(x)` + "\n" + `/* import(y) */ s = "require(z)"`},
		{`myrequire(x); requireX(y)`, `myrequire(x); requireX(y)`},
		{`import x from 'y'; import { a } from "b"`, `import x from 'y'; import { a } from "b"`},
	}
	for _, c := range cases {
		got, changed := dynamicLoads(c.src)
		if got != c.want {
			t.Errorf("dynamicLoads(%q) = %q, want %q", c.src, got, c.want)
		}
		if changed != (c.src != c.want) {
			t.Errorf("dynamicLoads(%q) reports changed=%v", c.src, changed)
		}
		if len(got) != len(c.src) {
			t.Errorf("dynamicLoads(%q) changed the length: columns would move", c.src)
		}
	}
}
