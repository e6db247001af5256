#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Fails when a file of src/ui reads JSON: data files are read in src/core, which hands the UI
their figures (a dialog parsed the bundled purchase prices itself)."""

import os
import re
import sys

READS_JSON = re.compile(r'\b(gp_json_read\w*|json_parser_\w+|json_from_string|json_object_get_\w+)'
                        r'\s*\(')

ui = os.path.join(sys.argv[1], 'src', 'ui')
problems = []
names = sorted(n for n in os.listdir(ui) if n.endswith(('.c', '.h')))
for name in names:
    for number, line in enumerate(open(os.path.join(ui, name), encoding='utf-8'), 1):
        match = READS_JSON.search(line)
        if match:
            problems.append(f'src/ui/{name}:{number}: reads JSON ({match.group(1)})')

for problem in problems:
    print(problem)
print(f'{len(names)} files of src/ui, {len(problems)} reading JSON')
sys.exit(1 if problems else 0)
