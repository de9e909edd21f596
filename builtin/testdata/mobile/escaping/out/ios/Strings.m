
//
// Strings.m
//

// Do not edit directly, this file was auto-generated.


#import "Strings.h"


NSString * const ContentQuote = @"Say "hi"";
NSString * const ContentApos = @"Don't & <stop>";
NSString * const ContentSlash = @"C:\path\$HOME";
NSString * const ContentEntity = @"&#xE001;";
NSString * const ContentNewline = @"a
b";

@implementation Strings

+ (NSArray *)values {
  static NSArray* array;
  static dispatch_once_t onceToken;

  dispatch_once(&onceToken, ^{
    array = @[
      @{
  @"value": @"Say "hi"",
  @"name": @"ContentQuote",
    @"category": @"content",
    @"type": @"quote"
  },
@{
  @"value": @"Don't & <stop>",
  @"name": @"ContentApos",
    @"category": @"content",
    @"type": @"apos"
  },
@{
  @"value": @"C:\path\$HOME",
  @"name": @"ContentSlash",
    @"category": @"content",
    @"type": @"slash"
  },
@{
  @"value": @"&#xE001;",
  @"name": @"ContentEntity",
    @"category": @"content",
    @"type": @"entity"
  },
@{
  @"value": @"a
b",
  @"name": @"ContentNewline",
    @"category": @"content",
    @"type": @"newline"
  }
    ];
  });

  return array;
}

@end

