import CMicroHTTPD
import Foundation

/// A small HTTP server on one IPv4 address, through GNU libmicrohttpd: each request is answered
/// by `handler` on a thread of its own. GET, HEAD and POST are served; a POST's body is ignored
/// (its arguments are in the query).
final class HTTPServer: @unchecked Sendable {
    struct Request {
        let method: String
        /// The path, without the query.
        let path: String
        /// The `Host` header, nil when absent.
        let host: String?
        /// The query's arguments, decoded.
        let query: [String: String]
    }

    struct Response {
        var status: Int
        var contentType: String
        var body: [UInt8]
        var headers: [(String, String)] = []

        static func text(_ status: Int, _ message: String) -> Response {
            Response(status: status, contentType: "text/plain; charset=utf-8", body: Array((message + "\n").utf8))
        }
    }

    /// Why the server could not start.
    struct StartFailure: Error, CustomStringConvertible {
        let description: String
    }

    let address: String
    private(set) var port: UInt16 = 0
    private let handler: (Request) -> Response
    private var daemon: OpaquePointer?
    /// The query keys the handler reads; libmicrohttpd is asked for each by name.
    private let queryKeys: [String]

    init(address: String, port: UInt16, queryKeys: [String], handler: @escaping (Request) -> Response) throws {
        self.address = address
        self.handler = handler
        self.queryKeys = queryKeys
        var socket = sockaddr_in()
        socket.sin_family = sa_family_t(AF_INET)
        socket.sin_port = port.bigEndian
        guard inet_pton(AF_INET, address, &socket.sin_addr) == 1 else {
            throw StartFailure(description: "\(address) is not an IPv4 address")
        }
        daemon = withUnsafePointer(to: &socket) { pointer in
            scrollreel_mhd_start(pointer, HTTPServer.answer, Unmanaged.passUnretained(self).toOpaque())
        }
        guard let daemon else {
            throw StartFailure(description: "cannot listen on \(address):\(port)" + (port == 0 ? "" : "; is the port taken? try another --port"))
        }
        self.port = scrollreel_mhd_port(daemon)
    }

    deinit { stop() }

    /// The refusal of a request whose `Host` is not this server's address (or `localhost` for
    /// loopback): a web page elsewhere that points a name at this machine (DNS rebinding) reaches
    /// nothing. Nil for a request addressed here.
    func refusal(_ request: Request) -> Response? {
        var names = ["\(address):\(port)"]
        if address == "127.0.0.1" { names.append("localhost:\(port)") }
        if let host = request.host, names.contains(host) { return nil }
        return .text(403, "refused: this server answers only requests to \(address):\(port), not to \(request.host ?? "no host")")
    }

    /// Closes the port and waits for the connections' threads to end.
    func stop() {
        if let daemon { MHD_stop_daemon(daemon) }
        daemon = nil
    }

    private static let answer: MHD_AccessHandlerCallback = { context, connection, url, method, _, _, uploadSize, state in
        let server = Unmanaged<HTTPServer>.fromOpaque(context!).takeUnretainedValue()
        let method = String(cString: method!)
        // A POST is answered on the call after its body: the first call only announces it, and
        // the body, if any, is skipped.
        if method == "POST" {
            if state?.pointee == nil {
                state?.pointee = UnsafeMutableRawPointer(bitPattern: 1)
                return .YES
            }
            if let uploadSize, uploadSize.pointee != 0 {
                uploadSize.pointee = 0
                return .YES
            }
        }
        func header(_ name: String, _ kind: MHD_ValueKind) -> String? {
            MHD_lookup_connection_value(connection, kind, name).map { String(cString: $0) }
        }
        var query: [String: String] = [:]
        for key in server.queryKeys { query[key] = header(key, .GET_ARGUMENT_KIND) }
        let request = Request(method: method, path: String(cString: url!), host: header("Host", .HEADER_KIND), query: query)
        let response = ["GET", "HEAD", "POST"].contains(method) ? server.handler(request) : .text(405, "only GET and POST are served")
        let made = response.body.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
        }
        guard let made else { return .NO }
        defer { MHD_destroy_response(made) }
        MHD_add_response_header(made, "Content-Type", response.contentType)
        MHD_add_response_header(made, "Cache-Control", "no-store")
        for (name, value) in response.headers { MHD_add_response_header(made, name, value) }
        return MHD_queue_response(connection, UInt32(response.status), made)
    }
}
