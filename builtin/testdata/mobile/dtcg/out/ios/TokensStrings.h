
//
// TokensStrings.h
//

// Do not edit directly, this file was auto-generated.


#import <Foundation/Foundation.h>


extern NSString * const ContentGreeting;
extern NSString * const ContentQuote;

@interface TokensStrings : NSObject
+ (NSArray *)values;
@end