/**
 * Do not edit directly, this file was auto-generated.
 */

/** The red one tricky */
export const ColorBaseRed: "#ff0000";
/**
 * multi
 * line comment
 */
export const ColorBaseBlue500: "#0000ff";
export const ColorBaseQuote: 'say "hi" it\'s';
export const ColorBaseLong: "a very long string value that definitely goes beyond eighty columns of width when printed";
export const Size1: number;
export const SizeNeg: number;
export const SizeBig: number;
export const SizeList: [
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
];
export const SizeStrs: [string, string];
export const SizeMixed: (string | number | boolean)[];
export const SizeObj: { x: number; y: string; zz: [number, number] };
export const SizeFlag: boolean;
export const AssetIcon: "data:image/png;base64,AAAA";
export const AssetGlyph: "\e001";
