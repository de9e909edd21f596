

// Do not edit directly, this file was auto-generated.



package com.example

import androidx.compose.ui.graphics.Color
import androidx.compose.ui.unit.*

object Tokens {
  val colorHalf = Color(0x800080ff)
  /** a--b /* nested */
  val colorRed = Color(0xffff0000)
  val contentApos = "Don't & <stop>"
  val contentEntity = "&#xE001;"
  val contentNewline = "a
b"
  /** ends */ here -- ok */
  val contentQuote = "Say "hi""
  /** line1 /* x
line2 */ */
  val contentSlash = "C:\path\$HOME"
}
