// Package transform runs a platform's transforms over its tokens and
// resolves their references, as the reference's transform and resolve
// passes do, in one walk: a token is transformed once every token it
// refers to is final. It takes the platform's tokens (its own copies, and
// in a permutation the base's tokens it shares, already final) and
// returns what it found; the engine decides which tokens are copied and
// shared and reports the problems.
package transform

import (
	"sync/atomic"

	"github.com/tokengen/tokengen/internal/diag"
	"github.com/tokengen/tokengen/internal/tokenindex"
	"github.com/tokengen/tokengen/tokenbuild"
)

// State is where a token is in the walk (Failed: a broken or circular
// reference left it untransformed). A caller marks Done the tokens
// that are final already (a permutation's tokens shared with its base);
// the others start Pending.
type State uint8

const (
	Pending State = iota
	inProgress
	Done
	Failed // broken or circular reference: left untransformed, as the reference leaves it
)

// Input is a platform's transforms and tokens.
type Input struct {
	Platform   *tokenbuild.Platform
	Transforms []*tokenbuild.Transform
	Options    tokenbuild.Options // TransformArgs.Options of every call
	// ByKey indexes Tokens (in their order); Refs, when set, are the
	// references of the tokens' written values, by position.
	ByKey  *tokenindex.Map
	Tokens []*tokenbuild.Token
	Refs   *tokenindex.References
	// States, when set, gives each token's state at the start (Done for
	// those shared and final); nil: all Pending.
	States []State
	// PropRefs are the positions of the tokens whose other properties may
	// hold references.
	PropRefs []int32
	// SharedAttributes is the first attribute transform when its results
	// are shared by the platforms that run it, AttributeCache those
	// results by position.
	SharedAttributes *tokenbuild.Transform
	AttributeCache   []atomic.Pointer[tokenbuild.Object]
	// In a permutation: LastName is the platform's last name transform
	// when it declares NameFromPath, Base the base's transformed tokens
	// by position, and SamePath[i] whether the token at i has the base's
	// token's path (it then takes that token's name).
	LastName *tokenbuild.Transform
	Base     []*tokenbuild.Token
	SamePath []bool
}

// Result is what the walk found. Fatal stops the platform (a limit
// reached, a transform that cannot go on); the others are reported.
type Result struct {
	RefErrors       []*tokenbuild.Diagnostic // broken and circular references, in the order found
	TransformErrors []*tokenbuild.Diagnostic
	HookWarnings    []diag.HookWarning // what transforms reported through Warn
	Fatal           error
}

// Run transforms and resolves in.Tokens in place.
func Run(in Input) Result {
	tr := &transformer{platform: in.Platform, transforms: in.Transforms, byKey: in.ByKey, tokens: in.Tokens, refs: in.Refs,
		propRefs: in.PropRefs, states: in.States, sharedAttributes: in.SharedAttributes, attributeCache: in.AttributeCache,
		lastName: in.LastName, base: in.Base, samePath: in.SamePath}
	tr.args = &tokenbuild.TransformArgs{Platform: in.Platform, Options: in.Options, Warn: tr.warn}
	tr.run()
	return Result{RefErrors: tr.refErrors, TransformErrors: tr.transformErrors, HookWarnings: tr.hookWarnings, Fatal: tr.fatal}
}
