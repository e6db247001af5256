/* test-chart-ticks.c — nice numbers for axes
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "gp-chart-ticks.h"

typedef struct
{
  double min, max;
  guint  max_ticks;
  double want_min, want_max, want_step;
  guint  want_count;
} TickCase;

static void
test_ticks_cases (void)
{
  static const TickCase cases[] = {
    /* 0…597 in ≤ 5 intervals: 597/5 = 119.4, next nice step 200 → 0, 200, 400, 600 */
    { 0, 597, 5, 0, 600, 200, 4 },
    /* 0…100 in ≤ 10: 10 exactly is nice → 11 ticks */
    { 0, 100, 10, 0, 100, 10, 11 },
    /* 0.3 in ≤ 3: raw 0.1 is nice; rounding must not pick 0.2 */
    { 0, 0.3, 3, 0, 0.3, 0.1, 4 },
    /* 1.2…9.7 in ≤ 5: raw 1.7 → 2; floor(1.2/2)=0, ceil(9.7/2)=5 → 0…10 */
    { 1.2, 9.7, 5, 0, 10, 2, 6 },
    /* negative to positive: −35…80 in ≤ 6: raw 19.2 → 20; −40…80 */
    { -35, 80, 6, -40, 80, 20, 7 },
    /* tiny values: 0…0.0042 in ≤ 4: raw 0.00105 → 0.002; 0…0.006 */
    { 0, 0.0042, 4, 0, 0.006, 0.002, 4 },
    /* large values: 0…2.4e6 in ≤ 6: raw 4e5 → 5e5; 0…2.5e6 */
    { 0, 2.4e6, 6, 0, 2.5e6, 5e5, 6 },
    /* one value: widened by its own magnitude: 0…7 step 2 → 6…8 around 7 */
    { 7, 7, 4, 6, 8, 2, 2 },
    /* 0.5…10.5 in ≤ 5: step 2 would round out to 0…12, six intervals; so step 5, 0…15 */
    { 0.5, 10.5, 5, 0, 15, 5, 4 },
    /* reversed input is accepted */
    { 50, 0, 5, 0, 50, 10, 6 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const TickCase *c = &cases[i];
      GpChartTicks ticks;

      g_test_message ("case %u: %g…%g", i, c->min, c->max);
      g_assert_true (gp_chart_nice_ticks (c->min, c->max, c->max_ticks, &ticks));
      g_assert_cmpfloat_with_epsilon (ticks.step, c->want_step, c->want_step * 1e-9);
      g_assert_cmpfloat_with_epsilon (ticks.min, c->want_min, c->want_step * 1e-9);
      g_assert_cmpfloat_with_epsilon (ticks.max, c->want_max, c->want_step * 1e-9);
      g_assert_cmpuint (ticks.count, ==, c->want_count);
      g_assert_cmpuint (ticks.count - 1, <=, c->max_ticks);
      g_assert_cmpfloat (ticks.min, <=, MIN (c->min, c->max));
      g_assert_cmpfloat (ticks.max, >=, MAX (c->min, c->max));
    }
}

static void
test_ticks_steps_are_nice (void)
{
  /* Every step, whatever the range, is 1, 2 or 5 times a power of ten. */
  for (double range = 0.013; range < 1e7; range *= 1.37)
    for (guint n = 1; n <= 12; n++)
      {
        double step = gp_chart_nice_step (range, n);
        double mantissa = step / pow (10, floor (log10 (step) + 1e-12));

        g_assert_cmpfloat (step * n, >=, range * (1 - 1e-9));
        g_assert_true (fabs (mantissa - 1) < 1e-6 || fabs (mantissa - 2) < 1e-6 ||
                       fabs (mantissa - 5) < 1e-6);
      }
}

static void
test_ticks_invalid (void)
{
  GpChartTicks ticks;

  g_assert_false (gp_chart_nice_ticks (NAN, 1, 5, &ticks));
  g_assert_false (gp_chart_nice_ticks (0, INFINITY, 5, &ticks));
  g_assert_false (gp_chart_nice_ticks (0, 1, 0, &ticks));
  g_assert_cmpfloat (gp_chart_nice_step (-1, 5), ==, 0);
  g_assert_cmpfloat (gp_chart_nice_step (0, 5), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/chart-ticks/cases", test_ticks_cases);
  g_test_add_func ("/chart-ticks/steps-are-nice", test_ticks_steps_are_nice);
  g_test_add_func ("/chart-ticks/invalid", test_ticks_invalid);

  return g_test_run ();
}
