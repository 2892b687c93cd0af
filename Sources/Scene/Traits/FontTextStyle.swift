/// UIKit's text styles (`UIFont.TextStyle`), by the names scenes use: each a size and a leading
/// (line height) at every content size category, and a weight.
public enum FontTextStyle: String, CaseIterable, Sendable {
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

    /// The style's weight, the same at every size: headline is semibold, the rest regular. (Bold
    /// is only the titles' emphasized variant, which no style uses by default.)
    public var weight: Label.Weight { self == .headline ? .semibold : .regular }

    /// Point size and leading (line height, in points) at a content size category.
    public func metrics(at category: ContentSizeCategory) -> (size: Double, leading: Double) {
        // Both force-unwraps hold by construction: every style has a row, every category a column.
        Self.table[self]![ContentSizeCategory.allCases.firstIndex(of: category)!]
    }

    /// Size and leading in points for every style, one column per `ContentSizeCategory` in
    /// `allCases` order (xSmall … xxxLarge, then AX1 … AX5).
    ///
    /// Source: the Human Interface Guidelines "Typography" page, Specifications, tables "iOS,
    /// iPadOS Dynamic Type sizes" and "iOS, iPadOS larger accessibility type sizes"
    /// (https://developer.apple.com/design/human-interface-guidelines/typography#Specifications).
    /// The point sizes agree with those UIKit reports, as measured on the iOS 13.3 simulator in
    /// temoki/UIKit_DynamicType `README.md`, except where marked.
    public static let table: [FontTextStyle: [(size: Double, leading: Double)]] = [
        .largeTitle: [(31, 38), (32, 39), (33, 40), (34, 41), (36, 43), (38, 46), (40, 48),
                      (44, 52), (48, 57), (52, 61), (56, 66), (60, 70)],
        .title1: [(25, 31), (26, 32), (27, 33), (28, 34), (30, 37), (32, 39), (34, 41),
                  (38, 46), (43, 51), (48, 57), (53, 62), (58, 68)],
        .title2: [(19, 24), (20, 25), (21, 26), (22, 28), (24, 30), (26, 32), (28, 34),
                  (34, 41), (39, 47), (44, 52), (50, 59), (56, 66)],
        .title3: [(17, 22), (18, 23), (19, 24), (20, 25), (22, 28), (24, 30), (26, 32),
                  (31, 38), (37, 44), (43, 51), (49, 58), (55, 65)],
        .headline: [(14, 19), (15, 20), (16, 21), (17, 22), (19, 24), (21, 26), (23, 29),
                    (28, 34), (33, 40), (40, 48), (47, 56), (53, 62)],
        .body: [(14, 19), (15, 20), (16, 21), (17, 22), (19, 24), (21, 26), (23, 29),
                (28, 34), (33, 40), (40, 48), (47, 56), (53, 62)],
        .callout: [(13, 18), (14, 19), (15, 20), (16, 21), (18, 23), (20, 25), (22, 28),
                   (26, 32), (32, 39), (38, 46), (44, 52), (51, 60)],
        // xxxLarge 21/28 as published, though body at 21 points has 26 of leading.
        .subheadline: [(12, 16), (13, 18), (14, 19), (15, 20), (17, 22), (19, 24), (21, 28),
                       (25, 31), (30, 37), (36, 43), (42, 50), (49, 58)],
        .footnote: [(12, 16), (12, 16), (12, 16), (13, 18), (15, 20), (17, 22), (19, 24),
                    (23, 29), (27, 33), (33, 40), (38, 46), (44, 52)],
        .caption1: [(11, 13), (11, 13), (11, 13), (12, 16), (14, 19), (16, 21), (18, 23),
                    (22, 28), (26, 32), (32, 39), (37, 44), (43, 51)],
        // AX5 40/48 as published; UIKit reported 41 points on iOS 13.3.
        .caption2: [(11, 13), (11, 13), (11, 13), (11, 13), (13, 18), (15, 20), (17, 22),
                    (20, 25), (24, 30), (29, 35), (34, 41), (40, 48)],
    ]
}
