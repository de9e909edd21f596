
//
// Enum.swift
//

// Do not edit directly, this file was auto-generated.


import UIKit

internal enum Enum {
    internal static let colorBaseRed = UIColor(red: 1.000, green: 0.000, blue: 0.000, alpha: 1) /** Pure red */
    internal static let colorBaseGreen = UIColor(red: 0.000, green: 1.000, blue: 0.000, alpha: 1)
    internal static let colorBaseBlue = UIColor(red: 0.000, green: 0.000, blue: 1.000, alpha: 0.5)
    internal static let sizeSmall = CGFloat(8.00)
    internal static let /**
 * first line
 * second line
 */
sizeBase = CGFloat(16.00)
    internal static let fontBody = CGFloat(16.00)
    internal static let fontFamily = Roboto
    internal static let timeFast = 200
    internal static let contentHello = "Hello" /** Greeting */
    internal static let assetLogo = "img/logo.png"
    internal static let numberZ = 10
    internal static let colorPrimary = colorBaseRed /** The brand color */
    internal static let colorAccent = colorBaseGreen
    internal static let sizeLarge = sizeBase
    internal static let contentBye = contentHello
    internal static let colorSecondary = colorPrimary
}