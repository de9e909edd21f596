const u = globalThis.__tokengenUtils;
export const usesReferences = u.usesReferences;
export const getReferences = u.getReferences;
export const resolveReferences = u.resolveReferences;
export const outputReferencesFilter = u.outputReferencesFilter;
export const outputReferencesTransformed = u.outputReferencesTransformed;
export const flattenTokens = u.flattenTokens;
export const typeDtcgDelegate = u.typeDtcgDelegate;
export const convertToDTCG = u.convertToDTCG;
export const stripMeta = u.stripMeta;
export const convertTokenData = u.convertTokenData;
export const sortByReference = u.sortByReference;
export const minifyDictionary = u.minifyDictionary;

// The engine has no Blob: convertJSONToDTCG reads a path through the
// build script's node:fs (or anything with text() and type, as a Blob
// has) and returns a JSONBlob, which has what scripts read of the Blob
// node returns (type, size, text()).
class JSONBlob {
  #text;
  constructor(text) {
    this.#text = text;
    this.type = 'application/json';
  }
  get size() {
    return unescape(encodeURIComponent(this.#text)).length;
  }
  async text() {
    return this.#text;
  }
}

export async function convertJSONToDTCG(blobOrPath, opts) {
  let text;
  if (typeof blobOrPath === 'string') {
    const fs = globalThis.__tokengenNode?.fs;
    if (!fs) {
      throw new Error('convertJSONToDTCG reads files in a build script (tokengen run), not in a config module');
    }
    text = fs.readFileSync(blobOrPath, 'utf-8');
  } else {
    if (!String(blobOrPath?.type).includes('json')) {
      throw new Error('File (Blob) is of type ' + blobOrPath?.type + ', but a json type blob was expected.');
    }
    text = await blobOrPath.text();
  }
  return new JSONBlob(JSON.stringify(convertToDTCG(JSON.parse(text), opts), null, 2));
}

export async function convertZIPToDTCG(blobOrPath, opts) {
  throw new Error('convertZIPToDTCG is not available in tokengen (it has no Blob or zip): use convertToDTCG on each file\'s parsed JSON');
}

export const DTCGTypesMap = {
  border: { style: 'strokeStyle', width: 'dimension' },
  transition: { delay: 'duration', timingFunction: 'cubicBezier' },
  shadow: { offsetX: 'dimension', offsetY: 'dimension', blur: 'dimension', spread: 'dimension' },
  gradient: { position: 'number' },
  typography: { fontSize: 'dimension', letterSpacing: 'dimension', lineHeight: 'number' },
  strokeStyle: { dashArray: 'dimension' },
};

export function sortByName(a, b) {
  if (b.name > a.name) {
    return -1;
  } else {
    return 1;
  }
}

export function iconsWithPrefix(prefix, allTokens, options, platform) {
  return allTokens
    .filter(function (token) {
      return token.type === 'icon';
    })
    .map(function (token) {
      const varName =
        prefix + token.name + ': ' + (options.usesDtcg ? token.$value : token.value) + ';';
      const className = '.' + platform.prefix + '-icon.' + token.attributes?.item + ':before ';
      const declaration = '{ content: ' + prefix + token.name + '; }';
      return varName + '\n' + className + declaration;
    })
    .join('\n');
}

export function getTypeScriptType(value, options) {
  const { outputStringLiterals = false } = options ?? {};
  if (Array.isArray(value)) return getArrayType(value);
  if (typeof value === 'object') return getObjectType(value);
  if (outputStringLiterals && typeof value === 'string') return '"' + value.replace(/"/g, '\\"') + '"';
  if (['string', 'number', 'boolean'].includes(typeof value)) return typeof value;
  return 'any';
}

function getObjectType(value) {
  const entries = Object.entries(value);
  return '{ ' + entries
    .map(([key, property], index) => {
      const isLast = entries.length === index + 1;
      return key + ': ' + getTypeScriptType(property) + (!isLast ? ', ' : '');
    })
    .join('') + ' }';
}

function getArrayType(arr) {
  if (arr.length > 0) {
    const firstValueType = getTypeScriptType(arr[0]);
    if (arr.every((v) => getTypeScriptType(v) === firstValueType)) {
      return '[' + Array.from(arr, () => firstValueType).join(',') + ']';
    } else {
      return '(' + Array.from(
        new Set(
          arr.map((item, index) => {
            const isLast = arr.length === index + 1;
            return getTypeScriptType(item) + (!isLast ? ' | ' : '');
          }),
        ),
      ).join('') + ')[]';
    }
  }
  return 'any[]';
}

export function setSwiftFileProperties(options, objectType, transformGroup) {
  if (options.objectType == null) {
    if (typeof objectType === 'undefined') {
      options.objectType = 'class';
    } else {
      options.objectType = objectType;
    }
  }
  if (typeof options.import === 'undefined') {
    if (typeof transformGroup === 'undefined') {
      options.import = ['UIKit'];
    } else if (['ios-swift', 'ios-swift-separate'].includes(transformGroup)) {
      options.import = ['UIKit'];
    } else {
      options.import = ['SwiftUI'];
    }
  } else if (typeof options.import === 'string') {
    options.import = [options.import];
  }
  if (typeof options.accessControl === 'undefined') {
    options.accessControl = 'public';
  } else if (options.accessControl !== '') {
    options.accessControl = '' + options.accessControl;
  }
  return options;
}

export function setComposeObjectProperties(options = {}) {
  if (typeof options.import === 'undefined') {
    options.import = ['androidx.compose.ui.graphics.Color', 'androidx.compose.ui.unit.*'];
  } else if (typeof options.import === 'string') {
    options.import = [options.import];
  }
  return options;
}

function addComment(to_ret_token, comment, options) {
  const { commentStyle, indentation } = options;
  let { commentPosition } = options;
  if (!comment || commentStyle === 'none') {
    return to_ret_token;
  }
  const commentsByNewLine = comment.split('\n');
  if (commentsByNewLine.length > 1) {
    commentPosition = 'above';
  }
  let processedComment;
  switch (commentStyle) {
    case 'short':
      if (commentPosition === 'inline') {
        processedComment = '// ' + comment;
      } else {
        processedComment = commentsByNewLine.reduce(
          (acc, curr) => acc + indentation + '// ' + curr + '\n',
          '',
        );
        processedComment = processedComment.replace(/\n$/g, '');
      }
      break;
    case 'long':
      if (commentsByNewLine.length > 1) {
        processedComment = commentsByNewLine.reduce(
          (acc, curr) => acc + indentation + ' * ' + curr + '\n',
          indentation + '/**\n',
        );
        processedComment += indentation + ' */';
      } else {
        processedComment = (commentPosition === 'above' ? indentation : '') + '/** ' + comment + ' */';
      }
      break;
  }
  if (commentPosition === 'above') {
    to_ret_token = processedComment + '\n' + to_ret_token;
  } else {
    to_ret_token = to_ret_token + ' ' + processedComment;
  }
  return to_ret_token;
}

export function createPropertyFormatter(opts) {
  const formatJS = createPropertyFormatterJS(opts);
  if (!u.isFormatDictionary(opts.dictionary)) {
    return formatJS;
  }
  const formatGo = u.propertyFormatter(opts);
  return function (token) {
    return formatGo(token) ?? formatJS(token);
  };
}

function createPropertyFormatterJS({
  outputReferences = false,
  outputReferenceFallbacks = false,
  dictionary,
  format,
  formatting = {},
  themeable = false,
  usesDtcg = false,
}) {
  const formatDefaults = {};
  switch (format) {
    case 'css':
      formatDefaults.prefix = '--';
      formatDefaults.indentation = '  ';
      formatDefaults.separator = ':';
      break;
    case 'sass':
      formatDefaults.prefix = '$';
      formatDefaults.commentStyle = 'short';
      formatDefaults.indentation = '';
      formatDefaults.separator = ':';
      break;
    case 'less':
      formatDefaults.prefix = '@';
      formatDefaults.commentStyle = 'short';
      formatDefaults.indentation = '';
      formatDefaults.separator = ':';
      break;
    case 'stylus':
      formatDefaults.prefix = '$';
      formatDefaults.commentStyle = 'short';
      formatDefaults.indentation = '';
      formatDefaults.separator = '=';
      break;
  }
  const mergedOptions = {
    prefix: '',
    commentStyle: 'long',
    commentPosition: 'inline',
    indentation: '',
    separator: ' =',
    suffix: ';',
    ...formatDefaults,
    ...formatting,
  };
  let { prefix, indentation, separator, suffix } = mergedOptions;
  const { tokens, unfilteredTokens } = dictionary;
  return function (token) {
    let to_ret_token = '' + indentation + prefix + token.name + separator + ' ';
    let value = usesDtcg ? token.$value : token.value;
    const originalValue = usesDtcg ? token.original.$value : token.original.value;
    const shouldOutputRef =
      usesReferences(originalValue) &&
      (typeof outputReferences === 'function'
        ? outputReferences(token, { dictionary, usesDtcg })
        : outputReferences);
    if (shouldOutputRef) {
      const refs = getReferences(
        originalValue,
        tokens,
        { unfilteredTokens, usesDtcg, warnImmediately: false },
        [],
      );
      const originalIsObject = typeof originalValue === 'object' && originalValue !== null;
      if (!originalIsObject) {
        value = originalValue;
      }
      refs.forEach((ref) => {
        if (Object.hasOwn(ref, (usesDtcg ? '$' : '') + 'value') && Object.hasOwn(ref, 'name')) {
          const refVal = usesDtcg ? ref.$value : ref.value;
          const replaceFunc = function () {
            if (format === 'css') {
              if (outputReferenceFallbacks) {
                return 'var(' + prefix + ref.name + ', ' + refVal + ')';
              } else {
                return 'var(' + prefix + ref.name + ')';
              }
            } else {
              return '' + prefix + ref.name;
            }
          };
          value = ('' + value).replace(
            originalIsObject ? refVal : new RegExp('{' + ref.path.join('\\.') + '(\\.\\$?value)?}', 'g'),
            replaceFunc,
          );
        }
      });
    }
    to_ret_token += value;
    const themeable_token = typeof token.themeable === 'boolean' ? token.themeable : themeable;
    if (format === 'sass' && themeable_token) {
      to_ret_token += ' !default';
    }
    to_ret_token += suffix;
    const comment = token.$description ?? token.comment;
    to_ret_token = addComment(to_ret_token, comment, mergedOptions);
    return to_ret_token;
  };
}

function formattedVariablesJS({
  format,
  dictionary,
  outputReferences = false,
  outputReferenceFallbacks,
  formatting = {},
  themeable = false,
  usesDtcg = false,
  sort,
}) {
  let allTokens = dictionary.allTokens;
  const tokens = dictionary.tokens;
  let { lineSeparator } = Object.assign({}, { lineSeparator: '\n' }, formatting);
  const sortInputs = sort ? (Array.isArray(sort) ? sort : [sort]) : [];
  const byReference = outputReferences
    ? sortByReference(tokens, { unfilteredTokens: dictionary.unfilteredTokens, usesDtcg })
    : null;
  const normalize = (keyOrFn) => {
    if (typeof keyOrFn === 'function') return keyOrFn;
    if (keyOrFn === 'name') return sortByName;
    if (typeof keyOrFn === 'string') {
      throw new Error(
        'Invalid "sort" option: "' + keyOrFn + '". ' +
          'Use "name", a comparator function, or an array of those.',
      );
    }
    throw new Error(
      'Invalid "sort" option type: ' + typeof keyOrFn + '. ' +
        'Use "name", a comparator function, or an array of those.',
    );
  };
  const isComparator = (s) => s !== null;
  const requestedSorters = sortInputs.map(normalize).filter(isComparator);
  const comparators = outputReferences
    ? [byReference, ...requestedSorters].filter(isComparator)
    : requestedSorters.filter(isComparator);
  if (comparators.length > 0) {
    allTokens = [...allTokens].sort((a, b) => {
      for (const cmp of comparators) {
        const r = cmp(a, b);
        if (r !== 0) return r;
      }
      return 0;
    });
  }
  return allTokens
    .map(
      createPropertyFormatterJS({
        outputReferences,
        outputReferenceFallbacks,
        dictionary,
        format,
        formatting,
        themeable,
        usesDtcg,
      }),
    )
    .filter(function (strVal) {
      return !!strVal;
    })
    .join(lineSeparator);
}

export function formattedVariables(opts) {
  if (opts && u.isFormatDictionary(opts.dictionary)) {
    return u.formattedVariables(opts);
  }
  return formattedVariablesJS(opts);
}

async function fileHeaderJS({ file, commentStyle, formatting = {}, options = {} }) {
  let showFileHeader = true;
  if (typeof file?.options?.showFileHeader !== 'undefined') {
    showFileHeader = file.options.showFileHeader;
  }
  if (!showFileHeader) return '';
  let fn = (arr) => arr ?? [];
  if (file?.options?.fileHeader && typeof file?.options?.fileHeader !== 'string') {
    fn = file.options.fileHeader;
  }
  let {
    prefix,
    lineSeparator,
    header,
    commentStyle: _commentStyle,
    footer,
  } = Object.assign({}, {
    lineSeparator: '\n',
    prefix: ' * ',
    header: '/**\n',
    footer: '\n */\n\n',
  }, formatting);
  const commentStyleMerged = commentStyle ?? _commentStyle;
  // The notice and, unless formatting.fileHeaderTimestamp is false, the
  // build's date: tokengen's headers carry it by default (README,
  // "Coming from style-dictionary"), as the built-in formats' do.
  const defaultHeader = u.defaultHeaderLines(formatting);
  if (commentStyleMerged === 'short') {
    prefix = '// ';
    header = '' + lineSeparator;
    footer = '' + lineSeparator + lineSeparator;
  } else if (commentStyleMerged === 'xml') {
    prefix = '  ';
    header = '<!--' + lineSeparator;
    footer = lineSeparator + '-->';
  }
  const headerContent = await fn(defaultHeader, options);
  return header + headerContent.map((line) => prefix + line).join(lineSeparator) + footer;
}

export function fileHeader(opts) {
  // The Go header reads the file being formatted; without a file, the
  // reference reads none, and neither does its port.
  if (u.hasFormatArgs() && opts?.file) {
    return u.fileHeader(opts);
  }
  return fileHeaderJS(opts);
}
