
//
// TokensColor.h
//

// Do not edit directly, this file was auto-generated.


#import <UIKit/UIKit.h>

typedef NS_ENUM(NSInteger, TokensColorName) {
ColorPrimary,
ColorSecondary,
ColorSurface,
ColorError,
ColorOnPrimary
};

@interface TokensColor : NSObject
+ (NSArray *)values;
+ (UIColor *)color:(TokensColorName)color;
@end