
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
  @"color": @{
    @"base": @{
      @"red": @{
        @"value": [UIColor colorWithRed:1.000f green:0.000f blue:0.000f alpha:1.000f],
        @"name": @"ColorBaseRed",
        @"category": @"color",
        @"type": @"base",
        @"item": @"red"
        },
      @"green": @{
        @"value": [UIColor colorWithRed:0.000f green:1.000f blue:0.000f alpha:1.000f],
        @"name": @"ColorBaseGreen",
        @"category": @"color",
        @"type": @"base",
        @"item": @"green"
        },
      @"blue": @{
        @"value": [UIColor colorWithRed:0.000f green:0.000f blue:1.000f alpha:0.500f],
        @"name": @"ColorBaseBlue",
        @"category": @"color",
        @"type": @"base",
        @"item": @"blue"
        }
      },
    @"primary": @{
      @"value": [UIColor colorWithRed:1.000f green:0.000f blue:0.000f alpha:1.000f],
      @"name": @"ColorPrimary",
      @"category": @"color",
      @"type": @"primary"
      },
    @"secondary": @{
      @"value": [UIColor colorWithRed:1.000f green:0.000f blue:0.000f alpha:1.000f],
      @"name": @"ColorSecondary",
      @"category": @"color",
      @"type": @"secondary"
      },
    @"accent": @{
      @"value": [UIColor colorWithRed:0.000f green:1.000f blue:0.000f alpha:1.000f],
      @"name": @"ColorAccent",
      @"category": @"color",
      @"type": @"accent"
      }
    },
  @"size": @{
    @"small": @{
      @"value": @8.00f,
      @"name": @"SizeSmall",
      @"category": @"size",
      @"type": @"small"
      },
    @"base": @{
      @"value": @16.00f,
      @"name": @"SizeBase",
      @"category": @"size",
      @"type": @"base"
      },
    @"large": @{
      @"value": @16.00f,
      @"name": @"SizeLarge",
      @"category": @"size",
      @"type": @"large"
      }
    },
  @"font": @{
    @"body": @{
      @"value": @16.00f,
      @"name": @"FontBody",
      @"category": @"font",
      @"type": @"body"
      },
    @"family": @{
      @"value": Roboto,
      @"name": @"FontFamily",
      @"category": @"font",
      @"type": @"family"
      }
    },
  @"time": @{
    @"fast": @{
      @"value": @200,
      @"name": @"TimeFast",
      @"category": @"time",
      @"type": @"fast"
      }
    },
  @"content": @{
    @"hello": @{
      @"value": @"Hello",
      @"name": @"ContentHello",
      @"category": @"content",
      @"type": @"hello"
      },
    @"bye": @{
      @"value": @"Hello",
      @"name": @"ContentBye",
      @"category": @"content",
      @"type": @"bye"
      }
    },
  @"asset": @{
    @"logo": @{
      @"value": @"img/logo.png",
      @"name": @"AssetLogo",
      @"category": @"asset",
      @"type": @"logo"
      }
    },
  @"number": @{
    @"z": @{
      @"value": 10,
      @"name": @"NumberZ",
      @"category": @"number",
      @"type": @"z"
      }
    }
  };
  });

  return dictionary;
}

@end

