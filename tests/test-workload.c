/* test-workload.c — a training job's figures, its signals and its copy
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "gp-test-estimate.h"
#include "gp-workload.h"

static void
count_cb (guint *count)
{
  (*count)++;
}

static void
test_workload_signals_and_copy (void)
{
  g_autoptr(GpWorkload) workload = gp_workload_new ();
  g_autoptr(GpWorkload) copy = NULL;
  guint changes = 0;

  g_signal_connect_swapped (workload, "changed", G_CALLBACK (count_cb), &changes);

  gp_workload_set_gpu_hours (workload, 12);
  gp_workload_set_gpu_hours (workload, 12);
  g_assert_cmpuint (changes, ==, 1);
  gp_workload_set_upload_mbps (workload, NAN); /* already NAN: no change */
  g_assert_cmpuint (changes, ==, 1);
  gp_workload_set_speed_ratio (workload, "t4", 0.5);
  g_assert_cmpuint (changes, ==, 2);
  g_object_set (workload, "precision", GP_PRECISION_BF16, "interruptible", TRUE, NULL);
  g_assert_cmpuint (changes, ==, 4);
  gp_workload_set_reference_gpu (workload, "");
  g_assert_null (gp_workload_get_reference_gpu (workload));

  copy = gp_workload_copy (workload);
  gp_workload_set_gpu_hours (workload, 99);
  assert_close (gp_workload_get_gpu_hours (copy), 12);
  assert_close (gp_workload_get_speed_ratio (copy, "t4"), 0.5);
  g_assert_cmpint (gp_workload_get_precision (copy), ==, GP_PRECISION_BF16);
  g_assert_true (gp_workload_get_interruptible (copy));

  g_assert_finalize_object (g_steal_pointer (&copy));
  g_assert_finalize_object (g_steal_pointer (&workload));
}

static void
count_changes (guint *changes)
{
  (*changes)++;
}

/* Each figure's property, getter, setter and copy reach the same field: the table that
 * describes them once is in the order of the properties. */
static void
test_workload_figures (void)
{
  static const struct
  {
    const char *name;
    double (*get) (GpWorkload *);
    void (*set) (GpWorkload *, double);
  } figures[] = {
    { "gpu-hours", gp_workload_get_gpu_hours, gp_workload_set_gpu_hours },
    { "dataset-gb", gp_workload_get_dataset_gb, gp_workload_set_dataset_gb },
    { "results-gb", gp_workload_get_results_gb, gp_workload_set_results_gb },
    { "checkpoint-minutes", gp_workload_get_checkpoint_minutes,
      gp_workload_set_checkpoint_minutes },
    { "deadline-hours", gp_workload_get_deadline_hours, gp_workload_set_deadline_hours },
    { "budget", gp_workload_get_budget, gp_workload_set_budget },
    { "upload-mbps", gp_workload_get_upload_mbps, gp_workload_set_upload_mbps },
    { "storage-per-gb-month", gp_workload_get_storage_per_gb_month,
      gp_workload_set_storage_per_gb_month },
    { "restart-minutes", gp_workload_get_restart_minutes, gp_workload_set_restart_minutes },
    { "scaling-efficiency", gp_workload_get_scaling_efficiency,
      gp_workload_set_scaling_efficiency },
    { "interruptions-per-month", gp_workload_get_interruptions_per_month,
      gp_workload_set_interruptions_per_month },
    { "spec-weight", gp_workload_get_spec_weight, gp_workload_set_spec_weight },
    { "exchange-rate", gp_workload_get_exchange_rate, gp_workload_set_exchange_rate },
    { "model-billions", gp_workload_get_model_billions, gp_workload_set_model_billions },
  };
  g_autoptr(GpWorkload) workload = gp_workload_new ();
  g_autoptr(GpWorkload) copy = NULL;

  /* Where the form starts: an hour between checkpoints, the model's defaults elsewhere. */
  g_assert_cmpfloat (gp_workload_get_checkpoint_minutes (workload), ==, 60);
  g_assert_true (isnan (gp_workload_get_upload_mbps (workload)));
  g_assert_cmpfloat (gp_workload_get_model_billions (workload), ==, 0);

  for (guint i = 0; i < G_N_ELEMENTS (figures); i++)
    {
      guint changes = 0;
      double read;

      g_signal_connect_swapped (workload, "changed", G_CALLBACK (count_changes), &changes);
      g_object_set (workload, figures[i].name, 100.0 + i, NULL);
      g_assert_cmpfloat (figures[i].get (workload), ==, 100.0 + i);
      figures[i].set (workload, 100.0 + i);
      g_assert_cmpuint (changes, ==, 1);
      figures[i].set (workload, 200.0 + i);
      g_object_get (workload, figures[i].name, &read, NULL);
      g_assert_cmpfloat (read, ==, 200.0 + i);
      g_signal_handlers_disconnect_by_func (workload, count_changes, &changes);
    }

  copy = gp_workload_copy (workload);
  for (guint i = 0; i < G_N_ELEMENTS (figures); i++)
    g_assert_cmpfloat (figures[i].get (copy), ==, 200.0 + i);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/workload/figures", test_workload_figures);
  g_test_add_func ("/workload/signals-and-copy", test_workload_signals_and_copy);
  return g_test_run ();
}
