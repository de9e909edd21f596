

// Do not edit directly, this file was auto-generated.



package com.example.tokens

import androidx.compose.ui.graphics.Color
import androidx.compose.ui.unit.*

object Tokens {
  val colorError = Color(0xffc32222)
  val colorOnPrimary = Color(0xebffffff)
  val colorPrimary = Color(0xff6200ee)
  val colorSecondary = Color(0xff03dac6)
  val colorSurface = Color(0xebffffff)
}
