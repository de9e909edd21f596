
//
// TokensStruct.swift
//

// Do not edit directly, this file was auto-generated.


import UIKit
import SwiftUI

public struct TokensStruct {
    public static let colorPrimary = UIColor(red: 0.384, green: 0.000, blue: 0.933, alpha: 1) /** Primary brand color */
    public static let colorSecondary = UIColor(red: 0.012, green: 0.855, blue: 0.776, alpha: 1)
    public static let colorSurface = UIColor(red: 1.000, green: 1.000, blue: 1.000, alpha: 0.92)
    public static let colorError = UIColor(red: 0.765, green: 0.133, blue: 0.133, alpha: 1)
    public static let sizeRadiusSmall = CGFloat(64.00)
    public static let sizeRadiusLarge = CGFloat(16.00)
    public static let sizeFontBody = CGFloat(14.00)
    public static let sizeFontTitle = CGFloat(20.00)
    public static let sizeIcon = CGFloat(384.00)
    public static let timeQuick = 150ms
    public static let timeRelaxed = 0.5s
    public static let contentGreeting = "Hello, world"
    public static let contentQuote = "Design tokens, everywhere"
    public static let opacityDisabled = 0.38
    public static let fontFamilyBase = Roboto
    public static let colorOnPrimary = colorSurface
}