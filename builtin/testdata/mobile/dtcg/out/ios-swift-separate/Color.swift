
//
// Color.swift
//

// Do not edit directly, this file was auto-generated.


import UIKit

public enum BrandColor {
    public static let colorError = UIColor(red: 0.765, green: 0.133, blue: 0.133, alpha: 1)
    public static let colorOnPrimary = UIColor(red: 1.000, green: 1.000, blue: 1.000, alpha: 0.92)
    public static let colorPrimary = UIColor(red: 0.384, green: 0.000, blue: 0.933, alpha: 1) /** Primary brand color */
    public static let colorSecondary = UIColor(red: 0.012, green: 0.855, blue: 0.776, alpha: 1)
    public static let colorSurface = UIColor(red: 1.000, green: 1.000, blue: 1.000, alpha: 0.92)
}