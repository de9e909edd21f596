
//
// UI.swift
//

// Do not edit directly, this file was auto-generated.


import SwiftUI

public class UI {
    public static let ColorAccent = [UIColor colorWithRed:0.000f green:1.000f blue:0.000f alpha:1.000f]
    public static let ColorBaseBlue = [UIColor colorWithRed:0.000f green:0.000f blue:1.000f alpha:0.500f]
    public static let ColorBaseGreen = [UIColor colorWithRed:0.000f green:1.000f blue:0.000f alpha:1.000f]
    public static let ColorBaseRed = [UIColor colorWithRed:1.000f green:0.000f blue:0.000f alpha:1.000f] /** Pure red */
    public static let ColorPrimary = [UIColor colorWithRed:1.000f green:0.000f blue:0.000f alpha:1.000f] /** The brand color */
    public static let ColorSecondary = [UIColor colorWithRed:1.000f green:0.000f blue:0.000f alpha:1.000f]
}