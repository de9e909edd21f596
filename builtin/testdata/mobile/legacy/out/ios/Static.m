
//
// Static.m
//

// Do not edit directly, this file was auto-generated.


#import "Static.h"


float const SizeSmall = 8.00f;
float const SizeBase = 16.00f;
float const SizeLarge = 16.00f;