# SPDX-License-Identifier: GPL-3.0-or-later
# What the stub SDKs were called with: kept in calls, for a check that runs the code in its own
# process.

calls = []


def _plain(value):
    return value if isinstance(value, (str, int, float, bool, type(None))) else repr(value)


def record(call, *args, **kwargs):
    calls.append({"call": call, "args": [_plain(a) for a in args],
                  "kwargs": {k: _plain(v) for k, v in kwargs.items()}})
