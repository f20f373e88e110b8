/// Where the web page finds a player's image (`serve --image-base`): an http(s) URL in which `{ref}` and `{image}`
/// stand for the player's ref and image file name, each percent-encoded when put in, so that no value can lead the
/// URL to another origin. The origin (scheme, host and port) comes before any placeholder, and is the only one the
/// page's Content-Security-Policy lets images load from.
package struct ImageTemplate: Sendable, Equatable {
    /// The template as given.
    package let template: String
    /// `https://img.example.org:8443`: the scheme and host in lower case, and the port when given.
    package let origin: String

    package static let placeholders = ["{ref}", "{image}"]

    /// The template `text`, or why it is none (the end of a sentence that starts "expected").
    package static func parse(_ text: String) -> Result<ImageTemplate, TemplateRefused> {
        let expected = "an http or https URL with {ref} or {image} in its path (https://img.example.org/{image})"
        let lowered = text.lowercased()
        guard let scheme = ["https://", "http://"].first(where: { lowered.hasPrefix($0) }),
            text.indices.contains(where: { index in placeholders.contains { text[index...].hasPrefix($0) } }),
            !text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F })
        else { return .failure(TemplateRefused(reason: "expected \(expected).")) }
        let rest = lowered.dropFirst(scheme.count)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        // Letters, digits, dots and hyphens, a bracketed IPv6 address, a port: no user, and no placeholder, which
        // would let a value name the host.
        let hostCharacters = "abcdefghijklmnopqrstuvwxyz0123456789.-:[]"
        guard !authority.isEmpty, authority.first != ":", authority.allSatisfy({ hostCharacters.contains($0) }),
            rest.dropFirst(authority.count).first == "/"
        else {
            return .failure(
                TemplateRefused(reason: "expected \(expected), its host written out before any placeholder."))
        }
        return .success(ImageTemplate(template: text, origin: scheme + authority))
    }

    /// Why a template was refused.
    package struct TemplateRefused: Error {
        package let reason: String
    }

    /// The URL of the image of a player with `ref` and `image`, or nil when a placeholder of the template stands for
    /// a value the player lacks.
    package func url(ref: String?, image: String?) -> String? {
        var url = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            url += rest[..<open]
            rest = rest[open...]
            let value: String??
            if rest.hasPrefix("{ref}") {
                value = .some(ref)
            } else if rest.hasPrefix("{image}") {
                value = .some(image)
            } else {
                value = nil
            }
            guard let value else {
                // A brace that starts no placeholder is the template's own text.
                url += "{"
                rest = rest.dropFirst()
                continue
            }
            guard let value, !value.isEmpty else { return nil }
            url += QueryLink.encoded(value)
            rest = rest.dropFirst(rest.hasPrefix("{ref}") ? 5 : 7)
        }
        url += rest
        let lowered = url.lowercased()
        return lowered.hasPrefix("https://") || lowered.hasPrefix("http://") ? url : nil
    }
}
