#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Fails when a file in one room of src/core includes a header of a room it may not depend on.

The rooms and their one-way dependencies are the README's picture (Contributing): a room may
include its own headers and those of the rooms it depends on, never the other way."""

import os
import re
import sys

DEPENDS = {
    'model': set(),
    'catalog': {'model'},
    'browse': {'catalog', 'model'},
    'estimate': {'catalog', 'model'},
    'compare': {'launch', 'catalog', 'model'},
    'launch': {'estimate', 'catalog', 'model'},
    'budget': {'launch', 'estimate', 'catalog', 'model'},
    'recommend': {'budget', 'launch', 'estimate', 'catalog', 'model'},
}

core = os.path.join(sys.argv[1], 'src', 'core')
room_of = {}
for room in DEPENDS:
    for name in os.listdir(os.path.join(core, room)):
        if name.endswith(('.c', '.h')):
            room_of[name] = room

unplaced = [n for n in os.listdir(core) if n.endswith(('.c', '.h'))]
problems = [f'src/core/{n}: in no room' for n in unplaced]
for name, room in sorted(room_of.items()):
    text = open(os.path.join(core, room, name), encoding='utf-8').read()
    for header in re.findall(r'^#include "([^"]+)"', text, re.M):
        other = room_of.get(header)
        if other is not None and other != room and other not in DEPENDS[room]:
            problems.append(f'src/core/{room}/{name}: includes {header} of {other}, '
                            f'which {room} may not depend on')

for problem in problems:
    print(problem)
print(f'{len(room_of)} files in {len(DEPENDS)} rooms, {len(problems)} problem(s)')
sys.exit(1 if problems else 0)
