import Testing

@testable import RosterHTTP

/// `serve --image-base`: the template's origin, what it refuses, and how values are put in.
@Suite struct ImageTemplateTests {
    @Test func valuesArePercentEncodedAndCannotLeaveTheOrigin() throws {
        let template = try ImageTemplate.parse("https://img.example.org/p/{ref}-{image}").get()
        #expect(template.origin == "https://img.example.org")
        #expect(template.url(ref: "12", image: "a b.png") == "https://img.example.org/p/12-a%20b.png")
        #expect(
            template.url(ref: "@evil.org/x?#", image: "손.png")
                == "https://img.example.org/p/%40evil.org%2Fx%3F%23-%EC%86%90.png")
        #expect(template.url(ref: nil, image: "a.png") == nil)
        #expect(template.url(ref: "", image: "a.png") == nil)
        let only = try ImageTemplate.parse("http://[::1]:8081/{image}").get()
        #expect(only.origin == "http://[::1]:8081")
        #expect(only.url(ref: nil, image: "a.png") == "http://[::1]:8081/a.png")
        // A brace that is no placeholder stays as it is.
        #expect(
            try ImageTemplate.parse("https://x.org/{x}/{image}").get().url(ref: nil, image: "a")
                == "https://x.org/{x}/a")
    }

    @Test(arguments: [
        "", "img.example.org/{image}", "ftp://x.org/{image}", "https://x.org/a.png", "https://{image}.org/",
        "https://user@x.org/{image}", "https://x.org", "https:///{image}", "https://x.org/{image} x",
        "https://x.org;img-src *;/{image}", "javascript:alert(1)//{image}",
    ])
    func templatesThatCouldNameAnotherOriginAreRefused(_ text: String) {
        if case .success = ImageTemplate.parse(text) { Issue.record("accepted \(text)") }
    }
}
