import Scene

/// `--variants "light,dark;large,accessibilityLarge"`: the variants drawn side by side, as
/// `--appearance both` draws two. Each group, separated by `;`, lists values of one axis
/// (appearances, content size categories, or `ltr`/`rtl`), and every combination of them is a
/// column, the first group's values varying slowest. Axes no group lists take the values of
/// `--appearance`, `--content-size` and `--layout-direction`.
struct VariantSpec: Equatable {
    struct Variant: Equatable {
        var appearance: Appearance
        var contentSize: ContentSizeCategory
        var layoutDirection: LayoutDirection
    }

    var groups: [[Value]]

    enum Value: Equatable {
        case appearance(Appearance), contentSize(ContentSizeCategory), layoutDirection(LayoutDirection)

        /// Which axis the value belongs to, for telling groups apart.
        var axis: String {
            switch self {
            case .appearance: return "appearance"
            case .contentSize: return "content size"
            case .layoutDirection: return "layout direction"
            }
        }
    }

    init(_ text: String) throws {
        let names: [(String, Value)] = Appearance.allCases.map { ($0.rawValue, .appearance($0)) }
            + ContentSizeCategory.allCases.map { ($0.rawValue, .contentSize($0)) }
            + LayoutDirection.allCases.map { ($0.rawValue, .layoutDirection($0)) }
        groups = try text.split(separator: ";", omittingEmptySubsequences: false).map { group in
            let values = try group.split(separator: ",", omittingEmptySubsequences: false).map { raw -> Value in
                let token = raw.trimmingCharacters(in: .whitespaces)
                guard let value = names.first(where: { $0.0 == token })?.1 else {
                    let hint = closest(to: token, in: names.map(\.0)).map { "; did you mean \($0)?" }
                        ?? "; give appearances (light, dark), content sizes (large, accessibilityLarge, …) or ltr, rtl"
                    throw UsageError("--variants: unknown variant \"\(token)\"\(hint)")
                }
                return value
            }
            guard let axis = values.first?.axis, values.allSatisfy({ $0.axis == axis }) else {
                throw UsageError("--variants: each group between \";\" lists values of one axis, such as \"light,dark\", got \"\(group)\"")
            }
            return values
        }
        let axes = groups.map { $0[0].axis }
        guard Set(axes).count == axes.count else { throw UsageError("--variants: each axis goes in one group") }
    }

    /// Every combination, in order, starting from `base` for the axes no group lists.
    func variants(base: Variant) -> [Variant] {
        groups.reduce([base]) { partial, group in
            partial.flatMap { variant in
                group.map { value -> Variant in
                    var next = variant
                    switch value {
                    case .appearance(let a): next.appearance = a
                    case .contentSize(let c): next.contentSize = c
                    case .layoutDirection(let d): next.layoutDirection = d
                    }
                    return next
                }
            }
        }
    }
}
