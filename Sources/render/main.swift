import CMalloc
import Codecs
import FileOutput
import Foundation
import Render
import Scene

let version = "0.1.0"

/// Prints `error: …` and exits: 2 for bad input (usage, scene, assets), 1 for render or I/O
/// failures. Never a Swift trap.
func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    exit(status)
}

// Frames and their layers are megabytes each, made and freed many times a second. Above the
// default threshold glibc maps each one fresh from the kernel, which zeroes every page: a tenth of
// the time of a blurred frame @3x. Kept in the heap, and the heap not trimmed, freed frames are
// reused instead. Memory stays flat: the pipeline bounds the frames in flight.
_ = scrollreel_keep_large_blocks(32 << 20)
// glibc gives each thread a heap of its own, and a freed block goes back to the heap it came
// from, kept there: every heap then grows to its own thread's worst moment, and the peaks add up.
// With one heap they do not: a 20 s GIF @3x with two jobs peaked at 138–146 MB instead of 159–166.
// Frames take few, large blocks, so threads seldom wait for each other's malloc.
_ = scrollreel_share_one_heap()

Interruption.install()
do {
    switch try Invocation(Array(CommandLine.arguments.dropFirst())) {
    case .help: print(Usage.text)
    case .version: print("render \(version)")
    case .render(let options): try RenderCommand(options: options).run()
    case .validate(let options): try ValidateCommand(options: options).run()
    case .assemble(let options): try AssembleCommand(options: options).run()
    case .test(let options): try TestCommand(options: options).run()
    case .mergeJUnit(let options): try MergeJUnitCommand(options: options).run()
    case .studio(let options): try StudioCommand(options: options).run()
    }
} catch let error as UsageError {
    fail("\(error)\nrun 'render --help' for usage", status: 2)
} catch let error as SceneError {
    fail(error.description, status: 2)
} catch let error as RenderError {
    // A missing or broken asset, or a frame the scene does not have: the input is at fault.
    fail(error.description, status: 2)
} catch let error as EncodeError {
    fail(error.description, status: 1)
} catch let error as CheckFailure {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
} catch let error as FileProblem {
    // A target found wrong before rendering is a mistake in the arguments; one that fails later is not.
    fail(error.description, status: error.foundBeforeRendering ? 2 : 1)
} catch let error as IOFailure {
    fail(error.description, status: 1)
} catch {
    fail("\(error)", status: 1)
}
