package pipeline

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/tokengen/tokengen/internal/lazyregexp"
	"github.com/tokengen/tokengen/internal/realpath"
	"github.com/tokengen/tokengen/tokenbuild"
)

// The writer's half that touches the disk: every file a build writes (a
// platform's file, or one an action writes through ActionArgs.WriteFile)
// is first staged under a temporary name beside its destination, then
// checked against every other, and put in place (renamed over the
// destination, never written through) only when the whole build
// succeeded. A rename replaces a symbolic link rather than following it,
// and a file is never half-written: each destination holds its old
// content or its new one.

// write is one file a build puts in place.
type write struct {
	final string // where it goes
	key   string // final with the symbolic links of its existing part resolved: two writes of one file share it
	tmp   string // the staged file; "" when final already holds the content
	shown string // as printed: buildPath joined with the destination, or the path relative to the config's folder

	plat     int    // the platform's position in the build,
	order    int    // then the write's within the platform: writes are checked and put in place in this order
	platform string // the platform's name
	at       string // the config key path a problem is reported at
	what     string // what the config calls it: "destination vars.css", `action "copy_assets": build/assets/a.svg`
	action   bool   // written by an action
}

// stage holds a build's staged files until they are put in place (commit)
// or dropped (abort).
type stage struct {
	mu      sync.Mutex
	writes  []*write        // every write claimed, put in place or not
	pending []*write        // those not yet put in place or dropped
	dirs    []string        // folders made since the last commit, outermost first
	since   time.Time       // the build's start: a header's timestamp of this build is not earlier
	made    map[string]bool // every folder the build made
	byKey   map[string]*write
	needs   map[string]*write // folders (by key) that writes need, and the first write needing each

	// What stop (a signal the build did not return from) needs: every
	// staged file made, whether the renames have begun, and what they put
	// in place.
	temps     []string
	committed bool
	renamed   []string
	stopped   bool // no staged file is made, and none put in place, after stop
}

// errStopped is what making a staged file gets once the build was stopped.
var errStopped = errors.New("the build was interrupted")

// stop removes every file the build staged, and the folders made for them
// that are left empty, and keeps it from staging or putting in place any
// more: it is what a process stopped by a signal does when the build does
// not return (a hook that never ends), before it exits. It waits for
// renames under way, and returns the files they put in place and whether
// they had begun (interrupt.Stop).
func (s *stage) stop() ([]string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.stopped = true
	for _, t := range s.temps {
		os.Remove(t) // gone already when it was renamed or dropped
	}
	s.temps = nil
	for i := len(s.dirs) - 1; i >= 0; i-- {
		os.Remove(s.dirs[i]) // only succeeds when empty
	}
	s.dirs = nil
	return slices.Clone(s.renamed), s.committed
}

// tempPattern names staged files: tokengen's own, with the process's id,
// so that a later build or clean can tell the ones a killed build left
// behind (sweepTemps) from a running build's and from anything else.
func tempPattern() string { return ".tokengen-" + strconv.Itoa(os.Getpid()) + "-*.tmp" }

var tempName = lazyregexp.New(`^\.tokengen-([0-9]+)-[0-9]+\.tmp$`)

// claim records a staged (or unchanged) file for the build's checks.
func (s *stage) claim(w *write) {
	s.mu.Lock()
	s.writes = append(s.writes, w)
	s.pending = append(s.pending, w)
	s.mu.Unlock()
}

// isMade reports whether the build made the folder dir, so that a
// destination found to be a folder is not blamed on the user (checkWrites
// then reports the two destinations that clash).
func (s *stage) isMade(dir string) bool {
	if s == nil {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.made[dir]
}

// stageContent stages content for path and returns the staged file, or
// "" when path already holds it (ignoring the timestamp line).
func (s *stage) stageContent(path, content string) (string, error) {
	if unchanged(path, content, s.since) {
		return "", nil
	}
	w := &streamedFile{stage: s, path: path, perm: 0o644}
	return w.finish(content, nil)
}

// stageBytes stages data for path as an action wrote it, or returns ""
// when path already holds exactly data.
func (s *stage) stageBytes(path string, data []byte, perm fs.FileMode) (string, error) {
	if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, data) {
		return "", nil
	}
	w := &streamedFile{stage: s, path: path, perm: perm.Perm()}
	if w.open() { // even for no data: an empty file is a file too
		_, err := w.f.Write(data)
		w.err = cmp.Or(w.err, err)
	}
	return w.finish("", nil)
}

// stream returns a staged file for path that a format writes as it goes
// (Format.Write). When path holds a file already, the text is compared
// with it as it comes, and a staged file is made only from the first byte
// that differs (but for the header's timestamp), so that an unchanged file
// is left alone without its text ever being held whole. It returns nil
// when path is something else (a folder, a symbolic link): the whole
// text is then compared with it (stageContent) and the checks report it.
func (s *stage) stream(path string) *streamedFile {
	fi, err := os.Lstat(path)
	switch {
	case os.IsNotExist(err):
		return &streamedFile{stage: s, path: path, perm: 0o644}
	case err != nil || !fi.Mode().IsRegular():
		return nil
	}
	old, err := readOld(path, -1)
	if err != nil {
		return nil
	}
	return &streamedFile{stage: s, path: path, perm: 0o644, comparing: true, old: old, stampAt: -1}
}

// streamedFile is a staged file written as its format goes (or at once,
// by stageContent). It is created on the first write, so that a format
// writing nothing leaves no trace. err is a problem of the staged file
// itself (a folder that cannot be made, a full disk), never the format's.
type streamedFile struct {
	stage *stage
	path  string
	perm  fs.FileMode
	f     *os.File
	err   error

	// While comparing, what was written so far is old[:matched], but for
	// the stamp: the bytes at stampAt (when not -1), the header's time,
	// which may differ (onlyStampDiffers).
	comparing bool
	old       []byte // a buffer of readOld
	matched   int
	stampAt   int
	stamp     []byte
	// unchanged is set by finish when the text was old's.
	unchanged bool
}

func (w *streamedFile) Write(p []byte) (int, error) {
	if w.comparing {
		rest := w.compare(p)
		if rest == nil {
			return len(p), nil
		}
		if !w.diverge() {
			return 0, w.err
		}
		n, err := w.f.Write(rest)
		w.err = cmp.Or(w.err, err)
		return len(p) - len(rest) + n, err
	}
	if !w.open() {
		return 0, w.err
	}
	n, err := w.f.Write(p)
	w.err = cmp.Or(w.err, err)
	return n, err
}

// WriteString writes s without copying it first when the text goes
// straight to the staged file (a splice writes long runs of the base's
// text).
func (w *streamedFile) WriteString(s string) (int, error) {
	if w.comparing || !w.open() {
		return w.Write([]byte(s))
	}
	n, err := w.f.WriteString(s)
	w.err = cmp.Or(w.err, err)
	return n, err
}

// compare takes p as the text's next bytes while it matches old; it
// returns nil when all of p did, and otherwise the part of p from the
// first byte that differs.
func (w *streamedFile) compare(p []byte) []byte {
	for len(p) > 0 {
		if w.stampAt >= 0 && w.matched < w.stampAt+stampLen {
			// inside the timestamp: kept aside, checked at the end
			k := min(len(p), w.stampAt+stampLen-w.matched)
			w.stamp = append(w.stamp, p[:k]...)
			w.matched += k
			p = p[k:]
			continue
		}
		k := commonPrefix(p, w.old[w.matched:])
		w.matched += k
		p = p[k:]
		if len(p) == 0 {
			return nil
		}
		// The first difference may be in the first header time of the
		// text: old's first "Generated on " is then the text's too.
		if w.stampAt < 0 {
			if j := bytes.Index(w.old, []byte(stampMarker)); j >= 0 && j+len(stampMarker) <= w.matched && w.matched < j+len(stampMarker)+stampLen && j+len(stampMarker)+stampLen <= len(w.old) {
				w.stampAt = j + len(stampMarker)
				w.stamp = append(w.stamp, w.old[w.stampAt:w.matched]...)
				continue
			}
		}
		return p
	}
	return nil
}

// release gives the old text's buffer back.
func (w *streamedFile) release() {
	releaseOld(w.old)
	w.old, w.stamp = nil, nil
}

// commonPrefix is how many bytes p and s begin with alike, compared a
// block at a time (a byte loop over every output file costs more than
// formatting it).
func commonPrefix(p, s []byte) int {
	n := min(len(p), len(s))
	if bytes.Equal(p[:n], s[:n]) {
		return n
	}
	const block = 64
	k := 0
	for k+block <= n && bytes.Equal(p[k:k+block], s[k:k+block]) {
		k += block
	}
	for k < n && p[k] == s[k] {
		k++
	}
	return k
}

// diverge stages the text written so far, once it is known to differ
// from old, and stops comparing.
func (w *streamedFile) diverge() bool {
	w.comparing = false
	if !w.open() {
		return false
	}
	prefix := w.old[:w.matched]
	if w.stampAt >= 0 {
		_, err := w.f.Write(prefix[:w.stampAt])
		w.err = cmp.Or(w.err, err)
		_, err = w.f.Write(w.stamp)
		w.err = cmp.Or(w.err, err)
		prefix = prefix[w.stampAt+len(w.stamp):]
	}
	_, err := w.f.Write(prefix)
	w.err = cmp.Or(w.err, err)
	w.release()
	return w.err == nil
}

// open creates the file on first use; it reports whether it is there.
func (w *streamedFile) open() bool {
	if w.f == nil && w.err == nil {
		dir := filepath.Dir(w.path)
		w.stage.mu.Lock()
		defer w.stage.mu.Unlock()
		if w.stage.stopped {
			w.err = errStopped
			return false
		}
		w.err = w.stage.mkdirAll(dir)
		if w.err == nil {
			w.f, w.err = os.CreateTemp(dir, tempPattern())
		}
		if w.err == nil {
			w.stage.temps = append(w.stage.temps, w.f.Name())
		}
	}
	return w.err == nil
}

// finish writes tail, the text the format returned, after what it
// streamed and closes the file. It returns the staged file's name: ""
// when the format wrote nothing, and when it or writing failed (err, or
// failed as it was), the file then removed.
func (w *streamedFile) finish(tail string, failed error) (string, error) {
	if w.comparing && failed == nil {
		if tail != "" {
			w.Write([]byte(tail))
			tail = ""
		}
		if w.comparing && w.matched == 0 {
			w.release()
			return "", nil // the format wrote nothing: no file, as for a new one
		}
		if w.comparing {
			if w.matched == len(w.old) && (w.stampAt < 0 || stampOnlyDiffersAt(w.old, w.stampAt, string(w.stamp), w.stage.since)) {
				w.unchanged = true
				w.release()
				return "", nil
			}
			w.diverge()
		}
	}
	if w.comparing {
		w.release()
		return "", failed // the format failed before the text differed: nothing was staged
	}
	if failed == nil && tail != "" && w.open() {
		// the rest of the text: all of it from stageContent or a format that does not stream
		_, err := w.f.WriteString(tail)
		w.err = cmp.Or(w.err, err)
	}
	if w.f == nil {
		return "", cmp.Or(failed, w.err)
	}
	name := w.f.Name()
	w.err = cmp.Or(w.err, w.f.Close())
	if w.err == nil {
		w.err = os.Chmod(name, w.perm)
	}
	if err := cmp.Or(failed, w.err); err != nil {
		os.Remove(name)
		return "", err
	}
	return name, nil
}

// mkdirAll makes dir and its missing parents, remembering them so that
// abort can remove them again. The caller holds s.mu.
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
		if s.made == nil {
			s.made = map[string]bool{}
		}
		s.made[absPath(missing[i])] = true // as pathProblem asks
	}
	return nil
}

// checkWrites looks at every claimed write together once every platform
// is formatted, in the build's order (so that what is reported does not
// depend on which platform finished first): two platforms writing one
// file, and a file where another write needs a folder, are errors at the
// config key of the later one. A platform writing one file twice keeps
// the later, as the reference's writes in turn do.
func (in *Instance) checkWrites(st *stage) error {
	slices.SortStableFunc(st.writes, func(a, b *write) int { return cmp.Or(a.plat-b.plat, a.order-b.order) })
	st.pending = slices.Clone(st.writes) // renamed in this order too
	st.byKey, st.needs = map[string]*write{}, map[string]*write{}
	var errs tokenbuild.ErrorList
	for _, w := range st.writes {
		if err := in.claimWrite(st, w, nil); err != nil {
			errs = append(errs, err)
		}
	}
	return errs.Err()
}

// claimWrite adds w to the checked writes, or says why it clashes with
// one of them. data, for a write of an action, lets two platforms' actions
// copy the same bytes to one file (copy_assets into a shared buildPath).
func (in *Instance) claimWrite(st *stage, w *write, data []byte) error {
	if prev := st.byKey[w.key]; prev != nil {
		switch {
		case prev.plat == w.plat:
			st.drop(prev)
		case prev.action && w.action && data != nil && sameBytes(prev, data):
			return errSameBytes
		case w.action: // what names the file already
			return in.writeError(w, fmt.Sprintf("is also written by platform %q (%s); one would overwrite the other", prev.platform, prev.what))
		default:
			return in.writeError(w, fmt.Sprintf("writes %s, which platform %q also writes (%s); one would overwrite the other", w.shown, prev.platform, prev.what))
		}
	}
	if other := st.needs[w.key]; other != nil {
		return in.writeError(w, fmt.Sprintf("writes a file at %s, where %s of platform %q needs a folder", w.shown, other.what, other.platform))
	}
	if err := in.needFolders(st, w, filepath.Dir(w.key)); err != nil {
		return err
	}
	st.byKey[w.key] = w
	return nil
}

// needFolders claims the folder dir (a key) and its parents for w, or
// says which write puts a file where one of them must be.
func (in *Instance) needFolders(st *stage, w *write, dir string) error {
	for d := dir; ; d = filepath.Dir(d) {
		if f := st.byKey[d]; f != nil {
			return in.writeError(w, fmt.Sprintf("needs %s to be a folder, but %s of platform %q writes a file there", f.shown, f.what, f.platform))
		}
		if _, ok := st.needs[d]; ok || filepath.Dir(d) == d {
			return nil // its parents were looked at with the write that needed it
		}
		st.needs[d] = w
	}
}

// errSameBytes tells the caller that an identical write is already staged.
var errSameBytes = errors.New("already staged")

// sameBytes reports whether what w puts in place is data.
func sameBytes(w *write, data []byte) bool {
	name := cmp.Or(w.tmp, w.final)
	old, err := os.ReadFile(name)
	return err == nil && bytes.Equal(old, data)
}

// drop forgets a staged write that a later one replaces.
func (s *stage) drop(w *write) {
	if w.tmp != "" {
		os.Remove(w.tmp)
		w.tmp = ""
	}
}

// commit puts the pending staged files in place. Every one is checked
// first, so that a destination that cannot take a file (its name too
// long, a folder or a symbolic link there now) fails the build before any
// rename; a cancelled ctx stops it there too, the last moment a signal
// leaves everything as it was. It returns the files renamed; when a
// rename fails after others went in, the rest are dropped and the error
// says which was written.
func (in *Instance) commit(ctx context.Context, st *stage) ([]string, error) {
	var errs tokenbuild.ErrorList
	for _, w := range st.pending {
		if w.tmp == "" {
			continue
		}
		fi, err := os.Lstat(w.final)
		msg := ""
		switch {
		case os.IsNotExist(err):
		case err != nil:
			msg = "cannot be written: " + cause(err)
		case fi.Mode()&fs.ModeSymlink != 0:
			msg = symlinkRefusal
		case fi.IsDir():
			msg = "is a folder"
		case !fi.Mode().IsRegular():
			msg = "is not a regular file"
		}
		if msg != "" {
			errs = append(errs, in.writeError(w, msg))
		}
	}
	if err := errs.Err(); err != nil {
		st.abort()
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		st.abort()
		return nil, err
	}
	// A stop (interrupt.Stop) waits for the renames, or keeps them from
	// beginning.
	st.mu.Lock()
	if st.stopped {
		st.mu.Unlock()
		st.abort()
		return nil, cmp.Or(ctx.Err(), errStopped)
	}
	st.committed = true
	var written []string
	for i, w := range st.pending {
		if w.tmp == "" {
			continue
		}
		if err := os.Rename(w.tmp, w.final); err != nil {
			st.pending = st.pending[i:]
			st.mu.Unlock()
			st.abort()
			return written, in.writeError(w, "cannot be written: "+cause(err))
		}
		w.tmp = ""
		written = append(written, w.shown)
		st.renamed = append(st.renamed, w.shown)
	}
	st.pending, st.dirs = nil, nil
	st.mu.Unlock()
	return written, nil
}

// abort removes the pending staged files and the folders made for them
// that are left empty.
func (s *stage) abort() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, w := range s.pending {
		if w.tmp != "" {
			os.Remove(w.tmp)
			w.tmp = ""
		}
	}
	for i := len(s.dirs) - 1; i >= 0; i-- {
		os.Remove(s.dirs[i]) // only succeeds when empty
	}
	s.pending, s.dirs = nil, nil
}

// folders lists the folders the build writes into.
func (s *stage) folders() []string {
	seen := map[string]bool{}
	var out []string
	for _, w := range s.writes {
		if d := filepath.Dir(w.final); !seen[d] {
			seen[d] = true
			out = append(out, d)
		}
	}
	return out
}

// sweepTemps removes, from the folders a build writes into, the staged
// files that builds killed before they could clean up (SIGKILL, a power
// cut) left behind: only files named as tokengen names them, made by a
// process that is no longer running, so that a build running beside this
// one keeps its own. It returns the folders it removed files from.
func sweepTemps(dirs []string) (swept []string) {
	for _, dir := range dirs {
		entries, err := os.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, e := range entries {
			m := tempName.FindStringSubmatch(e.Name())
			if m == nil || !e.Type().IsRegular() {
				continue
			}
			if pid, err := strconv.Atoi(m[1]); err == nil && !processRunning(pid) {
				if os.Remove(filepath.Join(dir, e.Name())) == nil {
					swept = append(swept, dir)
				}
			}
		}
	}
	return swept
}

// processRunning reports whether the process pid may still be running:
// this one always is.
func processRunning(pid int) bool {
	return pid == os.Getpid() || pid <= 0 || processExists(pid)
}

const symlinkRefusal = "is a symbolic link; tokengen neither writes through a link nor replaces one: remove it"

// writeProblem says why the build may not write the file target of
// platform p, or "" when it may. The file must stay inside the build
// folder (lexically and once links are resolved); no folder below the
// build folder, nor the file itself, may be a symbolic link (what a link
// points at is not the build's to write: the build folder itself may be
// one, as the user chose it); every folder on the way must be a folder;
// and the file, links resolved, must not be one the build reads.
func (in *Instance) writeProblem(p *tokenbuild.Platform, target string, st *stage) string {
	return in.pathProblem(p, target, st, false)
}

// folderProblem is writeProblem for a folder an action makes (MkdirAll):
// one that is there already is fine.
func (in *Instance) folderProblem(p *tokenbuild.Platform, dir string, st *stage) string {
	return in.pathProblem(p, dir, st, true)
}

func (in *Instance) pathProblem(p *tokenbuild.Platform, target string, st *stage, folder bool) string {
	if strings.ContainsRune(target, 0) {
		return "holds a NUL character, which no file name may hold"
	}
	bdir, target := absPath(buildDir(in.cfg.Dir, p.BuildPath)), absPath(target)
	if !insideBuildPath("", bdir, target) {
		return fmt.Sprintf("is outside the platform's buildPath %q", p.BuildPath)
	}
	if fi, err := os.Stat(bdir); err == nil && !fi.IsDir() {
		return fmt.Sprintf("needs the platform's buildPath %q to be a folder, but it is a file", p.BuildPath)
	} else if err != nil && !os.IsNotExist(err) {
		return "cannot be written: " + cause(err)
	}
	rel, err := filepath.Rel(bdir, target)
	if err != nil {
		return "cannot be written: " + err.Error()
	}
	var parts []string
	if rel != "." {
		parts = strings.Split(rel, string(filepath.Separator))
	}
	cur := bdir
	for i, part := range parts {
		cur = filepath.Join(cur, part)
		last := i == len(parts)-1
		fi, err := os.Lstat(cur)
		if os.IsNotExist(err) {
			break // the rest is made by the build
		}
		switch {
		case err != nil:
			return "cannot be written: " + cause(err)
		case fi.Mode()&fs.ModeSymlink != 0:
			if !insideBuildPath("", realpath.Of(bdir), realpath.Of(cur)) {
				return fmt.Sprintf("leads outside the platform's buildPath %q through a symbolic link", p.BuildPath)
			}
			if last {
				return symlinkRefusal
			}
			return fmt.Sprintf("passes through %s, a symbolic link; tokengen never writes through a link: remove it, or make buildPath name the real folder", in.shown(cur))
		case (!last || folder) && !fi.IsDir():
			return fmt.Sprintf("needs %s to be a folder, but it is a file", in.shown(cur))
		case folder:
		case last && fi.IsDir():
			if !st.isMade(cur) {
				return "is a folder"
			}
		case last && !fi.Mode().IsRegular():
			return "is not a regular file"
		}
	}
	if !folder && in.inputs[realpath.Of(target)] {
		return "is a file tokengen reads (the config or a token file); writing it would destroy it"
	}
	return ""
}

// removeProblem says why clean may not remove path (an action's
// RemoveAll), or "" when it may: path must be inside the build folder,
// reached through no symbolic link below it, and hold no file the build
// reads. A link at path itself is removed, not followed.
func (in *Instance) removeProblem(p *tokenbuild.Platform, path string) string {
	if strings.ContainsRune(path, 0) {
		return "holds a NUL character, which no file name may hold"
	}
	bdir, path := absPath(buildDir(in.cfg.Dir, p.BuildPath)), absPath(path)
	if !insideBuildPath("", bdir, path) {
		return fmt.Sprintf("is outside the platform's buildPath %q", p.BuildPath)
	}
	rel, _ := filepath.Rel(bdir, path)
	cur := bdir
	if rel != "." {
		parts := strings.Split(rel, string(filepath.Separator))
		for _, part := range parts[:len(parts)-1] {
			cur = filepath.Join(cur, part)
			if fi, err := os.Lstat(cur); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
				return fmt.Sprintf("passes through %s, which is a symbolic link; tokengen never removes through a link", in.shown(cur))
			}
		}
	}
	// what would go: the entry itself, its folder's links resolved
	gone := filepath.Join(realpath.Of(filepath.Dir(path)), filepath.Base(path))
	var held []string
	for f := range in.inputs {
		if f == gone || strings.HasPrefix(f, gone+string(filepath.Separator)) {
			held = append(held, f)
		}
	}
	if len(held) > 0 {
		slices.Sort(held)
		return fmt.Sprintf("holds %s, a file tokengen reads (the config or a token file); removing it would destroy it", in.shown(held[0]))
	}
	return ""
}

// writeError reports a problem of w at its place in the config.
func (in *Instance) writeError(w *write, msg string) error {
	return in.placeAll(&tokenbuild.Diagnostic{File: in.cfg.File, Path: w.at, Msg: fmt.Sprintf("platform %q: %s %s", w.platform, w.what, msg)})
}

// cause is what went wrong in a file operation without the path it names
// (a staged file's temporary name means nothing to the user): "file name
// too long", "not a directory".
func cause(err error) string {
	var pe *fs.PathError
	var le *os.LinkError
	switch {
	case errors.As(err, &pe):
		return pe.Err.Error()
	case errors.As(err, &le):
		return le.Err.Error()
	}
	return err.Error()
}

// shown is path as printed: relative to the config's folder, in slashes,
// when it is inside it.
func (in *Instance) shown(path string) string {
	dir := in.cfg.Dir
	if filepath.IsAbs(path) != filepath.IsAbs(dir) {
		if a, err := filepath.Abs(dir); err == nil {
			dir = a
		}
		if a, err := filepath.Abs(path); err == nil {
			path = a
		}
	}
	if rel, err := filepath.Rel(dir, path); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		path = rel
	}
	return printable(filepath.ToSlash(path))
}

// printable is a name as a message shows it: quoted when it holds a
// control character (a NUL, a newline), which would garble the line.
func printable(s string) string {
	if strings.ContainsFunc(s, unicode.IsControl) {
		return strconv.Quote(s)
	}
	return s
}

// absPath is path made absolute and clean: a config's folder may be
// given relative to the working folder, an action's paths are absolute.
func absPath(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		return abs
	}
	return filepath.Clean(path)
}
