import Scene

/// libFuzzer's entry point: decodes one input as a scene file.
///
/// The contract under test is that any bytes either decode or throw a `SceneError`; anything else
/// (a trap, another error type, a hang) is a finding. The error is also formatted, because the
/// command-line tool prints every one.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        _ = try SceneDecoder.decode(bytes, file: "fuzz.json")
    } catch let error as SceneError {
        _ = error.description
    } catch {
        fatalError("decode threw something other than a SceneError: \(error)")
    }
    return 0
}
