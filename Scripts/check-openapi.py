#!/usr/bin/env python3
"""Checks the OpenAPI document a running `rosterdb serve` answers at /openapi.json.

    check-openapi.py URL PAGE...

- the document is valid OpenAPI 3.1 (openapi-spec-validator);
- every example request of the pages given (each `curl` line naming `/api/...`: README.md and docs/serving.md) is an
  operation of the
  document: its path and method exist, each query parameter is declared, and a value the schema limits (a choice, a
  range) is one it allows;
- the server's answers have the document's shapes: a page of players, a player, and a problem (with
  application/problem+json).

Exits 1 with each problem found on standard error. Scripts/check-openapi.sh starts the server and runs this.
"""

import json
import re
import shlex
import sys
import urllib.error
import urllib.parse
import urllib.request

from jsonschema import Draft202012Validator
from openapi_spec_validator import validate

problems = []


def fetch(url):
    try:
        with urllib.request.urlopen(url) as answer:
            return answer.status, answer.headers.get("Content-Type"), answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("Content-Type"), error.read()


def example_lines(pages):
    """The lines of the pages, continuation lines joined."""
    lines = []
    for page in pages:
        lines += [line.rstrip("\n") for line in open(page, encoding="utf-8")]
    joined, pending = [], ""
    for line in lines:
        if line.endswith("\\"):
            pending += line[:-1] + " "
        else:
            joined.append(pending + line)
            pending = ""
    return joined


def requests(pages):
    """(method, URL, the page's line) of each curl example naming the API."""
    for line in example_lines(pages):
        if not re.search(r"\bcurl\b", line) or "/api/" not in line:
            continue
        words = shlex.split(line[line.index("curl"):], comments=True)
        # The curl command ends where a pipe or a redirection begins (`curl -sI URL | sed …`).
        ends = [index for index, word in enumerate(words) if word in ("|", "||", "&&", ";", ">", ">>", "<")]
        words = words[: ends[0]] if ends else words
        method, url = None, None
        for index, word in enumerate(words):
            if word == "-X":
                method = words[index + 1]
            elif word in ("-d", "--data", "--data-binary") and method is None:
                method = "POST"
            elif word in ("-I", "--head"):
                method = "HEAD"
            elif word.startswith("http://") or word.startswith("https://"):
                url = word
        if url is None:
            problems.append(f"docs: no URL in {line.strip()!r}")
            continue
        yield method or "GET", url, line.strip()


def operation(document, path):
    """The path item of the document whose template matches `path`, with its template."""
    for template, item in document["paths"].items():
        pattern = "^" + re.sub(r"\\\{[^/]+?\\\}", "[^/]+", re.escape(template)) + "$"
        if re.match(pattern, path):
            return template, item
    return None, None


def value_problem(value, schema):
    """Why `value`, as a query sends it, is not one `schema` allows; None when it is."""
    if schema.get("type") == "array":
        return next(filter(None, (value_problem(item, schema["items"]) for item in value.split(","))), None)
    if "enum" in schema and value not in schema["enum"]:
        return f"{value!r} is none of {schema['enum']}"
    if schema.get("type") == "integer":
        if not re.fullmatch(r"-?\d+", value):
            return f"{value!r} is not a whole number"
        if not schema.get("minimum", int(value)) <= int(value) <= schema.get("maximum", int(value)):
            return f"{value} is outside {schema.get('minimum')}...{schema.get('maximum')}"
    return None


def check_example(document, method, url, line):
    split = urllib.parse.urlsplit(url)
    template, item = operation(document, split.path)
    if item is None:
        problems.append(f"docs: {split.path} is no path of the document: {line}")
        return
    verb = "get" if method == "HEAD" else method.lower()
    if verb not in item:
        problems.append(f"docs: {method} {template} is no operation of the document: {line}")
        return
    declared = {
        parameter["name"]: parameter
        for parameter in item.get("parameters", []) + item[verb].get("parameters", [])
        if parameter["in"] == "query"
    }
    for name, value in urllib.parse.parse_qsl(split.query, keep_blank_values=True):
        if name not in declared:
            problems.append(f"docs: {method} {template} declares no parameter {name!r}: {line}")
            continue
        why = value_problem(value, declared[name]["schema"])
        if why and value:
            problems.append(f"docs: {name}: {why}: {line}")


def check_shape(document, base, target, status, media_type, schema_name):
    """The answer to GET `target` has `status`, `media_type` and the shape of the component `schema_name`."""
    code, content_type, body = fetch(base + target)
    if code != status or (content_type or "").split(";")[0] != media_type:
        problems.append(f"GET {target}: {code} {content_type}, expected {status} {media_type}")
        return
    schema = {"$ref": f"#/components/schemas/{schema_name}", "components": document["components"]}
    for error in Draft202012Validator(schema).iter_errors(json.loads(body)):
        problems.append(f"GET {target}: not a {schema_name}: {error.message} at {list(error.absolute_path)}")


def main():
    base, pages = sys.argv[1].rstrip("/"), sys.argv[2:]
    status, content_type, body = fetch(base + "/openapi.json")
    if status != 200:
        print(f"check-openapi: /openapi.json answered {status}", file=sys.stderr)
        return 1
    document = json.loads(body)
    validate(document)
    examples = list(requests(pages))
    if not examples:
        problems.append("docs: no example request found in " + ", ".join(pages))
    for method, url, line in examples:
        check_example(document, method, url, line)
    check_shape(document, base, "/api/players?per_page=3", 200, "application/json", "PlayerPage")
    check_shape(document, base, "/api/players/1", 200, "application/json", "Player")
    check_shape(document, base, "/api/health", 200, "application/json", "Health")
    check_shape(document, base, "/api/players?min_goal=1", 400, "application/problem+json", "Problem")
    check_shape(document, base, "/api/players/999999", 404, "application/problem+json", "Problem")
    for problem in problems:
        print(f"check-openapi: {problem}", file=sys.stderr)
    if problems:
        return 1
    print(
        f"check-openapi: the document is valid OpenAPI {document['openapi']}; "
        f"{len(examples)} example requests of {', '.join(pages)} match it"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
