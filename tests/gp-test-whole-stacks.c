/* gp-test-whole-stacks.c — whole allocation stacks for the tests that run a SoupServer
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * libsoup 3.2's server leaks (build-aux/lsan.supp) are matched by frames deep inside GLib and
 * libsoup, which have no frame pointers: under AddressSanitizer these programs unwind each
 * allocation's stack whole, the others fast. ASAN_OPTIONS still adds to this.
 */

const char *__asan_default_options (void);

const char *
__asan_default_options (void)
{
  return "fast_unwind_on_malloc=0";
}
