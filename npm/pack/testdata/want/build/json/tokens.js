/**
 * Do not edit directly, this file was auto-generated.
 */

export const ColorBaseBlue = "#0055ff";
export const ColorBaseGray = "#888888";
export const ColorBrand = "#0055ff";
export const SizeSmall = "4rem";
export const SizeLarge = "16rem";
