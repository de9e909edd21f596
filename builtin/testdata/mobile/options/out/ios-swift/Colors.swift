
//
// Colors.swift
//

// Do not edit directly, this file was auto-generated.


import UIKit

public enum Colors {
    public static let colorPrimary = colorBaseRed /** The brand color */
}