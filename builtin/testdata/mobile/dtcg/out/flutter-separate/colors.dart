
//
// colors.dart
//

// Do not edit directly, this file was auto-generated.



import 'dart:ui';

class BrandColors {
    BrandColors._();

    static const colorError = Color(0xFFC32222);
    static const colorOnPrimary = Color(0xEBFFFFFF);
    static const colorPrimary = Color(0xFF6200EE); /** Primary brand color */
    static const colorSecondary = Color(0xFF03DAC6);
    static const colorSurface = Color(0xEBFFFFFF);
}