// A config module as style-dictionary users write it: both imports are
// resolved by tokengen, neither npm package is installed.
import StyleDictionary from 'style-dictionary';
import { register } from '@tokens-studio/sd-transforms';

register(StyleDictionary);

export default {
  source: ['tokens/base.json', 'tokens/studio.json'],
  preprocessors: ['tokens-studio'],
  platforms: {
    css: {
      transformGroup: 'tokens-studio',
      transforms: ['name/kebab'],
      buildPath: 'build/mjs/',
      files: [{ destination: 'vars.css', format: 'css/variables' }],
    },
  },
};
