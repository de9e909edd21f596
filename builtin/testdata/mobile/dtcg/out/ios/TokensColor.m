
//
// TokensColor.m
//

// Do not edit directly, this file was auto-generated.


#import "TokensColor.h"

@implementation TokensColor

+ (UIColor *)color:(TokensColorName)colorEnum{
  return [[self values] objectAtIndex:colorEnum];
}

+ (NSArray *)values {
  static NSArray* colorArray;
  static dispatch_once_t onceToken;

  dispatch_once(&onceToken, ^{
    colorArray = @[
[UIColor colorWithRed:0.384f green:0.000f blue:0.933f alpha:1.000f],
[UIColor colorWithRed:0.012f green:0.855f blue:0.776f alpha:1.000f],
[UIColor colorWithRed:1.000f green:1.000f blue:1.000f alpha:0.920f],
[UIColor colorWithRed:0.765f green:0.133f blue:0.133f alpha:1.000f],
[UIColor colorWithRed:1.000f green:1.000f blue:1.000f alpha:0.920f]
    ];
  });

  return colorArray;
}

@end