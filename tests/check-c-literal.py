#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# The words of the data written into the strings headers for the translators are C string
# literals whatever they hold: each hostile text below goes through gp_translatable.entry(),
# is compiled with the C compiler, and must come back byte for byte.
#   check-c-literal.py BUILD_AUX_DIR CC...
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, sys.argv[1])
from gp_translatable import entry  # noqa: E402

HOSTILE = [
    'a "quoted" title',
    'back\\slash and \\n written out',
    'a line\nbreak and a\ttab',
    'ends with a backslash\\',
    '*/ closes a comment /* and opens one',
    'up to 90% off, %s and %d',
    'control \x01\x1f\x7f and digits after 1\x012',
    '中文标题：“引号”',
]

program = ['#include <stdio.h>', '#define C_(context, text) puts (text)', 'int', 'main (void)', '{']
for text in HOSTILE:
    program.append(entry('source', text))
program += ['  return 0;', '}']

with tempfile.TemporaryDirectory() as folder:
    source = os.path.join(folder, 'literals.c')
    binary = os.path.join(folder, 'literals')
    with open(source, 'w', encoding='utf-8') as f:
        f.write('\n'.join(program) + '\n')
    subprocess.run(sys.argv[2:] + ['-o', binary, source], check=True)
    out = subprocess.run([binary], check=True, capture_output=True).stdout.decode('utf-8')

expected = ''.join(text + '\n' for text in HOSTILE)
if out != expected:
    sys.exit(f'the literals do not read back as written:\n{out!r}\n{expected!r}')
print(f'{len(HOSTILE)} hostile texts read back as written')
