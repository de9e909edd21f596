
//
// tokens.dart
//

// Do not edit directly, this file was auto-generated.



import 'dart:ui';

class Tokens {
    Tokens._();

    static const colorHalf = Color(0x800080FF);
    static const colorRed = Color(0xFFFF0000); /** a--b /* nested */
    static const contentApos = "Don't & <stop>";
    static const contentEntity = "&#xE001;";
    static const contentNewline = "a
b";
    static const contentQuote = "Say "hi""; /** ends */ here -- ok */
    static const /**
 * line1 /* x
 * line2 */
 */
contentSlash = "C:\path\$HOME";
}