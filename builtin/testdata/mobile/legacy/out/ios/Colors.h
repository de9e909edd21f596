
//
// Colors.h
//

// Do not edit directly, this file was auto-generated.


#import <UIKit/UIKit.h>

typedef NS_ENUM(NSInteger, ColorName) {
ColorBaseRed,
ColorBaseGreen,
ColorBaseBlue,
ColorPrimary,
ColorSecondary,
ColorAccent
};

@interface Colors : NSObject
+ (NSArray *)values;
+ (UIColor *)color:(ColorName)color;
@end