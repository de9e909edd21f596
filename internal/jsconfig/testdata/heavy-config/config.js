// A heavy CommonJS config of the kind real design systems keep: five custom
// formats written the way such formats are written (a += per line, object
// spread over tokens, sorts with localeCompare, JSON.stringify of a tree,
// Object.entries(...).map(...).join()), over the 2 MB synthetic token set that
// gen-tokens.cjs writes beside it. run-bench times it in node and tokengen.

const byName = (a, b) => a.name.localeCompare(b.name);

function header(file) {
  return `/**\n * ${file.destination}\n * Do not edit directly, this file was auto-generated.\n */\n\n`;
}

module.exports = {
  source: ['tokens/**/*.json'],
  hooks: {
    formats: {
      'heavy/css-vars': ({ dictionary, file }) => {
        let out = header(file) + ':root {\n';
        for (const token of [...dictionary.allTokens].sort(byName)) {
          out += `  --${token.name}: ${token.$value};`;
          if (token.$description) out += ` /* ${token.$description} */`;
          out += '\n';
        }
        out += '}\n';
        return out;
      },
      'heavy/scss-map': ({ dictionary, file }) => {
        const entries = dictionary.allTokens.map((token) => ({
          ...token,
          key: token.path.join('.'),
          meta: { ...token.attributes, type: token.$type },
        }));
        entries.sort((a, b) => a.key.localeCompare(b.key));
        let out = header(file) + '$tokens: (\n';
        for (const entry of entries) {
          out += `  '${entry.key}': (value: ${entry.$value}, type: ${entry.meta.type}),\n`;
        }
        out += ');\n';
        return out;
      },
      'heavy/json-flat': ({ dictionary }) => {
        const flat = {};
        for (const token of dictionary.allTokens) {
          flat[token.name] = {
            value: token.$value,
            type: token.$type,
            ...(token.$description ? { description: token.$description } : {}),
            path: token.path,
          };
        }
        return JSON.stringify(flat, null, 2) + '\n';
      },
      'heavy/ts-declarations': ({ dictionary, file }) => {
        const groups = {};
        for (const token of dictionary.allTokens) {
          const group = token.path.slice(0, 2).join('_');
          (groups[group] = groups[group] || {})[token.path[token.path.length - 1]] = token.$value;
        }
        const body = Object.entries(groups)
          .map(([group, tokens]) =>
            `export const ${group} = {\n` +
            Object.entries(tokens).map(([name, value]) => `  ${name}: ${JSON.stringify(value)},`).join('\n') +
            '\n} as const;')
          .join('\n\n');
        return header(file) + body + '\n';
      },
      'heavy/docs-md': ({ dictionary, options }) => {
        let out = `# ${options.title}\n\n| Token | Value | Type | Description |\n| --- | --- | --- | --- |\n`;
        const documented = dictionary.allTokens.filter((token) => token.$description);
        for (const token of documented.sort(byName)) {
          out += `| \`${token.name}\` | \`${token.$value}\` | ${token.$type} | ${token.$description} |\n`;
        }
        out += `\n${documented.length} of ${dictionary.allTokens.length} tokens documented.\n`;
        return out;
      },
    },
  },
  platforms: {
    web: {
      transformGroup: 'css',
      buildPath: 'build/web/',
      files: [
        { destination: 'vars.css', format: 'heavy/css-vars' },
        { destination: '_map.scss', format: 'heavy/scss-map' },
        { destination: 'tokens.json', format: 'heavy/json-flat' },
        { destination: 'tokens.ts', format: 'heavy/ts-declarations' },
        { destination: 'TOKENS.md', format: 'heavy/docs-md', options: { title: 'Design tokens' } },
      ],
    },
  },
};
