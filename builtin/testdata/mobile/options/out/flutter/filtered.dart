
//
// filtered.dart
//

// Do not edit directly, this file was auto-generated.



import 'dart:ui';

class F {
    F._();

    static const colorBaseRed = Color(0xFFFF0000)
    static const colorBaseGreen = Color(0xFF00FF00)
    static const colorBaseBlue = Color(0x800000FF)
    static const colorPrimary = colorBaseRed
    static const colorAccent = colorBaseGreen
    static const colorSecondary = colorPrimary
}