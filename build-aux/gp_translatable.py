# SPDX-License-Identifier: GPL-3.0-or-later
# gp_translatable — what build-aux/extract-launch-strings and extract-estimator-strings share:
# a data file's words as C string literals for xgettext, and writing the header or checking
# that it is current.
import os
import sys


def c_literal(text):
    """@text as the body of a C string literal: a quote, a backslash or a control character in
    the data never ends the literal or the line (control characters as octal escapes, which
    never run into a following digit: always three digits)."""
    out = []
    for char in text:
        if char in '\\"':
            out.append('\\' + char)
        elif char == '\n':
            out.append('\\n')
        elif char == '\t':
            out.append('\\t')
        elif ord(char) < 0x20 or ord(char) == 0x7f:
            out.append('\\%03o' % ord(char))
        else:
            out.append(char)
    return ''.join(out)


def entry(context, text):
    """One line of a strings header: the text with its context; a per cent sign is text, never
    a format, and xgettext is told so."""
    mark = '/* xgettext:no-c-format */\n' if '%' in text else ''
    return f'{mark}C_("{context}", "{c_literal(text)}");'


def write_or_check(path, lines, script):
    """Writes the header made of @lines, or with --check says whether it is current."""
    text = '\n'.join(lines) + '\n'
    if len(sys.argv) > 1 and sys.argv[1] == '--check':
        current = open(path, encoding='utf-8').read() if os.path.exists(path) else ''
        if current != text:
            sys.exit(f'{path} is out of date: run build-aux/{script}')
        print(f'{path}: current')
    else:
        open(path, 'w', encoding='utf-8').write(text)
