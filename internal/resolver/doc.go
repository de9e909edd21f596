// Package resolver is about DTCG 2025.10 resolver documents: it imports
// what design tools use for themes (Tokens Studio's $themes.json,
// per-theme source lists) as such documents.
package resolver
