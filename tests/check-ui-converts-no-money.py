#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Fails when a file of src/ui converts money: a price times (or over) an exchange rate, or a
price limit rescaled, is src/core's (gp_currency_convert(), gp_offer_get_column_value(), the
filter's own limit). The Instances page and the launch view each converted prices themselves."""

import os
import re
import sys

TYPES = {'double', 'float', 'int', 'guint', 'gdouble', 'char', 'const', 'void', 'gsize'}
# "x * rate", "x * self->rate / y", "x / old_rate", "rate * x"; not "double *rate" nor "*rate".
BY_RATE = re.compile(r'(\w+|\))\s*[*/]\s*(?:\w+->)*\w*rate\b(?!\s*\()')
RATE_BY = re.compile(r'\b(?:\w+->)*\w*rate\s*[*/]\s*[\w(]')
COMMENT = re.compile(r'^\s*(/\*|\*|//)')


def problems_in(path, name):
    for number, line in enumerate(open(path, encoding='utf-8'), 1):
        if COMMENT.match(line):
            continue
        code = re.sub(r'"(\\.|[^"\\])*"', '""', line.split('/*')[0])
        for match in BY_RATE.finditer(code):
            if match.group(1) not in TYPES:
                yield f'src/ui/{name}:{number}: converts money ({match.group(0).strip()})'
        for match in RATE_BY.finditer(code):
            yield f'src/ui/{name}:{number}: converts money ({match.group(0).strip()})'


ui = os.path.join(sys.argv[1], 'src', 'ui')
problems = []
names = sorted(n for n in os.listdir(ui) if n.endswith(('.c', '.h')))
for name in names:
    problems.extend(problems_in(os.path.join(ui, name), name))

for problem in problems:
    print(problem)
print(f'{len(names)} files of src/ui, {len(problems)} converting money')
sys.exit(1 if problems else 0)
