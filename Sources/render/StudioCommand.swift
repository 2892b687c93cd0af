import Foundation
import Studio

/// `render studio SCENE`: serves the studio until interrupted, then closes the port.
struct StudioCommand {
    let options: StudioOptions

    func run() throws {
        guard FileManager.default.fileExists(atPath: options.scene) else {
            throw UsageError("studio \(options.scene): no such file")
        }
        let server: StudioServer
        do { server = try StudioServer(scene: options.scene, address: options.host, port: options.port) } catch {
            throw UsageError("studio: \(error)")
        }
        Interruption.serve("studio: \(server.url) (Ctrl-C stops it)", name: "studio", stop: server.stop)
    }
}
