
// StaticBare.h
//

// Do not edit directly, this file was auto-generated.


#import <Foundation/Foundation.h>


extern const ColorBaseRed;
extern const ColorBaseGreen;
extern const ColorBaseBlue;
extern const ColorPrimary;
extern const ColorSecondary;
extern const ColorAccent;
extern const SizeSmall;
extern const SizeBase;
extern const SizeLarge;
extern const FontBody;
extern const FontFamily;
extern const TimeFast;
extern const ContentHello;
extern const ContentBye;
extern const AssetLogo;
extern const NumberZ;