package builtin

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/tokengen/tokengen/internal/js"
	"github.com/tokengen/tokengen/internal/realpath"
	"github.com/tokengen/tokengen/tokenbuild"
)

// Paths in the actions: Platform.BuildPath is used as given (the pipeline
// has already joined it with the configuration's folder). Relative source
// paths (the "assets" folder, image token values) resolve against the
// "configDir" option when set, else the working directory as in the
// reference.

// AndroidCopyImages is android/copyImages: it copies the image of each
// asset token into the Android drawable folder of its state attribute,
// <buildPath>/android/main/res/drawable-<state>; Undo removes them.
var AndroidCopyImages = tokenbuild.Action{Name: "android/copyImages", Do: copyAndroidImages, Undo: removeAndroidImages, Staged: true}

// CopyAssets is copy_assets: it copies the assets folder into
// <buildPath>/assets; Undo removes that folder. A buildPath that puts
// <buildPath>/assets at, inside or around the assets folder is refused by
// both.
var CopyAssets = tokenbuild.Action{Name: "copy_assets", Do: copyAssetsDir, Undo: removeAssetsDir, Staged: true}

// Actions returns the built-in actions: android/copyImages (also under its
// neutral name mobile-a/copyImages) and copy_assets.
func Actions() []tokenbuild.Action {
	actions := []tokenbuild.Action{AndroidCopyImages, CopyAssets}
	for _, a := range actions[:len(actions):len(actions)] {
		if n := NeutralName(a.Name); n != "" {
			a.Name = n
			actions = append(actions, a)
		}
	}
	return actions
}

// sourcePath resolves a relative source path against the configDir option.
func sourcePath(p string, o tokenbuild.Options) string {
	if dir := o.String("configDir", ""); dir != "" && !filepath.IsAbs(p) {
		return filepath.Join(dir, p)
	}
	return p
}

func actionLog(a *tokenbuild.ActionArgs) io.Writer {
	if a.Log == nil {
		return io.Discard
	}
	return a.Log
}

// androidImage is where android/copyImages puts an asset token: the folder
// <buildPath>/android/main/res/drawable-<state> and the file
// <path[2]>_<path[3]>.png in it.
func androidImage(t *tokenbuild.Token, buildPath string) (dir, file string) {
	end := min(len(t.Path), 4)
	var name string
	if end > 2 {
		name = strings.Join(t.Path[2:end], "_")
	}
	state := "undefined" // the reference prints a missing attribute as is
	if v, ok := t.Attributes.Get("state"); ok {
		state = js.String(v)
	}
	dir = posixJoin(buildPath, "android/main/res/drawable-") + state
	return dir, posixJoin(dir, name+".png")
}

// insideFolder reports whether the slash path file stays inside folder once
// cleaned: token names and attributes choose image file names, and must not
// reach outside the build path with "..".
func insideFolder(folder, file string) bool {
	rel, err := filepath.Rel(filepath.Clean(filepath.FromSlash(folder)), filepath.Clean(filepath.FromSlash(file)))
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

func escapingImage(t *tokenbuild.Token, file string) error {
	return &tokenbuild.Diagnostic{File: t.FilePath, Token: t.PathString(), Msg: fmt.Sprintf("android/copyImages: the image path %s leaves the buildPath; the token's path and state attribute name the file", file)}
}

// isLegacyAsset is the reference's `token.type === 'asset'`: only the legacy
// type key counts, not $type.
func isLegacyAsset(t *tokenbuild.Token) bool {
	typ, _ := t.Prop("type").(string)
	return typ == "asset"
}

func copyAndroidImages(ctx context.Context, a *tokenbuild.ActionArgs) error {
	var errs tokenbuild.ErrorList
	for _, t := range a.Dictionary.AllTokens {
		if err := ctx.Err(); err != nil {
			return err
		}
		if !isLegacyAsset(t) {
			continue
		}
		_, file := androidImage(t, a.Platform.BuildPath)
		if !insideFolder(a.Platform.BuildPath, file) {
			errs = append(errs, escapingImage(t, file))
			continue
		}
		src, ok := t.Value.(string)
		if !ok {
			errs = append(errs, &tokenbuild.Diagnostic{File: t.FilePath, Token: t.PathString(), Msg: "asset value must be a file path string"})
			continue
		}
		data, perm, err := readSource(sourcePath(src, a.Options))
		if err != nil {
			errs = append(errs, &tokenbuild.Diagnostic{File: t.FilePath, Token: t.PathString(), Msg: fmt.Sprintf("android/copyImages: cannot read the image %s: %s", src, cause(err))})
			continue
		}
		if err := writeFile(a, filepath.FromSlash(file), data, perm); err != nil {
			errs = append(errs, err)
		}
	}
	return errs.Err()
}

func removeAndroidImages(ctx context.Context, a *tokenbuild.ActionArgs) error {
	var errs tokenbuild.ErrorList
	for _, t := range a.Dictionary.AllTokens {
		if !isLegacyAsset(t) {
			continue
		}
		_, file := androidImage(t, a.Platform.BuildPath)
		if !insideFolder(a.Platform.BuildPath, file) {
			errs = append(errs, escapingImage(t, file))
			continue
		}
		if err := removeFile(a, filepath.FromSlash(file)); err != nil {
			errs = append(errs, err)
		}
	}
	return errs.Err()
}

func assetsTarget(a *tokenbuild.ActionArgs) string { return posixJoin(a.Platform.BuildPath, "assets") }

// copyAssetsDir copies the "assets" folder into <buildPath>/assets, merging
// into what is there (fs.cp with recursive).
func copyAssetsDir(ctx context.Context, a *tokenbuild.ActionArgs) error {
	src, target := sourcePath("assets", a.Options), assetsTarget(a)
	if err := assetsOverlap(a, src, target, false); err != nil {
		return err
	}
	fmt.Fprintf(actionLog(a), "Copying assets directory to %s\n", target)
	return copyFolderTree(ctx, a, src, filepath.FromSlash(target))
}

// removeAssetsDir deletes <buildPath>/assets; like the reference it fails
// when the folder is not there.
func removeAssetsDir(_ context.Context, a *tokenbuild.ActionArgs) error {
	src, target := sourcePath("assets", a.Options), assetsTarget(a)
	if err := assetsOverlap(a, src, target, true); err != nil {
		return err
	}
	fmt.Fprintf(actionLog(a), "Removing assets directory from %s\n", target)
	dir := filepath.FromSlash(target)
	if _, err := os.Lstat(dir); err != nil {
		return err
	}
	if a.RemoveAll != nil {
		return a.RemoveAll(dir)
	}
	return os.RemoveAll(dir)
}

// assetsOverlap refuses a buildPath that puts <buildPath>/assets at the
// assets folder itself, inside it or around it (buildPath "./",
// "assets/", ...): copying would truncate every asset onto itself or
// recurse into its own copy until names grow too long, and clean would
// remove the user's assets. Paths are compared with their symbolic links
// resolved, so that no link hides the overlap. The error points at the
// platform's buildPath in the config.
func assetsOverlap(a *tokenbuild.ActionArgs, src, target string, undo bool) error {
	s, t := realpath.Of(src), realpath.Of(filepath.FromSlash(target))
	var how string
	switch {
	case s == t:
		how = "the assets folder itself"
	case within(s, t):
		how = "a folder inside the assets folder"
	case within(t, s):
		how = "a folder holding the assets folder"
	default:
		return nil
	}
	shown := filepath.ToSlash(target)
	if dir := a.Options.String("configDir", ""); dir != "" {
		if rel, err := filepath.Rel(dir, filepath.FromSlash(target)); err == nil {
			shown = filepath.ToSlash(rel)
		}
	}
	what := "copy the assets folder to"
	if undo {
		what = "remove"
	}
	return &tokenbuild.Diagnostic{Path: "platforms." + a.Platform.Name + ".buildPath",
		Msg: fmt.Sprintf("platform %q: copy_assets would %s <buildPath>/assets, which is %s, %s", a.Platform.Name, what, shown, how)}
}

// within reports whether the cleaned absolute path p is inside folder.
func within(folder, p string) bool {
	return strings.HasPrefix(p, strings.TrimSuffix(folder, string(filepath.Separator))+string(filepath.Separator))
}

// copyFolderTree copies the folder src to dst recursively, replacing
// files, through the build (writeFile): nothing is in place until the
// whole build succeeded.
func copyFolderTree(ctx context.Context, a *tokenbuild.ActionArgs, src, dst string) error {
	info, err := os.Stat(src)
	if err != nil {
		return fmt.Errorf("cannot read the assets folder: %s", cause(err))
	}
	if info.IsDir() {
		if src, err = filepath.EvalSymlinks(src); err != nil { // walk the folder a link names
			return err
		}
	}
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		out := filepath.Join(dst, rel)
		if d.IsDir() {
			return mkdirAll(a, out) // empty folders are copied too, as fs.cp does
		}
		data, perm, err := readSource(p)
		if err != nil {
			return err
		}
		return writeFile(a, out, data, perm)
	})
}

// cause is what went wrong in a file operation without the path, which
// the message gives as the user wrote it.
func cause(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// readSource reads a file to copy with its permissions; a link is
// followed (reading through it writes nothing), anything but a regular
// file (a FIFO would block) is refused.
func readSource(name string) ([]byte, fs.FileMode, error) {
	info, err := os.Stat(name)
	if err != nil {
		return nil, 0, err
	}
	if !info.Mode().IsRegular() {
		return nil, 0, &fs.PathError{Op: "read", Path: name, Err: errors.New("not a regular file")}
	}
	data, err := os.ReadFile(name)
	return data, info.Mode().Perm(), err
}

// writeFile writes through the build when the engine runs the action
// (ActionArgs.WriteFile: staged, checked, put in place with the build's
// files). Called directly, it writes at once, but never through a
// symbolic link.
func writeFile(a *tokenbuild.ActionArgs, name string, data []byte, perm fs.FileMode) error {
	if a.WriteFile != nil {
		return a.WriteFile(name, data, perm)
	}
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return err
	}
	if fi, err := os.Lstat(name); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		return fmt.Errorf("%s is a symbolic link; it is not written through", name)
	}
	return os.WriteFile(name, data, perm)
}

func mkdirAll(a *tokenbuild.ActionArgs, name string) error {
	if a.MkdirAll != nil {
		return a.MkdirAll(name)
	}
	return os.MkdirAll(name, 0o755)
}

// removeFile removes one file Do wrote, refusing what the build reads when
// the engine runs the action (ActionArgs.RemoveAll).
func removeFile(a *tokenbuild.ActionArgs, name string) error {
	if fi, err := os.Lstat(name); err != nil {
		return err // as the reference's unlink, a file not there fails
	} else if fi.IsDir() {
		return fmt.Errorf("%s is a folder, not an image android/copyImages wrote", name)
	}
	if a.RemoveAll != nil {
		return a.RemoveAll(name)
	}
	return os.Remove(name)
}
