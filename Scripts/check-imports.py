#!/usr/bin/env python3
"""Every module of this package that a target imports must be among the target's dependencies, direct or not.

SwiftPM lets a target import a module of the package it does not depend on when an earlier build happened to leave
that module on disk: the incremental build passes, and a clean clone fails to compile (the dependencies decide what
is built before the target). This check reads the targets
from `swift package dump-package` and the imports from the sources, and fails naming each file and import that is
not declared. Modules from outside the package (Glibc, Testing, Foundation, …) are not checked.

Usage: Scripts/check-imports.py   (from anywhere in the clone; exit 1 when an import is not declared)
"""
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
IMPORT = re.compile(r"^\s*(?:@\w+\s+)*import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?(\w+)")


def main():
    package = json.loads(subprocess.check_output(["swift", "package", "dump-package"], cwd=ROOT))
    targets = package["targets"]
    names = {target["name"] for target in targets}
    direct = {}
    for target in targets:
        direct[target["name"]] = [value[0] for dependency in target.get("dependencies", [])
                                  for value in dependency.values()]

    def reachable(name):
        seen, pending = {name}, [name]
        while pending:
            for dependency in direct.get(pending.pop(), []):
                if dependency not in seen:
                    seen.add(dependency)
                    pending.append(dependency)
        return seen

    problems = []
    for target in targets:
        declared = reachable(target["name"])
        folder = target.get("path") or os.path.join("Tests" if target["type"] == "test" else "Sources", target["name"])
        for directory, _, files in os.walk(os.path.join(ROOT, folder)):
            for file in sorted(files):
                if not file.endswith(".swift"):
                    continue
                path = os.path.join(directory, file)
                with open(path, encoding="utf-8") as source:
                    for number, line in enumerate(source, 1):
                        match = IMPORT.match(line)
                        if match and match.group(1) in names and match.group(1) not in declared:
                            problems.append(f"{os.path.relpath(path, ROOT)}:{number}: imports {match.group(1)}, "
                                            f"which target {target['name']} does not depend on in Package.swift")
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
