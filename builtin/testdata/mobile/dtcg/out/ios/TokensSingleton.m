
//
// TokensSingleton.m
//

// Do not edit directly, this file was auto-generated.


#import "TokensSingleton.h"

@implementation TokensSingleton

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
    @"primary": @{
      @"value": [UIColor colorWithRed:0.384f green:0.000f blue:0.933f alpha:1.000f],
      @"name": @"ColorPrimary",
      @"category": @"color",
      @"type": @"primary"
      },
    @"secondary": @{
      @"value": [UIColor colorWithRed:0.012f green:0.855f blue:0.776f alpha:1.000f],
      @"name": @"ColorSecondary",
      @"category": @"color",
      @"type": @"secondary"
      },
    @"surface": @{
      @"value": [UIColor colorWithRed:1.000f green:1.000f blue:1.000f alpha:0.920f],
      @"name": @"ColorSurface",
      @"category": @"color",
      @"type": @"surface"
      },
    @"error": @{
      @"value": [UIColor colorWithRed:0.765f green:0.133f blue:0.133f alpha:1.000f],
      @"name": @"ColorError",
      @"category": @"color",
      @"type": @"error"
      },
    @"on-primary": @{
      @"value": [UIColor colorWithRed:1.000f green:1.000f blue:1.000f alpha:0.920f],
      @"name": @"ColorOnPrimary",
      @"category": @"color",
      @"type": @"on-primary"
      }
    },
  @"size": @{
    @"radius": @{
      @"small": @{
        @"value": @64.00f,
        @"name": @"SizeRadiusSmall",
        @"category": @"size",
        @"type": @"radius",
        @"item": @"small"
        },
      @"large": @{
        @"value": @16.00f,
        @"name": @"SizeRadiusLarge",
        @"category": @"size",
        @"type": @"radius",
        @"item": @"large"
        }
      },
    @"font": @{
      @"body": @{
        @"value": @14.00f,
        @"name": @"SizeFontBody",
        @"category": @"size",
        @"type": @"font",
        @"item": @"body"
        },
      @"title": @{
        @"value": @20.00f,
        @"name": @"SizeFontTitle",
        @"category": @"size",
        @"type": @"font",
        @"item": @"title"
        }
      },
    @"icon": @{
      @"value": @384.00f,
      @"name": @"SizeIcon",
      @"category": @"size",
      @"type": @"icon"
      }
    },
  @"time": @{
    @"quick": @{
      @"value": 150ms,
      @"name": @"TimeQuick",
      @"category": @"time",
      @"type": @"quick"
      },
    @"relaxed": @{
      @"value": 0.5s,
      @"name": @"TimeRelaxed",
      @"category": @"time",
      @"type": @"relaxed"
      }
    },
  @"content": @{
    @"greeting": @{
      @"value": @"Hello, world",
      @"name": @"ContentGreeting",
      @"category": @"content",
      @"type": @"greeting"
      },
    @"quote": @{
      @"value": @"Design tokens, everywhere",
      @"name": @"ContentQuote",
      @"category": @"content",
      @"type": @"quote"
      }
    },
  @"opacity": @{
    @"disabled": @{
      @"value": 0.38,
      @"name": @"OpacityDisabled",
      @"category": @"opacity",
      @"type": @"disabled"
      }
    },
  @"font-family": @{
    @"base": @{
      @"value": Roboto,
      @"name": @"FontFamilyBase",
      @"category": @"font-family",
      @"type": @"base"
      }
    }
  };
  });

  return dictionary;
}

@end

