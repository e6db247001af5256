#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Fails when a translatable string has no zh_CN translation, or when a file with
translatable strings is missing from POTFILES.in."""

import os
import re
import subprocess
import sys
import tempfile

top = sys.argv[1]
po_dir = os.path.join(top, 'po')
languages = [l.strip() for l in open(os.path.join(po_dir, 'LINGUAS')) if l.strip() and not l.startswith('#')]
listed = [l.strip() for l in open(os.path.join(po_dir, 'POTFILES.in')) if l.strip() and not l.startswith('#')]
problems = []

C_MARK = re.compile(r'\b(N?C?_|g_dngettext|ngettext)\s*\(')
UI_MARK = re.compile(r'translatable="yes"')

for folder in ('src', 'data'):
    for root, _, names in os.walk(os.path.join(top, folder)):
        for name in names:
            path = os.path.join(root, name)
            rel = os.path.relpath(path, top)
            if name.endswith('.c'):
                marked = C_MARK.search(open(path, encoding='utf-8').read())
            elif name.endswith('.ui'):
                marked = UI_MARK.search(open(path, encoding='utf-8').read())
            elif name.endswith(('.desktop.in.in', '.metainfo.xml.in.in', '.gschema.xml')):
                marked = True
            else:
                marked = False
            if marked and rel not in listed:
                problems.append(f'{rel}: has translatable strings but is not in po/POTFILES.in')

for rel in listed:
    if not os.path.exists(os.path.join(top, rel)):
        problems.append(f'po/POTFILES.in: lists {rel}, which does not exist')

with tempfile.TemporaryDirectory() as tmp:
    pot = os.path.join(tmp, 'gpu-planner.pot')
    # The keywords of meson's 'glib' preset.
    base = ['xgettext', '--from-code=UTF-8', '--add-comments', '--directory', top,
            '--keyword=_', '--keyword=N_', '--keyword=C_:1c,2', '--keyword=NC_:1c,2',
            '--keyword=g_dcgettext:2', '--keyword=g_dngettext:2,3', '--keyword=g_dpgettext2:2c,3',
            '--flag=N_:1:pass-c-format', '--flag=C_:2:pass-c-format', '--flag=NC_:2:pass-c-format',
            '--flag=g_dngettext:2:pass-c-format', '--flag=g_strdup_printf:1:c-format',
            '--flag=g_string_printf:2:c-format', '--flag=g_string_append_printf:2:c-format',
            '--flag=g_error_new:3:c-format', '--flag=g_set_error:4:c-format',
            '--flag=g_markup_printf_escaped:1:c-format', '--flag=g_log:3:c-format',
            '--flag=g_print:1:c-format', '--flag=g_printerr:1:c-format',
            '--flag=g_printf:1:c-format', '--flag=g_fprintf:2:c-format',
            '--flag=g_sprintf:2:c-format', '--flag=g_snprintf:3:c-format']
    first = True
    for rel in listed:
        args = list(base)
        if rel.endswith('.desktop.in.in'):
            args += ['--language=Desktop']
        elif rel.endswith('.c'):
            args += ['--language=C']
        if not first:
            args += ['--join-existing']
        args += ['-o', pot, rel]
        result = subprocess.run(args, capture_output=True, text=True)
        if result.returncode != 0:
            problems.append(f'xgettext failed on {rel}: {result.stderr.strip()}')
            continue
        if os.path.exists(pot):
            first = False

    for lang in languages:
        po = os.path.join(po_dir, f'{lang}.po')
        check = subprocess.run(['msgfmt', '--check', '--statistics', '-o', os.devnull, po],
                               capture_output=True, text=True)
        if check.returncode != 0:
            problems.append(f'po/{lang}.po: msgfmt --check failed: {check.stderr.strip()}')
        elif re.search(r'fuzzy|untranslated', check.stderr):
            problems.append(f'po/{lang}.po: {check.stderr.strip()}')
        if os.path.exists(pot):
            merged = os.path.join(tmp, f'{lang}.merged.po')
            subprocess.run(['msgmerge', '--quiet', '--no-fuzzy-matching', '-o', merged, po, pot],
                           check=True)
            for flag in ('--untranslated', '--only-fuzzy'):
                out = subprocess.run(['msgattrib', flag, '--no-obsolete', '--no-wrap', merged],
                                     capture_output=True, text=True).stdout
                for msgid in re.findall(r'^msgid "(.+)"$', out, re.M):
                    problems.append(f'po/{lang}.po: no translation for "{msgid}"')

for p in problems:
    print(p)
if problems:
    print(f'{len(problems)} translation problem(s)')
    sys.exit(1)
print('translations complete for: ' + ', '.join(languages))
