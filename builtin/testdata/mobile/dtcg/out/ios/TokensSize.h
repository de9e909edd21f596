
// TokensSize.h
//

// Do not edit directly, this file was auto-generated.


#import <Foundation/Foundation.h>


extern float const SizeRadiusSmall;
extern float const SizeRadiusLarge;
extern float const SizeFontBody;
extern float const SizeFontTitle;
extern float const SizeIcon;