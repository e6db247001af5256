# SPDX-License-Identifier: GPL-3.0-or-later
# A stand-in for the Vertex AI SDK: it records what it is given.
from gp_stub_log import record


def init(*args, **kwargs):
    record("aiplatform.init", *args, **kwargs)


class CustomJob:
    @classmethod
    def from_local_script(cls, *args, **kwargs):
        record("CustomJob.from_local_script", *args, **kwargs)
        return cls()

    def run(self, *args, **kwargs):
        record("CustomJob.run", *args, **kwargs)
