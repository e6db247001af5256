/* gp-ui-models.c — the lists the Estimate and Assistant pages share: presets, regions, GPUs
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "gp-currency.h"
#include "gp-estimator-data.h"
#include "gp-ui-models.h"

GtkStringList *
gp_ui_preset_names_new (void)
{
  GListModel *presets = gp_estimator_data_get_presets (gp_estimator_data_get_default ());
  GtkStringList *names = gtk_string_list_new (NULL);

  gtk_string_list_append (names, _("My own GPU-hours"));
  for (guint i = 0; i < g_list_model_get_n_items (presets); i++)
    {
      g_autoptr(GpPreset) preset = g_list_model_get_item (presets, i);
      gtk_string_list_append (names, gp_preset_get_name (preset));
    }

  return names;
}

/* "Any region", then the places people choose regions by: near mainland China, the providers'
 * geography groups, the cities, and the codes of regions the catalog names no place for. The
 * notebook services' "global" is not a place to choose. A combo row shows the list with
 * gp_ui_region_expression_new(). */
void
gp_ui_fill_regions (GtkStringList *regions,
                    GpCatalog     *catalog)
{
  g_auto(GStrv) areas = gp_catalog_dup_areas (catalog, FALSE);
  g_autoptr(GPtrArray) all = g_ptr_array_new_null_terminated (32, NULL, TRUE);

  g_ptr_array_add (all, (gpointer) "");
  for (guint i = 0; areas[i] != NULL; i++)
    if (!g_str_equal (areas[i], "global"))
      g_ptr_array_add (all, areas[i]);
  gtk_string_list_splice (regions, 0, g_list_model_get_n_items (G_LIST_MODEL (regions)),
                          (const char * const *) all->pdata);
}

static char *
region_label (GtkStringObject *item)
{
  const char *key = item != NULL ? gtk_string_object_get_string (item) : NULL;

  if (key == NULL || *key == '\0')
    return g_strdup (_("Any region"));
  return gp_area_dup_label (key);
}

GtkExpression *
gp_ui_region_expression_new (void)
{
  return gtk_cclosure_expression_new (G_TYPE_STRING, NULL, 0, NULL,
                                      G_CALLBACK (region_label), NULL, NULL);
}

void
gp_ui_fill_gpus (GListStore *gpus,
                 GpCatalog  *catalog)
{
  GListModel *model = gp_catalog_get_gpus (catalog);

  g_list_store_remove_all (gpus);
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(GpGpu) gpu = g_list_model_get_item (model, i);
      g_list_store_append (gpus, gpu);
    }
}

/* Selects the model @id; leaves the row as it is when its list has none. */
void
gp_ui_select_gpu (AdwComboRow *row,
                  const char  *id)
{
  GListModel *gpus = adw_combo_row_get_model (row);

  for (guint i = 0; id != NULL && gpus != NULL && i < g_list_model_get_n_items (gpus); i++)
    {
      g_autoptr(GpGpu) gpu = g_list_model_get_item (gpus, i);

      if (g_str_equal (gp_gpu_get_id (gpu), id))
        {
          adw_combo_row_set_selected (row, i);
          return;
        }
    }
}

/* Selects @code; leaves the row as it is for a currency the app does not list. */
void
gp_ui_select_currency (AdwComboRow *row,
                       const char  *code)
{
  const char *const *codes = gp_currency_get_codes ();

  for (guint i = 0; code != NULL && codes[i] != NULL; i++)
    if (g_str_equal (codes[i], code))
      {
        adw_combo_row_set_selected (row, i);
        return;
      }
}
