# SPDX-License-Identifier: GPL-3.0-or-later
# A stand-in for the Azure ML SDK v2: it records what it is given.
from gp_stub_log import record


class _Poller:
    def result(self):
        return None


class _Operations:
    def __init__(self, name):
        self.name = name

    def begin_create_or_update(self, *args, **kwargs):
        record(self.name + ".begin_create_or_update", *args, **kwargs)
        return _Poller()

    def create_or_update(self, *args, **kwargs):
        record(self.name + ".create_or_update", *args, **kwargs)


class MLClient:
    def __init__(self, *args, **kwargs):
        record("MLClient", *args, **kwargs)
        self.compute = _Operations("compute")
        self.jobs = _Operations("jobs")


def command(*args, **kwargs):
    record("command", *args, **kwargs)
    return "job"
