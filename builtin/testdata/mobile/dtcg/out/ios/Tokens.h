
//
// Tokens.h
//

// Do not edit directly, this file was auto-generated.


#import <Foundation/Foundation.h>
#import <UIKit/UIKit.h>

#define ColorPrimary [UIColor colorWithRed:0.384f green:0.000f blue:0.933f alpha:1.000f]
#define ColorSecondary [UIColor colorWithRed:0.012f green:0.855f blue:0.776f alpha:1.000f]
#define ColorSurface [UIColor colorWithRed:1.000f green:1.000f blue:1.000f alpha:0.920f]
#define ColorError [UIColor colorWithRed:0.765f green:0.133f blue:0.133f alpha:1.000f]
#define ColorOnPrimary [UIColor colorWithRed:1.000f green:1.000f blue:1.000f alpha:0.920f]
#define SizeRadiusSmall 64.00f
#define SizeRadiusLarge 16.00f
#define SizeFontBody 14.00f
#define SizeFontTitle 20.00f
#define SizeIcon 384.00f
#define TimeQuick 150ms
#define TimeRelaxed 0.5s
#define ContentGreeting @"Hello, world"
#define ContentQuote @"Design tokens, everywhere"
#define OpacityDisabled 0.38
#define FontFamilyBase Roboto
