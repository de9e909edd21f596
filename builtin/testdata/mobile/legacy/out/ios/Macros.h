
//
// Macros.h
//

// Do not edit directly, this file was auto-generated.


#import <Foundation/Foundation.h>
#import <UIKit/UIKit.h>

#define ColorBaseRed [UIColor colorWithRed:1.000f green:0.000f blue:0.000f alpha:1.000f]
#define ColorBaseGreen [UIColor colorWithRed:0.000f green:1.000f blue:0.000f alpha:1.000f]
#define ColorBaseBlue [UIColor colorWithRed:0.000f green:0.000f blue:1.000f alpha:0.500f]
#define ColorPrimary [UIColor colorWithRed:1.000f green:0.000f blue:0.000f alpha:1.000f]
#define ColorSecondary [UIColor colorWithRed:1.000f green:0.000f blue:0.000f alpha:1.000f]
#define ColorAccent [UIColor colorWithRed:0.000f green:1.000f blue:0.000f alpha:1.000f]
#define SizeSmall 8.00f
#define SizeBase 16.00f
#define SizeLarge 16.00f
#define FontBody 16.00f
#define FontFamily Roboto
#define TimeFast 200
#define ContentHello @"Hello"
#define ContentBye @"Hello"
#define AssetLogo @"img/logo.png"
#define NumberZ 10
