
//
// TokensEnum.swift
//

// Do not edit directly, this file was auto-generated.


import UIKit

internal enum TokensEnum {
    internal static let colorError = UIColor(red: 0.765, green: 0.133, blue: 0.133, alpha: 1)
    internal static let colorOnPrimary = UIColor(red: 1.000, green: 1.000, blue: 1.000, alpha: 0.92)
    internal static let colorPrimary = UIColor(red: 0.384, green: 0.000, blue: 0.933, alpha: 1) /** Primary brand color */
    internal static let colorSecondary = UIColor(red: 0.012, green: 0.855, blue: 0.776, alpha: 1)
    internal static let colorSurface = UIColor(red: 1.000, green: 1.000, blue: 1.000, alpha: 0.92)
    internal static let contentGreeting = "Hello, world"
    internal static let contentQuote = "Design tokens, everywhere"
    internal static let fontFamilyBase = Roboto
    internal static let opacityDisabled = 0.38
    internal static let sizeFontBody = CGFloat(14.00)
    internal static let sizeFontTitle = CGFloat(20.00)
    internal static let sizeIcon = CGFloat(384.00)
    internal static let sizeRadiusLarge = CGFloat(16.00)
    internal static let sizeRadiusSmall = CGFloat(64.00)
    internal static let timeQuick = 150ms
    internal static let timeRelaxed = 0.5s
}