#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# The peer of bench-import-skypilot: what SkyPilot does with a vms.csv, in pandas.
#   skypilot-peer.py VMS.CSV OUT.json
# Reads the file into a DataFrame (SkyPilot's catalog reader), reduces its zone rows to one row
# per instance type and region (the on-demand price, the lowest and highest spot price of the
# region's zones, the hardware), and writes them as JSON: the work `gpu-planner-cli import
# skypilot` does, in the way SkyPilot's own code does it.
import sys

import pandas as pd

rows = pd.read_csv(sys.argv[1])
offers = rows.groupby(["InstanceType", "Region"], sort=False).agg(
    AcceleratorName=("AcceleratorName", "first"),
    AcceleratorCount=("AcceleratorCount", "first"),
    vCPUs=("vCPUs", "first"),
    MemoryGiB=("MemoryGiB", "first"),
    GpuInfo=("GpuInfo", "first"),
    Price=("Price", "min"),
    SpotMin=("SpotPrice", "min"),
    SpotMax=("SpotPrice", "max"),
)
offers.reset_index().to_json(sys.argv[2], orient="records", indent=2)
