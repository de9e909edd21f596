package jsconfig

import _ "embed"

// utilsModule is `style-dictionary/utils`: every export of the reference's
// lib/utils/index.js (5.5.5). The utilities over token trees are Go
// (installUtils); the small per-value helpers are the reference's
// JavaScript, ported as it is, since in Go they would only add calls
// across the boundary. fileHeader, formattedVariables and
// createPropertyFormatter run the built-in formats' Go code on what a
// format receives; given a dictionary, file or token a script made (or
// changed) itself, they run the reference's JavaScript instead.
//
// convertZIPToDTCG reads and returns zip Blobs, which the engine does not
// have: it rejects, saying to use convertToDTCG on the parsed JSON.
//
//go:embed js/utils.js
var utilsModule string
