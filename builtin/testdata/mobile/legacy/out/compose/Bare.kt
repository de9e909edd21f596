

// Do not edit directly, this file was auto-generated.



package 



object {
  val assetLogo = img/logo.png
  val colorAccent = Color(0xff00ff00)
  val colorBaseBlue = Color(0x800000ff)
  val colorBaseGreen = Color(0xff00ff00)
  /** Pure red */
  val colorBaseRed = Color(0xffff0000)
  /** The brand color */
  val colorPrimary = Color(0xffff0000)
  val colorSecondary = Color(0xffff0000)
  val contentBye = Hello
  /** Greeting */
  val contentHello = Hello
  val fontBody = 16.00.sp
  val fontFamily = Roboto
  val numberZ = 10
  /** first line
second line */
  val sizeBase = 16.00.dp
  val sizeLarge = 16.00.dp
  val sizeSmall = 8.00.dp
  val timeFast = 200
}
