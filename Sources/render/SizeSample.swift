import Foundation
import Outputs
import Pipeline

/// One frame rate of `SizeSearch`: finds the best rung of the ladder whose whole file fits,
/// steered by a sample of the frames.
///
/// The sample is every `stride`-th frame the file shows, made into one short animation: a
/// scroll's frames cost much while it moves and nothing while it rests, and frames spread this
/// evenly meet both in their proportions. A scene of at most `wholeBelow` shown frames is its own
/// sample, and its predictions are its files. A rung's prediction is the sample's size, scaled by
/// the whole's frame count over the sample's, times a correction, as the sample's frames, each a
/// `stride` of motion from the one before, cost more than consecutive frames do: a whole file's
/// size over its uncorrected prediction, drawn straight between the rungs whole files were made
/// at (the nearest one's beyond them), or before any, `correction` as given. Sizes
/// fall down the ladder, so the best rung predicted to fit is found by a bracketing search
/// (`bestPredicted`).
final class SizeSample {
    /// One shown frame in this many is sampled.
    static let stride = 8
    /// Scenes with no more shown frames than this are searched whole.
    static let wholeBelow = 48

    private let whole: AnimationFrames
    private let format: AnimationFormat
    private let ladder: [Int?]
    private let limit: Int
    private let stats: Stats
    private let quiet: Bool
    /// How many frames the whole file shows.
    private let shown: Int
    /// The sample, and its frame count; nil when the scene is searched whole.
    private let sample: (frames: AnimationFrames, count: Int)?
    /// The correction before any whole file is made; after, the last one measured.
    private(set) var correction: Double
    /// Per rung a whole file was made at: its size over its uncorrected prediction.
    private var measured: [Int: Double] = [:]
    /// Per rung: the sample's size in bytes after each of its frames.
    private var sampled: [Int: [Int]] = [:]
    /// Per rung: the whole file, or its size (perhaps estimated) when too large.
    private var wholes: [Int: Result<[UInt8], TooLarge>] = [:]

    struct TooLarge: Error {
        let bytes: Int
    }

    init(whole: AnimationFrames, format: AnimationFormat, ladder: [Int?], limit: Int, correction: Double, stats: Stats, quiet: Bool) {
        self.whole = whole; self.format = format; self.ladder = ladder; self.limit = limit; self.correction = correction
        self.stats = stats; self.quiet = quiet
        let frames = format.shownFrames(whole.range, fps: whole.fps)
        shown = frames.count
        if frames.count <= SizeSample.wholeBelow {
            sample = nil
            return
        }
        let picked = Swift.stride(from: 0, to: frames.count, by: SizeSample.stride).map { frames[$0] }
        sample = (whole.subset(picked), picked.count)
        say("sampling \(picked.count) of \(frames.count) frames at \(whole.fps) fps")
    }

    /// The best rung whose whole file fits, with the file, or one a quality step below it; nil
    /// when none does. Makes at most `wholeFiles` whole files, and one more, of the last rung,
    /// when none of them fitted.
    func search(wholeFiles: Int) throws -> (rung: Int, bytes: [UInt8])? {
        var best: (rung: Int, bytes: [UInt8])?
        var tooLarge = -1
        for _ in 0..<wholeFiles {
            // Once a file fits, the corrected prediction is trusted closer to the limit; a scene
            // searched whole predicts exactly.
            let margin = sample == nil ? 1 : best == nil ? 0.97 : 0.995
            let below = best?.rung ?? ladder.count
            guard tooLarge + 1 < below, let rung = try bestPredicted(in: tooLarge + 1..<below, margin: margin) else { break }
            // One quality step is not worth another whole file; lossless is.
            if sample != nil, rung == below - 1, ladder[rung] != nil { break }
            switch try file(rung) {
            case .success(let bytes):
                best = (rung, bytes)
                if rung == tooLarge + 1 { return best }
            case .failure:
                tooLarge = rung
            }
        }
        if best == nil, tooLarge < ladder.count - 1, case .success(let bytes) = try file(ladder.count - 1) {
            best = (ladder.count - 1, bytes)
        }
        return best
    }

    /// The best rung of `rungs` predicted to fit within `margin` of the limit, or nil.
    ///
    /// The search starts from the rungs already sampled, closest on either side of the limit, and
    /// guesses each next rung where the logarithm of the size, drawn straight between the two,
    /// crosses the limit's (regula falsi); after two steps from the same side it halves instead,
    /// so that a bent curve still narrows quickly.
    private func bestPredicted(in rungs: Range<Int>, margin: Double) throws -> Int? {
        let target = log(Double(limit) * margin)
        func excess(_ rung: Int) throws -> Double { log(try predicted(rung)) - target }
        let known = rungs.filter { sample == nil ? wholes[$0] != nil : sampled[$0] != nil }
        var large = try known.last { try excess($0) > 0 }
        var small = try known.first { try excess($0) <= 0 && $0 > (large ?? -1) }
        if large == nil {
            if try excess(rungs.lowerBound) <= 0 { return rungs.lowerBound }
            large = rungs.lowerBound
        }
        if small == nil {
            if try excess(rungs.upperBound - 1) > 0 { return nil }
            small = rungs.upperBound - 1
        }
        var a = large!, b = small!, sameSide = 0, lastSide = 0
        while b - a > 1 {
            var next = (a + b) / 2
            if sameSide < 2 {
                let ea = try excess(a), eb = try excess(b)
                next = a + Int((Double(b - a) * ea / (ea - eb)).rounded())
            }
            next = min(max(next, a + 1), b - 1)
            let side = try excess(next) > 0 ? 1 : -1
            if side > 0 { a = next } else { b = next }
            sameSide = side == lastSide ? sameSide + 1 : 1
            lastSide = side
        }
        return b
    }

    /// The whole file's predicted size at `rung`.
    private func predicted(_ rung: Int) throws -> Double {
        guard let sample else {
            switch try file(rung) {
            case .success(let bytes): return Double(bytes.count)
            case .failure(let large): return Double(large.bytes)
            }
        }
        if sampled[rung] == nil {
            var sizes: [Int] = []
            let buffer = CappedBytes(limit: .max)
            let bytes = try encode(sample.frames, rung, into: buffer) { _ in sizes.append(buffer.bytes.count) }
            // A file written at its end, or by name, has its size only there.
            sizes[sizes.count - 1] = bytes.count
            sampled[rung] = sizes
            say("\(SizeSearch.name(ladder[rung])) at \(whole.fps) fps: about "
                + "\(ByteSize.text(Int(scaled(bytes.count) * correction(at: rung)))) by the sample")
        }
        return scaled(sampled[rung]!.last!) * correction(at: rung)
    }

    /// The correction at `rung` (see the type's comment).
    private func correction(at rung: Int) -> Double {
        let below = measured.keys.filter { $0 <= rung }.max(), above = measured.keys.filter { $0 >= rung }.min()
        switch (below, above) {
        case (nil, nil): return correction
        case (let b?, nil): return measured[b]!
        case (nil, let a?): return measured[a]!
        case (let b?, let a?):
            return a == b ? measured[a]! : measured[b]! + (measured[a]! - measured[b]!) * Double(rung - b) / Double(a - b)
        }
    }

    private func scaled(_ sampleBytes: Int) -> Double { Double(sampleBytes) * Double(shown) / Double(sample?.count ?? shown) }

    /// The whole file at `rung`, held in memory, or its size when it passes the limit: estimated
    /// from how far it got when it is stopped there.
    private func file(_ rung: Int) throws -> Result<[UInt8], TooLarge> {
        if let known = wholes[rung] { return known }
        say("trying \(SizeSearch.name(ladder[rung])) at \(whole.fps) fps")
        let progress = Progress(total: shown, quiet: quiet)
        var done = 0
        let outcome: Result<[UInt8], TooLarge>
        do {
            let bytes = try encode(whole, rung, into: CappedBytes(limit: limit)) { done = $0; progress.update(done: $0) }
            outcome = bytes.count <= limit ? .success(bytes) : .failure(TooLarge(bytes: bytes.count))
        } catch let full as CappedBytes.Full {
            outcome = .failure(TooLarge(bytes: max(estimate(full.reached, after: done, at: rung), limit + 1)))
        }
        progress.finish()
        wholes[rung] = outcome
        if let sizes = sampled[rung] {
            switch outcome {
            case .success(let bytes): correction = Double(bytes.count) / scaled(sizes.last!)
            case .failure(let large): correction = Double(large.bytes) / scaled(sizes.last!)
            }
            measured[rung] = correction
        }
        return outcome
    }

    /// `frames` as a file at `rung`: into `buffer` when the format streams, else by name into a
    /// scratch file, read back.
    private func encode(_ frames: AnimationFrames, _ rung: Int, into buffer: CappedBytes, done: (Int) -> Void) throws -> [UInt8] {
        guard !format.streams else {
            try format.write(frames, quality: ladder[rung], into: buffer, stats: stats, done: done)
            return buffer.bytes
        }
        let scratch = try ScratchFile(name: "trial." + format.fileExtension)
        try format.write(frames, quality: ladder[rung], into: scratch, stats: stats, done: done)
        return try scratch.bytes()
    }

    /// The size of a whole file stopped at the limit, `reached` bytes after `done` frames: the
    /// rest is taken to cost what it cost in the sample at the same rung, else what the frames so
    /// far did.
    private func estimate(_ reached: Int, after done: Int, at rung: Int) -> Int {
        guard done > 0, done < shown else { return reached }
        guard let sizes = sampled[rung], let sample, sizes.last! > 0 else { return reached * shown / done }
        let before = sizes[min(sample.count, (done + SizeSample.stride - 1) / SizeSample.stride) - 1]
        return before > 0 ? Int(Double(reached) * Double(sizes.last!) / Double(before)) : reached * shown / done
    }

    private func say(_ line: String) {
        if !quiet { FileHandle.standardError.write(Data("max-size: \(line)\n".utf8)) }
    }
}
