#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Runs launch code made with hostile values against stub SDKs and commands.

test-launch renders every template with values that would run a command if pasted raw
($(…), backticks, quotes, newlines, YAML keys …) and writes them, with manifest.json, to a
folder. This runs each: Python against stub SDK modules, shell against stub commands that
record their arguments, YAML through a parser, text line by line. It fails when a command ran
(the marker file exists), when a hostile value does not arrive as one value equal to itself,
or when the YAML has a key, or the text a line, that the benign rendering does not.
"""

import concurrent.futures
import json
import os
import subprocess
import sys

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
STUBS = os.path.join(HERE, "launch-stubs")
sys.path.insert(0, os.path.join(STUBS, "python"))
import gp_stub_log  # noqa: E402


def run_python(snippet, marker):
    """Runs the code in this process against the stub SDKs; returns what they were given."""
    gp_stub_log.calls.clear()
    with open(snippet, encoding="utf-8") as f:
        code = compile(f.read(), snippet, "exec")
    exec(code, {"__name__": "__main__"})
    values = []
    for call in gp_stub_log.calls:
        values += list(call["args"]) + list(call["kwargs"].values())
    return values


def run_shell(snippet, marker, reply=None):
    """Runs the code with bash against the stub commands, each answering reply when given;
    returns their arguments, and the members of any JSON object among them."""
    log = snippet + ".log"
    env = dict(os.environ)
    env["GP_STUB_LOG"] = log
    if reply is not None:
        env["GP_STUB_REPLY"] = reply
    env["PATH"] = os.path.join(STUBS, "bin") + os.pathsep + env.get("PATH", "")
    env["LAMBDA_API_KEY"] = "key"
    result = subprocess.run(["bash", snippet], env=env, capture_output=True, timeout=60)
    if result.returncode != 0:
        raise AssertionError(f"{snippet} failed: {result.stderr!r}")
    values = []
    if os.path.exists(log):
        with open(log, "rb") as f:
            for word in f.read().split(b"\0"):
                value = word.decode("utf-8", "surrogateescape")
                values.append(value)
                if value.startswith("{"):
                    try:
                        values.extend(json.loads(value).values())
                    except ValueError:
                        pass
    return values


def calls(snippet):
    """The stub commands' calls, in order, each its words."""
    with open(snippet + ".log", "rb") as f:
        words = f.read().decode("utf-8", "surrogateescape").split("\0")
    out, call = [], []
    for word in words:
        if word == "" and call:
            out.append(call)
            call = []
        elif word != "":
            call.append(word)
    return out


def check_block(snippet, where):
    """A Capacity Block's code finds an offering, buys the one found and launches into the
    reservation the purchase returns: each stub answers with the same id, which must reach the
    purchase and the launch's target."""
    run_shell(snippet, None, reply="cr-0123456789abcdef0")
    steps = [c[2] for c in calls(snippet) if c[0] == "aws" and len(c) > 2 and c[1] == "ec2"]
    if steps != ["describe-capacity-block-offerings", "purchase-capacity-block",
                 "run-instances"]:
        raise AssertionError(f"{where}: calls {steps}")
    purchase, launch = [c for c in calls(snippet) if c[0] == "aws"][1:3]
    if purchase[purchase.index("--capacity-block-offering-id") + 1] != "cr-0123456789abcdef0":
        raise AssertionError(f"{where}: the purchase is not of the offering found")
    target = launch[launch.index("--capacity-reservation-specification") + 1]
    market = launch[launch.index("--instance-market-options") + 1]
    if (target != "CapacityReservationTarget={CapacityReservationId=cr-0123456789abcdef0}" or
            market != "MarketType=capacity-block"):
        raise AssertionError(f"{where}: the launch is not into the reservation bought")


def arrived(recorded, value):
    """The value itself, an option's value (--opt=VALUE), or a folder (VALUE/)."""
    if not isinstance(recorded, str):
        return False
    return (recorded == value or recorded == value + "/" or
            (recorded.startswith("--") and recorded.split("=", 1)[-1] == value))


def keys(node, prefix=""):
    if isinstance(node, dict):
        out = set()
        for key, value in node.items():
            out.add(prefix + str(key))
            out |= keys(value, prefix + str(key) + ".")
        return out
    return set()


def check(entry, folder):
    snippet = os.path.join(folder, entry["file"])
    benign = os.path.join(folder, entry["benign"])
    value = entry["value"]
    marker = entry["marker"]
    language = entry["language"]
    where = f'{entry["format"]} ({entry["field"]} = {value!r})'

    if language in ("python", "shell"):
        values = (run_python if language == "python" else run_shell)(snippet, marker)
        if os.path.exists(marker):
            raise AssertionError(f"{where}: a command in the value ran")
        if entry["whole"] and not any(arrived(v, value) for v in values):
            raise AssertionError(f"{where}: the value did not arrive whole, as one argument")
    elif language == "yaml":
        with open(snippet, encoding="utf-8") as f:
            loaded = yaml.safe_load(f)
        with open(benign, encoding="utf-8") as f:
            expected = yaml.safe_load(f)
        if keys(loaded) != keys(expected):
            raise AssertionError(f"{where}: keys {sorted(keys(loaded) ^ keys(expected))} differ")
        flat = [loaded["resources"].get(k) for k in ("region", "cloud", "instance_type",
                                                     "accelerators")]
        if entry["whole"] and value not in flat and value + ":1" not in flat:
            raise AssertionError(f"{where}: the value did not arrive whole")
    else:
        with open(snippet, encoding="utf-8") as f:
            text = f.read()
        with open(benign, encoding="utf-8") as f:
            plain = f.read()
        if text.count("\n") != plain.count("\n"):
            raise AssertionError(f"{where}: the value added lines to the steps")


def main():
    folder = sys.argv[1]
    with open(os.path.join(folder, "manifest.json"), encoding="utf-8") as f:
        manifest = json.load(f)
    failures = []

    def check_one(entry):
        try:
            check(entry, folder)
        except AssertionError as error:
            failures.append(str(error))

    # Each Capacity Block rendering without hostile values, once, before the others run.
    for benign in sorted({e["benign"] for e in manifest if e["format"] == "capacity-block"}):
        try:
            check_block(os.path.join(folder, benign), f"capacity-block ({benign})")
        except AssertionError as error:
            failures.append(str(error))
    # Python runs here, one at a time (the stubs keep their calls in this process); the shell
    # snippets, each its own bash, side by side.
    for entry in manifest:
        if entry["language"] != "shell":
            check_one(entry)
    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        list(pool.map(check_one, [e for e in manifest if e["language"] == "shell"]))
    for failure in failures:
        print(failure, file=sys.stderr)
    print(f"{len(manifest)} snippets checked, {len(failures)} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
