package pipeline

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/tokengen/tokengen/internal/model"
)

// platformBuild is one platform's formatted files and printed messages.
type platformBuild struct {
	result  *platformResult
	outputs []Output
	err     error
}

// formatPlatforms formats the named platforms concurrently; the results
// keep the given order whatever the scheduling.
func (in *Instance) formatPlatforms(ctx context.Context, names []string) []platformBuild {
	builds := make([]platformBuild, len(names))
	var wg sync.WaitGroup
	for i, n := range names {
		wg.Add(1)
		go func() {
			defer wg.Done()
			outs, r, err := in.FormatPlatform(ctx, n)
			builds[i] = platformBuild{result: r, outputs: outs, err: err}
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
func (in *Instance) FormatAll(ctx context.Context, names []string) (map[string][]Output, error) {
	if len(names) == 0 {
		names = in.PlatformNames()
	}
	builds := in.formatPlatforms(ctx, names)
	res := map[string][]Output{}
	var errs model.ErrorList
	for i, b := range builds {
		if b.err != nil {
			errs = append(errs, b.err)
			continue
		}
		in.flushLog(names[i], b.result)
		res[names[i]] = b.outputs
	}
	return res, errs.Err()
}

func (in *Instance) flushLog(name string, r *platformResult) {
	if r == nil || in.log.silent() {
		return
	}
	in.log.mu.Lock()
	defer in.log.mu.Unlock()
	fmt.Fprintln(in.log.out, "\n"+name)
	io.Copy(in.log.out, bytes.NewReader(r.output.Bytes()))
}

// Build formats the named platforms (all when empty), and only when every
// one succeeded writes their files and runs their actions. A failed build
// writes nothing.
func (in *Instance) Build(ctx context.Context, names []string) error {
	if len(names) == 0 {
		names = in.PlatformNames()
	}
	for _, n := range names {
		if _, err := in.platform(n); err != nil {
			return err
		}
	}
	builds := in.formatPlatforms(ctx, names)
	var errs model.ErrorList
	for _, b := range builds {
		if b.err != nil {
			errs = append(errs, b.err)
		}
	}
	if err := errs.Err(); err != nil {
		return err
	}
	for i, b := range builds {
		in.flushLog(names[i], b.result)
		for _, o := range b.outputs {
			if !o.Written {
				continue
			}
			if err := writeIfChanged(o.Path, o.Content); err != nil {
				return err
			}
		}
		if err := in.runActions(ctx, b.result, false); err != nil {
			return err
		}
	}
	return nil
}

func (in *Instance) runActions(ctx context.Context, r *platformResult, undo bool) error {
	log := io.Writer(in.log.out)
	if in.log.silent() {
		log = io.Discard
	}
	for _, a := range r.setup.actions {
		fn := a.Do
		if undo {
			fn = a.Undo
			if fn == nil {
				if err := in.log.warn(a.Name + " action does not have a clean function!"); err != nil {
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
		args := &model.ActionArgs{Dictionary: r.dict, Platform: &p, Options: opts, Log: log}
		if _, err := callHook("action", a.Name, "", func() (struct{}, error) { return struct{}{}, fn(ctx, args) }); err != nil {
			return err
		}
	}
	return nil
}

// Clean deletes the files a build of the named platforms writes, undoes
// their actions and removes folders left empty.
func (in *Instance) Clean(ctx context.Context, names []string) error {
	if len(names) == 0 {
		names = in.PlatformNames()
	}
	builds := in.formatPlatforms(ctx, names)
	for _, b := range builds {
		if b.err != nil {
			return b.err
		}
	}
	for i, b := range builds {
		if !in.log.silent() {
			fmt.Fprintln(in.log.out, "\n"+names[i])
		}
		var dirs []string
		for _, o := range b.outputs {
			if o.Path == "" {
				continue
			}
			if err := os.Remove(o.Path); err != nil {
				if os.IsNotExist(err) {
					in.log.print("! " + o.Destination + ", does not exist")
					continue
				}
				return err
			}
			in.log.print("- " + o.Destination)
			dirs = append(dirs, filepath.Dir(o.Path))
		}
		if err := in.runActions(ctx, b.result, true); err != nil {
			return err
		}
		in.removeEmptyDirs(dirs)
	}
	return nil
}

// removeEmptyDirs removes now-empty folders, walking up but never above the
// config's folder.
func (in *Instance) removeEmptyDirs(dirs []string) {
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
			in.log.print("- " + filepath.ToSlash(rel))
		}
	}
}

// timestampLine matches the header line that changes on every build.
var timestampLine = regexp.MustCompile(`(?m)^.*Generated on [A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT.*\r?\n?`)

// writeIfChanged writes content atomically, and not at all when the file
// already holds it (ignoring the timestamp line), so repeated builds leave
// files and their modification times alone.
func writeIfChanged(path, content string) error {
	if old, err := os.ReadFile(path); err == nil {
		if string(old) == content || timestampLine.ReplaceAllString(string(old), "") == timestampLine.ReplaceAllString(content, "") {
			return nil
		}
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".tokengen-*")
	if err != nil {
		return err
	}
	if _, err := tmp.WriteString(content); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), path)
}
