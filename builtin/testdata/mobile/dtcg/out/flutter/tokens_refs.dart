
//
// tokens_refs.dart
//

// Do not edit directly, this file was auto-generated.



import 'dart:ui';

class TokensRefs {
    TokensRefs._();

    static const colorPrimary = Color(0xFF6200EE); /** Primary brand color */
    static const colorSecondary = Color(0xFF03DAC6);
    static const colorSurface = Color(0xEBFFFFFF);
    static const colorError = Color(0xFFC32222);
    static const sizeRadiusSmall = 64.00;
    static const sizeRadiusLarge = 16.00;
    static const sizeFontBody = 14.00;
    static const sizeFontTitle = 20.00;
    static const sizeIcon = 384.00;
    static const timeQuick = 150ms;
    static const timeRelaxed = 0.5s;
    static const contentGreeting = "Hello, world";
    static const contentQuote = "Design tokens, everywhere";
    static const opacityDisabled = 0.38;
    static const fontFamilyBase = Roboto;
    static const colorOnPrimary = colorSurface;
}