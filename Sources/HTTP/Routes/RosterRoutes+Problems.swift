/// The pages the API's problem types name (`"type":"/problems/not-found"`): what a problem of the type means, so
/// that each type's URI is one a client or a person can follow (RFC 9457 §3.1.1).
extension RosterRoutes {
    /// `GET /problems/{slug}`: the type's title, status and explanation; 404 for a slug that is no type.
    static func problemPage(_ slug: String) -> HTTPResponse {
        guard let type = ProblemType(rawValue: slug) else {
            return page(.notFound, "There is no problem type '\(slug)'.")
        }
        return html(
            PageLayout.page(
                title: type.title,
                .element("p", [], .element("a", [("href", "/")], HTML("← The roster")))
                    + .element("h1", [], .text(type.title))
                    + .element("p", [], .text(type.explanation))
                    + .element(
                        "p", [("class", "muted")],
                        .text(
                            "Answered with HTTP status \(type.status.code), as \(problemContentType) whose type is "
                                + "\(type.uri); ")
                            + .element("a", [("href", APIOperation.document.path)], HTML("the API's description"))
                            + .text("."))))
    }
}
