

// Do not edit directly, this file was auto-generated.



package com.example.tokens

import androidx.compose.ui.graphics.Color
import androidx.compose.ui.unit.*

internal data object Colors {
  internal val colorPrimary = Color(0xff6200ee)
  internal val colorSecondary = Color(0xff03dac6)
  internal val colorSurface = Color(0xebffffff)
  internal val colorError = Color(0xffc32222)
  internal val colorOnPrimary = colorSurface
}
