
//
// Macros.h
//

// Do not edit directly, this file was auto-generated.


#import <Foundation/Foundation.h>
#import <UIKit/UIKit.h>

#define ContentQuote @"Say "hi""
#define ContentApos @"Don't & <stop>"
#define ContentSlash @"C:\path\$HOME"
#define ContentEntity @"&#xE001;"
#define ContentNewline @"a
b"
#define ColorRed [UIColor colorWithRed:1.000f green:0.000f blue:0.000f alpha:1.000f]
#define ColorHalf [UIColor colorWithRed:0.000f green:0.502f blue:1.000f alpha:0.500f]
