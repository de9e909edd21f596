
// Static.h
//

// Do not edit directly, this file was auto-generated.


#import <Foundation/Foundation.h>


extern float const SizeSmall;
extern float const SizeBase;
extern float const SizeLarge;