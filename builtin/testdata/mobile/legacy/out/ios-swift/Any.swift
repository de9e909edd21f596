
//
// Any.swift
//

// Do not edit directly, this file was auto-generated.


import Foundation

struct Any {
    static let assetLogo = "img/logo.png"
    static let colorAccent = UIColor(red: 0.000, green: 1.000, blue: 0.000, alpha: 1)
    static let colorBaseBlue = UIColor(red: 0.000, green: 0.000, blue: 1.000, alpha: 0.5)
    static let colorBaseGreen = UIColor(red: 0.000, green: 1.000, blue: 0.000, alpha: 1)
    static let colorBaseRed = UIColor(red: 1.000, green: 0.000, blue: 0.000, alpha: 1) /** Pure red */
    static let colorPrimary = UIColor(red: 1.000, green: 0.000, blue: 0.000, alpha: 1) /** The brand color */
    static let colorSecondary = UIColor(red: 1.000, green: 0.000, blue: 0.000, alpha: 1)
    static let contentBye = "Hello"
    static let contentHello = "Hello" /** Greeting */
    static let fontBody = CGFloat(16.00)
    static let fontFamily = Roboto
    static let numberZ = 10
    static let /**
 * first line
 * second line
 */
sizeBase = CGFloat(16.00)
    static let sizeLarge = CGFloat(16.00)
    static let sizeSmall = CGFloat(8.00)
    static let timeFast = 200
}