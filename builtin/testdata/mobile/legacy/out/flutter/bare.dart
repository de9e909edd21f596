
//
// bare.dart
//

// Do not edit directly, this file was auto-generated.



import 'dart:ui';

class {
    ._();

    static const assetLogo = "img/logo.png";
    static const colorAccent = Color(0xFF00FF00);
    static const colorBaseBlue = Color(0x800000FF);
    static const colorBaseGreen = Color(0xFF00FF00);
    static const colorBaseRed = Color(0xFFFF0000); /** Pure red */
    static const colorPrimary = Color(0xFFFF0000); /** The brand color */
    static const colorSecondary = Color(0xFFFF0000);
    static const contentBye = "Hello";
    static const contentHello = "Hello"; /** Greeting */
    static const fontBody = 16.00;
    static const fontFamily = Roboto;
    static const numberZ = 10;
    static const /**
 * first line
 * second line
 */
sizeBase = 16.00;
    static const sizeLarge = 16.00;
    static const sizeSmall = 8.00;
    static const timeFast = 200;
}