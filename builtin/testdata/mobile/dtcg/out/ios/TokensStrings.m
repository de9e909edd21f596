
//
// TokensStrings.m
//

// Do not edit directly, this file was auto-generated.


#import "TokensStrings.h"


NSString * const ContentGreeting = @"Hello, world";
NSString * const ContentQuote = @"Design tokens, everywhere";

@implementation TokensStrings

+ (NSArray *)values {
  static NSArray* array;
  static dispatch_once_t onceToken;

  dispatch_once(&onceToken, ^{
    array = @[
      @{
  @"value": @"Hello, world",
  @"name": @"ContentGreeting",
    @"category": @"content",
    @"type": @"greeting"
  },
@{
  @"value": @"Design tokens, everywhere",
  @"name": @"ContentQuote",
    @"category": @"content",
    @"type": @"quote"
  }
    ];
  });

  return array;
}

@end

