/// UIKit's system colours by their `UIColor` names, as 8-bit sRGB: each one's default-contrast
/// value in the light and dark appearance, as in iOS 15–17. Dark values are the base level; UIKit
/// lightens the backgrounds at the elevated level (sheets, popovers), which this table leaves out.
///
/// Sources:
/// - Accent colours and grays: the Human Interface Guidelines "Color" page, table "iOS, iPadOS
///   system colors", Default (light) and Default (dark) columns, as published before its June 2025
///   update (https://developer.apple.com/design/human-interface-guidelines/color).
/// - Labels, fills, backgrounds, separators and `link`: UIKit's resolved values as transcribed in
///   flutter/flutter `packages/flutter/lib/src/cupertino/colors.dart` (`CupertinoColors`), with the
///   alpha fractions from perseusrealdeal/PerseusDarkMode `README.md` (table 2, read from iOS 15.4).
///
/// UIKit states translucent colours' alpha as a fraction (0.6, 0.29, …); here it is that fraction
/// times 255 rounded to the nearest whole number, halves up (0.3 → 77, 0.29 → 74), as in the usual
/// `#RRGGBBAA` transcriptions (`#3C3C434D`). Flutter truncates instead, so some of its alphas are one less.
public enum SystemColor {
    public static let table: [String: (light: Color, dark: Color)] = [
        "label": (Color(r: 0, g: 0, b: 0), Color(r: 255, g: 255, b: 255)),
        "secondaryLabel": (Color(r: 60, g: 60, b: 67, a: 153), Color(r: 235, g: 235, b: 245, a: 153)),
        "tertiaryLabel": (Color(r: 60, g: 60, b: 67, a: 77), Color(r: 235, g: 235, b: 245, a: 77)),
        "quaternaryLabel": (Color(r: 60, g: 60, b: 67, a: 46), Color(r: 235, g: 235, b: 245, a: 41)),
        "placeholderText": (Color(r: 60, g: 60, b: 67, a: 77), Color(r: 235, g: 235, b: 245, a: 77)),

        "systemFill": (Color(r: 120, g: 120, b: 128, a: 51), Color(r: 120, g: 120, b: 128, a: 92)),
        "secondarySystemFill": (Color(r: 120, g: 120, b: 128, a: 41), Color(r: 120, g: 120, b: 128, a: 82)),
        "tertiarySystemFill": (Color(r: 118, g: 118, b: 128, a: 31), Color(r: 118, g: 118, b: 128, a: 61)),
        "quaternarySystemFill": (Color(r: 116, g: 116, b: 128, a: 20), Color(r: 118, g: 118, b: 128, a: 46)),

        "systemBackground": (Color(r: 255, g: 255, b: 255), Color(r: 0, g: 0, b: 0)),
        "secondarySystemBackground": (Color(r: 242, g: 242, b: 247), Color(r: 28, g: 28, b: 30)),
        "tertiarySystemBackground": (Color(r: 255, g: 255, b: 255), Color(r: 44, g: 44, b: 46)),
        "systemGroupedBackground": (Color(r: 242, g: 242, b: 247), Color(r: 0, g: 0, b: 0)),
        "secondarySystemGroupedBackground": (Color(r: 255, g: 255, b: 255), Color(r: 28, g: 28, b: 30)),
        "tertiarySystemGroupedBackground": (Color(r: 242, g: 242, b: 247), Color(r: 44, g: 44, b: 46)),

        "separator": (Color(r: 60, g: 60, b: 67, a: 74), Color(r: 84, g: 84, b: 88, a: 153)),
        "opaqueSeparator": (Color(r: 198, g: 198, b: 200), Color(r: 56, g: 56, b: 58)),
        "link": (Color(r: 0, g: 122, b: 255), Color(r: 9, g: 132, b: 255)),

        "systemRed": (Color(r: 255, g: 59, b: 48), Color(r: 255, g: 69, b: 58)),
        "systemOrange": (Color(r: 255, g: 149, b: 0), Color(r: 255, g: 159, b: 10)),
        "systemYellow": (Color(r: 255, g: 204, b: 0), Color(r: 255, g: 214, b: 10)),
        "systemGreen": (Color(r: 52, g: 199, b: 89), Color(r: 48, g: 209, b: 88)),
        // Dark as in Flutter's CupertinoColors; the HIG table lists 102, 212, 207 (its Accessible value).
        "systemMint": (Color(r: 0, g: 199, b: 190), Color(r: 99, g: 230, b: 226)),
        // Changed in iOS 15; iOS 13–14 (and Flutter's CupertinoColors) have 90, 200, 250 / 100, 210, 255.
        "systemTeal": (Color(r: 48, g: 176, b: 199), Color(r: 64, g: 200, b: 224)),
        "systemCyan": (Color(r: 50, g: 173, b: 230), Color(r: 100, g: 210, b: 255)),
        "systemBlue": (Color(r: 0, g: 122, b: 255), Color(r: 10, g: 132, b: 255)),
        "systemIndigo": (Color(r: 88, g: 86, b: 214), Color(r: 94, g: 92, b: 230)),
        "systemPurple": (Color(r: 175, g: 82, b: 222), Color(r: 191, g: 90, b: 242)),
        "systemPink": (Color(r: 255, g: 45, b: 85), Color(r: 255, g: 55, b: 95)),
        "systemBrown": (Color(r: 162, g: 132, b: 94), Color(r: 172, g: 142, b: 104)),

        "systemGray": (Color(r: 142, g: 142, b: 147), Color(r: 142, g: 142, b: 147)),
        "systemGray2": (Color(r: 174, g: 174, b: 178), Color(r: 99, g: 99, b: 102)),
        "systemGray3": (Color(r: 199, g: 199, b: 204), Color(r: 72, g: 72, b: 74)),
        "systemGray4": (Color(r: 209, g: 209, b: 214), Color(r: 58, g: 58, b: 60)),
        "systemGray5": (Color(r: 229, g: 229, b: 234), Color(r: 44, g: 44, b: 46)),
        "systemGray6": (Color(r: 242, g: 242, b: 247), Color(r: 28, g: 28, b: 30)),

        // Fixed colours: the same in both appearances.
        "white": (Color(r: 255, g: 255, b: 255), Color(r: 255, g: 255, b: 255)),
        "black": (Color(r: 0, g: 0, b: 0), Color(r: 0, g: 0, b: 0)),
        "clear": (Color(r: 0, g: 0, b: 0, a: 0), Color(r: 0, g: 0, b: 0, a: 0)),
    ]
}
