
//
// Class.swift
//

// Do not edit directly, this file was auto-generated.


import UIKit

public class Class {
    public static let colorHalf = UIColor(red: 0.000, green: 0.502, blue: 1.000, alpha: 0.5)
    public static let colorRed = UIColor(red: 1.000, green: 0.000, blue: 0.000, alpha: 1) /** a--b /* nested */
    public static let contentApos = "Don't & <stop>"
    public static let contentEntity = "&#xE001;"
    public static let contentNewline = "a
b"
    public static let contentQuote = "Say "hi"" /** ends */ here -- ok */
    public static let /**
 * line1 /* x
 * line2 */
 */
contentSlash = "C:\path\$HOME"
}