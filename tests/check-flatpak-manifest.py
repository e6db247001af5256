#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The Flatpak manifest parses, and names the app id, a supported GNOME runtime, the command
and exactly the sandbox holes the app needs."""

import json
import shutil
import subprocess
import sys

manifest_path, app_id = sys.argv[1], sys.argv[2]
problems = []

# flatpak-builder normalises the manifest offline; when it is installed, it is the judge.
builder = shutil.which('flatpak-builder')
if builder:
    result = subprocess.run([builder, '--show-manifest', manifest_path],
                            capture_output=True, text=True)
    if result.returncode != 0:
        print(f'flatpak-builder cannot parse {manifest_path}: {result.stderr.strip()}')
        sys.exit(1)
    manifest = json.loads(result.stdout)
else:
    print('# flatpak-builder not installed; parsing the manifest as JSON')
    manifest = json.load(open(manifest_path))

want_args = ['--share=network', '--share=ipc', '--socket=fallback-x11', '--socket=wayland',
             '--device=dri']

if manifest.get('id', manifest.get('app-id')) != app_id:
    problems.append(f'id is {manifest.get("id")!r}, want {app_id!r}')
if manifest.get('runtime') != 'org.gnome.Platform' or manifest.get('sdk') != 'org.gnome.Sdk':
    problems.append('runtime and sdk must be org.gnome.Platform and org.gnome.Sdk')
try:
    # GNOME 50 is the oldest runtime still supported: older ones are end-of-life.
    if int(manifest.get('runtime-version', '0')) < 50:
        problems.append(f'runtime-version {manifest.get("runtime-version")} is end-of-life')
except ValueError:
    problems.append(f'runtime-version {manifest.get("runtime-version")!r} is not a GNOME release')
if manifest.get('command') != 'gpu-planner':
    problems.append(f'command is {manifest.get("command")!r}, want gpu-planner')
if sorted(manifest.get('finish-args', [])) != sorted(want_args):
    problems.append(f'finish-args are {manifest.get("finish-args")}, want exactly {want_args}')
if any(a.startswith('--filesystem') for a in manifest.get('finish-args', [])):
    problems.append('no filesystem access: files go through the portal')

modules = manifest.get('modules', [])
main = modules[-1] if modules else {}
if main.get('buildsystem') != 'meson':
    problems.append('the last module must build this repository with meson')
if not main.get('run-tests'):
    problems.append('the module must run the tests')

for p in problems:
    print(p)
if problems:
    sys.exit(1)
print(f'{manifest_path}: ok')
