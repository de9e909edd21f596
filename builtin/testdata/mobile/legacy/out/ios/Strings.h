
//
// Strings.h
//

// Do not edit directly, this file was auto-generated.


#import <Foundation/Foundation.h>


extern NSString * const ContentHello;
extern NSString * const ContentBye;

@interface Strings : NSObject
+ (NSArray *)values;
@end