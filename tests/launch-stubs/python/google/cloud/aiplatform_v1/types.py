# SPDX-License-Identifier: GPL-3.0-or-later
# A stand-in for Vertex AI's scheduling strategies.


class Scheduling:
    class Strategy:
        STANDARD = "STANDARD"
        SPOT = "SPOT"
        FLEX_START = "FLEX_START"
