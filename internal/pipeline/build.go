package pipeline

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/tokengen/tokengen/tokenbuild"
)

// platformBuild is one platform's formatted files and printed messages.
type platformBuild struct {
	result  *platformResult
	outputs []Output
	log     []tokenbuild.Diagnostic // the platform's messages, reported once the build is through
	shared  int                     // how many of them, first in log, are about the platform's tokens (not a file's)
	err     error
}

// formatPlatforms formats the named platforms on one worker per CPU; the
// results keep the given order whatever the scheduling. Workers take
// platforms in launchOrder: the likely longest first, so that the short
// ones fill the cores at the end, and the ones whose tokens another
// platform transforms (css and scss) last, so that waiting for a shared
// result does not hold up a worker early on. then, when set, runs on each
// platform's files as soon as they are formatted, in the same worker.
//
// st, when set, is the build's stage: built-in formats then write files
// that do not exist yet straight into staged files (formatFile).
func (in *Instance) formatPlatforms(ctx context.Context, names []string, st *stage, then func(name string, b *platformBuild)) []platformBuild {
	defer in.prepareShared()()
	builds := make([]platformBuild, len(names))
	next := make(chan int, len(names))
	for _, i := range launchOrder(in, names) {
		next <- i
	}
	close(next)
	var wg sync.WaitGroup
	// One platform per core in flight (and its files formatted side by
	// side): more time-share the cores, and the scheduler then runs them
	// in no useful order, often leaving the longest to finish alone (50k:
	// 4% slower with two per core).
	for w := 0; w < min(runtime.GOMAXPROCS(0), len(names)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				outs, r, log, err := in.formatPlatform(ctx, names[i], st)
				builds[i] = platformBuild{result: r, outputs: outs, log: log, err: err}
				if r != nil {
					builds[i].shared = len(r.output)
				}
				if then != nil {
					then(names[i], &builds[i])
				}
			}
		}()
	}
	wg.Wait()
	return builds
}

// PlatformNames lists the configured platforms in config order.
func (in *Instance) PlatformNames() []string {
	names := make([]string, len(in.cfg.Platforms))
	for i, p := range in.cfg.Platforms {
		names[i] = p.Name
	}
	return names
}

// FormatAll formats the named platforms (all when names is empty) in memory.
func (in *Instance) FormatAll(ctx context.Context, names []string) (map[string][]Output, []tokenbuild.Diagnostic, error) {
	if len(names) == 0 {
		names = in.PlatformNames()
	}
	log := in.log.buffered()
	builds := in.formatPlatforms(ctx, names, nil, nil)
	res := map[string][]Output{}
	var errs tokenbuild.ErrorList
	seen := repeats{}
	for i, b := range builds {
		if b.err != nil {
			errs = append(errs, b.err)
			continue
		}
		flushLog(log, names[i], b, seen)
		res[names[i]] = b.outputs
	}
	return res, summarize(log.sink.drain()), errs.Flat().Err()
}

// flushLog reports a platform's messages into log, after its name,
// leaving out the warnings about its tokens that an earlier platform
// reported (seen); those about its files are its own.
func flushLog(log *logger, name string, b platformBuild, seen repeats) {
	if b.result == nil || log.silent() {
		return
	}
	log.sink.add(tokenbuild.Diagnostic{Severity: tokenbuild.SeverityInfo, Kind: tokenbuild.KindPlatform, Platform: name, Msg: name})
	for i, d := range b.log {
		if i < b.shared && !seen.first(&d) {
			continue
		}
		d.Platform = name
		log.sink.add(d)
	}
}

// Build formats the named platforms (all when empty), and only when every
// one succeeded puts their files in place and runs their actions: a failed
// build writes nothing. Each platform's files are staged next to their
// destination as soon as it is formatted, so its tokens and text can be
// freed early. It returns the build's warnings and progress.
func (in *Instance) Build(ctx context.Context, names []string) ([]tokenbuild.Diagnostic, error) {
	if len(names) == 0 {
		names = in.PlatformNames()
	}
	for _, n := range names {
		if _, err := in.platform(n); err != nil {
			return nil, err
		}
	}
	log := in.log.buffered()
	st := &stage{}
	builds := in.formatPlatforms(ctx, names, st, func(name string, b *platformBuild) {
		for _, o := range b.outputs {
			switch {
			case o.staged != "" && b.err != nil:
				os.Remove(o.staged)
			case o.staged != "":
				st.keep(o.staged, o.Path) // in file order, as add
			case o.Written && b.err == nil:
				b.err = st.add(o.Path, o.Content)
			}
		}
		b.outputs = nil // staged: the text can be freed
		if b.result != nil && len(b.result.setup.actions) == 0 {
			// Nothing needs these tokens any more: let them go now rather
			// than at the end of the build, so that platforms built later
			// reuse their memory.
			in.forget(name)
			b.result = &platformResult{platform: b.result.platform, setup: b.result.setup}
		}
	})
	var errs tokenbuild.ErrorList
	for _, b := range builds {
		if b.err != nil {
			errs = append(errs, b.err)
		}
	}
	if err := errs.Flat().Err(); err != nil {
		st.abort()
		return nil, err
	}
	if err := st.commit(); err != nil {
		return summarize(log.sink.drain()), err
	}
	seen := repeats{}
	for i, b := range builds {
		flushLog(log, names[i], b, seen)
		if err := in.runActions(ctx, log, b.result, false); err != nil {
			return summarize(log.sink.drain()), err
		}
	}
	return summarize(log.sink.drain()), nil
}

// launchOrder lists platform positions, the ones likely to take longest
// first, so that no core is left idle at the end while a long platform
// finishes alone; platforms that repeat an earlier platform's transforms
// (same transforms and prefix: they wait for its result) come last. A
// platform's likely cost is its transforms plus two for each file (each
// pass over the tokens).
func launchOrder(in *Instance, names []string) []int {
	seen := map[string]bool{}
	var first, repeat []int
	weight := make([]int, len(names))
	for i, n := range names {
		p, _ := in.cfg.Platform(n)
		var group []string
		if g := in.reg().transformGroups[p.TransformGroup]; g != nil {
			group = g.Transforms
		}
		weight[i] = 2 * len(p.Files)
		key := fmt.Sprint(group, p.Transforms, p.Prefix, p.BasePx(), len(p.Preprocessors), p.Expand != nil)
		if seen[key] {
			repeat = append(repeat, i)
			continue
		}
		seen[key] = true
		weight[i] += len(group) + len(p.Transforms)
		first = append(first, i)
	}
	heavierFirst := func(a, b int) int { return weight[b] - weight[a] }
	slices.SortStableFunc(first, heavierFirst)
	slices.SortStableFunc(repeat, heavierFirst)
	return append(first, repeat...)
}

// forget drops a platform's cached tokens.
func (in *Instance) forget(name string) {
	in.mu.Lock()
	delete(in.cache, name)
	in.mu.Unlock()
}

// stage holds files written under temporary names until the whole build
// succeeded; abort removes them and any folder it created.
type stage struct {
	mu    sync.Mutex
	files []stagedFile
	dirs  []string // folders created, outermost first
}

type stagedFile struct{ tmp, final string }

// add stages content for path, unless the file already holds it (ignoring
// the timestamp line).
func (s *stage) add(path, content string) error {
	if unchanged(path, content) {
		return nil
	}
	w := &streamedFile{stage: s, path: path}
	tmp, err := w.finish(content, nil)
	if err != nil {
		return err
	}
	if tmp != "" {
		s.keep(tmp, path)
	}
	return nil
}

// keep stages tmp, written by a format as it went (streamedFile), for path.
func (s *stage) keep(tmp, path string) {
	s.mu.Lock()
	s.files = append(s.files, stagedFile{tmp: tmp, final: path})
	s.mu.Unlock()
}

// stream returns a staged file for path that a built-in format writes as
// it goes (tokenbuild.SetStream), or nil when path exists: the whole text is
// then compared with it (add), so that an unchanged file is left alone.
func (s *stage) stream(path string) *streamedFile {
	if _, err := os.Lstat(path); !os.IsNotExist(err) {
		return nil
	}
	return &streamedFile{stage: s, path: path}
}

// streamedFile is a staged file written as its format goes (or at once,
// by add). It is created on the first write, so that a format writing
// nothing leaves no trace.
type streamedFile struct {
	stage *stage
	path  string
	f     *os.File
	err   error
}

func (w *streamedFile) Write(p []byte) (int, error) {
	if !w.open() {
		return 0, w.err
	}
	n, err := w.f.Write(p)
	w.err = cmp.Or(w.err, err)
	return n, err
}

// open creates the file on first use; it reports whether it is there.
func (w *streamedFile) open() bool {
	if w.f == nil && w.err == nil {
		dir := filepath.Dir(w.path)
		w.stage.mu.Lock()
		w.err = w.stage.mkdirAll(dir)
		w.stage.mu.Unlock()
		if w.err == nil {
			w.f, w.err = os.CreateTemp(dir, ".tokengen-*")
		}
	}
	return w.err == nil
}

// finish writes tail, the text the format returned, after what it
// streamed and closes the file. It returns the staged file's name: ""
// when the format wrote nothing, and when it or writing failed (err, or
// failed as it was), the file then removed.
func (w *streamedFile) finish(tail string, failed error) (string, error) {
	if failed == nil && tail != "" && w.open() {
		// the rest of the text: all of it from add or a format that does not stream
		_, err := w.f.WriteString(tail)
		w.err = cmp.Or(w.err, err)
	}
	if w.f == nil {
		return "", cmp.Or(failed, w.err)
	}
	name := w.f.Name()
	err := w.err
	if cerr := w.f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(name, 0o644)
	}
	if err := cmp.Or(failed, err); err != nil {
		os.Remove(name)
		return "", err
	}
	return name, nil
}

func (s *stage) mkdirAll(dir string) error {
	var missing []string
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(d); err == nil {
			break
		}
		missing = append(missing, d)
		if filepath.Dir(d) == d {
			break
		}
	}
	for i := len(missing) - 1; i >= 0; i-- {
		if err := os.Mkdir(missing[i], 0o755); err != nil && !os.IsExist(err) {
			return err
		}
		s.dirs = append(s.dirs, missing[i])
	}
	return nil
}

func (s *stage) commit() error {
	for _, f := range s.files {
		if err := os.Rename(f.tmp, f.final); err != nil {
			s.abort()
			return err
		}
	}
	s.files = nil
	return nil
}

func (s *stage) abort() {
	for _, f := range s.files {
		os.Remove(f.tmp)
	}
	for i := len(s.dirs) - 1; i >= 0; i-- {
		os.Remove(s.dirs[i]) // only succeeds when empty
	}
	s.files, s.dirs = nil, nil
}

func (in *Instance) runActions(ctx context.Context, log *logger, r *platformResult, undo bool) error {
	var out io.Writer = &lineReporter{log: log, platform: r.platform.Name}
	if log.silent() {
		out = io.Discard
	}
	for _, a := range r.setup.actions {
		fn := a.Do
		if undo {
			fn = a.Undo
			if fn == nil {
				if err := log.warn(tokenbuild.KindAction, a.Name+" action does not have a clean function!"); err != nil {
					return err
				}
				continue
			}
		}
		p := *r.platform
		if !filepath.IsAbs(p.BuildPath) {
			p.BuildPath = filepath.Join(in.cfg.Dir, p.BuildPath) + "/"
		}
		opts := in.transformOptions()
		for k, v := range r.platform.Options {
			opts[k] = v
		}
		args := &tokenbuild.ActionArgs{Dictionary: r.dict.WithTrees(), Platform: &p, Options: opts, Log: out}
		if _, err := callHook("action", a.Name, "", func() (struct{}, error) { return struct{}{}, fn(ctx, args) }); err != nil {
			return err
		}
	}
	return nil
}

// Clean deletes the files a build of the named platforms writes, undoes
// their actions and removes folders left empty.
func (in *Instance) Clean(ctx context.Context, names []string) ([]tokenbuild.Diagnostic, error) {
	if len(names) == 0 {
		names = in.PlatformNames()
	}
	log := in.log.buffered()
	builds := in.formatPlatforms(ctx, names, nil, nil)
	for _, b := range builds {
		if b.err != nil {
			return nil, b.err
		}
	}
	for i, b := range builds {
		log.print(tokenbuild.KindPlatform, names[i])
		var dirs []string
		for _, o := range b.outputs {
			if o.Path == "" {
				continue
			}
			if err := os.Remove(o.Path); err != nil {
				if os.IsNotExist(err) {
					log.print(tokenbuild.KindFileRemoved, "! "+o.Destination+", does not exist")
					continue
				}
				return log.sink.drain(), err
			}
			log.print(tokenbuild.KindFileRemoved, "- "+o.Destination)
			dirs = append(dirs, filepath.Dir(o.Path))
		}
		if err := in.runActions(ctx, log, b.result, true); err != nil {
			return log.sink.drain(), err
		}
		in.removeEmptyDirs(log, dirs)
	}
	return log.sink.drain(), nil
}

// removeEmptyDirs removes now-empty folders, walking up but never above the
// config's folder.
func (in *Instance) removeEmptyDirs(log *logger, dirs []string) {
	sort.Sort(sort.Reverse(sort.StringSlice(dirs)))
	root := filepath.Clean(in.cfg.Dir)
	for _, d := range dirs {
		for d = filepath.Clean(d); d != root && strings.HasPrefix(d, root+string(filepath.Separator)); d = filepath.Dir(d) {
			entries, err := os.ReadDir(d)
			if err != nil || len(entries) > 0 {
				break
			}
			if os.Remove(d) != nil {
				break
			}
			rel, _ := filepath.Rel(root, d)
			log.print(tokenbuild.KindFileRemoved, "- "+filepath.ToSlash(rel))
		}
	}
}

// timestampLine matches the header line that changes on every build.
var timestampLine = regexp.MustCompile(`(?m)^.*Generated on [A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT.*\r?\n?`)

// unchanged reports whether path already holds content, ignoring the
// timestamp line, so repeated builds leave files and their times alone.
func unchanged(path, content string) bool {
	old, err := os.ReadFile(path)
	if err != nil {
		return false
	}
	return string(old) == content || withoutTimestamps(string(old)) == withoutTimestamps(content)
}

// withoutTimestamps is s without its timestampLine lines. Only the lines
// holding "Generated on" go through the expression: running it over a
// whole output file of megabytes cost more than building the file.
func withoutTimestamps(s string) string {
	const marker = "Generated on "
	var b strings.Builder
	kept := 0 // s[kept:] is not written to b yet
	for i := 0; i < len(s); {
		j := strings.Index(s[i:], marker)
		if j < 0 {
			break
		}
		j += i
		start := strings.LastIndexByte(s[:j], '\n') + 1
		end := len(s)
		if k := strings.IndexByte(s[j:], '\n'); k >= 0 {
			end = j + k + 1
		}
		if timestampLine.MatchString(s[start:end]) {
			b.WriteString(s[kept:start])
			kept = end
		}
		i = end
	}
	if kept == 0 {
		return s
	}
	b.WriteString(s[kept:])
	return b.String()
}

// lineReporter is an action's Log: each line it is given is reported as
// progress of the platform.
type lineReporter struct {
	log      *logger
	platform string
	partial  []byte
}

func (w *lineReporter) Write(p []byte) (int, error) {
	w.partial = append(w.partial, p...)
	for {
		i := bytes.IndexByte(w.partial, '\n')
		if i < 0 {
			return len(p), nil
		}
		w.log.sink.add(tokenbuild.Diagnostic{Severity: tokenbuild.SeverityInfo, Kind: tokenbuild.KindAction, Platform: w.platform, Msg: string(w.partial[:i])})
		w.partial = w.partial[i+1:]
	}
}
