
//
// Single.h
//

// Do not edit directly, this file was auto-generated.


#import <Foundation/Foundation.h>
#import <UIKit/UIKit.h>

@interface Single : NSObject

+ (NSDictionary *)properties;
+ (NSDictionary *)getProperty:(NSString *)keyPath;
+ (nonnull)getValue:(NSString *)keyPath;

@end