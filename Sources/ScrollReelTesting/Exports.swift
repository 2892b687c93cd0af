// The types that assertFrames' parameters take, reachable from `import ScrollReelTesting` alone: a
// test package depends on this product only, and does not see the modules behind it. Each is
// exported by name, so that a test does not get every name of those modules.
@_exported import struct Regression.Tolerance
@_exported import enum Scene.Appearance
@_exported import enum Scene.ContentSizeCategory
@_exported import enum Scene.LayoutDirection
