import Raster
import Render
import Scene

/// Views whose pixels a comparison ignores, such as a clock or an avatar that changes from run to
/// run: found by id in each frame's geometry, so the mask follows them as they move.
///
/// A masked view covers its frame within its clip, and its subviews theirs, rounded out to whole
/// pixels; in the reference frame where it was (when its geometry was recorded) and in the new
/// frame where it is. Its shadow, drawn outside its frame, is not masked.
///
/// Invariant: both frames of a comparison lose exactly the same pixels, so a masked view can never
/// make two frames differ.
public struct ViewMask: Sendable {
    public let ids: Set<String>
    /// Pixels per point.
    public let scale: Double
    /// Where each copy of the screen starts in a frame, in pixels: one, or two for both
    /// appearances side by side, moved in by a device frame's margin.
    public let origins: [(x: Int, y: Int)]
    /// The pixels of one copy of the screen: a view partly off it masks nothing of the other copy
    /// or of the device frame.
    public let screen: (width: Int, height: Int)

    public init(ids: Set<String>, scale: Double, origins: [(x: Int, y: Int)], screen: (width: Int, height: Int)) {
        self.ids = ids; self.scale = scale; self.origins = origins; self.screen = screen
    }

    /// The mask of `ids` on the frames `renderer` draws.
    public init(ids: [String], renderer: Renderer) {
        self.init(ids: Set(ids), scale: Double(renderer.scene.canvas.scale), origins: renderer.screenOrigins,
                  screen: renderer.screenPixelSize)
    }

    /// The mask of `ids` on `renderer`'s frames; nil when there are none. An id that no view of
    /// the scene has would mask nothing, so it is an error, which names where the ids were `given`.
    public static func checked(_ ids: [String], renderer: Renderer, given: String) throws -> ViewMask? {
        guard !ids.isEmpty else { return nil }
        var known: Set<String> = []
        func visit(_ view: View) { known.insert(view.id); view.children.forEach(visit) }
        renderer.scene.views.forEach(visit)
        let unknown = ids.filter { !known.contains($0) }
        guard unknown.isEmpty else { throw UnknownMaskedView(ids: unknown, scene: renderer.scene.file, given: given) }
        return ViewMask(ids: ids, renderer: renderer)
    }

    /// `bitmap` with the pixels the mask covers in any of `geometries` made transparent.
    public func masking(_ bitmap: Bitmap, geometries: [FrameGeometry]) -> Bitmap {
        ViewMask.applying(rects(in: geometries), to: bitmap)
    }

    /// The pixel rectangles the mask covers, from each geometry given.
    private func rects(in geometries: [FrameGeometry]) -> [(x0: Int, y0: Int, x1: Int, y1: Int)] {
        var rects: [(x0: Int, y0: Int, x1: Int, y1: Int)] = []
        for geometry in geometries {
            var masked = [Bool](repeating: false, count: geometry.views.count)
            for (k, view) in geometry.views.enumerated() {
                masked[k] = ids.contains(view.id) || view.parent.map { masked[$0] } == true
                guard masked[k] else { continue }
                let area = view.visible
                guard area.width > 0, area.height > 0 else { continue }
                // Within the screen first: the geometry bounds every number, so these fit an Int.
                let x0 = max(0, Int((area.minX * scale).rounded(.down))), y0 = max(0, Int((area.minY * scale).rounded(.down)))
                let x1 = min(screen.width, Int((area.maxX * scale).rounded(.up))), y1 = min(screen.height, Int((area.maxY * scale).rounded(.up)))
                guard x0 < x1, y0 < y1 else { continue }
                for origin in origins { rects.append((origin.x + x0, origin.y + y0, origin.x + x1, origin.y + y1)) }
            }
        }
        return rects
    }

    /// `bitmap` with every pixel of `rects` made transparent.
    private static func applying(_ rects: [(x0: Int, y0: Int, x1: Int, y1: Int)], to bitmap: Bitmap) -> Bitmap {
        var bytes = bitmap.pixels
        for rect in rects {
            let x0 = max(0, rect.x0), x1 = min(bitmap.width, rect.x1), y0 = max(0, rect.y0), y1 = min(bitmap.height, rect.y1)
            guard x0 < x1, y0 < y1 else { continue }
            for y in y0..<y1 {
                let row = (y * bitmap.width + x0) * 4
                bytes.replaceSubrange(row..<(row + (x1 - x0) * 4), with: repeatElement(0, count: (x1 - x0) * 4))
            }
        }
        return Bitmap(width: bitmap.width, height: bitmap.height, premultiplied: bytes)!
    }
}

/// A masked id that no view of the scene has.
public struct UnknownMaskedView: Error, CustomStringConvertible {
    public let ids: [String]
    public let scene: String
    public let given: String

    public var description: String {
        "\(given) names \(ids.map { "\"\($0)\"" }.joined(separator: ", ")), which no view of \(scene) has"
    }
}
