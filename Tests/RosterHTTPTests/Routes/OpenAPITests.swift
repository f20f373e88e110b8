import Foundation
import RosterModel
import RosterService
import Testing

@testable import RosterHTTP

/// `/openapi.json` describes what the server does, from the declarations the server reads: a parameter, field, route
/// or problem type added without reaching the document fails here.
@Suite struct OpenAPITests {
    let fixture: ServeFixture
    let document: [String: Any]

    init() throws {
        fixture = try ServeFixture { $0.write = true }
        let response = fixture.get("/openapi.json")
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "application/json")
        document = try ServeFixture.json(response)
    }

    private func operation(_ method: String, _ path: String) throws -> [String: Any] {
        let paths = try #require(document["paths"] as? [String: Any])
        let item = try #require(paths[path] as? [String: Any], "\(path)")
        return try #require(item[method.lowercased()] as? [String: Any], "\(method) \(path)")
    }

    private func parameterNames(_ method: String, _ path: String) throws -> [String] {
        let parameters = try operation(method, path)["parameters"] as? [[String: Any]] ?? []
        return parameters.filter { $0["in"] as? String == "query" }.compactMap { $0["name"] as? String }
    }

    @Test func isOpenAPI31() throws {
        #expect((document["openapi"] as? String)?.hasPrefix("3.1.") == true)
        let info = try #require(document["info"] as? [String: Any])
        #expect(info["version"] as? String == Release.version)
    }

    /// Each list parameter, with the help the command line shows for it.
    @Test func everyQueryParameterIsInTheListOperation() throws {
        let parameters = try #require(try operation("GET", "/api/players")["parameters"] as? [[String: Any]])
        for parameter in QueryParameter.allCases {
            let described = parameters.first { $0["name"] as? String == parameter.rawValue }
            #expect(described?["description"] as? String == parameter.help, "\(parameter.rawValue)")
            #expect(described?["in"] as? String == "query")
        }
        #expect(try parameterNames("GET", "/api/players").contains("format"))
    }

    /// A range the server enforces is the one described.
    @Test func rangesAreTheParametersOwn() throws {
        let parameters = try #require(try operation("GET", "/api/players")["parameters"] as? [[String: Any]])
        for parameter in QueryParameter.allCases {
            guard let range = parameter.range else { continue }
            let described = try #require(parameters.first { $0["name"] as? String == parameter.rawValue })
            let schema = try #require(described["schema"] as? [String: Any])
            #expect(schema["minimum"] as? Int == range.lowerBound, "\(parameter.rawValue)")
            #expect(schema["maximum"] as? Int == range.upperBound, "\(parameter.rawValue)")
            let outside = "/api/players?\(parameter.rawValue)=\(range.upperBound + 1)"
            #expect(fixture.get(outside).status == .badRequest, "\(outside)")
        }
    }

    @Test func everyImportOptionIsInTheImportOperation() throws {
        #expect(try parameterNames("POST", "/api/import") == ImportParameter.allCases.map(\.rawValue))
    }

    /// Every operation the router answers is described, and answered where it is described: none of them is the
    /// 404 of a path with nothing at it.
    @Test func everyOperationIsDescribedAndRouted() throws {
        for operation in APIOperation.all {
            let described = try self.operation(operation.method, operation.path)
            #expect(described["operationId"] as? String == operation.id)
            #expect((described["security"] != nil) == operation.writes, "\(operation.id)")
            // Each problem it may answer has its status, and a write is never answered 304.
            let responses = try #require(described["responses"] as? [String: Any])
            for problem in APIOperation.commonProblems + operation.problems {
                #expect(responses[String(problem.status.code)] != nil, "\(operation.id) \(problem)")
            }
            #expect(
                (responses["304"] != nil) == (!operation.writes && ![.health, .document].contains(operation.answer)))
            let target = operation.path.replacingOccurrences(of: "{id}", with: "1")
            var headers: HTTPHeaders = ["Content-Type": "application/json"]
            if operation.path == APIOperation.importFeed.path { headers = ["Content-Type": "text/csv"] }
            let response = fixture.worker.respond(
                to: HTTPRequest(
                    method: operation.method, rawTarget: target, headers: headers,
                    body: HTTPRequestBody(Array(#"{"goals": 1}"#.utf8))))
            #expect(response.status != .methodNotAllowed, "\(operation.method) \(target)")
            if response.status == .notFound {
                let detail = try ServeFixture.problem(response)["detail"] as? String
                #expect(detail?.hasPrefix("There is nothing at") == false, "\(operation.method) \(target)")
            }
        }
        let paths = try #require(document["paths"] as? [String: Any])
        #expect(Set(paths.keys) == Set(APIOperation.all.map(\.path)))
    }

    @Test func thePlayerSchemaHasEveryField() throws {
        let components = try #require(document["components"] as? [String: Any])
        let schemas = try #require(components["schemas"] as? [String: Any])
        let player = try #require(schemas["Player"] as? [String: Any])
        let properties = try #require(player["properties"] as? [String: Any])
        #expect(Set(properties.keys) == Set(PlayerField.allCases.map(\.name) + ["age"]))
        let newPlayer = try #require(schemas["NewPlayer"] as? [String: Any])
        #expect(newPlayer["required"] as? [String] == PlayerField.allCases.filter(\.rule.isRequired).map(\.name))
        let problem = try #require(schemas["Problem"] as? [String: Any])
        let types = try #require((problem["properties"] as? [String: Any])?["type"] as? [String: Any])
        #expect(types["enum"] as? [String] == ProblemType.allCases.map(\.uri))
        let schemes = try #require(components["securitySchemes"] as? [String: Any])
        #expect((schemes["bearerAuth"] as? [String: Any])?["scheme"] as? String == "bearer")
    }

    /// Each problem type's URI is a page of the server that says what it means.
    @Test(arguments: ProblemType.allCases)
    func eachProblemTypeHasItsPage(_ type: ProblemType) {
        let response = fixture.get(type.uri)
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(ServeFixture.text(response).contains("<h1>\(type.title)</h1>"))
    }

    @Test func aProblemTypeThatIsNoneIsNotFound() {
        #expect(fixture.get("/problems/no-such-thing").status == .notFound)
    }

    /// Each category's type answers with the category's status, and the titles are each type's own.
    @Test func typesAndTitlesAreDistinct() {
        for category in ErrorCategory.allCases {
            #expect(ProblemType(category).status == HTTPStatus(category))
            #expect(ProblemType(category).category == category)
        }
        #expect(Set(ProblemType.allCases.map(\.title)).count == ProblemType.allCases.count)
    }
}
