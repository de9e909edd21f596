/**
 * Do not edit directly, this file was auto-generated.
 */

export const ColorBaseRed = "#ff0000"; // The red one tricky
// multi
// line comment
export const ColorBaseBlue500 = "#0000ff";
export const ColorBaseQuote = 'say "hi" it\'s';
export const ColorBaseLong =
  "a very long string value that definitely goes beyond eighty columns of width when printed";
export const Size1 = 4;
export const SizeNeg = -2.5;
export const SizeBig = 1e21;
export const SizeList = [
  1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22,
  23, 24, 25, 26, 27,
];
export const SizeStrs = ["a", "b"];
export const SizeMixed = ["a", 1, true];
export const SizeObj = { x: 1, y: "two", zz: [1, 2] };
export const SizeFlag = true;
export const AssetIcon = "data:image/png;base64,AAAA";
export const AssetGlyph = "\\e001";
