package casing

// Expected values produced by node running change-case 5.4.4 the way the
// reference's name transforms call it.

var nameCases = []struct {
	prefix                                string
	path                                  []string
	camel, pascal, kebab, snake, constant string
}{
	{"", []string{"color", "base", "red", "500"}, "colorBaseRed500", "ColorBaseRed500", "color-base-red-500", "color_base_red_500", "COLOR_BASE_RED_500"},
	{"", []string{"HTMLColor", "XMLHttp"}, "htmlColorXmlHttp", "HtmlColorXmlHttp", "html-color-xml-http", "html_color_xml_http", "HTML_COLOR_XML_HTTP"},
	{"", []string{"size", "2xl"}, "size2xl", "Size2xl", "size-2xl", "size_2xl", "SIZE_2XL"},
	{"", []string{"space", "1_5"}, "space15", "Space15", "space-1-5", "space_1_5", "SPACE_1_5"},
	{"", []string{"a b", "c-d", "e_f", "g", "h"}, "aBCDEFGH", "ABCDEFGH", "a-b-c-d-e-f-g-h", "a_b_c_d_e_f_g_h", "A_B_C_D_E_F_G_H"},
	{"", []string{"\u00c4\u00d6\u00fc", "t\u00e9st"}, "\u00e4\u00d6\u00fcT\u00e9st", "\u00c4\u00d6\u00fcT\u00e9st", "\u00e4-\u00f6\u00fc-t\u00e9st", "\u00e4_\u00f6\u00fc_t\u00e9st", "\u00c4_\u00d6\u00dc_T\u00c9ST"},
	{"", []string{"v1", "2x", "A1b2"}, "v12xA1b2", "V12xA1b2", "v1-2x-a1b2", "v1_2x_a1b2", "V1_2X_A1B2"},
	{"sd", []string{"color", "background", "button", "primary", "active"}, "sdColorBackgroundButtonPrimaryActive", "SdColorBackgroundButtonPrimaryActive", "sd-color-background-button-primary-active", "sd_color_background_button_primary_active", "SD_COLOR_BACKGROUND_BUTTON_PRIMARY_ACTIVE"},
	{"my-prefix", []string{"font", "size", "base"}, "myPrefixFontSizeBase", "MyPrefixFontSizeBase", "my-prefix-font-size-base", "my_prefix_font_size_base", "MY_PREFIX_FONT_SIZE_BASE"},
	{"", []string{"X"}, "x", "X", "x", "x", "X"},
	{"", []string{"fooBar", "barBaz"}, "fooBarBarBaz", "FooBarBarBaz", "foo-bar-bar-baz", "foo_bar_bar_baz", "FOO_BAR_BAR_BAZ"},
	{"", []string{"ABC", "ABCdef", "aBCD", "a1B2C3"}, "abcAbCdefABcdA1B2C3", "AbcAbCdefABcdA1B2C3", "abc-ab-cdef-a-bcd-a1-b2-c3", "abc_ab_cdef_a_bcd_a1_b2_c3", "ABC_AB_CDEF_A_BCD_A1_B2_C3"},
	{"", []string{"  spaced  ", "--x--"}, "spacedX", "SpacedX", "spaced-x", "spaced_x", "SPACED_X"},
	{"", []string{"\u039f\u0394\u039f\u03a3", "\u03a3\u0391\u03a3", "\u03a3", "a\u03a3", "\u03a3\u03a3"}, "\u03bf\u03b4\u03bf\u03c2\u03a3\u03b1\u03c2\u03a3A\u03a3\u03a3\u03c3", "\u039f\u03b4\u03bf\u03c2\u03a3\u03b1\u03c2\u03a3A\u03a3\u03a3\u03c3", "\u03bf\u03b4\u03bf\u03c2-\u03c3\u03b1\u03c2-\u03c3-a-\u03c3-\u03c3\u03c2", "\u03bf\u03b4\u03bf\u03c2_\u03c3\u03b1\u03c2_\u03c3_a_\u03c3_\u03c3\u03c2", "\u039f\u0394\u039f\u03a3_\u03a3\u0391\u03a3_\u03a3_A_\u03a3_\u03a3\u03a3"},
	{"", []string{"stra\u00dfe", "\u00dfeta"}, "stra\u00dfeSSeta", "Stra\u00dfeSSeta", "stra\u00dfe-\u00dfeta", "stra\u00dfe_\u00dfeta", "STRASSE_SSETA"},
	{"", []string{"\u0130stanbul", "\u01c5emal", "\u01c6"}, "i\u0307stanbul\u01c4emal\u01c4", "I\u0307stanbul\u01c4emal\u01c4", "i\u0307stanbul-\u01c6emal-\u01c6", "i\u0307stanbul_\u01c6emal_\u01c6", "I\u0307STANBUL_\u01c4EMAL_\u01c4"},
	{"", []string{"emoji\U0001f600face", "\U00010400\U00010428x", "\u65e5\u672c\u8a9e", "\ud55c\uad6d\uc5b4"}, "emojiFace\U00010400\U00010428x\u65e5\u672c\u8a9e\ud55c\uad6d\uc5b4", "EmojiFace\U00010400\U00010428x\u65e5\u672c\u8a9e\ud55c\uad6d\uc5b4", "emoji-face-\U00010428\U00010428x-\u65e5\u672c\u8a9e-\ud55c\uad6d\uc5b4", "emoji_face_\U00010428\U00010428x_\u65e5\u672c\u8a9e_\ud55c\uad6d\uc5b4", "EMOJI_FACE_\U00010400\U00010400X_\u65e5\u672c\u8a9e_\ud55c\uad6d\uc5b4"},
	{"", []string{"0", "1.5", "-2", ""}, "0152", "0152", "0-1-5-2", "0_1_5_2", "0_1_5_2"},
	{"", []string{"__proto__", "$value", "@at", "#hash"}, "protoValueAtHash", "ProtoValueAtHash", "proto-value-at-hash", "proto_value_at_hash", "PROTO_VALUE_AT_HASH"},
	{"", []string{"\ufb01le", "\ufb00oo", "\u0149"}, "\ufb01leFFoo\u02bcN", "FIleFFoo\u02bcN", "\ufb01le-\ufb00oo-\u0149", "\ufb01le_\ufb00oo_\u0149", "FILE_FFOO_\u02bcN"},
	{"", []string{"camelCaseWithNUMBER12AndMore"}, "camelCaseWithNumber12AndMore", "CamelCaseWithNumber12AndMore", "camel-case-with-number12-and-more", "camel_case_with_number12_and_more", "CAMEL_CASE_WITH_NUMBER12_AND_MORE"},
	{"", []string{"iOS", "macOS", "UIColor", "UIKit", "ID"}, "iOsMacOsUiColorUiKitId", "IOsMacOsUiColorUiKitId", "i-os-mac-os-ui-color-ui-kit-id", "i_os_mac_os_ui_color_ui_kit_id", "I_OS_MAC_OS_UI_COLOR_UI_KIT_ID"},
	{"", []string{"\u01c9ubljana", "\u01c7", "\u01c8a"}, "\u01c9ubljana\u01c7\u01c7a", "\u01c7ubljana\u01c7\u01c7a", "\u01c9ubljana-\u01c9-\u01c9a", "\u01c9ubljana_\u01c9_\u01c9a", "\u01c7UBLJANA_\u01c7_\u01c7A"},
	{"", []string{"x\u0345y", "ab\u0301c"}, "x\u0345yAbC", "X\u0345yAbC", "x\u0345y-ab-c", "x\u0345y_ab_c", "X\u0399Y_AB_C"},
	{"", []string{"1a", "a1", "1A", "A1", "1aB"}, "1aA11AA11aB", "1aA11AA11aB", "1a-a1-1-a-a1-1a-b", "1a_a1_1_a_a1_1a_b", "1A_A1_1_A_A1_1A_B"},
	{"", []string{"\u00c4\u0345\u03a3", "\u0345\u03a3", "A\u03a3\u0301b", "\u01c5Z\u0345\u03a3"}, "\u00e4\u0345\u03c2\u0399\u03c3A\u03c3B\u01c4z\u0345\u03c2", "\u00c4\u0345\u03c2\u0399\u03c3A\u03c3B\u01c4z\u0345\u03c2", "\u00e4\u0345\u03c2-\u0345\u03c3-a\u03c2-b-\u01c6z\u0345\u03c2", "\u00e4\u0345\u03c2_\u0345\u03c3_a\u03c2_b_\u01c6z\u0345\u03c2", "\u00c4\u0399\u03a3_\u0399\u03a3_A\u03a3_B_\u01c4Z\u0399\u03a3"},
	{"Brand", []string{}, "brand", "Brand", "brand", "brand", "BRAND"},
	{"", []string{}, "", "", "", "", ""},
	{"", []string{"tab\there", "new\nline"}, "tabHereNewLine", "TabHereNewLine", "tab-here-new-line", "tab_here_new_line", "TAB_HERE_NEW_LINE"},
}
