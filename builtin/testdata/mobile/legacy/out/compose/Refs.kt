

// Do not edit directly, this file was auto-generated.



package 

import androidx.compose.ui.graphics.Color

internal data object Refs {
  /** Pure red */
  internal val colorBaseRed = Color(0xffff0000)
  internal val colorBaseGreen = Color(0xff00ff00)
  internal val colorBaseBlue = Color(0x800000ff)
  internal val sizeSmall = 8.00.dp
  /** first line
second line */
  internal val sizeBase = 16.00.dp
  internal val fontBody = 16.00.sp
  internal val fontFamily = Roboto
  internal val timeFast = 200
  /** Greeting */
  internal val contentHello = Hello
  internal val assetLogo = img/logo.png
  internal val numberZ = 10
  /** The brand color */
  internal val colorPrimary = colorBaseRed
  internal val colorAccent = colorBaseGreen
  internal val sizeLarge = sizeBase
  internal val contentBye = contentHello
  internal val colorSecondary = colorPrimary
}
