/// The release this build is: what `rosterdb --version` prints and the API's document (`/openapi.json`) names.
package enum Release {
    package static let version = "0.3.0"
}
