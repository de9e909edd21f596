package pipeline

import (
	"context"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/tokengen/tokengen/internal/diag"

	"github.com/tokengen/tokengen/internal/load"
	"github.com/tokengen/tokengen/internal/strset"
	"github.com/tokengen/tokengen/internal/tokenindex"
	"github.com/tokengen/tokengen/internal/write"
	"github.com/tokengen/tokengen/tokenbuild"
)

// A platform's run, second half: each file's tokens filtered and handed
// to its format, whose text goes to the writer (build.go).

// Output is one formatted file.
type Output struct {
	Platform    string
	Destination string // buildPath joined with the file's destination, as printed
	Path        string // where it is written on disk
	Content     string
	Written     bool // false when a filter left it empty

	staged    string // a staged file the format wrote the content into instead (Build)
	unchanged bool   // the file there already holds the content, compared as the format wrote it (Build)
	at        string // the config key path of its destination
	file      string // its destination as configured
}

// FormatPlatform formats every file of a platform in memory. Besides the
// files it returns the platform's messages (those of transforming, then
// those of each file): the platform's tokens are cached and shared, so each
// call has a log of its own.
func (in *Instance) FormatPlatform(ctx context.Context, name string) ([]Output, *platformResult, []tokenbuild.Diagnostic, error) {
	outs, r, log, err := in.formatPlatform(ctx, name, nil, nil)
	return outs, r, diag.Summarize(log), err
}

// formatPlatform is FormatPlatform; st, when set, is the build's stage
// (formatFile).
func (in *Instance) formatPlatform(ctx context.Context, name string, st *write.Stage, part *runPart) ([]Output, *platformResult, []tokenbuild.Diagnostic, error) {
	r, err := in.platformTokens(ctx, name, false)
	if err != nil {
		return nil, nil, nil, err
	}
	p := r.platform
	if p.Files == nil {
		// as the reference's formatPlatform (an actions-only platform too)
		return nil, nil, nil, in.placeAll(&tokenbuild.Diagnostic{File: in.cfg.File, Path: "platforms." + name, Kind: tokenbuild.KindConfig,
			Msg: fmt.Sprintf("Cannot format platform %s due to missing \"files\" property", name)})
	}
	// Files are independent: format them concurrently, keeping their order
	// (and the order of their messages).
	outs := make([]Output, len(p.Files))
	fileErrs := make([]error, len(p.Files))
	logs := make([]*diag.Logger, len(p.Files))
	var wg sync.WaitGroup
	for i := range p.Files {
		logs[i] = r.log.Buffered()
		wg.Add(1)
		go func() {
			defer wg.Done()
			outs[i], fileErrs[i] = in.formatFile(ctx, r, logs[i], i, r.setup.Formats[i], st, part)
			if node := part.fileNode(name, i); node >= 0 {
				part.run.finish(node) // its texts, if kept, are published
			}
		}()
	}
	wg.Wait()
	var errs tokenbuild.ErrorList
	kept := outs[:0]
	log := append([]tokenbuild.Diagnostic(nil), r.output...) // written once, before r was shared
	for i := range p.Files {
		log = append(log, logs[i].Sink.Drain()...)
		if fileErrs[i] != nil {
			errs = append(errs, fileErrs[i])
			if outs[i].staged != "" {
				os.Remove(outs[i].staged) // written before a check failed the file
			}
			continue
		}
		kept = append(kept, outs[i])
	}
	return kept, r, log, in.placeAll(errs.Err()) // filters and formats that failed on a token
}

// fileOptions merges the platform's options under the file's, as the
// reference's createFormatArgs does, and looks up a named file header.
func (in *Instance) fileOptions(p *tokenbuild.Platform, f *tokenbuild.File) tokenbuild.Options {
	o := tokenbuild.Options{}
	for k, v := range in.cfg.Extra {
		o[k] = v
	}
	for k, v := range p.Options {
		o[k] = v
	}
	for k, v := range f.Options {
		if a, ok := o[k].(*tokenbuild.Object); ok {
			if b, ok := v.(*tokenbuild.Object); ok {
				o[k] = load.DeepExtend(a.Clone(), b)
				continue
			}
		}
		o[k] = v
	}
	if name, ok := o["fileHeader"].(string); ok {
		if fh, ok := in.reg().FileHeaders[name]; ok {
			o["fileHeader"] = fh.FileHeader
		}
	}
	if fn, ok := o["fileHeader"].(func([]string, tokenbuild.Options) ([]string, error)); ok {
		o["fileHeader"] = tokenbuild.FileHeaderFunc(fn)
	}
	if opt, ok := o["sort"]; ok {
		o["sort"] = resolveSorts(opt, in.reg().Sorts)
	}
	o["usesDtcg"] = in.usesDtcg
	return o
}

// st, when set, is the build's stage: a format that can (Write) then
// writes a file into a staged file as it goes (a streamedFile), rather
// than holding all its text, and Output.staged names that file; over a
// file that exists, its text is compared as it goes, and a staged file is
// made only when it differs.
func (in *Instance) formatFile(ctx context.Context, r *platformResult, log *diag.Logger, fi int, format *tokenbuild.Format, st *write.Stage, part *runPart) (Output, error) {
	p := r.platform
	f := &p.Files[fi]
	dest := f.Destination
	if p.BuildPath != "" && dest != "" {
		dest = path.Join(filepath.ToSlash(p.BuildPath), filepath.ToSlash(dest))
	}
	out := Output{Platform: p.Name, Destination: dest, file: write.Printable(f.Destination)}
	if dest != "" {
		if filepath.IsAbs(dest) {
			out.Path = filepath.FromSlash(dest)
		} else {
			out.Path = filepath.Join(in.cfg.Dir, filepath.FromSlash(dest))
		}
		out.at = in.fileKeyPath(p, f)
		if err := in.checkDestination(p, f, out.Path, st); err != nil {
			return out, err
		}
	}
	opts := in.fileOptions(p, f)
	filtered, err := in.filterTokens(f, opts, r.dict.AllTokens)
	if err != nil {
		return out, err
	}
	hasFilter := f.Filter != "" || f.FilterFunc != nil || f.FilterMatch != nil
	emitEmpty := p.EmitEmptyFiles
	if f.EmitEmptyFiles != nil {
		emitEmpty = *f.EmitEmptyFiles
	}
	if hasFilter && len(filtered) == 0 && !emitEmpty {
		if err := log.Warn(tokenbuild.KindFileSkipped, fmt.Sprintf("No tokens for %s. File not created.", f.Destination)); err != nil {
			return out, err
		}
		return out, nil
	}
	dict := r.dict
	if hasFilter {
		dict = in.filteredDictionary(r, filtered)
	}
	if !format.LazyTrees {
		dict = dict.WithTrees() // the format may read the fields
	}
	var contexts []tokenbuild.ContextDictionary
	if len(f.Contexts) > 0 || f.ColorScheme != nil {
		if contexts, err = in.contextDictionaries(ctx, r, f, opts, dict); err != nil {
			return out, err
		}
		for _, msg := range overlappingContexts(f.Destination, contexts) {
			if err := log.Warn(tokenbuild.KindConfig, msg); err != nil {
				return out, err
			}
		}
	}
	fileCopy := *f
	fileCopy.Options = opts
	args := &tokenbuild.FormatArgs{Dictionary: dict, Platform: p, File: &fileCopy, Options: opts, Contexts: contexts}
	fw := fileWarnings{hook: "format " + strconv.Quote(format.Name), file: in.cfg.File}
	args.Warn = fw.warn
	// A file is written into its staged file, or compared with the one
	// there, as the format goes when the format can (Write); otherwise
	// the format returns the text, compared with the file there later.
	var streamed *write.Stream
	if st != nil && dest != "" && format.Write != nil {
		streamed = st.Stream(out.Path)
	}
	shaped := in.shapedFile(ctx, p, fi, format, hasFilter, *args, part)
	text, err := runFormat(ctx, format, args, shaped, streamed)
	if streamed != nil {
		out.staged, err = streamed.Finish("", err)
		out.unchanged = streamed.Unchanged()
		if streamed.Err() != nil {
			// the staged file could not be made or written: the
			// destination's problem, whatever the format made of it
			return out, in.placeAll(&tokenbuild.Diagnostic{File: in.cfg.File, Path: out.at,
				Msg: fmt.Sprintf("platform %q: destination %s cannot be written: %s", p.Name, out.file, write.Cause(streamed.Err()))})
		}
	}
	if err != nil {
		return out, &tokenbuild.Diagnostic{Msg: fmt.Sprintf("platform %q, file %s: format %q failed: %v", p.Name, f.Destination, f.Format, err)}
	}
	out.Content = text
	out.Written = dest != "" && (text != "" || out.staged != "" || out.unchanged) // the reference skips empty output
	// Collisions are looked for once the file is formatted, so that a
	// platform's other files format meanwhile instead of waiting for them.
	var collisions []*tokenbuild.Diagnostic
	if hasFilter {
		collisions = nameCollisions(filtered, in.usesDtcg)
	} else {
		collisions = r.outcome.nameCollisions(in.usesDtcg)
	}
	if err := in.reportHookWarnings(log, fw.hookWarnings); err != nil {
		return out, err
	}
	return out, in.reportFileWritten(log, f, dest, format.Nested, collisions, fw.filtered)
}

// filteredDictionary is the dictionary of a file whose filter kept
// filtered of the platform's tokens.
func (in *Instance) filteredDictionary(r *platformResult, filtered []*tokenbuild.Token) *tokenbuild.Dictionary {
	p := r.platform
	byTree := in.cfg.Expand != nil || p.Expand != nil || len(p.Preprocessors) > 0
	dict := &tokenbuild.Dictionary{
		AllTokens: filtered, TokenMap: tokenindex.New(filtered),
		UnfilteredAllTokens: r.dict.AllTokens, UnfilteredTokenMap: r.dict.TokenMap,
	}
	dict.SetGroupDeprecations(in.groupDeprecated)
	dict.DeferTrees(func() *tokenbuild.Object {
		if byTree {
			// the reference filters the platform's tree, keeping its
			// order; expansion appends tokens, so a group's tokens need
			// not be neighbours and the tree's order is not the
			// filtered list's
			return filterTree(r.dict.Tree(), filtered)
		}
		return tokenbuild.TreeOf(filtered)
	}, r.dict.Tree)
	return dict
}

// fileWarnings collects what a format reports through Warn.
type fileWarnings struct {
	mu           sync.Mutex // a format may warn from goroutines of its own
	hook, file   string
	filtered     []string // filtered-out references
	hookWarnings []diag.HookWarning
}

func (fw *fileWarnings) warn(w tokenbuild.Warning) {
	fw.mu.Lock()
	defer fw.mu.Unlock()
	if w.Kind == tokenbuild.KindFilteredReference {
		fw.filtered = append(fw.filtered, w.Message)
		return
	}
	fw.hookWarnings = append(fw.hookWarnings, diag.HookWarning{Warning: w, Hook: fw.hook, At: &tokenbuild.Diagnostic{File: fw.file}})
}

// runFormat makes the file's text: from its shape when shaped is set and
// the shape makes it (tokentexts.go), otherwise by the format. With
// streamed set, the text goes into it and text is "".
func runFormat(ctx context.Context, format *tokenbuild.Format, args *tokenbuild.FormatArgs, shaped *shapedFile, streamed *write.Stream) (text string, err error) {
	if shaped != nil {
		if pc, ok := shaped.make(); ok {
			if shaped.keep != nil {
				// the base: its text and where each token's is in it
				// are kept for the other permutations
				text = shaped.publish(pc)
				if streamed != nil {
					return "", writeInChunks(streamed, text)
				}
				return text, nil
			}
			if streamed != nil {
				return "", pc.writeTo(streamed)
			}
			return pc.String(), nil
		}
	}
	perr := diag.Guard(func() {
		switch {
		case streamed != nil:
			err = format.Write(ctx, args, streamed)
		case format.Format != nil:
			text, err = format.Format(ctx, args)
		default:
			var b strings.Builder
			err = format.Write(ctx, args, &b)
			text = b.String()
		}
	})
	if perr != nil {
		err = perr
	}
	return text, err
}

// writeInChunks writes text to w 64 KB at a time, as a format writing as
// it goes does.
func writeInChunks(w io.Writer, text string) error {
	// one buffer for every chunk: a staged file comparing its text takes
	// bytes, and each string chunk would otherwise be copied anew
	buf := make([]byte, min(len(text), 64<<10))
	for len(text) > 0 {
		n := copy(buf, text)
		if _, err := w.Write(buf[:n]); err != nil {
			return err
		}
		text = text[n:]
	}
	return nil
}

// reportFileWritten logs the file's line, with the name collisions and
// the references its filter left out under it, or fails the file with
// them when warnings are errors.
func (in *Instance) reportFileWritten(log *diag.Logger, f *tokenbuild.File, dest string, nested bool, collisions []*tokenbuild.Diagnostic, warnings []string) error {
	if (nested || len(collisions) == 0) && len(warnings) == 0 {
		// a file without destination too ("✔︎ "), as the reference logs it
		log.Print(tokenbuild.KindFileWritten, "✔︎ "+dest)
		return nil
	}
	// The file's line says it has warnings (unless they are off), and each
	// kind of them follows under its title, as in the reference; the
	// driver lists them when verbose.
	header := tokenbuild.Diagnostic{Severity: tokenbuild.SeverityInfo, Kind: tokenbuild.KindFileWritten, Msg: "⚠️ " + dest}
	if len(collisions) > 0 && !nested {
		placed := in.place(collisions)
		if log.Warnings == tokenbuild.WarningsError {
			list := make(tokenbuild.ErrorList, len(placed))
			for i, e := range placed {
				c := *e.(*tokenbuild.Diagnostic)
				c.Msg += ", building " + f.Destination
				list[i] = &c
			}
			return list
		}
		if log.Warnings != tokenbuild.WarningsDisabled && !log.Silent() {
			log.Sink.Add(header)
		}
		log.Group(tokenbuild.KindNameCollision, fmt.Sprintf("While building %s, token collisions were found; output may be unexpected. Ignore this warning if intentional.", diag.SummaryText(f.Destination)), placed)
	}
	if len(warnings) > 0 {
		title := fmt.Sprintf("While building %s, filtered out token references were found; output may be unexpected. Ignore this warning if intentional.", f.Destination)
		if log.Warnings == tokenbuild.WarningsError {
			msg := header.Msg + "\n" + title + "\n\n" + diag.VerbosityInfo
			if log.Verbose() {
				msg = header.Msg + "\n" + title + "\nHere are the references that are used but not defined in the file:\n    " +
					strings.Join(warnings, "\n    ") + "\nThis is caused when combining a filter and `outputReferences`."
			}
			return &tokenbuild.Diagnostic{Kind: tokenbuild.KindFilteredReference, Msg: msg}
		}
		if log.Warnings != tokenbuild.WarningsDisabled && !log.Silent() {
			log.Sink.Add(header)
		}
		refs := make(tokenbuild.ErrorList, len(warnings))
		for i, w := range warnings {
			refs[i] = &tokenbuild.Diagnostic{Msg: w} // a reference's path, as the reference lists it
		}
		log.Group(tokenbuild.KindFilteredReference, diag.SummaryText(title), refs)
	}
	return nil
}

// nameCollisions lists "Output name X was generated by" entries.
func nameCollisions(tokens []*tokenbuild.Token, dtcg bool) []*tokenbuild.Diagnostic {
	// Names are nearly always unique: look for a repeat among their hashes
	// (a small, fast set) and only go through the names themselves when a
	// hash repeats.
	if !repeatsHash(tokens) {
		return nil
	}
	byName := map[string][]*tokenbuild.Token{}
	var order []string
	for _, t := range tokens {
		if _, ok := byName[t.Name]; !ok {
			order = append(order, t.Name)
		}
		byName[t.Name] = append(byName[t.Name], t)
	}
	var out []*tokenbuild.Diagnostic
	for _, n := range order {
		ts := byName[n]
		for _, t := range ts[1:] {
			first := ts[0].PathString()
			if ts[0].FilePath != "" {
				first += " (" + ts[0].FilePath + ")"
			}
			out = append(out, diag.TokenError(t, "", fmt.Sprintf("output name %q is also generated by token %s", n, first)))
		}
	}
	return out
}

// repeatsHash reports whether two tokens' names may be the same (a
// fingerprint set: a false alarm merely sends the caller to compare names).
func repeatsHash(tokens []*tokenbuild.Token) bool {
	seen := strset.New(len(tokens))
	for _, t := range tokens {
		if seen.Add(t.Name) {
			return true
		}
	}
	return false
}

// filterTree is the part of tree that holds the kept tokens, in tree order,
// without groups left empty (the reference's filterTokenObject).
func filterTree(tree *tokenbuild.Object, kept []*tokenbuild.Token) *tokenbuild.Object {
	keep := make(map[*tokenbuild.Token]struct{}, len(kept))
	for _, t := range kept {
		keep[t] = struct{}{}
	}
	var walk func(o *tokenbuild.Object) *tokenbuild.Object
	walk = func(o *tokenbuild.Object) *tokenbuild.Object {
		out := tokenbuild.NewObject()
		o.Range(func(k string, v any) bool {
			switch x := v.(type) {
			case *tokenbuild.Token:
				if _, ok := keep[x]; ok {
					out.Set(k, x)
				}
			case *tokenbuild.Object:
				if sub := walk(x); sub.Len() > 0 {
					out.Set(k, sub)
				}
			}
			return true
		})
		return out
	}
	return walk(tree)
}
