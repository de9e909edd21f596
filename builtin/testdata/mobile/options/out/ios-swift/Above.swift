
//
// Above.swift
//

// Do not edit directly, this file was auto-generated.


import UIKit

public class Above {
    public static let   /** Pure red */
  p_colorBaseRed = UIColor(red: 1.000, green: 0.000, blue: 0.000, alpha: 1)
    public static let   p_colorBaseGreen = UIColor(red: 0.000, green: 1.000, blue: 0.000, alpha: 1)
    public static let   p_colorBaseBlue = UIColor(red: 0.000, green: 0.000, blue: 1.000, alpha: 0.5)
    public static let   p_sizeSmall = CGFloat(8.00)
    public static let   /**
   * first line
   * second line
   */
  p_sizeBase = CGFloat(16.00)
    public static let   p_fontBody = CGFloat(16.00)
    public static let   p_fontFamily = Roboto
    public static let   p_timeFast = 200
    public static let   /** Greeting */
  p_contentHello = "Hello"
    public static let   p_assetLogo = "img/logo.png"
    public static let   p_numberZ = 10
    public static let   /** The brand color */
  p_colorPrimary = p_colorBaseRed
    public static let   p_colorAccent = p_colorBaseGreen
    public static let   p_sizeLarge = p_sizeBase
    public static let   p_contentBye = p_contentHello
    public static let   p_colorSecondary = p_colorPrimary
}