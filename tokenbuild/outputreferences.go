package tokenbuild

// OutputReferencesWithArgs decides per token whether a format keeps its
// references, as OutputReferencesFunc does, given what the reference
// gives such a function besides the token ({dictionary, usesDtcg}) and
// the file's list of references to tokens its filter left out, which
// the function may change (the reference's outputReferencesFilter takes
// out the references it vetoes, which are then not written).
type OutputReferencesWithArgs func(t *Token, args *OutputReferencesArgs) bool

// OutputReferencesArgs are the arguments of an OutputReferencesWithArgs
// function besides the token.
type OutputReferencesArgs struct {
	// Dictionary is the file's. Its trees may be made only when asked
	// for: read them with Tree and UnfilteredTree.
	Dictionary *Dictionary
	UsesDtcg   bool
	// FilteredReferences is the format's list of references to tokens
	// the file's filter left out; nil when the caller keeps none (a
	// function called directly).
	FilteredReferences FilteredReferences
}

// FilteredReferences is a format's list of the references its file makes
// to tokens the file's filter left out, each a path as written ("size.base"),
// listed once; the format reports them in one warning once the file is
// made ("This is caused when combining a filter and `outputReferences`.").
type FilteredReferences interface {
	// Add lists a reference to a token the filter left out.
	Add(path string)
	// Remove takes a reference off the list: it will not be written.
	Remove(path string)
}
