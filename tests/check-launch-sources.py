#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Fails when data/launch/launch.json names a source it does not list, or lists one without
its title, address and date: every template, and every environment (containers, images), must
say where it comes from and when."""

import json
import re
import sys

path = sys.argv[1]
data = json.load(open(path, encoding='utf-8'))
problems = []
known = {}
for source in data['sources']:
    for key in ('id', 'title', 'url', 'as_of'):
        if not source.get(key):
            problems.append(f"sources: {source.get('id', '?')}: no {key}")
    if not re.fullmatch(r'\d{4}-\d{2}-\d{2}', source.get('as_of', '')):
        problems.append(f"sources: {source.get('id', '?')}: as_of is not YYYY-MM-DD")
    known[source.get('id')] = source


def cited(where, ids):
    if not ids:
        problems.append(f'{where}: names no source')
    for source in ids:
        if source not in known:
            problems.append(f'{where}: source {source} is not listed')


for provider, entry in data['providers'].items():
    for i, template in enumerate(entry.get('templates', [])):
        cited(f'providers.{provider}.templates[{i}]',
              [template.get('source')] + template.get('also', []))
    environment = entry.get('environment')
    if environment is not None:
        if 'containers' not in environment and 'images' not in environment:
            problems.append(f'providers.{provider}.environment: says nothing')
        cited(f'providers.{provider}.environment', [environment.get('source')])
for name, upload in data['uploads'].items():
    if upload.get('source'):
        cited(f'uploads.{name}', [upload['source']])

if problems:
    sys.exit(f'{path}:\n' + '\n'.join(problems))
print(f'{path}: every template and environment cites a dated source')
