/// UIKit's content size categories (`UIContentSizeCategory`), smallest first; `large` is the
/// default, and the five accessibility sizes (AX1 … AX5) follow `extraExtraExtraLarge`.
public enum ContentSizeCategory: String, CaseIterable, Sendable {
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge, accessibilityExtraExtraLarge
    case accessibilityExtraExtraExtraLarge

    /// The category the decoder sizes text styles for: task-local, as `Appearance.decoding` is.
    @TaskLocal static var decoding = ContentSizeCategory.large
}
