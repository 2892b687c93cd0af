import Scene

/// libFuzzer's entry point: decodes one input as a scene file and, when it has constraints, solves
/// them at rest and at two other offsets (with no text or images to measure); and decodes it as a
/// suite file (`scrollreel.json`), which shares the JSON parser.
///
/// The contract under test is that any bytes either decode and solve or throw a `SceneError`;
/// anything else (a trap, another error type, a hang) is a finding. The error is also formatted,
/// because the command-line tool prints every one.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        let scene = try SceneDecoder.decode(bytes, file: "fuzz.json")
        if let layout = try ConstraintLayout.build(scene, content: { _ in StackLayout.Content() }) {
            for offset in [layout.restOffset, -150, 420.5] { _ = try layout.frames(offset: offset) }
        }
    } catch let error as SceneError {
        _ = error.description
    } catch {
        fatalError("decode threw something other than a SceneError: \(error)")
    }
    do {
        for item in try SuiteDecoder.decode(bytes, file: "fuzz.json").cases { _ = item.manifest }
    } catch let error as SceneError {
        _ = error.description
    } catch {
        fatalError("suite decode threw something other than a SceneError: \(error)")
    }
    return 0
}
