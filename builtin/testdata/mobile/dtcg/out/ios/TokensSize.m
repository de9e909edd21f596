
//
// TokensSize.m
//

// Do not edit directly, this file was auto-generated.


#import "TokensSize.h"


float const SizeRadiusSmall = 64.00f;
float const SizeRadiusLarge = 16.00f;
float const SizeFontBody = 14.00f;
float const SizeFontTitle = 20.00f;
float const SizeIcon = 384.00f;