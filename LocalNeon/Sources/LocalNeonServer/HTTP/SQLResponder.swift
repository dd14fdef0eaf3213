import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// Answers every HTTP request as Neon's proxy does (reference §1): `POST /sql` runs SQL,
/// `OPTIONS /sql` is the CORS preflight, anything else is 400 `"query is not supported"`.
struct SQLResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let handler: SQLRequestHandler

    func respond(to request: Request, context: Context) async throws -> Response {
        let requestID = UUID().uuidString.lowercased()
        var response: Response
        if request.uri.path == "/sql" && request.method == .post {
            response = await handler.handle(request, requestID: requestID)
        } else if request.uri.path == "/sql" && request.method == .options {
            response = Self.preflight()
        } else {
            response = Self.json(status: .badRequest, body: Array("\"query is not supported\"".utf8))
        }
        response.headers[.neonRequestID] = requestID
        return response
    }

    static func preflight() -> Response {
        var headers = HTTPFields()
        headers[.allow] = "OPTIONS, POST"
        headers[.accessControlAllowOrigin] = "*"
        headers[.accessControlAllowHeaders] = "Authorization, Neon-Connection-String, Neon-Raw-Text-Output, Neon-Array-Mode, Neon-Pool-Opt-In, Neon-Batch-Read-Only, Neon-Batch-Isolation-Level"
        headers[.accessControlMaxAge] = "86400"
        return Response(status: .ok, headers: headers, body: ResponseBody())
    }

    static func json(status: HTTPResponse.Status, body: [UInt8]) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}

extension HTTPField.Name {
    static let neonRequestID = Self("Neon-Request-Id")!
    static let allow = Self("Allow")!
    static let accessControlAllowOrigin = Self("Access-Control-Allow-Origin")!
    static let accessControlAllowHeaders = Self("Access-Control-Allow-Headers")!
    static let accessControlMaxAge = Self("Access-Control-Max-Age")!
}
