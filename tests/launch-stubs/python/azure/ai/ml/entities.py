# SPDX-License-Identifier: GPL-3.0-or-later
# A stand-in for Azure ML's compute cluster: it records what it is given.
from gp_stub_log import record


class AmlCompute:
    def __init__(self, *args, **kwargs):
        record("AmlCompute", *args, **kwargs)
