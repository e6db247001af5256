#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""`meson install --destdir` lays out every file a Flatpak export needs."""

import os
import subprocess
import sys
import tempfile

build_root, base_id = sys.argv[1], sys.argv[2]

options = subprocess.run(['meson', 'introspect', '--buildoptions', build_root],
                         capture_output=True, text=True, check=True).stdout
import json
opts = {o['name']: o['value'] for o in json.loads(options)}
prefix = opts['prefix']
app_id = base_id + ('.Devel' if opts['development'] else '')

with tempfile.TemporaryDirectory() as dest:
    env = dict(os.environ, DESTDIR=dest)
    result = subprocess.run(['meson', 'install', '--no-rebuild', '--quiet', '-C', build_root,
                             '--destdir', dest], capture_output=True, text=True, env=env)
    if result.returncode != 0:
        print(result.stdout, result.stderr)
        sys.exit(1)

    root = os.path.join(dest, prefix.lstrip('/'))
    wanted = [
        f'bin/gpu-planner',
        f'bin/gpu-planner-cli',
        f'share/applications/{app_id}.desktop',
        f'share/metainfo/{app_id}.metainfo.xml',
        f'share/icons/hicolor/scalable/apps/{app_id}.svg',
        f'share/icons/hicolor/symbolic/apps/{app_id}-symbolic.svg',
        f'share/glib-2.0/schemas/{base_id}.gschema.xml',
        f'share/locale/zh_CN/LC_MESSAGES/gpu-planner.mo',
        f"{opts['libdir']}/gpu-planner/libgpupdate-module.so",
    ]
    missing = [w for w in wanted if not os.path.isfile(os.path.join(root, w))]
    for m in missing:
        print(f'not installed: {prefix}/{m}')
    for exe in ('bin/gpu-planner', 'bin/gpu-planner-cli'):
        path = os.path.join(root, exe)
        if os.path.isfile(path) and not os.access(path, os.X_OK):
            print(f'not executable: {prefix}/{exe}')
            missing.append(exe)
    # libsoup and libsecret come with the update module, loaded on first use, never at the
    # app's start (src/update/gp-update-backend.c).
    app = os.path.join(root, 'bin/gpu-planner')
    if os.path.isfile(app):
        dynamic = subprocess.run(['readelf', '-d', app], capture_output=True, text=True,
                                 check=True).stdout
        for library in ('libsoup', 'libsecret'):
            if library in dynamic:
                print(f'{prefix}/bin/gpu-planner needs {library} at its start')
                missing.append(library)
    if missing:
        sys.exit(1)
    print(f'{len(wanted)} files laid out under {prefix}')
