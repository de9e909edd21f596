// Package resolver reads DTCG 2025.10 resolver documents, and imports
// what design tools use for themes (Tokens Studio's $themes.json,
// per-theme source lists) as such documents.
//
// It is a phase of the build, data in and data out: Read reads and checks
// a document (every problem at its file:line:col), Choose checks the
// inputs against its modifiers, Plan lists the permutations a config's
// destinations need, and Merge returns the token tree of one permutation
// with where its parts are written. The engine stores what it returns;
// the package imports nothing of the engine, and takes what it needs of
// it (reading token files as the engine does, placing a config key)
// through the Host it is given.
package resolver
