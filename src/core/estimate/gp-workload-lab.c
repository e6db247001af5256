/* gp-workload-lab.c — what a job knows of its lab: where it is, what it needs to pay, what it
 * can use
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Settings of the lab rather than of the job (gp_workload_to_variant() keeps none of them):
 * where the lab is decides what it reaches; a lab in mainland China may pay only against
 * Chinese invoices, and may keep only the platforms it can use.
 */

#include "config.h"

#include "gp-workload-private.h"

/* As every setter of the job: the property, then the job's "changed". */
static void
lab_changed (GpWorkload *self,
             const char *property)
{
  g_object_notify (G_OBJECT (self), property);
  g_signal_emit_by_name (self, "changed");
}

GpLabLocation
gp_lab_location_for_language (void)
{
  const char *const *languages = g_get_language_names ();

  for (guint i = 0; languages[i] != NULL; i++)
    {
      if (g_str_equal (languages[i], "C") || g_str_has_prefix (languages[i], "C."))
        continue;
      return g_str_has_prefix (languages[i], "zh_CN") || g_str_has_prefix (languages[i], "zh_Hans")
                 ? GP_LAB_LOCATION_MAINLAND_CHINA
                 : GP_LAB_LOCATION_ELSEWHERE;
    }
  return GP_LAB_LOCATION_ELSEWHERE;
}

GpLabLocation
gp_workload_get_lab_location (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), GP_LAB_LOCATION_ELSEWHERE);
  return self->lab_location;
}

/* A lab in mainland China reaches some platforms in China, others across the border, and some
 * not at all: its estimates say which, and the recommender ranks by it. */
void
gp_workload_set_lab_location (GpWorkload    *self,
                              GpLabLocation  location)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));

  if (self->lab_location != location)
    {
      self->lab_location = location;
      lab_changed (self, "lab-location");
    }
}

gboolean
gp_workload_get_invoice_required (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), FALSE);
  return self->invoice_required;
}

void
gp_workload_set_invoice_required (GpWorkload *self,
                                  gboolean    required)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));
  if (self->invoice_required != !!required)
    {
      self->invoice_required = !!required;
      lab_changed (self, "invoice-required");
    }
}

gboolean
gp_workload_get_usable_only (GpWorkload *self)
{
  g_return_val_if_fail (GP_IS_WORKLOAD (self), FALSE);
  return self->usable_only;
}

void
gp_workload_set_usable_only (GpWorkload *self,
                             gboolean    usable_only)
{
  g_return_if_fail (GP_IS_WORKLOAD (self));
  if (self->usable_only != !!usable_only)
    {
      self->usable_only = !!usable_only;
      lab_changed (self, "usable-only");
    }
}
