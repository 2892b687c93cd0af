/// The steps of a commit so far, each with the step that undoes it, so that a failure part-way
/// puts back exactly what was there before.
struct Journal {
    private var undos: [() throws -> Void] = []

    /// Records how to undo a step that has just succeeded.
    mutating func done(undo: @escaping () throws -> Void) { undos.append(undo) }

    /// Undoes every recorded step, newest first. Returns the undo steps that failed, which leave
    /// the file system changed: the caller must say so.
    func rollBack() -> [Error] {
        var failures: [Error] = []
        for undo in undos.reversed() {
            do { try undo() } catch { failures.append(error) }
        }
        return failures
    }
}
