/**
 * Do not edit directly, this file was auto-generated.
 */

/** The red one tricky */
export const ColorBaseRed: string;
/**
 * multi
 * line comment
 */
export const ColorBaseBlue500: string;
export const ColorBaseQuote: string;
export const ColorBaseLong: string;
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
export const AssetIcon: string;
export const AssetGlyph: string;
