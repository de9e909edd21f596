package builtin

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/tokengen/tokengen/internal/js"
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
var AndroidCopyImages = tokenbuild.Action{Name: "android/copyImages", Do: copyAndroidImages, Undo: removeAndroidImages}

// CopyAssets is copy_assets: it copies the assets folder into
// <buildPath>/assets; Undo removes that folder.
var CopyAssets = tokenbuild.Action{Name: "copy_assets", Do: copyAssetsDir, Undo: removeAssetsDir}

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
		dir, file := androidImage(t, a.Platform.BuildPath)
		if !insideFolder(a.Platform.BuildPath, file) {
			errs = append(errs, escapingImage(t, file))
			continue
		}
		src, ok := t.Value.(string)
		if !ok {
			errs = append(errs, &tokenbuild.Diagnostic{Token: t.PathString(), Msg: "asset value must be a file path string"})
			continue
		}
		if err := os.MkdirAll(filepath.FromSlash(dir), 0o755); err != nil {
			errs = append(errs, err)
			continue
		}
		if err := copyFileReplacing(sourcePath(src, a.Options), filepath.FromSlash(file)); err != nil {
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
		if err := os.Remove(filepath.FromSlash(file)); err != nil {
			errs = append(errs, err)
		}
	}
	return errs.Err()
}

func assetsTarget(a *tokenbuild.ActionArgs) string { return posixJoin(a.Platform.BuildPath, "assets") }

// copyAssetsDir copies the "assets" folder into <buildPath>/assets, merging
// into what is there (fs.cp with recursive).
func copyAssetsDir(ctx context.Context, a *tokenbuild.ActionArgs) error {
	target := assetsTarget(a)
	fmt.Fprintf(actionLog(a), "Copying assets directory to %s\n", target)
	return copyFolderTree(ctx, sourcePath("assets", a.Options), filepath.FromSlash(target))
}

// removeAssetsDir deletes <buildPath>/assets; like the reference it fails
// when the folder is not there.
func removeAssetsDir(_ context.Context, a *tokenbuild.ActionArgs) error {
	target := assetsTarget(a)
	fmt.Fprintf(actionLog(a), "Removing assets directory from %s\n", target)
	dir := filepath.FromSlash(target)
	if _, err := os.Stat(dir); err != nil {
		return err
	}
	return os.RemoveAll(dir)
}

// copyFolderTree copies the folder src to dst recursively, overwriting files.
func copyFolderTree(ctx context.Context, src, dst string) error {
	if _, err := os.Lstat(src); err != nil {
		return err
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
			return os.MkdirAll(out, 0o755)
		}
		return copyFileReplacing(p, out)
	})
}

// copyFileReplacing copies the file src to dst, replacing dst.
func copyFileReplacing(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	info, err := in.Stat()
	if err != nil {
		return err
	}
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, info.Mode().Perm())
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
