
//
// Short.swift
//

// Do not edit directly, this file was auto-generated.


import UIKit

public class Short {
    public static let colorBaseRed = UIColor(red: 1.000, green: 0.000, blue: 0.000, alpha: 1) // Pure red
    public static let colorBaseGreen = UIColor(red: 0.000, green: 1.000, blue: 0.000, alpha: 1)
    public static let colorBaseBlue = UIColor(red: 0.000, green: 0.000, blue: 1.000, alpha: 0.5)
    public static let sizeSmall = CGFloat(8.00)
    public static let // first line
// second line
sizeBase = CGFloat(16.00)
    public static let fontBody = CGFloat(16.00)
    public static let fontFamily = Roboto
    public static let timeFast = 200
    public static let contentHello = "Hello" // Greeting
    public static let assetLogo = "img/logo.png"
    public static let numberZ = 10
    public static let colorPrimary = colorBaseRed // The brand color
    public static let colorAccent = colorBaseGreen
    public static let sizeLarge = sizeBase
    public static let contentBye = contentHello
    public static let colorSecondary = colorPrimary
}