/**
 * Do not edit directly, this file was auto-generated.
 */

export default {
  ColorBaseRed: "#ff0000",
  ColorBaseBlue500: "#0000ff",
  ColorBaseQuote: 'say "hi" it\'s',
  ColorBaseLong:
    "a very long string value that definitely goes beyond eighty columns of width when printed",
  Size1: 4,
  SizeNeg: -2.5,
  SizeBig: 1e21,
  SizeList: [
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21,
    22, 23, 24, 25, 26, 27,
  ],
  SizeStrs: ["a", "b"],
  SizeMixed: ["a", 1, true],
  SizeObj: {
    x: 1,
    y: "two",
    zz: [1, 2],
  },
  SizeFlag: true,
  AssetIcon: "data:image/png;base64,AAAA",
  AssetGlyph: "\\e001",
};
