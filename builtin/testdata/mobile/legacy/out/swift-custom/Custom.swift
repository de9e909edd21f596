
//
// Custom.swift
//

// Do not edit directly, this file was auto-generated.


import UIKit

public enum Custom {
    public static let colorAccent = #00ff00
    public static let colorBaseBlue = rgba(0, 0, 255, 0.5)
    public static let colorBaseGreen = #00ff00
    public static let colorBaseRed = #ff0000 /** Pure red */
    public static let colorPrimary = #ff0000 /** The brand color */
    public static let colorSecondary = #ff0000
}