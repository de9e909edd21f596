// One class per runtime, however many bundles import it: a config module
// a script loads by path (new StyleDictionary('./config.js')) registers
// its hooks on the script's class.
const StyleDictionary = (globalThis.__tokengenStyleDictionary ??= (() => {
const g = globalThis.__tokengenSD;
const isPlain = (o) => {
  if (o === null || typeof o !== 'object') return false;
  const p = Object.getPrototypeOf(o);
  return p === Object.prototype || p === null;
};
const mergeable = (o) => Array.isArray(o) || isPlain(o);
const clone = (v) => (mergeable(v) ? deepmerge(Array.isArray(v) ? [] : {}, v) : v);
// deepmerge is style-dictionary's (deepmerge 4 with its options): plain
// objects and arrays merge, arrays concatenate without duplicates when
// both have values, anything else is taken from source as is.
function deepmerge(target, source) {
  const sa = Array.isArray(source);
  if (sa !== Array.isArray(target)) return clone(source);
  if (sa) {
    return target.length > 0 && source.length > 0 ? Array.from(new Set([...target, ...source])) : [...target, ...source];
  }
  const out = {};
  if (mergeable(target)) for (const k of Object.keys(target)) out[k] = clone(target[k]);
  for (const k of Object.keys(source)) {
    if (k === '__proto__' || k === 'constructor') continue;
    if (Object.prototype.hasOwnProperty.call(target, k) && mergeable(source[k])) out[k] = deepmerge(target[k], source[k]);
    else out[k] = clone(source[k]);
  }
  return out;
}
// StyleDictionary.hooks starts with the built-in hooks, as the
// reference's does: transform groups as their lists of names, formats and
// filters as functions running the Go ones, the others as markers standing
// in for Go hooks (calling one says it cannot be called from JavaScript).
// ownHooks leaves a built-in out of what goes back to Go when it is under
// its own name, so that the built-ins stay the Go ones; under another
// name (registerFormat({ name: 'mine', format: hooks.formats['css/variables'] }))
// it is the script's hook, which runs the Go one.
const builtinMarks = new WeakMap(); // function -> the built-in's name
const builtins = globalThis.__tokengenBuiltins ?? {};
const named = (name, f) => {
  builtinMarks.set(f, name);
  return f;
};
const mark = (kind, name) => named(name, () => {
  throw new Error('the built-in ' + kind + ' "' + name + '" is Go code in tokengen and cannot be called from JavaScript; name it in the config instead');
});
// The built-in transforms as the reference's: { type, transitive, filter,
// transform }, their functions running the Go ones.
const builtinTransforms = builtins.transforms ?? {};
// isBuiltinTransform says a transform entry is the built-in of that name
// as it is; one made from it with another filter, transitivity or name is
// the script's own (Go makes it of the built-in's functions).
const isBuiltinTransform = (name, v) => {
  const b = builtinTransforms[name];
  return b !== undefined && isPlain(v) && v.transform === b.transform && v.filter === b.filter && !!v.transitive === !!b.transitive && v.type === b.type;
};
const pristine = {
  transforms: Object.fromEntries(Object.entries(builtinTransforms).map(([n, t]) => [n, { ...t }])),
  transformGroups: Object.fromEntries(Object.entries(builtins.transformGroups ?? {}).map(([n, list]) => [n, [...list]])),
  formats: Object.fromEntries((builtins.formats ?? []).map((n) => [n, named(n, async (args) => builtins.callFormat(n, args))])),
  filters: Object.fromEntries((builtins.filters ?? []).map((n) => [n, named(n, (token, options) => builtins.callFilter(n, token, options))])),
  fileHeaders: Object.fromEntries((builtins.fileHeaders ?? []).map((n) => [n, mark('file header', n)])),
  preprocessors: Object.fromEntries((builtins.preprocessors ?? []).map((n) => [n, mark('preprocessor', n)])),
  parsers: Object.fromEntries((builtins.parsers ?? []).map((n) => [n, { parser: mark('parser', n) }])),
  actions: Object.fromEntries((builtins.actions ?? []).map((n) => [n, { do: mark('action', n), undo: mark('action', n) }])),
};
// pristine is the reference's Register.hooks, and StyleDictionary.hooks
// is that very object until the first registration on the class gives the
// class its own (a deepmerge copy, made anew at each registration). A
// registration first deletes the name from the class's current hooks, so
// the first one under a built-in name deletes the built-in from
// Register.hooks itself. An instance's hooks are the reference's getter:
// deepmerge(StyleDictionary.hooks, own hooks), its own hooks being the
// config's inline hooks when it has any, else Register.hooks as it is
// then. Hence the reference's behaviour, checked in node: a class hook
// under a built-in name wins when it was the class's first registration
// or the config has inline hooks, and a built-in transform group
// re-registered later merges with the built-in list.
const instanceHooks = (own) => deepmerge(StyleDictionary.hooks, own ?? pristine);
const ownOf = (options) => (Object.prototype.hasOwnProperty.call(options, 'hooks') ? options.hooks : undefined);
const sameList = (a, b) => Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => x === b[i]);
// isMark says a hook is the built-in of that name.
const isMark = (name, v) => builtinMarks.get(v) === name || (v !== null && typeof v === 'object' && (builtinMarks.get(v.parser) === name || builtinMarks.get(v.do) === name));
// same compares hooks: deepmerge copies plain objects, so a hook object
// ({ type, transform }) is the same when its members are.
const same = (a, b) => a === b || sameList(a, b) ||
  (isPlain(a) && isPlain(b) && Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((k) => a[k] === b[k] || sameList(a[k], b[k])));
const snapshot = (hooks) => {
  const m = new Map();
  for (const [kind, group] of Object.entries(hooks ?? {})) if (isPlain(group)) for (const [name, v] of Object.entries(group)) m.set(kind + '/' + name, v);
  return m;
};
function ownHooks(hooks) {
  if (!isPlain(hooks)) return hooks;
  const out = {};
  for (const [kind, group] of Object.entries(hooks)) {
    if (!isPlain(group)) { out[kind] = group; continue; }
    const own = {};
    for (const [name, v] of Object.entries(group)) {
      if (kind === 'transforms' ? isBuiltinTransform(name, v) : isMark(name, v)) continue;
      if (kind === 'transformGroups' && sameList(v, builtins.transformGroups?.[name])) continue;
      own[name] = v;
    }
    out[kind] = own;
  }
  return out;
}
// Each register method gives the kind, the name and the hook it registers.
function reg(kind, name, hook) {
  if (typeof name !== 'string' || name === '') throw new TypeError('register' + kind + ': name must be a non-empty string');
  return [kind, name, hook];
}
const registers = {
  registerTransform: (t) => reg('transforms', t.name, { type: t.type, filter: t.filter, transitive: !!t.transitive, transform: t.transform }),
  registerTransformGroup: (t) => reg('transformGroups', t.name, t.transforms),
  registerFormat: (t) => reg('formats', t.name, t.format),
  registerFilter: (t) => reg('filters', t.name, t.filter),
  registerFileHeader: (t) => reg('fileHeaders', t.name, t.fileHeader),
  registerPreprocessor: (t) => reg('preprocessors', t.name, t.preprocessor),
  registerParser: (t) => reg('parsers', t.name, { pattern: t.pattern, parser: t.parser }),
  registerAction: (t) => reg('actions', t.name, { do: t.do, undo: t.undo }),
  registerSort: (t) => reg('sorts', t.name, t.sort),
};
// A config named by path is read as JSON here, so that its keys keep
// their order.
// A config named by path: a JavaScript or TypeScript module's default
// export (run in this runtime), else JSON5 read in Go (its keys keep their
// order).
const load = (config) => {
  if (typeof config !== 'string') return config ?? {};
  if (/\.[mc]?[jt]s$/.test(config)) return g.loadModule(config);
  return g.readConfig(config);
};
// The reference's defaults of an instance's log, before the config's.
const defaultLog = () => ({ warnings: 'warn', verbosity: 'default', errors: { brokenReferences: 'throw' } });
class StyleDictionary {
  static VERSION = '5.5.5';
  static hooks = pristine;
  constructor(config = {}, { init = true, verbosity, warnings } = {}) {
    if (!g) throw new Error('new StyleDictionary() works in a build script or a config module, not in a token file');
    this.config = config;
    this._options = load(config);
    this._hooks = ownOf(this._options);
    this._logOverrides = { verbosity, warnings };
    this._dictionaries = {};
    // The reference copies every config key onto the instance (sd.source,
    // sd.platforms, ... and keys of its own); the getters below give the
    // ones it reads, the others are copied.
    for (const k of Object.keys(this._options)) if (!(k in this)) this[k] = this._options[k];
    let resolveInit, rejectInit;
    this.hasInitialized = new Promise((resolve, reject) => { resolveInit = resolve; rejectInit = reject; });
    this._resolveInit = resolveInit;
    this._rejectInit = rejectInit;
    // A config mistake throws here, as it stops the reference's init.
    if (init) {
      this._create();
      // A failed load ends the script, as the reference's unhandled init
      // does; all but sources that select no token file (a refusal of
      // tokengen's, where the reference builds empty files), which
      // reject hasInitialized instead: the build methods that await it
      // reject, and the script may catch that.
      this._init(true).catch((e) => { if (!g.catchableLoad(e)) throw e; });
    }
  }
  get hooks() { return instanceHooks(this._hooks); }
  set hooks(v) { this._hooks = v; }
  _create() {
    const hooks = ownHooks(this.hooks);
    this._id = g.create({ ...this._options, log: this.log, hooks });
    this._seen = snapshot(hooks);
  }
  // _sync hands Go the hooks added or replaced since the instance was
  // made: the reference looks its hooks up when it builds, so a script
  // may set StyleDictionary.hooks.formats[name] after new StyleDictionary.
  _sync() {
    const add = {};
    let n = 0;
    for (const [kind, group] of Object.entries(ownHooks(this.hooks))) {
      if (!isPlain(group)) continue;
      for (const [name, v] of Object.entries(group)) {
        const key = kind + '/' + name;
        if (this._seen.has(key) && same(this._seen.get(key), v)) continue;
        this._seen.set(key, v);
        (add[kind] ??= {})[name] = v;
        n++;
      }
    }
    if (n > 0) g.register(this._id, add);
  }
  get options() { return deepmerge({ hooks: this.hooks }, { ...this._options, log: this.log, usesDtcg: this.usesDtcg }); }
  get log() {
    const own = this._options.log ?? {};
    return {
      ...defaultLog(),
      ...own,
      verbosity: this._logOverrides.verbosity ?? own.verbosity ?? 'default',
      warnings: this._logOverrides.warnings ?? own.warnings ?? 'warn',
    };
  }
  get tokens() { return this._id === undefined ? {} : g.tokens(this._id); }
  get allTokens() { return this._id === undefined ? [] : g.allTokens(this._id); }
  get tokenMap() { return new Map(this.allTokens.map((t) => [t.key, t])); }
  get usesDtcg() { return this._id === undefined ? this._options.usesDtcg : g.usesDtcg(this._id); }
  get platforms() { return this._options.platforms ?? {}; }
  get source() { return this._options.source ?? []; }
  get include() { return this._options.include ?? []; }
  get parsers() { return this._options.parsers ?? []; }
  get preprocessors() { return this._options.preprocessors ?? []; }
  get expand() { return this._options.expand; }
  init(opts) { return this._init(false, opts); }
  async _init(fromConstructor, { verbosity, warnings } = {}) {
    if (verbosity !== undefined) this._logOverrides.verbosity = verbosity;
    if (warnings !== undefined) this._logOverrides.warnings = warnings;
    if (this._id === undefined) this._create();
    try {
      await g.init(this._id);
    } catch (e) {
      if (g.catchableLoad(e)) {
        this._rejectInit(e);
        // The script that called init gets the rejection: hasInitialized
        // does not report it a second time.
        if (!fromConstructor) this.hasInitialized.catch(() => {});
      }
      throw e;
    }
    this._resolveInit(null);
    return this;
  }
  async extend(config = {}, { verbosity, warnings } = {}) {
    const sd = new StyleDictionary(deepmerge(this.options, load(config)), { init: false, verbosity, warnings });
    return sd.init();
  }
  getPlatformConfig(platform) {
    const p = platform ? this.platforms[platform] : undefined;
    if (!p) throw new Error('Please supply a valid platform, "' + platform + '" does not exist');
    return { ...p, log: deepmerge(this.log, p.log ?? {}) };
  }
  async getPlatformTokens(platform, { cache = true } = {}) {
    await this.hasInitialized;
    this.getPlatformConfig(platform);
    this._sync();
    if (!this._dictionaries[platform] || !cache) this._dictionaries[platform] = await g.platformTokens(this._id, platform);
    return this._dictionaries[platform];
  }
  async exportPlatform(platform, opts) { return (await this.getPlatformTokens(platform, opts)).tokens; }
  async getPlatform(platform, opts) {
    return { dictionary: await this.getPlatformTokens(platform, opts), platformConfig: this.getPlatformConfig(platform) };
  }
  async formatPlatform(platform) {
    await this.hasInitialized;
    this.getPlatformConfig(platform);
    this._sync();
    return (await g.format(this._id, platform))[platform] ?? [];
  }
  async formatAllPlatforms() {
    await this.hasInitialized;
    this._sync();
    const all = await g.format(this._id, null);
    return Object.fromEntries(Object.keys(this.platforms).map((k) => [k, all[k] ?? []]));
  }
  async buildAllPlatforms() { await this.hasInitialized; this._sync(); await g.build(this._id, null); return this; }
  async buildPlatform(name) { await this.hasInitialized; this.getPlatformConfig(name); this._sync(); await g.build(this._id, name); return this; }
  async cleanAllPlatforms() { await this.hasInitialized; this._sync(); await g.clean(this._id, null); return this; }
  async cleanPlatform(name) { await this.hasInitialized; this.getPlatformConfig(name); this._sync(); await g.clean(this._id, name); return this; }
}
// A config module (tokengen build --config config.mjs) may register hooks
// on the class and export a config that uses them, as the reference's
// command line sees them: Load merges them in through this.
globalThis.__tokengenWithClassHooks = (config) => ({ ...config, hooks: ownHooks(instanceHooks(ownOf(config))) });
for (const [k, f] of Object.entries(registers)) {
  StyleDictionary[k] = function (t) {
    const [kind, name, hook] = f(t);
    const h = StyleDictionary.hooks;
    if (h[kind]?.[name]) delete h[kind][name];
    StyleDictionary.hooks = deepmerge(h, { [kind]: { [name]: hook } });
  };
  // An instance's own registrations apply to it only; they take effect on
  // the instances extend makes from it.
  StyleDictionary.prototype[k] = function (t) {
    const [kind, name, hook] = f(t);
    this._hooks = deepmerge(this.hooks, { [kind]: { [name]: hook } });
  };
}
return StyleDictionary;
})());
export default StyleDictionary;
