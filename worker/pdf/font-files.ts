// The PDF fonts (ADR 110): Noto Sans for every Latin, Greek, Cyrillic and
// Vietnamese name, and Noto Sans SC for Chinese (with Japanese kana), as whole
// TrueType files from the Google Fonts packages. They are static assets under
// /fonts/ (the client build copies them there; see scripts/pdf-fonts-plugin.ts),
// never part of the Worker's bundle: the Worker reads them through its ASSETS
// binding on the first PDF, and the CJK one only when a document needs it.
export const PDF_FONTS = {
  'NotoSans-Regular.ttf': '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  'NotoSans-Bold.ttf': '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  'NotoSansSC-Regular.ttf': '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
} as const

export type PdfFontFile = keyof typeof PDF_FONTS

/** Where the build puts them in the static assets. */
export const PDF_FONTS_PATH = '/fonts/'
