#!/usr/bin/env python3
"""Writes testdata/script/filter_object_match.txtar: object filters
(`"filter": {...}` of a file) matched as the reference matches them.

Each case is a folder with tokens and a config whose files each have one
object filter and the json/flat format, so that an output lists the tokens
the filter kept. The expected outputs are what the reference
(style-dictionary 5.5.5, ../shared/conformance/reference) writes for the
same folder, never tokengen's; a file the reference does not write (no
token matched: "No tokens for ... File not created.") must not exist.
Filters that make the reference throw (looking a key up in null or in a
missing property) are left out: tokengen deviates there (the token does
not match, docs/deviations.md; internal/pipeline/filter_test.go).

Run: python3 testdata/filtermatch.py   (then go test -run TestScripts/filter_object_match .)
"""
import json
import os
import shutil
import subprocess
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REFERENCE = os.path.join(HERE, "..", "..", "shared", "conformance", "reference")

# legacy tokens: p holds every kind of JSON value, loosely equal to others
LEGACY = {"v": {
    "a": {"value": "#ff0000", "type": "color", "p": 1},
    "b": {"value": "#00ff00", "type": "color", "p": "1"},
    "c": {"value": "1", "type": "size", "p": True},
    "d": {"value": "0", "type": "size", "p": False},
    "e": {"value": "e", "type": "other", "p": 0},
    "f": {"value": "f", "type": "other", "p": ""},
    "g": {"value": "g", "p": None},
    "h": {"value": "h", "p": ["1"]},
    "i": {"value": "i", "p": {"q": 1, "r": {"s": "x"}}},
    "j": {"value": "j", "p": " 1 "},
    "k": {"value": "k", "p": "0x1"},
    "l": {"value": "l", "p": "true"},
    "m": {"value": "m"},
    "n": {"value": "n", "p": "a,b"},
    "o": {"value": "o", "p": ["a", "b"]},
    "q": {"value": "q", "p": "1e0"},
    "r": {"value": "{v.a}", "type": "color", "p": 1.5},
    "s": {"value": "s", "p": [], "comment": "c"},
    "t": {"value": "t", "p": "[object Object]"},
    "u": {"value": "u", "p": "0"},
}}
LEGACY_FILTERS = [
    # primitives against every kind of value
    {"p": 1}, {"p": "1"}, {"p": True}, {"p": False}, {"p": 0}, {"p": ""}, {"p": None},
    {"p": 1.5}, {"p": "1.50"}, {"p": "0x1"}, {"p": " 1 "}, {"p": "01"}, {"p": "true"}, {"p": "[object Object]"},
    # arrays in the filter: no array or object matches, a primitive equal to the joined elements does
    {"p": ["1"]}, {"p": [1]}, {"p": ["a", "b"]}, {"p": "a,b"}, {"p": []},
    # objects in the filter: keys looked up in the value
    {"p": {}}, {"type": "color", "p": {"length": 1}}, {"type": "size", "p": {"q": 1}},
    # numeric keys reach into arrays and strings
    {"path": {"0": "v"}}, {"path": {"1": "a"}}, {"path": ["v", "a"]}, {"path": "v,a"}, {"path": {"length": 2}}, {"path": "v"},
    {"name": {"0": "v"}}, {"value": {"0": "#"}}, {"path": {"01": "v"}},
    # the token's own keys
    {"attributes": {"category": "v"}}, {"attributes": {}}, {"attributes": {"type": "a", "category": "v"}},
    {"original": {"value": "{v.a}"}}, {"original": {"value": "#ff0000"}}, {"original": {"key": "{v.a}"}},
    {"value": "#ff0000"}, {"name": "v-a"}, {"key": "{v.a}"}, {"type": "color"}, {"$type": "color"},
    {"isSource": True}, {"isSource": "true"}, {"isSource": 1}, {"filePath": "tokens/t.json"},
    # missing keys are undefined, which equals null only
    {"nope": None}, {"nope": 0}, {}, {"comment": "c"}, {"comment": None},
]

DTCG = {
    "c": {"$type": "color",
          "a": {"$value": "#ff0000", "$description": "red", "p": 1},
          "b": {"$value": "{c.a}"},
          "x": {"$value": "#00ff00", "$extensions": {"org": {"mode": "dark", "n": 2}}}},
    "s": {"$type": "dimension",
          "m": {"$value": {"value": 8, "unit": "px"}},
          "l": {"$value": "16px", "value": "legacy"}},
}
DTCG_FILTERS = [
    {"$type": "color"}, {"type": "color"}, {"$type": "dimension"}, {"$value": "#ff0000"}, {"$value": "8px"},
    {"value": "legacy"}, {"value": None}, {"$value": {"0": "1"}}, {"$value": {"length": 4}},
    {"original": {"$value": "{c.a}"}}, {"original": {"$type": "color"}}, {"original": {"$value": {"unit": "px"}}},
    {"original": {"$value": {"value": "8"}}}, {"$extensions": {}}, {"$description": "red"}, {"$description": None},
    {"path": {"0": "s"}}, {"attributes": {"category": "s"}}, {"name": "c-a"}, {"p": True}, {"isSource": True},
]


def case(name, tokens, filters):
    files = [{"destination": f"f{i:02d}.json", "format": "json/flat", "filter": f} for i, f in enumerate(filters)]
    config = {"source": ["tokens/*.json"],
              "platforms": {"p": {"transformGroup": "css", "buildPath": "out/", "files": files}}}
    inputs = {"config.json": json.dumps(config, indent=1) + "\n",
              "tokens/t.json": json.dumps(tokens, indent=1) + "\n"}
    work = tempfile.mkdtemp()
    try:
        for path, text in inputs.items():
            os.makedirs(os.path.dirname(os.path.join(work, path)), exist_ok=True)
            with open(os.path.join(work, path), "w") as f:
                f.write(text)
        subprocess.run([REFERENCE, "build", "--config", "config.json"], cwd=work, check=True, capture_output=True)
        script = [f"cd $WORK/{name}", "exec tokengen build"]
        archive = [(f"{name}/{p}", t) for p, t in inputs.items()]
        for i, f in enumerate(files):
            out = "out/" + f["destination"]
            script.append(f"# {json.dumps(f['filter'])}")
            if os.path.exists(os.path.join(work, out)):
                with open(os.path.join(work, out)) as fh:
                    text = fh.read()
                nonl = "" if text.endswith("\n") else "-nonl "
                script.append(f"cmpout {nonl}{out} want/{out}")
                archive.append((f"{name}/want/{out}", text if text.endswith("\n") else text + "\n"))
            else:
                script.append(f"! exists {out}")
        return script, archive
    finally:
        shutil.rmtree(work)


def main():
    head = ["# Object filters match as the reference's matchFn does: every key of the filter is looked up",
            "# in the token (numeric keys and length reach into arrays and strings), leaves compare with",
            "# JavaScript's loose equality (==), a filter array compares as its joined elements.",
            "# Generated by testdata/filtermatch.py: every expected file is the reference's (style-dictionary",
            "# 5.5.5) output for the same folder; a file it did not write (no token matched) must not exist.",
            ""]
    archive = []
    for name, tokens, filters in (("legacy", LEGACY, LEGACY_FILTERS), ("dtcg", DTCG, DTCG_FILTERS)):
        s, a = case(name, tokens, filters)
        head += s + [""]
        archive += a
    out = "\n".join(head).rstrip("\n") + "\n"
    for path, text in archive:
        out += f"-- {path} --\n{text}"
    with open(os.path.join(HERE, "script", "filter_object_match.txtar"), "w") as f:
        f.write(out)
    print(f"{len(LEGACY_FILTERS) + len(DTCG_FILTERS)} filters")


if __name__ == "__main__":
    main()
