#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# clang-format puts a space before every call's parenthesis; GNOME spells gettext's markers and
# the GLib cleanup macros without one: _("…"), N_("…"), g_autoptr(GError). This puts them back.
import re
import sys

MACROS = re.compile(r'\b(N?C?_|NC_|Q_|g_autoptr|g_auto|g_autolist|g_autoslist|g_autoqueue) \(')


def fix(text):
    return MACROS.sub(r'\1(', text)


if __name__ == '__main__':
    for path in sys.argv[1:]:
        with open(path, encoding='utf-8') as f:
            text = f.read()
        fixed = fix(text)
        if fixed != text:
            with open(path, 'w', encoding='utf-8') as f:
                f.write(fixed)
