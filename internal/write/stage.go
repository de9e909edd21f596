package write

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

// File is one file a build puts in place.
type File struct {
	Final string // where it goes
	Key   string // Final with the symbolic links of its existing part resolved: two writes of one file share it
	Tmp   string // the staged file; "" when Final already holds the content
	Shown string // as printed: buildPath joined with the destination, or the path relative to the config's folder

	Plat     int    // the platform's position in the build,
	Order    int    // then the write's within the platform: writes are checked and put in place in this order
	Platform string // the platform's name
	At       string // the config key path a problem is reported at
	What     string // what the config calls it: "destination vars.css", `action "copy_assets": build/assets/a.svg`
	Action   bool   // written by an action
}

// Stage holds a build's staged files until they are put in place (commit)
// or dropped (abort).
type Stage struct {
	mu      sync.Mutex
	writes  []*File         // every write claimed, put in place or not
	pending []*File         // those not yet put in place or dropped
	dirs    []string        // folders made since the last commit, outermost first
	since   time.Time       // the build's start: a header's timestamp of this build is not earlier
	made    map[string]bool // every folder the build made
	byKey   map[string]*File
	needs   map[string]*File // folders (by key) that writes need, and the first write needing each

	// What stop (a signal the build did not return from) needs: every
	// staged file made, whether the renames have begun, and what they put
	// in place.
	temps     []string
	committed bool
	renamed   []string
	stopped   bool // no staged file is made, and none put in place, after stop
}

// NewStage starts the stage of a build that began at since (a header's
// timestamp of this build is not earlier).
func NewStage(since time.Time) *Stage { return &Stage{since: since} }

// MkdirAll makes dir and its missing parents for an action (Abort removes
// them again when the build fails).
func (s *Stage) MkdirAll(dir string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.mkdirAll(dir)
}

// Unclaim forgets the checked write of the file with key, which an action
// failed to stage after Check claimed it.
func (s *Stage) Unclaim(key string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.byKey, key)
}

// ErrStopped is what making a staged file gets once the build was stopped.
var ErrStopped = errors.New("the build was interrupted")

// Stop removes every file the build staged, and the folders made for them
// that are left empty, and keeps it from staging or putting in place any
// more: it is what a process stopped by a signal does when the build does
// not return (a hook that never ends), before it exits. It waits for
// renames under way, and returns the files they put in place and whether
// they had begun (interrupt.Stop).
func (s *Stage) Stop() ([]string, bool) {
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

// Claim records a staged (or unchanged) file for the build's checks.
func (s *Stage) Claim(w *File) {
	s.mu.Lock()
	s.writes = append(s.writes, w)
	s.pending = append(s.pending, w)
	s.mu.Unlock()
}

// IsMade reports whether the build made the folder dir, so that a
// destination found to be a folder is not blamed on the user (Check
// then reports the two destinations that clash).
func (s *Stage) IsMade(dir string) bool {
	if s == nil {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.made[dir]
}

// Content stages content for path and returns the staged file, or
// "" when path already holds it (ignoring the timestamp line).
func (s *Stage) Content(path, content string) (string, error) {
	if Unchanged(path, content, s.since) {
		return "", nil
	}
	w := &Stream{stage: s, path: path, perm: 0o644}
	return w.Finish(content, nil)
}

// Bytes stages data for path as an action wrote it, or returns ""
// when path already holds exactly data.
func (s *Stage) Bytes(path string, data []byte, perm fs.FileMode) (string, error) {
	if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, data) {
		return "", nil
	}
	w := &Stream{stage: s, path: path, perm: perm.Perm()}
	if w.open() { // even for no data: an empty file is a file too
		_, err := w.f.Write(data)
		w.err = cmp.Or(w.err, err)
	}
	return w.Finish("", nil)
}

// Stream returns a staged file for path that a format writes as it goes
// (Format.Write). When path holds a file already, the text is compared
// with it as it comes, and a staged file is made only from the first byte
// that differs (but for the header's timestamp), so that an unchanged file
// is left alone without its text ever being held whole. It returns nil
// when path is something else (a folder, a symbolic link): the whole
// text is then compared with it (Content) and the checks report it.
func (s *Stage) Stream(path string) *Stream {
	fi, err := os.Lstat(path)
	switch {
	case os.IsNotExist(err):
		return &Stream{stage: s, path: path, perm: 0o644}
	case err != nil || !fi.Mode().IsRegular():
		return nil
	}
	old, err := ReadOld(path, -1)
	if err != nil {
		return nil
	}
	return &Stream{stage: s, path: path, perm: 0o644, comparing: true, old: old, stampAt: -1}
}

// Stream is a staged file written as its format goes (or at once,
// by stageContent). It is created on the first write, so that a format
// writing nothing leaves no trace. err is a problem of the staged file
// itself (a folder that cannot be made, a full disk), never the format's.
type Stream struct {
	stage *Stage
	path  string
	perm  fs.FileMode
	f     *os.File
	err   error

	// While comparing, what was written so far is old[:matched], but for
	// the stamp: the bytes at stampAt (when not -1), the header's time,
	// which may differ (onlyStampDiffers).
	comparing bool
	old       []byte // a buffer of ReadOld
	matched   int
	stampAt   int
	stamp     []byte
	// unchanged is set by Finish when the text was old's.
	unchanged bool
}

// Err is a problem of the staged file itself (a folder that cannot be
// made, a full disk), never the format's.
func (w *Stream) Err() error { return w.err }

// Unchanged reports, once Finish returned, whether the destination already
// held the text (but for the header's timestamp): nothing was staged.
func (w *Stream) Unchanged() bool { return w.unchanged }

func (w *Stream) Write(p []byte) (int, error) {
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
func (w *Stream) WriteString(s string) (int, error) {
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
func (w *Stream) compare(p []byte) []byte {
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
func (w *Stream) release() {
	ReleaseOld(w.old)
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
func (w *Stream) diverge() bool {
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
func (w *Stream) open() bool {
	if w.f == nil && w.err == nil {
		dir := filepath.Dir(w.path)
		w.stage.mu.Lock()
		defer w.stage.mu.Unlock()
		if w.stage.stopped {
			w.err = ErrStopped
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

// Finish writes tail, the text the format returned, after what it
// streamed and closes the file. It returns the staged file's name: ""
// when the format wrote nothing, and when it or writing failed (err, or
// failed as it was), the file then removed.
func (w *Stream) Finish(tail string, failed error) (string, error) {
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
func (s *Stage) mkdirAll(dir string) error {
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
		s.made[AbsPath(missing[i])] = true // as pathProblem asks
	}
	return nil
}

// Check looks at every claimed write together once every platform
// is formatted, in the build's order (so that what is reported does not
// depend on which platform finished first): two platforms writing one
// file, and a file where another write needs a folder, are errors at the
// config key of the later one. A platform writing one file twice keeps
// the later, as the reference's writes in turn do.
func (st *Stage) Check(site *Site) error {
	slices.SortStableFunc(st.writes, func(a, b *File) int { return cmp.Or(a.Plat-b.Plat, a.Order-b.Order) })
	st.pending = slices.Clone(st.writes) // renamed in this order too
	st.byKey, st.needs = map[string]*File{}, map[string]*File{}
	var errs tokenbuild.ErrorList
	for _, w := range st.writes {
		if err := st.ClaimChecked(site, w, nil); err != nil {
			errs = append(errs, err)
		}
	}
	return errs.Err()
}

// ClaimChecked adds w to the checked writes, or says why it clashes with
// one of them. data, for a write of an action, lets two platforms' actions
// copy the same bytes to one file (copy_assets into a shared buildPath).
func (st *Stage) ClaimChecked(site *Site, w *File, data []byte) error {
	if prev := st.byKey[w.Key]; prev != nil {
		switch {
		case prev.Plat == w.Plat:
			st.drop(prev)
		case prev.Action && w.Action && data != nil && sameBytes(prev, data):
			return ErrSameBytes
		case w.Action: // what names the file already
			return site.Error(w, fmt.Sprintf("is also written by platform %q (%s); one would overwrite the other", prev.Platform, prev.What))
		default:
			return site.Error(w, fmt.Sprintf("writes %s, which platform %q also writes (%s); one would overwrite the other", w.Shown, prev.Platform, prev.What))
		}
	}
	if other := st.needs[w.Key]; other != nil {
		return site.Error(w, fmt.Sprintf("writes a file at %s, where %s of platform %q needs a folder", w.Shown, other.What, other.Platform))
	}
	if err := st.NeedFolders(site, w, filepath.Dir(w.Key)); err != nil {
		return err
	}
	st.byKey[w.Key] = w
	return nil
}

// NeedFolders claims the folder dir (a key) and its parents for w, or
// says which write puts a file where one of them must be.
func (st *Stage) NeedFolders(site *Site, w *File, dir string) error {
	for d := dir; ; d = filepath.Dir(d) {
		if f := st.byKey[d]; f != nil {
			return site.Error(w, fmt.Sprintf("needs %s to be a folder, but %s of platform %q writes a file there", f.Shown, f.What, f.Platform))
		}
		if _, ok := st.needs[d]; ok || filepath.Dir(d) == d {
			return nil // its parents were looked at with the write that needed it
		}
		st.needs[d] = w
	}
}

// ErrSameBytes tells the caller that an identical write is already staged.
var ErrSameBytes = errors.New("already staged")

// sameBytes reports whether what w puts in place is data.
func sameBytes(w *File, data []byte) bool {
	name := cmp.Or(w.Tmp, w.Final)
	old, err := os.ReadFile(name)
	return err == nil && bytes.Equal(old, data)
}

// drop forgets a staged write that a later one replaces.
func (s *Stage) drop(w *File) {
	if w.Tmp != "" {
		os.Remove(w.Tmp)
		w.Tmp = ""
	}
}

// Commit puts the pending staged files in place. Every one is checked
// first, so that a destination that cannot take a file (its name too
// long, a folder or a symbolic link there now) fails the build before any
// rename; a cancelled ctx stops it there too, the last moment a signal
// leaves everything as it was. It returns the files renamed; when a
// rename fails after others went in, the rest are dropped and the error
// says which was written.
func (st *Stage) Commit(ctx context.Context, site *Site) ([]string, error) {
	var errs tokenbuild.ErrorList
	for _, w := range st.pending {
		if w.Tmp == "" {
			continue
		}
		fi, err := os.Lstat(w.Final)
		msg := ""
		switch {
		case os.IsNotExist(err):
		case err != nil:
			msg = "cannot be written: " + Cause(err)
		case fi.Mode()&fs.ModeSymlink != 0:
			msg = symlinkRefusal
		case fi.IsDir():
			msg = "is a folder"
		case !fi.Mode().IsRegular():
			msg = "is not a regular file"
		}
		if msg != "" {
			errs = append(errs, site.Error(w, msg))
		}
	}
	if err := errs.Err(); err != nil {
		st.Abort()
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		st.Abort()
		return nil, err
	}
	// A stop (interrupt.Stop) waits for the renames, or keeps them from
	// beginning.
	st.mu.Lock()
	if st.stopped {
		st.mu.Unlock()
		st.Abort()
		return nil, cmp.Or(ctx.Err(), ErrStopped)
	}
	st.committed = true
	var written []string
	for i, w := range st.pending {
		if w.Tmp == "" {
			continue
		}
		if err := os.Rename(w.Tmp, w.Final); err != nil {
			st.pending = st.pending[i:]
			st.mu.Unlock()
			st.Abort()
			return written, site.Error(w, "cannot be written: "+Cause(err))
		}
		w.Tmp = ""
		written = append(written, w.Shown)
		st.renamed = append(st.renamed, w.Shown)
	}
	st.pending, st.dirs = nil, nil
	st.mu.Unlock()
	return written, nil
}

// Abort removes the pending staged files and the folders made for them
// that are left empty.
func (s *Stage) Abort() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, w := range s.pending {
		if w.Tmp != "" {
			os.Remove(w.Tmp)
			w.Tmp = ""
		}
	}
	for i := len(s.dirs) - 1; i >= 0; i-- {
		os.Remove(s.dirs[i]) // only succeeds when empty
	}
	s.pending, s.dirs = nil, nil
}

// Folders lists the folders the build writes into.
func (s *Stage) Folders() []string {
	seen := map[string]bool{}
	var out []string
	for _, w := range s.writes {
		if d := filepath.Dir(w.Final); !seen[d] {
			seen[d] = true
			out = append(out, d)
		}
	}
	return out
}

// SweepTemps removes, from the folders a build writes into, the staged
// files that builds killed before they could clean up (SIGKILL, a power
// cut) left behind: only files named as tokengen names them, made by a
// process that is no longer running, so that a build running beside this
// one keeps its own. It returns the folders it removed files from.
func SweepTemps(dirs []string) (swept []string) {
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

// WriteProblem says why the build may not write the file target of
// platform p, or "" when it may. The file must stay inside the build
// folder (lexically and once links are resolved); no folder below the
// build folder, nor the file itself, may be a symbolic link (what a link
// points at is not the build's to write: the build folder itself may be
// one, as the user chose it); every folder on the way must be a folder;
// and the file, links resolved, must not be one the build reads.
func (site *Site) WriteProblem(buildPath, target string, st *Stage) string {
	return site.pathProblem(buildPath, target, st, false)
}

// FolderProblem is WriteProblem for a folder an action makes (MkdirAll):
// one that is there already is fine.
func (site *Site) FolderProblem(buildPath, dir string, st *Stage) string {
	return site.pathProblem(buildPath, dir, st, true)
}

func (site *Site) pathProblem(buildPath, target string, st *Stage, folder bool) string {
	if strings.ContainsRune(target, 0) {
		return "holds a NUL character, which no file name may hold"
	}
	bdir, target := AbsPath(BuildDir(site.Dir, buildPath)), AbsPath(target)
	if !InsideBuildPath("", bdir, target) {
		return fmt.Sprintf("is outside the platform's buildPath %q", buildPath)
	}
	if fi, err := os.Stat(bdir); err == nil && !fi.IsDir() {
		return fmt.Sprintf("needs the platform's buildPath %q to be a folder, but it is a file", buildPath)
	} else if err != nil && !os.IsNotExist(err) {
		return "cannot be written: " + Cause(err)
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
			return "cannot be written: " + Cause(err)
		case fi.Mode()&fs.ModeSymlink != 0:
			if !InsideBuildPath("", realpath.Of(bdir), realpath.Of(cur)) {
				return fmt.Sprintf("leads outside the platform's buildPath %q through a symbolic link", buildPath)
			}
			if last {
				return symlinkRefusal
			}
			return fmt.Sprintf("passes through %s, a symbolic link; tokengen never writes through a link: remove it, or make buildPath name the real folder", site.Shown(cur))
		case (!last || folder) && !fi.IsDir():
			return fmt.Sprintf("needs %s to be a folder, but it is a file", site.Shown(cur))
		case folder:
		case last && fi.IsDir():
			if !st.IsMade(cur) {
				return "is a folder"
			}
		case last && !fi.Mode().IsRegular():
			return "is not a regular file"
		}
	}
	if !folder && site.Inputs[realpath.Of(target)] {
		return "is a file tokengen reads (the config or a token file); writing it would destroy it"
	}
	return ""
}

// RemoveProblem says why clean may not remove path (an action's
// RemoveAll), or "" when it may: path must be inside the build folder,
// reached through no symbolic link below it, and hold no file the build
// reads. A link at path itself is removed, not followed.
func (site *Site) RemoveProblem(buildPath, path string) string {
	if strings.ContainsRune(path, 0) {
		return "holds a NUL character, which no file name may hold"
	}
	bdir, path := AbsPath(BuildDir(site.Dir, buildPath)), AbsPath(path)
	if !InsideBuildPath("", bdir, path) {
		return fmt.Sprintf("is outside the platform's buildPath %q", buildPath)
	}
	rel, _ := filepath.Rel(bdir, path)
	cur := bdir
	if rel != "." {
		parts := strings.Split(rel, string(filepath.Separator))
		for _, part := range parts[:len(parts)-1] {
			cur = filepath.Join(cur, part)
			if fi, err := os.Lstat(cur); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
				return fmt.Sprintf("passes through %s, which is a symbolic link; tokengen never removes through a link", site.Shown(cur))
			}
		}
	}
	// what would go: the entry itself, its folder's links resolved
	gone := filepath.Join(realpath.Of(filepath.Dir(path)), filepath.Base(path))
	var held []string
	for f := range site.Inputs {
		if f == gone || strings.HasPrefix(f, gone+string(filepath.Separator)) {
			held = append(held, f)
		}
	}
	if len(held) > 0 {
		slices.Sort(held)
		return fmt.Sprintf("holds %s, a file tokengen reads (the config or a token file); removing it would destroy it", site.Shown(held[0]))
	}
	return ""
}

// Error reports a problem of w at its place in the config.
func (site *Site) Error(w *File, msg string) error {
	return site.Place(&tokenbuild.Diagnostic{File: site.ConfigFile, Path: w.At, Msg: fmt.Sprintf("platform %q: %s %s", w.Platform, w.What, msg)})
}

// Cause is what went wrong in a file operation without the path it names
// (a staged file's temporary name means nothing to the user): "file name
// too long", "not a directory".
func Cause(err error) string {
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

// Shown is path as printed: relative to the config's folder, in slashes,
// when it is inside it.
func (site *Site) Shown(path string) string {
	dir := site.Dir
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
	return Printable(filepath.ToSlash(path))
}

// Printable is a name as a message shows it: quoted when it holds a
// control character (a NUL, a newline), which would garble the line.
func Printable(s string) string {
	if strings.ContainsFunc(s, unicode.IsControl) {
		return strconv.Quote(s)
	}
	return s
}

// AbsPath is path made absolute and clean: a config's folder may be
// given relative to the working folder, an action's paths are absolute.
func AbsPath(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		return abs
	}
	return filepath.Clean(path)
}
