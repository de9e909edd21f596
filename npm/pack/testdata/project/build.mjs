// A build script: run with node and style-dictionary installed, or with
// tokengen run build.mjs.
import StyleDictionary from 'style-dictionary';

const sd = new StyleDictionary({
  source: ['tokens/base.json'],
  platforms: {
    scss: {
      transformGroup: 'scss',
      buildPath: 'build/script/',
      files: [{ destination: '_vars.scss', format: 'scss/variables' }],
    },
  },
});
await sd.buildAllPlatforms();
console.log('built', Object.keys(sd.platforms).join(','));
