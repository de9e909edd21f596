package pipeline

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/tokengen/tokengen/internal/diag"

	"github.com/tokengen/tokengen/internal/interrupt"
	"github.com/tokengen/tokengen/internal/realpath"
	"github.com/tokengen/tokengen/internal/write"
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
// st, when set, is the build's stage: formats that can then write files
// straight into staged files, or compare them with the files there
// (formatFile).
func (in *Instance) formatPlatforms(ctx context.Context, names []string, st *write.Stage, part *runPart, then func(name string, b *platformBuild)) []platformBuild {
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
				outs, r, log, err := in.formatPlatform(ctx, names[i], st, part)
				// whatever became of its files: a permutation's file
				// waiting for one then formats itself
				part.finishFiles(names[i])
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
func (in *loaded) PlatformNames() []string {
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
	log := in.log.Buffered()
	builds, all, labels, err := formatInMemory(ctx, in, names, log)
	var errs tokenbuild.ErrorList
	if err != nil {
		if builds == nil {
			return nil, nil, err // no plan
		}
		errs = append(errs, err) // a permutation that failed to load
	}
	res := map[string][]Output{}
	seen := diag.Repeats{}
	for i, b := range builds {
		if b.err != nil {
			errs = append(errs, b.err)
			continue
		}
		flushLog(log, all[i], labels[i], b, seen)
		res[all[i]] = append(res[all[i]], b.outputs...)
	}
	return res, diag.Summarize(log.Sink.Drain()), errs.Flat().Err()
}

// formatInMemory formats the named platforms of the build's plan in
// memory, the build's own permutation's first, then each other
// permutation's, which load one after another: the builds, with each
// one's platform name and label (with its contexts for another
// permutation). err is a plan that cannot be made (builds nil) or a
// permutation that failed to load (the builds before it are returned).
func formatInMemory(ctx context.Context, in *Instance, names []string, log *diag.Logger) (builds []platformBuild, platforms, labels []string, err error) {
	plan, err := newPlanner(in, false).build(names)
	if err != nil {
		return nil, nil, nil, err
	}
	defer in.unpin()
	runs := plan.Permutations()
	var run *planRun
	if len(runs) > 1 {
		run = newPlanRun(plan)
	}
	builds = in.formatPlatforms(ctx, runs[0].Platforms, nil, run.part(runs[0]), nil)
	platforms, labels = slices.Clone(runs[0].Platforms), slices.Clone(runs[0].Platforms)
	for _, pr := range runs[1:] {
		c, err := in.permInstance(ctx, pr.Perm, log)
		if err != nil {
			return builds, platforms, labels, err
		}
		platforms = append(platforms, pr.Platforms...)
		labels = append(labels, pr.Labels()...)
		builds = append(builds, c.formatPlatforms(ctx, pr.Platforms, nil, run.part(pr), nil)...)
	}
	return builds, platforms, labels, nil
}

// flushLog reports a platform's messages into log, after its label (its
// name, and the permutation for one of a resolver's other permutations),
// leaving out the warnings about its tokens that an earlier platform
// reported (seen); those about its files are its own.
func flushLog(log *diag.Logger, name, label string, b platformBuild, seen diag.Repeats) {
	if b.result == nil || log.Silent() {
		return
	}
	log.Sink.Add(tokenbuild.Diagnostic{Severity: tokenbuild.SeverityInfo, Kind: tokenbuild.KindPlatform, Platform: name, Msg: label})
	for i, d := range b.log {
		if i < b.shared && !seen.First(&d) {
			continue
		}
		d.Platform = name
		log.Sink.Add(d)
	}
}

// Build formats the named platforms (all when empty), and only when every
// one succeeded puts their files in place and runs their actions: a failed
// build writes nothing. Each platform's files are staged next to their
// destination as soon as it is formatted, so its tokens and text can be
// freed early; staged actions (Action.Staged) stage what they write too,
// before anything goes in. Every staged file is checked against the
// others and against what is on disk before the first is renamed into
// place, and a cancelled ctx stops the build up to that moment. Only what
// fails after it (an action that runs once the files are in place, a
// rename) leaves files written, and its error is then a
// *tokenbuild.PartialBuildError listing them. It returns the build's
// warnings and progress.
func (in *Instance) Build(ctx context.Context, names []string) ([]tokenbuild.Diagnostic, error) {
	if len(names) == 0 {
		names = in.PlatformNames()
	}
	position := make(map[string]int, len(names))
	for i, n := range names {
		if _, err := in.platform(n); err != nil {
			return nil, err
		}
		position[n] = i
	}
	log := in.log.Buffered()
	plan, err := newPlanner(in, false).build(names)
	if err != nil {
		return nil, err
	}
	runs := plan.Permutations()
	st := write.NewStage(time.Now())
	// a process stopped by a signal removes what the build staged even
	// when the build does not return (internal/interrupt)
	interrupt.Register(ctx, st.Stop)
	defer func() { write.SweepTemps(st.Folders()) }()
	var run *planRun
	if len(runs) > 1 {
		run = newPlanRun(plan)
	}
	staged := &staging{in: in, st: st}
	wait := staged.permutations(ctx, run, runs[1:], position, log)
	builds := in.formatPlatforms(ctx, names, st, run.part(runs[0]), func(name string, b *platformBuild) {
		staged.stageOutputs(in, position[name], name, b)
		b.outputs = nil // staged: the text can be freed
		if b.result != nil && len(b.result.setup.Actions) == 0 {
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
	// the other permutations' files, staged with these (permutations.go)
	perms, err := wait()
	if err != nil {
		errs = append(errs, err)
	}
	in.unpin()
	for _, p := range perms {
		for _, b := range p.builds {
			if b.err != nil {
				errs = append(errs, b.err)
			}
		}
	}
	if err := st.Check(in.site()); err != nil {
		errs = append(errs, err)
	}
	// Staged actions run now, their messages kept for their place after
	// their platform's files.
	actionLogs := make([][]*diag.Logger, len(builds))
	for i, b := range builds {
		if len(errs) > 0 || ctx.Err() != nil {
			break
		}
		actionLogs[i] = make([]*diag.Logger, len(b.result.setup.Actions))
		for ai, a := range b.result.setup.Actions {
			if !a.Staged {
				continue
			}
			actionLogs[i][ai] = log.Buffered()
			if err := staged.runAction(ctx, actionLogs[i][ai], b.result, i, ai, false); err != nil {
				errs = append(errs, err)
				break
			}
		}
	}
	if err := errs.Flat().Err(); err != nil {
		st.Abort()
		if ctxErr := ctx.Err(); ctxErr != nil {
			// The build was stopped (Ctrl-C, SIGTERM, a caller's cancel):
			// hooks that were running fail with it, a JavaScript one with
			// "interrupted" at its line; the stop is the outcome to report,
			// after where it found the build.
			return nil, &interrupt.During{Cause: ctxErr, Hooks: hookStops(err)}
		}
		return nil, err
	}
	written, err := st.Commit(ctx, in.site())
	if err != nil {
		return diag.Summarize(log.Sink.Drain()), partial(written, err)
	}
	seen := diag.Repeats{}
	for i, b := range builds {
		flushLog(log, names[i], names[i], b, seen)
		for ai, a := range b.result.setup.Actions {
			if a.Staged {
				for _, d := range actionLogs[i][ai].Sink.Drain() {
					log.Sink.Add(d)
				}
				continue
			}
			// An action that is not staged runs once the files are in
			// place, as in the reference; what it writes through
			// WriteFile goes in when it succeeds.
			if err := ctx.Err(); err != nil {
				return diag.Summarize(log.Sink.Drain()), partial(written, err)
			}
			err := staged.runAction(ctx, log, b.result, i, ai, false)
			if err == nil {
				var more []string
				more, err = st.Commit(ctx, in.site())
				written = append(written, more...)
			}
			if err != nil {
				st.Abort()
				if ctxErr := ctx.Err(); ctxErr != nil {
					// the action failed because the build was stopped
					err = &interrupt.During{Cause: ctxErr, Hooks: hookStops(err)}
				}
				return diag.Summarize(log.Sink.Drain()), partial(written, err)
			}
		}
	}
	for _, p := range perms {
		for i, b := range p.builds {
			flushLog(log, p.names[i], p.labels[i], b, seen)
		}
	}
	if err := ctx.Err(); err != nil {
		// interrupted while the files went in: they are all there, but the
		// build did not end as asked
		return diag.Summarize(log.Sink.Drain()), partial(written, err)
	}
	return diag.Summarize(log.Sink.Drain()), nil
}

// hookStops is what the hooks a stopped build was running said as they
// stopped (a JavaScript hook's "interrupted" at its line), without the
// errors that only repeat the stop (a Go hook returning ctx.Err(), the
// staging refused after it): nil when nothing more is said.
func hookStops(err error) error {
	var said tokenbuild.ErrorList
	for _, e := range (tokenbuild.ErrorList{err}).Flat() {
		if errors.Is(e, context.Canceled) || errors.Is(e, context.DeadlineExceeded) || errors.Is(e, write.ErrStopped) {
			continue
		}
		said = append(said, e)
	}
	return said.Err()
}

// partial is err of a build that had written files: a
// *tokenbuild.PartialBuildError naming them, or err when none was written.
func partial(written []string, err error) error {
	if len(written) == 0 {
		return err
	}
	return &tokenbuild.PartialBuildError{Written: written, Err: err}
}

// staging is what a build puts on its stage: each platform's files as it
// is formatted (in's own or a permutation's), and what actions write. st
// is nil for a clean, whose actions undo.
type staging struct {
	in *Instance
	st *write.Stage
}

// stageOutputs stages the files of the platform at position plat once it
// is formatted (those a format streamed are staged already) and claims
// them for the build's checks; a file that already holds its content is
// claimed too, as it is the platform's all the same.
func (s *staging) stageOutputs(in *Instance, plat int, name string, b *platformBuild) {
	st := s.st
	var unchanged map[string]bool // destinations whose file already holds the text
	for i, o := range b.outputs {
		if b.err != nil {
			if o.staged != "" {
				os.Remove(o.staged)
			}
			continue
		}
		if !o.Written {
			continue
		}
		w := &write.File{Final: o.Path, Key: realpath.Of(o.Path), Tmp: o.staged, Shown: write.Printable(o.Destination),
			Plat: plat, Order: i, Platform: name, At: o.at, What: "destination " + o.file}
		if w.Tmp == "" && !o.unchanged {
			tmp, err := st.Content(o.Path, o.Content)
			if err != nil {
				b.err = in.site().Error(w, "cannot be written: "+write.Cause(err))
				for _, o := range b.outputs[i+1:] {
					if o.staged != "" {
						os.Remove(o.staged)
					}
				}
				return
			}
			w.Tmp = tmp
		}
		if w.Tmp == "" {
			if unchanged == nil {
				unchanged = map[string]bool{}
			}
			unchanged[o.Destination] = true
		}
		st.Claim(w)
	}
	markUnchanged(b.log, unchanged)
}

// markUnchanged turns the "✔︎ dest" progress of the files a build leaves
// alone (their content is already there) into KindFileUnchanged, so that
// a driver can tell rewritten files from untouched ones: go generate names
// only the former. The message stays the reference's, which prints it for
// every file.
func markUnchanged(log []tokenbuild.Diagnostic, dests map[string]bool) {
	if len(dests) == 0 {
		return
	}
	for i := range log {
		d := &log[i]
		if d.Kind == tokenbuild.KindFileWritten && dests[strings.TrimPrefix(d.Msg, "✔︎ ")] {
			d.Kind = tokenbuild.KindFileUnchanged
		}
	}
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
		p, ok := in.cfg.Platform(n)
		if !ok {
			// An unknown name: formatPlatform reports it; nothing to weigh.
			first = append(first, i)
			continue
		}
		var group []string
		if g := in.reg().TransformGroups[p.TransformGroup]; g != nil {
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

// runAction runs the action at position ai of a platform (at position
// plat of the build): its Do, with WriteFile and MkdirAll staging into st,
// or its Undo (undo), with RemoveAll. A problem is reported at the
// action's entry in the config unless it names a place of its own.
func (s *staging) runAction(ctx context.Context, log *diag.Logger, r *platformResult, plat, ai int, undo bool) error {
	in, st := s.in, s.st
	a := r.setup.Actions[ai]
	var out io.Writer = &lineReporter{log: log, platform: r.platform.Name}
	if log.Silent() {
		out = io.Discard
	}
	fn := a.Do
	if undo {
		fn = a.Undo
		if fn == nil {
			return log.Warn(tokenbuild.KindAction, a.Name+" action does not have a clean function!")
		}
	}
	p := *r.platform
	if !filepath.IsAbs(p.BuildPath) {
		// absolute, so that a path the action makes from it is never
		// taken for one relative to it (WriteFile)
		dir, _ := filepath.Abs(filepath.Join(in.cfg.Dir, p.BuildPath))
		p.BuildPath = dir + "/"
	}
	opts := in.transformOptions()
	for k, v := range r.platform.Options {
		opts[k] = v
	}
	args := &tokenbuild.ActionArgs{Dictionary: r.dict.WithTrees(), Platform: &p, Options: opts, Log: out}
	at := fmt.Sprintf("platforms.%s.actions[%d]", r.platform.Name, ai)
	// name is relative to the build folder the action sees (p.BuildPath),
	// or absolute.
	full := func(name string) string {
		if !filepath.IsAbs(name) {
			name = filepath.Join(p.BuildPath, filepath.FromSlash(name))
		}
		return filepath.Clean(name)
	}
	refuse := func(path, msg string) error {
		return in.site().Error(&write.File{Platform: r.platform.Name, At: at, What: fmt.Sprintf("action %q: %s", a.Name, in.site().Shown(path))}, msg)
	}
	if undo {
		args.RemoveAll = func(name string) error {
			path := full(name)
			if msg := in.site().RemoveProblem(r.platform.BuildPath, path); msg != "" {
				return refuse(path, msg)
			}
			return os.RemoveAll(path)
		}
	} else {
		n := 0
		var mu sync.Mutex // an action may write from goroutines of its own
		args.WriteFile = func(name string, data []byte, perm fs.FileMode) error {
			mu.Lock()
			defer mu.Unlock()
			path := full(name)
			if msg := in.site().WriteProblem(r.platform.BuildPath, path, st); msg != "" {
				return refuse(path, msg)
			}
			n++
			w := &write.File{Final: path, Key: realpath.Of(path), Shown: in.site().Shown(path), Plat: plat, Order: len(r.platform.Files) + n,
				Platform: r.platform.Name, At: at, What: fmt.Sprintf("action %q: %s", a.Name, in.site().Shown(path)), Action: true}
			if err := st.ClaimChecked(in.site(), w, data); err != nil {
				if err == write.ErrSameBytes {
					return nil // another platform's action copies the same file
				}
				return err
			}
			tmp, err := st.Bytes(path, data, perm)
			if err != nil {
				st.Unclaim(w.Key)
				return refuse(path, "cannot be written: "+write.Cause(err))
			}
			w.Tmp = tmp
			st.Claim(w)
			return nil
		}
		args.MkdirAll = func(name string) error {
			mu.Lock()
			defer mu.Unlock()
			path := full(name)
			if msg := in.site().FolderProblem(r.platform.BuildPath, path, st); msg != "" {
				return refuse(path, msg)
			}
			w := &write.File{Final: path, Shown: in.site().Shown(path), Platform: r.platform.Name, At: at, What: fmt.Sprintf("action %q: %s", a.Name, in.site().Shown(path)), Action: true}
			if err := st.NeedFolders(in.site(), w, realpath.Of(path)); err != nil {
				return err
			}
			err := st.MkdirAll(path)
			if err != nil {
				return refuse(path, "cannot be made: "+write.Cause(err))
			}
			return nil
		}
	}
	var err error
	if perr := diag.Guard(func() { err = fn(ctx, args) }); perr != nil {
		err = perr
	}
	if err == nil {
		return nil
	}
	if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		return ctx.Err()
	}
	var errs tokenbuild.ErrorList
	for _, e := range (tokenbuild.ErrorList{err}).Flat() {
		var d *tokenbuild.Diagnostic
		if errors.As(e, &d) && (d.File != "" || d.Path != "" || d.Token != "") {
			c := *d // a place of its own: a token, a config key, a placed refusal
			if c.File == "" && c.Path != "" {
				c.File = in.cfg.File
			}
			errs = append(errs, &c)
			continue
		}
		errs = append(errs, &tokenbuild.Diagnostic{File: in.cfg.File, Path: at, Platform: r.platform.Name, Msg: fmt.Sprintf("platform %q: action %q failed: %v", r.platform.Name, a.Name, e)})
	}
	return in.placeAll(errs.Err())
}

// Clean deletes the files a build of the named platforms writes, undoes
// their actions and removes folders left empty.
func (in *Instance) Clean(ctx context.Context, names []string) ([]tokenbuild.Diagnostic, error) {
	if len(names) == 0 {
		names = in.PlatformNames()
	}
	log := in.log.Buffered()
	// the files of the resolver's other permutations go too (permutations.go)
	builds, _, labels, err := formatInMemory(ctx, in, names, log)
	if err != nil {
		return nil, err
	}
	for _, b := range builds {
		if b.err != nil {
			return nil, b.err
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err // the last moment an interrupted clean removes nothing
	}
	for i, b := range builds {
		log.Print(tokenbuild.KindPlatform, labels[i])
		var dirs, removed []string
		for _, o := range b.outputs {
			if o.Path == "" {
				continue
			}
			dirs = append(dirs, filepath.Dir(o.Path))
			if err := os.Remove(o.Path); err != nil {
				if os.IsNotExist(err) {
					log.Print(tokenbuild.KindFileRemoved, "! "+o.Destination+", does not exist")
					continue
				}
				return log.Sink.Drain(), err
			}
			log.Print(tokenbuild.KindFileRemoved, "- "+o.Destination)
			removed = append(removed, filepath.Dir(o.Path))
		}
		for ai := range b.result.setup.Actions {
			if err := (&staging{in: in}).runAction(ctx, log, b.result, i, ai, true); err != nil {
				return log.Sink.Drain(), err
			}
		}
		// what killed builds left in these folders goes too, so that they
		// can be removed when nothing else is left
		in.removeEmptyDirs(log, append(removed, write.SweepTemps(dirs)...))
	}
	return log.Sink.Drain(), nil
}

// removeEmptyDirs removes now-empty folders, walking up but never above the
// config's folder.
func (in *loaded) removeEmptyDirs(log *diag.Logger, dirs []string) {
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
			log.Print(tokenbuild.KindFileRemoved, "- "+filepath.ToSlash(rel))
		}
	}
}

// lineReporter is an action's Log: each line it is given is reported as
// progress of the platform.
type lineReporter struct {
	log      *diag.Logger
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
		w.log.Sink.Add(tokenbuild.Diagnostic{Severity: tokenbuild.SeverityInfo, Kind: tokenbuild.KindAction, Platform: w.platform, Msg: string(w.partial[:i])})
		w.partial = w.partial[i+1:]
	}
}
