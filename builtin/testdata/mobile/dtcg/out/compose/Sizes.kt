

// Do not edit directly, this file was auto-generated.



package com.example.tokens

import androidx.compose.ui.unit.dp
import androidx.compose.ui.unit.sp

object Sizes {
  val sizeFontBody = 14.00.dp
  val sizeFontTitle = 20.00.dp
  val sizeIcon = 384.00.dp
  val sizeRadiusLarge = 16.00.dp
  val sizeRadiusSmall = 64.00.dp
}
