
//
// StaticBare.m
//

// Do not edit directly, this file was auto-generated.


#import ".h"


const ColorBaseRed = [UIColor colorWithRed:1.000f green:0.000f blue:0.000f alpha:1.000f];
const ColorBaseGreen = [UIColor colorWithRed:0.000f green:1.000f blue:0.000f alpha:1.000f];
const ColorBaseBlue = [UIColor colorWithRed:0.000f green:0.000f blue:1.000f alpha:0.500f];
const ColorPrimary = [UIColor colorWithRed:1.000f green:0.000f blue:0.000f alpha:1.000f];
const ColorSecondary = [UIColor colorWithRed:1.000f green:0.000f blue:0.000f alpha:1.000f];
const ColorAccent = [UIColor colorWithRed:0.000f green:1.000f blue:0.000f alpha:1.000f];
const SizeSmall = 8.00f;
const SizeBase = 16.00f;
const SizeLarge = 16.00f;
const FontBody = 16.00f;
const FontFamily = Roboto;
const TimeFast = 200;
const ContentHello = @"Hello";
const ContentBye = @"Hello";
const AssetLogo = @"img/logo.png";
const NumberZ = 10;