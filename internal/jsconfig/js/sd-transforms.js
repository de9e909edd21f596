const s = globalThis.__tokengenStudio;
export const getTransforms = (transformOpts) => s.getTransforms(transformOpts);
export async function register(sd, transformOpts) {
  const h = s.hooks(transformOpts);
  sd.registerPreprocessor({ name: 'tokens-studio', preprocessor: h.preprocessor });
  for (const t of h.transforms) sd.registerTransform(t);
  const platform = transformOpts?.platform ?? 'css';
  const includeBuiltinGroup = transformOpts?.withSDBuiltins ?? true;
  // style-dictionary's own groups are not on tokengen's class: they are
  // read from Go unless the script registered one of that name.
  const builtinTransforms = sd.hooks?.transformGroups?.[platform] ?? s.builtinGroup(platform);
  sd.registerTransformGroup({
    name: transformOpts?.name ?? 'tokens-studio',
    transforms: [...getTransforms(transformOpts), ...(includeBuiltinGroup ? builtinTransforms : []), 'name/camel'],
  });
}
export const addFontStyles = s.addFontStyles;
export const alignTypes = s.alignTypes;
export const excludeParentKeys = s.excludeParentKeys;
export const parseTokens = s.parseTokens;
export const mapDescriptionToComment = s.mapDescriptionToComment;
export const checkAndEvaluateMath = s.checkAndEvaluateMath;
export const transformDimension = s.transformDimension;
export const transformFontWeight = s.transformFontWeight;
export const transformColorModifiers = s.transformColorModifiers;
export const transformLineHeight = s.transformLineHeight;
export const transformOpacity = s.transformOpacity;
export const transformHEXRGBaForCSS = s.transformHEXRGBaForCSS;
export const transformLetterSpacingForCSS = s.transformLetterSpacingForCSS;
export const transformShadow = s.transformShadow;
export const transformTypographyForCompose = s.transformTypographyForCompose;
export const permutateThemes = s.permutateThemes;
export const expandTypesMap = {
  typography: { paragraphSpacing: 'dimension', paragraphIndent: 'dimension', lineHeight: 'lineHeight', letterSpacing: 'letterSpacing' },
  composition: {
    boxShadow: 'shadow', spacing: 'dimension', sizing: 'dimension', borderRadius: 'dimension', borderWidth: 'dimension',
    paragraphSpacing: 'dimension', paragraphIndent: 'dimension', text: 'content',
  },
};
