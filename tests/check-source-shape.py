#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Fails when a source file of src/ passes 1,500 lines, when a comment argues for a file's size
("One unit:"), or when comment lines pass a tenth of src/: a file that grows is split at its
seams, and a comment says why, not what."""

import os
import sys

MAX_LINES = 1500
MAX_COMMENT_SHARE = 0.10

src = os.path.join(sys.argv[1], 'src')
problems = []
total = comments = 0
for folder, _, names in sorted(os.walk(src)):
    for name in sorted(names):
        if not name.endswith(('.c', '.h')):
            continue
        path = os.path.join(folder, name)
        shown = os.path.relpath(path, sys.argv[1])
        lines = open(path, encoding='utf-8').read().split('\n')
        if len(lines) > MAX_LINES:
            problems.append(f'{shown}: {len(lines)} lines, more than {MAX_LINES}')
        in_comment = False
        for number, line in enumerate(lines, 1):
            text = line.strip()
            total += 1
            if 'One unit:' in text:
                problems.append(f'{shown}:{number}: a comment argues for the file\'s size')
            if in_comment:
                comments += 1
                in_comment = '*/' not in text
            elif text.startswith('/*') or text.startswith('//'):
                comments += 1
                in_comment = text.startswith('/*') and '*/' not in text

share = comments / total if total else 0
if share > MAX_COMMENT_SHARE:
    problems.append(f'src/: {comments} comment lines of {total} ({share:.1%}), more than '
                    f'{MAX_COMMENT_SHARE:.0%}')
for problem in problems:
    print(problem)
print(f'src/: {total} lines, {comments} of them comments ({share:.1%})')
sys.exit(1 if problems else 0)
