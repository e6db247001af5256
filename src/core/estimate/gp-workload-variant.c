/* gp-workload-variant.c — a job as a GVariant, to keep it between runs
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The Estimate form is kept in GSettings as an a{sv} of the workload's properties, read back
 * by name: a property a later version adds or drops costs nothing.
 */

#include "config.h"

#include <math.h>

#include "gp-util.h"
#include "gp-workload.h"

/* What the kept job holds: every property of the job, not the lab's place, its need of
 * invoices, the filter of what it can use nor the GPUs' usage factor (settings). */
static gboolean
is_kept (GParamSpec *pspec)
{
  return (pspec->flags & G_PARAM_READWRITE) == G_PARAM_READWRITE &&
         !g_str_equal (pspec->name, "lab-location") &&
         !g_str_equal (pspec->name, "invoice-required") &&
         !g_str_equal (pspec->name, "usable-only") && !g_str_equal (pspec->name, "usage-factor");
}

/* The job's properties, to keep between runs: numbers as doubles or unsigned integers, enums
 * by their nick, lists of ids as string arrays; unset strings and numbers are left out. Speed
 * overrides and measurements are not part of it (a measurement is chosen again by its id), nor
 * is where the lab is, a setting of its own. */
GVariant *
gp_workload_to_variant (GpWorkload *self)
{
  g_autoptr(GVariantBuilder) builder = g_variant_builder_new (G_VARIANT_TYPE_VARDICT);
  g_autofree GParamSpec **properties = NULL;
  guint n_properties;

  g_return_val_if_fail (GP_IS_WORKLOAD (self), NULL);

  properties = g_object_class_list_properties (G_OBJECT_GET_CLASS (self), &n_properties);
  for (guint i = 0; i < n_properties; i++)
    {
      GParamSpec *pspec = properties[i];
      g_auto(GValue) value = G_VALUE_INIT;
      GVariant *variant = NULL;

      if (!is_kept (pspec))
        continue;

      g_value_init (&value, pspec->value_type);
      g_object_get_property (G_OBJECT (self), pspec->name, &value);
      if (G_IS_PARAM_SPEC_ENUM (pspec))
        variant =
            g_variant_new_string (gp_enum_to_nick (pspec->value_type, g_value_get_enum (&value)));
      /* NAN is "the model's default", which loading leaves anyway. */
      else if (G_IS_PARAM_SPEC_DOUBLE (pspec) && !isnan (g_value_get_double (&value)))
        variant = g_variant_new_double (g_value_get_double (&value));
      else if (G_IS_PARAM_SPEC_UINT (pspec))
        variant = g_variant_new_uint32 (g_value_get_uint (&value));
      else if (G_IS_PARAM_SPEC_BOOLEAN (pspec))
        variant = g_variant_new_boolean (g_value_get_boolean (&value));
      else if (G_IS_PARAM_SPEC_STRING (pspec) && g_value_get_string (&value) != NULL)
        variant = g_variant_new_string (g_value_get_string (&value));
      else if (pspec->value_type == G_TYPE_STRV && g_value_get_boxed (&value) != NULL)
        variant = g_variant_new_strv (g_value_get_boxed (&value), -1);
      if (variant != NULL)
        g_variant_builder_add (builder, "{sv}", pspec->name, variant);
    }
  return g_variant_builder_end (builder);
}

/* Sets the properties @variant holds; an unknown name, a value of the wrong type, an unknown
 * nick or a number that is not finite is skipped, so a job kept by another version still
 * loads what it can. */
void
gp_workload_apply_variant (GpWorkload *self,
                           GVariant   *variant)
{
  GVariantIter iter;
  const char *name;
  GVariant *value;

  g_return_if_fail (GP_IS_WORKLOAD (self));
  g_return_if_fail (variant != NULL && g_variant_is_of_type (variant, G_VARIANT_TYPE_VARDICT));

  g_object_freeze_notify (G_OBJECT (self));
  g_variant_iter_init (&iter, variant);
  while (g_variant_iter_loop (&iter, "{&sv}", &name, &value))
    {
      GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (self), name);
      int nick_value;

      if (pspec == NULL || !is_kept (pspec))
        continue;
      if (G_IS_PARAM_SPEC_ENUM (pspec) && g_variant_is_of_type (value, G_VARIANT_TYPE_STRING) &&
          gp_enum_from_nick (pspec->value_type, g_variant_get_string (value, NULL), &nick_value))
        g_object_set (self, name, nick_value, NULL);
      else if (G_IS_PARAM_SPEC_DOUBLE (pspec) &&
               g_variant_is_of_type (value, G_VARIANT_TYPE_DOUBLE) &&
               isfinite (g_variant_get_double (value)))
        g_object_set (self, name, g_variant_get_double (value), NULL);
      else if (G_IS_PARAM_SPEC_UINT (pspec) && g_variant_is_of_type (value, G_VARIANT_TYPE_UINT32))
        {
          GParamSpecUInt *range = G_PARAM_SPEC_UINT (pspec);
          guint number = g_variant_get_uint32 (value);

          if (number >= range->minimum && number <= range->maximum)
            g_object_set (self, name, number, NULL);
        }
      else if (G_IS_PARAM_SPEC_BOOLEAN (pspec) &&
               g_variant_is_of_type (value, G_VARIANT_TYPE_BOOLEAN))
        g_object_set (self, name, g_variant_get_boolean (value), NULL);
      else if (G_IS_PARAM_SPEC_STRING (pspec) &&
               g_variant_is_of_type (value, G_VARIANT_TYPE_STRING))
        g_object_set (self, name, g_variant_get_string (value, NULL), NULL);
      else if (pspec->value_type == G_TYPE_STRV &&
               g_variant_is_of_type (value, G_VARIANT_TYPE_STRING_ARRAY))
        {
          g_autofree const char **strv = g_variant_get_strv (value, NULL);

          g_object_set (self, name, strv, NULL);
        }
    }
  g_object_thaw_notify (G_OBJECT (self));
}
