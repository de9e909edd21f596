
//
// Single.m
//

// Do not edit directly, this file was auto-generated.


#import "Single.h"

@implementation Single

+ (NSDictionary *)getProperty:(NSString *)keyPath {
  return [[self properties] valueForKeyPath:keyPath];
}

+ (nonnull)getValue:(NSString *)keyPath {
  return [[self properties] valueForKeyPath:[NSString stringWithFormat:@"%@.value", keyPath]];
}

+ (NSDictionary *)properties {
  static NSDictionary * dictionary;
  static dispatch_once_t onceToken;

  dispatch_once(&onceToken, ^{
    dictionary = @{
  @"content": @{
    @"quote": @{
      @"value": @"Say "hi"",
      @"name": @"ContentQuote",
      @"category": @"content",
      @"type": @"quote"
      },
    @"apos": @{
      @"value": @"Don't & <stop>",
      @"name": @"ContentApos",
      @"category": @"content",
      @"type": @"apos"
      },
    @"slash": @{
      @"value": @"C:\path\$HOME",
      @"name": @"ContentSlash",
      @"category": @"content",
      @"type": @"slash"
      },
    @"entity": @{
      @"value": @"&#xE001;",
      @"name": @"ContentEntity",
      @"category": @"content",
      @"type": @"entity"
      },
    @"newline": @{
      @"value": @"a
b",
      @"name": @"ContentNewline",
      @"category": @"content",
      @"type": @"newline"
      }
    },
  @"color": @{
    @"red": @{
      @"value": [UIColor colorWithRed:1.000f green:0.000f blue:0.000f alpha:1.000f],
      @"name": @"ColorRed",
      @"category": @"color",
      @"type": @"red"
      },
    @"half": @{
      @"value": [UIColor colorWithRed:0.000f green:0.502f blue:1.000f alpha:0.500f],
      @"name": @"ColorHalf",
      @"category": @"color",
      @"type": @"half"
      }
    }
  };
  });

  return dictionary;
}

@end

