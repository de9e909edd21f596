


package 

import androidx.compose.ui.graphics.Color
import androidx.compose.ui.unit.*

object Sec {
  val colorSecondary = colorPrimary
}
