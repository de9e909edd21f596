package load

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/tokengen/tokengen/internal/diag"
	"github.com/tokengen/tokengen/internal/dtcg"
	"github.com/tokengen/tokengen/internal/glob"
	"github.com/tokengen/tokengen/internal/parallel"
	"github.com/tokengen/tokengen/tokenbuild"
)

// Loader reads the token files of a config: what it needs of the config,
// of the hooks and of the engine, which keeps the state of a build.
type Loader struct {
	Dir         string                        // the config's folder: patterns and token files are relative to it
	ConfigFile  string                        // the config file, for messages ("" when there is none)
	ParserNames []string                      // the parsers the config names, in its order
	Parsers     map[string]*tokenbuild.Parser // the registered parsers, by name
	// Warn reports a warning about a token file (an unknown extension).
	Warn func(kind tokenbuild.DiagnosticKind, msg string)
	// InputSizeHint, when set, is told the total size of the token files
	// before they are read (a command sizes its collector policy by it).
	InputSizeHint func(bytes int64)
	// NoteInput is told each token file read, which no output may overwrite.
	NoteInput func(file string)
	// NoteStructure is told each token file that holds $ref or $extends
	// (dtcg.ResolveStructure); from several workers at once.
	NoteStructure func(file string)
	// Place fills in the line and column of diagnostics from their files;
	// PlaceAll places those of an error (one diagnostic or a list).
	Place    func([]*tokenbuild.Diagnostic) tokenbuild.ErrorList
	PlaceAll func(error) error
}

// Files are the include and the source token files, read and merged.
type Files struct {
	Include, Source *tokenbuild.Object // each merged in file order
	// DTCG says whether the tokens are DTCG: what ReadFiles was told,
	// else what the first token file shows; nil when no file told.
	DTCG       *bool
	Errs       tokenbuild.ErrorList     // the files' errors, placed
	Notices    []*tokenbuild.Diagnostic // warnings that never fail the build
	Unmatched  []GlobMiss               // the patterns that select no file
	Matched    int                      // how many files the patterns select in all
	Collisions []*tokenbuild.Diagnostic // values of a source file overriding an earlier one's
}

// ReadFiles reads and merges the include and then the source files the
// patterns select. dtcg says whether the tokens are DTCG, nil when
// nothing said so yet: the first token file decides then.
func (l *Loader) ReadFiles(ctx context.Context, include, source []string, dtcg *bool) *Files {
	r := &Files{DTCG: dtcg}
	r.Include = l.readAll(ctx, r, include, false)
	r.Source = l.readAll(ctx, r, source, true)
	return r
}

// InlineStructure prepares a tree that is no file's (the config's inline
// tokens) for dtcg.ResolveStructure, as a DTCG file's tokens are while
// it is read: whether it holds $ref or $extends keys, and if so its
// tokens written with $ref made tokens with a $value.
func InlineStructure(tree *tokenbuild.Object) (structure bool, errs []*tokenbuild.Diagnostic) {
	if !dtcg.HasStructureKeys(tree) {
		return false, nil
	}
	dtcg.RefTokensToValues(tree, "", []string{}, &errs)
	return true, errs
}

// readAll reads and merges the files of one list of patterns.
func (l *Loader) readAll(ctx context.Context, r *Files, globs []string, isSource bool) *tokenbuild.Object {
	merged := tokenbuild.NewObject()
	key := "include"
	if isSource {
		key = "source"
	}
	files, empty, err := expandGlobs(l.Dir, globs)
	for _, i := range empty {
		r.Unmatched = append(r.Unmatched, GlobMiss{key: key, index: i, pattern: globs[i]})
	}
	r.Matched += len(files)
	if err != nil {
		if e, ok := err.(*tokenbuild.Diagnostic); ok {
			e.File, e.Path, e.Msg = l.ConfigFile, key+e.Path, key+e.Path+": "+e.Msg
			err = l.PlaceAll(e)
		}
		r.Errs = append(r.Errs, err)
		return merged
	}
	for _, f := range files {
		l.NoteInput(f)
	}
	// Marking and linting a file touch only that file: each file's
	// parser does them right after parsing it, while the tree is in
	// the cache, and the merge follows in file order. They need to
	// know whether tokens are DTCG: when nothing said so yet, the
	// first token file decides, and the others wait for it.
	fileNotices := make([][]*tokenbuild.Diagnostic, len(files))
	marked := make([]bool, len(files))
	structErrs := make([][]*tokenbuild.Diagnostic, len(files))
	mark := func(i int, obj *tokenbuild.Object, isDTCG bool) {
		vk := "value"
		if isDTCG {
			vk = "$value"
		}
		if MarkTokens(obj, vk, files[i], isSource) && isDTCG {
			// a token written with $ref in place of $value is made one
			// with a $value, and marked as a token then
			l.NoteStructure(files[i])
			dtcg.RefTokensToValues(obj, files[i], nil, &structErrs[i])
			MarkTokens(obj, vk, files[i], isSource)
		}
		fileNotices[i] = dtcg.Strays(obj, files[i], vk, isDTCG)
		marked[i] = true
	}
	decided := make(chan struct{})
	if r.DTCG != nil {
		close(decided)
	}
	var firstDtcg *bool // what the first file decided
	parsed, perrs := l.loadTokenFiles(ctx, files, func(i int, obj *tokenbuild.Object) {
		if r.DTCG == nil && i == 0 {
			if obj != nil {
				v := DetectDTCG(obj)
				firstDtcg = &v
			}
			close(decided)
		}
		<-decided
		d := r.DTCG
		if d == nil {
			d = firstDtcg
		}
		if obj != nil && d != nil {
			mark(i, obj, *d)
		}
	})
	r.Errs = append(r.Errs, perrs...)
	for _, e := range structErrs {
		if len(e) > 0 {
			r.Errs = append(r.Errs, l.Place(e)...)
		}
	}
	if r.DTCG == nil {
		r.DTCG = firstDtcg
	}
	// The first file gave no tree (it failed, or a parser returned
	// none): the first tree decides, and the files are marked now.
	for i, obj := range parsed {
		if obj != nil && r.DTCG == nil {
			v := DetectDTCG(obj)
			r.DTCG = &v
		}
		if obj != nil && !marked[i] {
			mark(i, obj, *r.DTCG)
		}
	}
	vk := "value"
	if r.DTCG != nil && *r.DTCG {
		vk = "$value"
	}
	for i, f := range files {
		obj := parsed[i]
		if obj == nil {
			continue
		}
		r.Notices = append(r.Notices, fileNotices[i]...)
		var onCollision func(collision)
		if isSource {
			onCollision = func(c collision) { r.collide(c, f) }
		}
		merged = deepExtend(merged, obj, vk, nil, onCollision)
	}
	return merged
}

// hintInputSize tells the command's collector policy how much it reads.
func (l *Loader) hintInputSize(files []string) {
	var total int64
	for _, f := range files {
		if !filepath.IsAbs(f) {
			f = filepath.Join(l.Dir, f)
		}
		if st, err := os.Stat(f); err == nil {
			total += st.Size()
		}
	}
	if l.InputSizeHint != nil {
		l.InputSizeHint(total)
	}
}

// loadTokenFiles parses files concurrently; results keep the files' order
// and every file's error is reported. then runs on each file's tree (nil
// when it failed) in the worker that parsed it; workers take files in
// order.
func (l *Loader) loadTokenFiles(ctx context.Context, files []string, then func(i int, obj *tokenbuild.Object)) ([]*tokenbuild.Object, []error) {
	l.hintInputSize(files)
	objs := make([]*tokenbuild.Object, len(files))
	errs := make([]error, len(files))
	parallel.Run(len(files), func(i int) {
		if errs[i] = ctx.Err(); errs[i] == nil {
			objs[i], errs[i] = l.loadTokenFile(files[i])
		}
		if errs[i] != nil {
			objs[i] = nil
		}
		then(i, objs[i])
	})
	var list []error
	for _, err := range errs {
		if err != nil {
			list = append(list, err)
		}
	}
	return objs, list
}

// collide notes that file overrides a value of an earlier source file.
func (r *Files) collide(c collision, file string) {
	// the error points at the value, or at the overriding property
	at, what := strings.Join(c.path, "."), "value"
	if c.key != "value" && c.key != "$value" {
		at, what = at+"."+c.key, "property"
	}
	e := &tokenbuild.Diagnostic{File: file, Token: at,
		Msg: fmt.Sprintf("%s %s overrides %s from an earlier file", what, diag.ValueForMessage(c.new), diag.ValueForMessage(c.old))}
	for _, m := range r.Collisions {
		if *m == *e {
			return
		}
	}
	r.Collisions = append(r.Collisions, e)
}

// Preprocess runs the named preprocessors (of those registered, by name)
// in order, for the whole build (p nil) or a platform; unknown names are
// skipped, as in the reference.
func Preprocess(tree *tokenbuild.Object, names []string, p *tokenbuild.Platform, registered map[string]*tokenbuild.Preprocessor) (*tokenbuild.Object, error) {
	for _, n := range names {
		pp, ok := registered[n]
		if !ok {
			continue
		}
		out, err := diag.CallHook("preprocessor", n, "", func() (*tokenbuild.Object, error) { return pp.Preprocess(tree, p) })
		if err != nil {
			return nil, err
		}
		if out != nil {
			if TooDeep(out) {
				return nil, TooDeepError("", fmt.Sprintf("the tree preprocessor %q returned", n))
			}
			tree = out
		}
	}
	return tree, nil
}

// GlobMiss is a source or include pattern that selected no token file.
type GlobMiss struct {
	key     string // "source" or "include"
	index   int
	pattern string
}

func (m GlobMiss) path() string { return fmt.Sprintf("%s[%d]", m.key, m.index) }

// UnmatchedGlobs describes the patterns that selected nothing, with a
// near name for a mistyped folder or file. When no pattern selected any
// file (fatal), it is one error naming them all, at the first: a build
// would otherwise write empty files over the user's outputs. Otherwise
// it is a warning for each, as a pattern for optional files is common.
func (l *Loader) UnmatchedGlobs(misses []GlobMiss, fatal bool) []*tokenbuild.Diagnostic {
	dir := l.Dir
	// the folder is named when it is not the one the command runs in
	relative := ""
	if wd, err := os.Getwd(); err != nil || filepath.Clean(wd) != filepath.Clean(dir) {
		relative = fmt.Sprintf(" (relative to %s)", dir)
	}
	suggest := func(m GlobMiss) string {
		if near := glob.Suggest(dir, m.pattern); near != "" {
			return fmt.Sprintf("; did you mean %q?", near)
		}
		return ""
	}
	if !fatal {
		out := make([]*tokenbuild.Diagnostic, len(misses))
		for i, m := range misses {
			out[i] = &tokenbuild.Diagnostic{File: l.ConfigFile, Path: m.path(), Severity: tokenbuild.SeverityWarning, Kind: tokenbuild.KindConfig,
				Msg: fmt.Sprintf("%s: no token file matches %q%s%s", m.path(), m.pattern, relative, suggest(m))}
		}
		return out
	}
	var msg string
	if len(misses) == 1 {
		m := misses[0]
		msg = fmt.Sprintf("%s: no token file matches %q%s%s", m.path(), m.pattern, relative, suggest(m))
	} else {
		parts := make([]string, len(misses))
		for i, m := range misses {
			parts[i] = fmt.Sprintf("%s %q", m.path(), m.pattern)
			if near := suggest(m); near != "" {
				parts[i] += " (" + strings.TrimPrefix(near, "; ") + ")"
			}
		}
		msg = fmt.Sprintf("no token file matches any pattern of source and include%s: %s", relative, strings.Join(parts, ", "))
	}
	return []*tokenbuild.Diagnostic{{File: l.ConfigFile, Path: misses[0].path(), Kind: tokenbuild.KindConfig, Msg: msg}}
}
