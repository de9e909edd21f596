
//
// Strings.m
//

// Do not edit directly, this file was auto-generated.


#import "Strings.h"


NSString * const ContentHello = @"Hello";
NSString * const ContentBye = @"Hello";

@implementation Strings

+ (NSArray *)values {
  static NSArray* array;
  static dispatch_once_t onceToken;

  dispatch_once(&onceToken, ^{
    array = @[
      @{
  @"value": @"Hello",
  @"name": @"ContentHello",
    @"category": @"content",
    @"type": @"hello"
  },
@{
  @"value": @"Hello",
  @"name": @"ContentBye",
    @"category": @"content",
    @"type": @"bye"
  }
    ];
  });

  return array;
}

@end

