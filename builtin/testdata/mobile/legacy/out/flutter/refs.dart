
//
// refs.dart
//

// Do not edit directly, this file was auto-generated.



import 'dart:ui';

class Refs {
    Refs._();

    static const colorBaseRed = Color(0xFFFF0000); /** Pure red */
    static const colorBaseGreen = Color(0xFF00FF00);
    static const colorBaseBlue = Color(0x800000FF);
    static const sizeSmall = 8.00;
    static const /**
 * first line
 * second line
 */
sizeBase = 16.00;
    static const fontBody = 16.00;
    static const fontFamily = Roboto;
    static const timeFast = 200;
    static const contentHello = "Hello"; /** Greeting */
    static const assetLogo = "img/logo.png";
    static const numberZ = 10;
    static const colorPrimary = colorBaseRed; /** The brand color */
    static const colorAccent = colorBaseGreen;
    static const sizeLarge = sizeBase;
    static const contentBye = contentHello;
    static const colorSecondary = colorPrimary;
}