/** What build() and clean() run over, as `tokengen build` options. */
export interface Options {
  /** The config file (JSON, JSONC, JSON5, .js, .mjs, .ts, or a Go config); default: looked up in cwd. */
  config?: string;
  /** The folder to run in (default: process.cwd()); a relative `config` is relative to it. */
  cwd?: string;
  /** Only these platforms (`--platform`); default: all. */
  platforms?: string[];
  /** The context of each modifier of the config's resolver document (`--input modifier=context`). */
  inputs?: Record<string, string>;
  /** Warnings listed one by one in `diagnostics` rather than under their summary (`--verbose`). */
  verbose?: boolean;
  /** No warnings (`--no-warn`). */
  noWarn?: boolean;
  /** The environment of the tokengen process (default: this process's). */
  env?: Record<string, string | undefined>;
  /** Aborting stops the build; it then writes nothing. */
  signal?: AbortSignal;
}

/** A file a build wrote or left as it was, or that clean removed. */
export interface File {
  /** The platform it belongs to. */
  platform?: string;
  /** The platform's buildPath joined with the destination, relative to `dir`. */
  path: string;
  /** `unchanged`: the file held the build's text already and was left alone. */
  status: 'written' | 'unchanged' | 'removed';
}

/** An error, a warning, or a note an action reported. */
export interface Diagnostic {
  severity: 'error' | 'warning' | 'info';
  /** What it is about: `broken-reference`, `name-collision`, `transform`, ... */
  kind?: string;
  platform?: string;
  /** The file it is in (relative to `dir`), with its 1-based line and column when known. */
  file?: string;
  line?: number;
  column?: number;
  /** The token path (`color.red`) when it is a token's. */
  token?: string;
  message: string;
  /** What would have been right. */
  hint?: string;
  /** The line the command's log sums this warning up under, with others of its kind. */
  summary?: string;
  /** The diagnostic as the command prints it: `file:line:col: warning: token a.b: message`. */
  text: string;
}

export interface Result {
  /** The config's folder, absolute; file paths are relative to it. */
  dir: string;
  files: File[];
  /** Every diagnostic, in the order the command reports them. */
  diagnostics: Diagnostic[];
  /** The diagnostics of severity `warning`. */
  warnings: Diagnostic[];
}

/** The rejection of a failed build or clean. A failed build writes nothing. */
export declare class TokengenError extends Error {
  /** The exit code of the tokengen process: 1 a failed build, 2 a usage error. */
  exitCode: number | null;
  /** What the process wrote to stderr (a usage error's message). */
  stderr: string;
  /** Files a build had put in place before it failed (an action failing after the writes), else empty. */
  files: File[];
  /** The errors (severity `error`) and the warnings reported before them. */
  diagnostics: Diagnostic[];
}

/** Builds the config's platforms: `tokengen build --json`. Rejects with a TokengenError when the build fails. */
export declare function build(options?: Options): Promise<Result>;

/** Removes the files a build writes and undoes its actions: `tokengen clean --json`. */
export declare function clean(options?: Options): Promise<Result>;

/** The path of the tokengen binary for this machine (TOKENGEN_BINARY when set). */
export declare function binaryPath(): string;
