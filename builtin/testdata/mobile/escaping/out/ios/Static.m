
//
// Static.m
//

// Do not edit directly, this file was auto-generated.


#import "Static.h"


NSString * const ContentQuote = @"Say "hi"";
NSString * const ContentApos = @"Don't & <stop>";
NSString * const ContentSlash = @"C:\path\$HOME";
NSString * const ContentEntity = @"&#xE001;";
NSString * const ContentNewline = @"a
b";
NSString * const ColorRed = [UIColor colorWithRed:1.000f green:0.000f blue:0.000f alpha:1.000f];
NSString * const ColorHalf = [UIColor colorWithRed:0.000f green:0.502f blue:1.000f alpha:0.500f];