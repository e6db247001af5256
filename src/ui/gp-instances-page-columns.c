/* gp-instances-page-columns.c — the Instances table's columns and rows: the titles a column
 * view shows (sorting, resizing, hiding, reordering), their widths, and the list of rows below
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Part of GpInstancesPage (gp-instances-page-private.h).
 */

#include "config.h"

#include <glib/gi18n.h>

#include "gp-instances-page-private.h"

/* Sorting */

/* GTK 4.8 cannot say which column the view sorts by (gtk_column_view_sorter_get_primary_
 * sort_column() is 4.10), so the page asks the view's sorter to compare two stand-ins: the
 * first column sorter it consults names itself, and the sign of the answer gives the
 * direction. The column sorters do nothing else: GpOfferSortModel orders (and filters) the
 * offers. */
static int
probe_column_cb (gconstpointer a,
                 gconstpointer b,
                 gpointer      user_data)
{
  ColumnSlot *slot = user_data;

  slot->page->probed = slot;
  return -1;
}

static void
view_sorter_changed_cb (GpInstancesPage *self,
                        GtkSorterChange  change,
                        GtkSorter       *view_sorter)
{
  GtkWidget *list;
  GtkOrdering order;

  self->probed = NULL;
  order = gtk_sorter_compare (view_sorter, self->probe_items[0], self->probe_items[1]);
  if (self->probed == NULL || order == GTK_ORDERING_EQUAL)
    gp_offer_sort_model_set_column (self->sort_model, FALSE, GP_OFFER_COLUMN_PROVIDER, FALSE);
  else
    gp_offer_sort_model_set_column (self->sort_model, TRUE, self->probed->def->column,
                                    order == GTK_ORDERING_LARGER);

  /* The list view would keep the row that was at the top in sight, now somewhere in the
   * middle of the new order; a click on a header asks to see the new order's beginning.
   * (Setting the adjustment here fails: the rows are not laid out again yet.) */
  if (self->selection == NULL || g_list_model_get_n_items (G_LIST_MODEL (self->selection)) == 0)
    return;
  list = GTK_WIDGET (self->offers_list);
  gtk_widget_activate_action (list, "list.scroll-to-item", "u", 0);
  gp_row_filler_fill_first_rows (self->filler);
}

/* Columns */

static void
save_hidden_columns (GpInstancesPage *self)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) hidden = NULL;

  if (self->settings == NULL || self->syncing)
    return;

  for (guint i = 0; i < N_COLUMNS; i++)
    if (!gtk_column_view_column_get_visible (self->columns[i].column))
      g_strv_builder_add (builder, self->columns[i].def->id);

  hidden = g_strv_builder_end (builder);
  gp_settings_set_hidden_columns (self->settings, (const char *const *) hidden);
}

static void
column_visible_cb (GpInstancesPage *self)
{
  save_hidden_columns (self);
  _gp_instances_page_apply_column_widths (self);
  _gp_instances_page_refill_cells (self);
}

/* A column the user made wider or narrower keeps its width on the next start. */
static void
column_width_cb (GtkColumnViewColumn *column,
                 GParamSpec          *pspec,
                 ColumnSlot          *slot)
{
  GpInstancesPage *self = slot->page;

  _gp_instances_page_redraw_rows (self);
  if (self->settings != NULL && !self->syncing)
    gp_settings_set_column_width (self->settings, slot->def->id,
                                  gtk_column_view_column_get_fixed_width (column));
}

/* The title of @slot's column when shown: the header holds one for each column, in the
 * columns' order, a hidden column's hidden. */
static GtkWidget *
title_of (GpInstancesPage *self,
          guint            slot)
{
  GtkWidget *header = gtk_widget_get_first_child (GTK_WIDGET (self->column_view));
  GListModel *columns = gtk_column_view_get_columns (self->column_view);
  GtkWidget *title = header != NULL ? gtk_widget_get_first_child (header) : NULL;

  for (guint i = 0; i < g_list_model_get_n_items (columns) && title != NULL; i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

      if (column == self->columns[slot].column)
        return gtk_column_view_column_get_visible (column) ? title : NULL;
      title = gtk_widget_get_next_sibling (title);
    }
  return NULL;
}

/* The width the cells of @slot's column need at least: its least number of characters. */
static int
cells_width (GpInstancesPage *self,
             guint            slot)
{
  PangoContext *context = gtk_widget_get_pango_context (GTK_WIDGET (self->offers_list));
  PangoFontMetrics *metrics = pango_context_get_metrics (context, NULL, NULL);
  int char_width = MAX (pango_font_metrics_get_approximate_char_width (metrics),
                        pango_font_metrics_get_approximate_digit_width (metrics));

  pango_font_metrics_unref (metrics);
  return PANGO_PIXELS_CEIL (self->columns[slot].def->width_chars * char_width) + 2 * CELL_PADDING;
}

/* A column is as wide as the user made it or, left as it is, as its title or its cells' least
 * number of characters, whichever is wider, and the room to spare goes to the names: the
 * column view measures its titles alone, its rows being drawn by the list below, so the
 * cells' width is asked of each title. (A fixed width on any column gave the others none of
 * the room to spare.) */
void
_gp_instances_page_apply_column_widths (GpInstancesPage *self)
{
  self->syncing = TRUE;
  for (guint i = 0; i < N_COLUMNS; i++)
    {
      GtkWidget *title = title_of (self, i);

      gtk_column_view_column_set_fixed_width (
          self->columns[i].column,
          self->settings != NULL
              ? gp_settings_get_column_width (self->settings, self->columns[i].def->id)
              : -1);
      if (title != NULL && gtk_widget_get_root (title) != NULL)
        gtk_widget_set_size_request (title, cells_width (self, i), -1);
    }
  self->syncing = FALSE;
}

void
_gp_instances_page_add_columns (GpInstancesPage *self)
{
  GtkSorter *view_sorter = gtk_column_view_get_sorter (self->column_view);

  for (guint i = 0; i < N_COLUMNS; i++)
    {
      ColumnSlot *slot = &self->columns[i];
      g_autoptr(GtkCustomSorter) probe = gtk_custom_sorter_new (probe_column_cb, slot, NULL);
      g_autofree char *title = NULL;
      GtkWidget *check;

      slot->page = self;
      slot->def = &gp_instances_column_defs[i];

      title = _gp_instances_page_column_title (self, slot->def);
      /* The column has no cells: the rows below draw them (GpInstancesRow). */
      slot->column = gtk_column_view_column_new (title, NULL);
      gtk_column_view_column_set_sorter (slot->column, GTK_SORTER (probe));
      gtk_column_view_column_set_resizable (slot->column, TRUE);
      /* Room to spare goes to the names that are cut when short: the instance, the region
       * with its city, the GPU. */
      gtk_column_view_column_set_expand (slot->column,
                                         slot->def->column == GP_OFFER_COLUMN_INSTANCE ||
                                             slot->def->column == GP_OFFER_COLUMN_REGION ||
                                             slot->def->column == GP_OFFER_COLUMN_GPU);
      gtk_column_view_append_column (self->column_view, slot->column);
      g_object_unref (slot->column);

      check = gp_ui_check_row_new (self->columns_row, _(slot->def->title));
      g_object_bind_property (slot->column, "title", check, "title", G_BINDING_SYNC_CREATE);
      g_object_bind_property (slot->column, "visible",
                              adw_action_row_get_activatable_widget (ADW_ACTION_ROW (check)),
                              "active", G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL);
      g_signal_connect (slot->column, "notify::fixed-width", G_CALLBACK (column_width_cb), slot);
      g_signal_connect_object (slot->column, "notify::visible", G_CALLBACK (column_visible_cb),
                               self, G_CONNECT_SWAPPED);
    }

  g_signal_connect_object (view_sorter, "changed", G_CALLBACK (view_sorter_changed_cb), self,
                           G_CONNECT_SWAPPED);
  /* A column moved: the rows draw their cells under its title's new place. */
  g_signal_connect_object (gtk_column_view_get_columns (self->column_view), "items-changed",
                           G_CALLBACK (_gp_instances_page_redraw_rows), self, G_CONNECT_SWAPPED);
}

/* Rows */

static void
setup_row_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              GpInstancesPage          *self)
{
  gtk_list_item_set_child (item, _gp_instances_row_new (self));
}

static void
bind_row_cb (GtkSignalListItemFactory *factory,
             GtkListItem              *item,
             GpInstancesPage          *self)
{
  gp_row_filler_bind (self->filler, item, gtk_list_item_get_child (item));
}

static void
unbind_row_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               GpInstancesPage          *self)
{
  gp_row_filler_unbind (self->filler, item);
}

void
_gp_instances_page_add_rows (GpInstancesPage *self)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();
  g_autoptr(GListStore) none = g_list_store_new (G_TYPE_OBJECT);

  g_signal_connect (factory, "setup", G_CALLBACK (setup_row_cb), self);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row_cb), self);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_row_cb), self);
  gtk_list_view_set_factory (self->offers_list, factory);
  /* The column view shows the titles alone: sorting, resizing, reordering and hiding. */
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (gtk_no_selection_new (
                                                    G_LIST_MODEL (g_steal_pointer (&none)))));
}

void
_gp_instances_page_apply_hidden_columns (GpInstancesPage *self)
{
  g_auto(GStrv) hidden = gp_settings_dup_hidden_columns (self->settings);

  self->syncing = TRUE;
  for (guint i = 0; i < N_COLUMNS; i++)
    gtk_column_view_column_set_visible (
        self->columns[i].column,
        !g_strv_contains ((const char *const *) hidden, self->columns[i].def->id));
  self->syncing = FALSE;
}
