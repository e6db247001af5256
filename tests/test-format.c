/* test-format.c — numbers as the screen shows them
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "gp-format.h"

/* One way of writing figures: grouped digits, decimals by magnitude, the currency's symbol,
 * never an exponent. */
static void
test_format_numbers (void)
{
  static const struct
  {
    double value;
    const char *amount;
  } amounts[] = {
    { 0.35, "0.350" },        { 0, "0.00" },
    { 964.3, "964.30" },      { 1157, "1,157.00" },
    { 9999.994, "9,999.99" }, { 430667.42, "430,667" },
    { 1e6, "1,000,000" },     { 1e15, "1,000,000,000,000,000" },
    { -1234.5, "-1,234.50" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (amounts); i++)
    {
      g_autofree char *amount = gp_format_amount (amounts[i].value);

      g_assert_cmpstr (amount, ==, amounts[i].amount);
      g_assert_null (strchr (amount, 'e'));
    }

  {
    g_autofree char *yuan = gp_format_money (964.3, "CNY");
    g_autofree char *more = gp_format_money (1157, "CNY");
    g_autofree char *unknown = gp_format_money (NAN, "USD");
    g_autofree char *hours = gp_format_number (1e6, 0);
    /* Not a figure: a dash, and (as the sanitizers check) nothing left behind. */
    g_autofree char *endless = gp_format_number (INFINITY, 1);

    g_assert_cmpstr (yuan, ==, "¥964.30");
    g_assert_cmpstr (more, ==, "¥1,157.00");
    g_assert_cmpstr (unknown, ==, "—");
    g_assert_cmpstr (hours, ==, "1,000,000");
    g_assert_cmpstr (endless, ==, "—");
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/format/numbers", test_format_numbers);
  return g_test_run ();
}
