
//
// Plain.swift
//

// Do not edit directly, this file was auto-generated.


import UIKit

public class {
    public static let assetLogo = "img/logo.png"
    public static let colorAccent = UIColor(red: 0.000, green: 1.000, blue: 0.000, alpha: 1)
    public static let colorBaseBlue = UIColor(red: 0.000, green: 0.000, blue: 1.000, alpha: 0.5)
    public static let colorBaseGreen = UIColor(red: 0.000, green: 1.000, blue: 0.000, alpha: 1)
    public static let colorBaseRed = UIColor(red: 1.000, green: 0.000, blue: 0.000, alpha: 1) /** Pure red */
    public static let colorPrimary = UIColor(red: 1.000, green: 0.000, blue: 0.000, alpha: 1) /** The brand color */
    public static let colorSecondary = UIColor(red: 1.000, green: 0.000, blue: 0.000, alpha: 1)
    public static let contentBye = "Hello"
    public static let contentHello = "Hello" /** Greeting */
    public static let fontBody = CGFloat(16.00)
    public static let fontFamily = Roboto
    public static let numberZ = 10
    public static let /**
 * first line
 * second line
 */
sizeBase = CGFloat(16.00)
    public static let sizeLarge = CGFloat(16.00)
    public static let sizeSmall = CGFloat(8.00)
    public static let timeFast = 200
}