package goja

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// TestLocaleCompareMatchesNode checks localeCompare with locales and options
// against node's (ICU's) answers in testdata/localecompare_node.json, made by
// testdata/localecompare_gen.js: for each combination, the sign of every
// comparison between the words and their stable sorted order.
func TestLocaleCompareMatchesNode(t *testing.T) {
	data, err := os.ReadFile("testdata/localecompare_node.json")
	if err != nil {
		t.Fatal(err)
	}
	var table struct {
		Words []string
		Cases []struct {
			Locales json.RawMessage
			Options json.RawMessage
			Sorted  []string
			Pairs   string
		}
		Errors []struct {
			Locales json.RawMessage
			Options json.RawMessage
			Result  string
		}
	}
	if err := json.Unmarshal(data, &table); err != nil {
		t.Fatal(err)
	}
	arg := func(raw json.RawMessage) string {
		if len(raw) == 0 || string(raw) == "null" {
			return "undefined"
		}
		return string(raw)
	}
	words, _ := json.Marshal(table.Words)
	for _, c := range table.Cases {
		name := arg(c.Locales) + " " + arg(c.Options)
		t.Run(name, func(t *testing.T) {
			r := New()
			script := `const words = ` + string(words) + `, locales = ` + arg(c.Locales) + `, options = ` + arg(c.Options) + `;
			const pairs = [];
			for (let i = 0; i < words.length; i++)
				for (let j = i + 1; j < words.length; j++)
					pairs.push('<=>'[Math.sign(words[i].localeCompare(words[j], locales, options)) + 1]);
			JSON.stringify({ sorted: words.slice().sort((a, b) => a.localeCompare(b, locales, options)), pairs: pairs.join('') })`
			v, err := r.RunString(script)
			if err != nil {
				t.Fatal(err)
			}
			var got struct {
				Sorted []string
				Pairs  string
			}
			if err := json.Unmarshal([]byte(v.String()), &got); err != nil {
				t.Fatal(err)
			}
			if strings.Join(got.Sorted, "|") != strings.Join(c.Sorted, "|") {
				t.Errorf("sorted:\n got %s\nnode %s", strings.Join(got.Sorted, "|"), strings.Join(c.Sorted, "|"))
			}
			k := 0
			bad := 0
			for i := range table.Words {
				for j := i + 1; j < len(table.Words); j++ {
					if got.Pairs[k] != c.Pairs[k] && bad < 10 {
						bad++
						t.Errorf("%q vs %q: got %c, node %c", table.Words[i], table.Words[j], got.Pairs[k], c.Pairs[k])
					}
					k++
				}
			}
		})
	}
	for _, c := range table.Errors {
		script := `(() => { try { return String('a'.localeCompare('b', ` + arg(c.Locales) + `, ` + arg(c.Options) + `)) } catch (e) { return e.constructor.name + ': ' + e.message } })()`
		v, err := New().RunString(script)
		if err != nil {
			t.Fatal(err)
		}
		if v.String() != c.Result {
			t.Errorf("%s: got %q, node %q", script, v.String(), c.Result)
		}
	}
}

// TestLocaleCollatorsAreCachedPerOptions checks that each combination of
// locale and options has its own collator and key cache, and that the
// default one is untouched by them.
func TestLocaleCollatorsAreCachedPerOptions(t *testing.T) {
	r := New()
	_, err := r.RunString(`
		for (let i = 0; i < 3; i++) {
			'a10'.localeCompare('a9', 'en', { numeric: true });
			'a10'.localeCompare('a9', 'en', { numeric: true, sensitivity: 'base' });
			'a10'.localeCompare('a9');
		}`)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.localeCollators) != 2 {
		t.Errorf("%d collators for 2 combinations of options", len(r.localeCollators))
	}
	for spec, c := range r.localeCollators {
		if len(c.keys) != 2 {
			t.Errorf("%s: %d cached keys, want 2", spec, len(c.keys))
		}
	}
	for i := 0; i < maxCachedLocaleCollators+5; i++ {
		r.localeCompareCollator(asciiString("en"), r.ToValue(map[string]interface{}{"numeric": i%2 == 0, "sensitivity": []string{"base", "accent", "case", "variant"}[i%4], "ignorePunctuation": i%3 == 0}))
	}
	if len(r.localeCollators) > maxCachedLocaleCollators {
		t.Errorf("%d collators cached, more than %d", len(r.localeCollators), maxCachedLocaleCollators)
	}
}
