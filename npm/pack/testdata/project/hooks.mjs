// A config whose hooks print: build() passes that on to stdout and still
// reads its report.
console.log('loading config');
export default {
  source: ['tokens/base.json'],
  hooks: {
    formats: {
      'custom/count': ({ dictionary }) => {
        console.log(`formatting ${dictionary.allTokens.length} tokens`);
        return `${dictionary.allTokens.length}\n`;
      },
    },
  },
  platforms: {
    count: { buildPath: 'build/hooks/', files: [{ destination: 'count.txt', format: 'custom/count' }] },
  },
};
