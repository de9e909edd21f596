package jsconfig

import (
	"context"
	"sync"
	"testing"

	"github.com/tokengen/tokengen/tokenbuild"
)

// mutatingTransform is a JavaScript value transform that writes on its
// token the ways real configs do, and keeps the token past its call.
const mutatingTransform = `({
  type: 'value',
  filter: (token) => { token.filtered = true; return true; },
  transform: (token, platform) => {
    token.comment = token.description;
    token.attributes.platform = platform.name;
    token.path.push('extra');
    globalThis.kept = token;
    return token.value + '!';
  },
})`

func newTransform(t *testing.T, e *engine, src string) tokenbuild.Transform {
	t.Helper()
	v, err := e.rt.RunString(src)
	if err != nil {
		t.Fatal(err)
	}
	tf, err := e.adapters.transform("hooks.transforms.demo", "demo", v)
	if err != nil {
		t.Fatal(err)
	}
	return tf
}

// sharedToken is a loaded token; platforms work on shallow copies of it,
// which share its Props, Attributes and Path.
func sharedToken() *tokenbuild.Token {
	return &tokenbuild.Token{
		Key: "{color.ink}", Path: []string{"color", "ink"}, Name: "ink", Value: "#111",
		Props:      tokenbuild.ObjectOf("value", "#111", "description", "Body text"),
		Attributes: tokenbuild.ObjectOf("category", "color"),
	}
}

func runTransform(t *testing.T, e *engine, tf tokenbuild.Transform, tok *tokenbuild.Token, platform string) {
	t.Helper()
	args := &tokenbuild.TransformArgs{Platform: &tokenbuild.Platform{Name: platform, Extra: map[string]any{"name": platform}}, Options: tokenbuild.Options{}}
	keep, err := tf.Filter(tok, args.Options)
	if err != nil || !keep {
		t.Fatalf("filter: %v %v", keep, err)
	}
	v, err := tf.TransformValue(tok, args)
	if err != nil {
		t.Fatal(err)
	}
	tok.Value = v
}

// TestTransformWritesStayInTheirPlatform: what a JavaScript transform
// writes on its token is in that platform's token afterwards (for the
// later transforms and the formats), while the token it was copied from,
// the objects the copies share and the other platforms' copies are
// unchanged, even with both platforms transformed side by side; a token
// kept past its call no longer writes into the Go token.
func TestTransformWritesStayInTheirPlatform(t *testing.T) {
	e := newEngine(context.Background(), t.TempDir())
	tf := newTransform(t, e, mutatingTransform)
	base := sharedToken()
	props, attrs, path := base.Props, base.Attributes, base.Path

	const n = 50
	css, js, scss := make([]*tokenbuild.Token, n), make([]*tokenbuild.Token, n), make([]*tokenbuild.Token, n)
	for i := range n {
		a, b, c := *base, *base, *base
		css[i], js[i], scss[i] = &a, &b, &c
	}
	var wg sync.WaitGroup
	for _, job := range []struct {
		name   string
		tokens []*tokenbuild.Token
	}{{"css", css}, {"js", js}} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, tok := range job.tokens {
				runTransform(t, e, tf, tok, job.name)
			}
		}()
	}
	// The other platform reads its copies meanwhile (the race detector
	// sees any write into what they share).
	wg.Add(1)
	go func() {
		defer wg.Done()
		for _, tok := range scss {
			_ = tok.Props.Value("comment")
			_ = tok.Attributes.Value("platform")
			_ = len(tok.Path)
		}
	}()
	wg.Wait()

	for i, tok := range append(css, js...) {
		platform := "css"
		if i >= n {
			platform = "js"
		}
		if got := tok.Prop("comment"); got != "Body text" {
			t.Fatalf("css token comment = %v, want the description", got)
		}
		if got := tok.Prop("filtered"); got != true {
			t.Fatalf("css token filtered = %v, want what the filter wrote", got)
		}
		if got := tok.Attributes.Value("platform"); got != platform {
			t.Fatalf("css token attributes.platform = %v", got)
		}
		if got := tok.Attributes.Value("category"); got != "color" {
			t.Fatalf("css token lost attributes.category: %v", got)
		}
		if len(tok.Path) != 3 || tok.Path[2] != "extra" {
			t.Fatalf("css token path = %v", tok.Path)
		}
		if tok.Value != "#111!" {
			t.Fatalf("css token value = %v", tok.Value)
		}
		if orig := tok.Original(); orig.Has("comment") || orig.Has("filtered") {
			t.Fatalf("original changed: %v", orig.Keys())
		}
	}
	for _, tok := range append(scss, base) {
		if tok.Props != props || tok.Props.Has("comment") || tok.Props.Has("filtered") || tok.Props.Len() != 2 {
			t.Fatalf("the shared properties changed: %v", tok.Props.Keys())
		}
		if tok.Attributes != attrs || attrs.Len() != 1 {
			t.Fatalf("the shared attributes changed: %v", attrs.Keys())
		}
		if len(tok.Path) != 2 || len(path) != 2 {
			t.Fatalf("the shared path changed: %v", tok.Path)
		}
	}

	// A token JavaScript kept writes only to itself now: the formats may
	// be reading the Go token on other goroutines.
	copied := *base
	last := &copied
	runTransform(t, e, tf, last, "css")
	if _, err := e.rt.RunString(`kept.name = 'late'; kept.attributes.late = true; kept.late = 1`); err != nil {
		t.Fatal(err)
	}
	e.proxies.syncLive()
	if last.Name != "ink" || last.Attributes.Has("late") || last.Props.Has("late") {
		t.Fatalf("a kept token wrote into the Go token after its call: %q %v %v", last.Name, last.Attributes.Keys(), last.Props.Keys())
	}
	if v, _ := e.rt.RunString(`kept.name + ' ' + kept.attributes.late + ' ' + kept.late`); v.String() != "late true 1" {
		t.Fatalf("the kept token shows %q", v)
	}
}

// TestFormatTokensKeepWritesToThemselves: a format's token shows what
// the format wrote for the rest of the call, and Go code it hands the
// token to reads it so, but the Go token, which the platform's other
// files read concurrently, is unchanged.
func TestFormatTokensKeepWritesToThemselves(t *testing.T) {
	e := newEngine(context.Background(), t.TempDir())
	base := sharedToken()
	tok := *base
	d := &tokenbuild.Dictionary{AllTokens: []*tokenbuild.Token{&tok}, UnfilteredAllTokens: []*tokenbuild.Token{&tok}}
	d.TokenMap = tokenbuild.IndexTokens(d.AllTokens)
	d.UnfilteredTokenMap = d.TokenMap
	d.DeferTrees(func() *tokenbuild.Object { return tokenbuild.TreeOf(d.AllTokens) }, func() *tokenbuild.Object { return tokenbuild.TreeOf(d.AllTokens) })
	_ = e.rt.Set("dictionary", e.proxies.dictionary(d))
	v, err := e.rt.RunString(`
		const t = dictionary.allTokens[0];
		t.name = 'renamed';
		t.attributes.x = 1;
		[t === dictionary.tokens.color.ink, t === dictionary.tokenMap.get('{color.ink}'), t.attributes === t.attributes, t.attributes.x].join(',')`)
	if err != nil {
		t.Fatal(err)
	}
	if v.String() != "true,true,true,1" {
		t.Fatalf("got %s", v)
	}
	if tok.Name != "ink" || tok.Attributes != base.Attributes || tok.Attributes.Has("x") {
		t.Fatalf("the Go token changed: %q %v", tok.Name, tok.Attributes.Keys())
	}
	all, _ := e.rt.RunString(`dictionary.allTokens[0]`)
	got := e.proxies.tokenFromJS(all)
	if got == &tok || got.Name != "renamed" || got.Attributes.Value("x") != float64(1) {
		t.Fatalf("Go code given the token reads %q %v", got.Name, got.Attributes)
	}
	if !e.sd.dictOf(e.rt.Get("dictionary")).AllTokens[0].Attributes.Has("x") {
		t.Fatal("formattedVariables would not see the format's change")
	}
}
