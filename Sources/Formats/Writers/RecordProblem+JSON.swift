extension RecordProblem {
    /// The problem as one JSON object: `{"file":…,"record":…,"line":…,"column":…,"field":…,"value":…,"message":…}`,
    /// unknown parts null.
    package var jsonObject: String {
        "{\"file\":\(JSONText.quoted(file)),\"record\":\(record.map(String.init) ?? "null"),"
            + "\"line\":\(location.line),\"column\":\(location.column),"
            + "\"field\":\(field.map(JSONText.quoted) ?? "null"),\"value\":\(value.map(JSONText.quoted) ?? "null"),"
            + "\"message\":\(JSONText.quoted(message))}"
    }
}
