/* gp-compare-page.c — two to six platforms or instances side by side
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The page shows the table a GpComparison builds: a column per item, grouped rows, the best
 * cell of each row highlighted with its rule in a tooltip. The comparison is kept between
 * starts in a file written atomically.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "gp-compare-page-private.h"
#include "gp-compat.h"
#include "gp-display-currency.h"
#include "gp-enums.h"
#include "gp-file.h"
#include "gp-offer-filter.h"
#include "gp-ui-save.h"
#include "gp-ui-toasts.h"
#include "gp-ui-widgets.h"

G_DEFINE_FINAL_TYPE (GpComparePage, gp_compare_page, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_CATALOG,
  PROP_MODE,
  PROP_ONLY_DIFFERENCES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The table */

static void
clear_grid (GpComparePage *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->table_grid))) != NULL)
    gtk_grid_remove (self->table_grid, child);
}

GtkWidget *
_gp_compare_page_new_label (const char *text,
                            const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_yalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 26);
  /* Narrower than this, a column is unreadable: the table scrolls sideways instead. */
  gtk_label_set_width_chars (GTK_LABEL (label), 12);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);

  return label;
}

static GtkWidget *
new_header (GpComparisonColumn *column)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *names = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *title = _gp_compare_page_new_label (column->title, "heading");
  GtkWidget *subtitle =
      _gp_compare_page_new_label (column->subtitle, column->missing ? "warning" : "dim-label");
  GtkWidget *remove = gtk_button_new_from_icon_name ("window-close-symbolic");
  g_autofree char *remove_label =
      g_strdup_printf (_("Remove %s from the Comparison"), column->title);

  gtk_widget_set_hexpand (names, TRUE);
  gtk_widget_add_css_class (subtitle, "caption");
  gtk_box_append (GTK_BOX (names), title);
  gtk_box_append (GTK_BOX (names), subtitle);

  gtk_widget_set_valign (remove, GTK_ALIGN_START);
  gtk_widget_add_css_class (remove, "flat");
  gtk_widget_add_css_class (remove, "circular");
  gp_ui_set_tooltip (remove, _("Remove from the comparison (Delete)"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (remove), "compare.remove");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (remove), "s", column->id);
  gtk_accessible_update_property (GTK_ACCESSIBLE (remove), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  remove_label, -1);

  gtk_box_append (GTK_BOX (box), names);
  gtk_box_append (GTK_BOX (box), remove);
  gtk_widget_add_css_class (box, "compare-header");
  /* Delete removes the column the focus is in. */
  g_object_set_data_full (G_OBJECT (box), "gp-compare-id", g_strdup (column->id), g_free);
  gtk_widget_set_focusable (box, TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (box), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  column->title, -1);

  return box;
}

static GtkWidget *
new_sources_cell (GpComparisonCell *cell)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);

  for (guint i = 0; cell->sources != NULL && i < cell->sources->len; i++)
    {
      GpSource *source = g_ptr_array_index (cell->sources, i);
      const char *url = gp_source_get_url (source);
      g_autofree char *markup = NULL;
      GtkWidget *label;

      if (url != NULL && (g_str_has_prefix (url, "https://") || g_str_has_prefix (url, "http://")))
        markup =
            g_markup_printf_escaped ("<a href=\"%s\">%s</a>\n<small>%s</small>", url,
                                     gp_source_get_title (source), gp_source_get_as_of (source));
      else
        markup = g_markup_printf_escaped ("%s\n<small>%s</small>", gp_source_get_title (source),
                                          gp_source_get_as_of (source));

      label = _gp_compare_page_new_label (NULL, NULL);
      gtk_label_set_markup (GTK_LABEL (label), markup);
      gtk_box_append (GTK_BOX (box), label);
    }

  return box;
}

static GtkWidget *
new_cell (GpComparisonRow  *row,
          GpComparisonCell *cell)
{
  GtkWidget *widget;

  if (g_str_equal (row->key, "sources") && cell->sources != NULL)
    return new_sources_cell (cell);

  widget = _gp_compare_page_new_label (cell->text,
                                       row->kind == GP_COMPARISON_VALUE_NUMBER ? "numeric" : NULL);
  if (!cell->known)
    {
      gtk_widget_add_css_class (widget, "dim-label");
      /* An unknown figure with a reason says it (Colab's billing increment). */
      gp_ui_set_tooltip (widget, cell->note != NULL
                                     ? cell->note
                                     : _("Not in the catalog: the figure is unknown"));
    }
  else if (cell->best)
    {
      g_autofree char *description = g_strdup_printf (_("Best in this row. %s"), row->rule);

      gtk_widget_add_css_class (widget, "compare-best");
      gp_ui_set_tooltip (widget, row->rule);
      gtk_accessible_update_property (GTK_ACCESSIBLE (widget),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
    }
  else if (cell->note != NULL)
    {
      /* Estimated, doubtful or old: never the best, and the tooltip says why. */
      if (cell->estimate)
        gtk_widget_add_css_class (widget, "estimate");
      if (cell->doubtful)
        gtk_widget_add_css_class (widget, "doubtful");
      /* The date row says a column is old; its every price in warning colours would shout. */
      if (cell->stale && row->kind == GP_COMPARISON_VALUE_DATE)
        gtk_widget_add_css_class (widget, "stale");
      gp_ui_set_tooltip (widget, cell->note);
      gtk_accessible_update_property (GTK_ACCESSIBLE (widget),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, cell->note, -1);
    }

  return widget;
}

static void
attach_row (GpComparePage   *self,
            GpComparisonRow *row,
            int              y,
            gboolean         odd)
{
  GtkWidget *label = _gp_compare_page_new_label (row->label, "compare-row-label");

  if (row->rule != NULL)
    gp_ui_set_tooltip (label, row->rule);
  gtk_grid_attach (self->table_grid, label, 0, y, 1, 1);

  for (guint c = 0; c < row->cells->len; c++)
    {
      GtkWidget *cell = new_cell (row, gp_comparison_row_get_cell (row, c));

      gtk_widget_add_css_class (cell, "compare-cell");
      gtk_grid_attach (self->table_grid, cell, c + 1, y, 1, 1);
    }

  if (odd)
    for (GtkWidget *child = gtk_grid_get_child_at (self->table_grid, 0, y), *next = NULL;
         child != NULL;
         child = next)
      {
        int column;

        gtk_widget_add_css_class (child, "compare-odd");
        gtk_grid_query_child (self->table_grid, child, &column, NULL, NULL, NULL);
        next = gtk_grid_get_child_at (self->table_grid, column + 1, y);
      }
}

static void
update_hint (GpComparePage *self,
             guint          n_items)
{
  GpComparisonMode mode = gp_comparison_get_mode (self->comparison);

  gtk_widget_set_visible (GTK_WIDGET (self->hint_label), n_items == 1);
  gtk_label_set_text (self->hint_label,
                      mode == GP_COMPARISON_PROVIDERS
                        ? _("Add another platform to compare, with Add… above.")
                        : _("Add another instance to compare: select rows on the Instances page, "
                            "or use Add… above."));
}

/* The page that says how to add something to compare, built the first time it is shown. */
static void
show_empty_page (GpComparePage *self)
{
  GpComparisonMode mode = gp_comparison_get_mode (self->comparison);

  if (self->empty_page == NULL)
    {
      g_autoptr(GtkBuilder) builder =
          gtk_builder_new_from_resource (RESOURCE_BASE_PATH "/gp-compare-page-empty.ui");

      self->empty_page = ADW_STATUS_PAGE (gtk_builder_get_object (builder, "empty_page"));
      gtk_stack_add_named (self->content_stack, GTK_WIDGET (self->empty_page), "empty");
    }
  adw_status_page_set_description (self->empty_page,
                                   mode == GP_COMPARISON_PROVIDERS
                                     ? _("Add two to six platforms with Add… above.")
                                     : _("Select offers on the Instances page and choose Add to "
                                         "Comparison, or use Add… above. Two to six fit side by "
                                         "side."));
  gtk_stack_set_visible_child_name (self->content_stack, "empty");
}

/* The comparison as the page shows and exports it, and as slides show it: the row of how a lab
 * in mainland China reaches each platform only for a lab there or in Hong Kong. */
GpComparisonTable *
gp_compare_page_build_table (GpComparePage *self)
{
  GpComparisonTable *table;

  g_return_val_if_fail (GP_IS_COMPARE_PAGE (self), NULL);

  table = gp_comparison_build (self->comparison);

  if (gp_ui_lab_sees_border (gp_comparison_get_lab_location (self->comparison)))
    return table;
  for (guint r = table->rows->len; r > 0; r--)
    {
      GpComparisonRow *row = g_ptr_array_index (table->rows, r - 1);

      if (g_str_equal (row->key, "mainland_china"))
        g_ptr_array_remove_index (table->rows, r - 1);
    }
  return table;
}

static void
rebuild (GpComparePage *self)
{
  g_autoptr(GpComparisonTable) table = NULL;
  int y = 0;
  int group = -1;
  guint shown = 0;

  self->dirty = FALSE;
  clear_grid (self);

  /* Until the catalog is read (just after the first frame) there is nothing to say yet: the
   * empty page's large icon would load an SVG renderer into every start for nothing. */
  if (self->catalog == NULL)
    return;

  update_hint (self, gp_comparison_get_n_items (self->comparison));
  if (gp_comparison_get_n_items (self->comparison) == 0)
    {
      show_empty_page (self);
      return;
    }

  table = gp_compare_page_build_table (self);
  for (guint c = 0; c < table->columns->len; c++)
    gtk_grid_attach (self->table_grid, new_header (g_ptr_array_index (table->columns, c)), c + 1,
                     y, 1, 1);
  y++;

  for (guint r = 0; r < table->rows->len; r++)
    {
      GpComparisonRow *row = g_ptr_array_index (table->rows, r);

      if (self->only_differences && !row->differs)
        continue;

      if ((int) row->group != group)
        {
          GtkWidget *heading =
              _gp_compare_page_new_label (gp_comparison_group_get_title (row->group), "heading");

          group = row->group;
          gtk_widget_add_css_class (heading, "compare-group");
          gtk_accessible_update_property (GTK_ACCESSIBLE (heading), GTK_ACCESSIBLE_PROPERTY_LEVEL,
                                          3, -1);
          gtk_grid_attach (self->table_grid, heading, 0, y++, table->columns->len + 1, 1);
        }

      attach_row (self, row, y++, shown++ % 2 == 1);
    }

  gtk_stack_set_visible_child_name (self->content_stack, "table");
}

static gboolean
rebuild_idle (gpointer user_data)
{
  GpComparePage *self = user_data;

  self->rebuild_source = 0;
  rebuild (self);
  return G_SOURCE_REMOVE;
}

/* The table is built once the page is on screen: at startup this runs after the first frame,
 * so the window appears at once and the columns fill in on the next frame. */
static void
queue_rebuild (GpComparePage *self)
{
  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      self->dirty = TRUE;
      return;
    }

  g_clear_handle_id (&self->rebuild_source, g_source_remove);
  rebuild (self);
}

static void
gp_compare_page_map (GtkWidget *widget)
{
  GpComparePage *self = GP_COMPARE_PAGE (widget);

  GTK_WIDGET_CLASS (gp_compare_page_parent_class)->map (widget);

  /* Below the redraw priority: the frame being prepared is painted first. */
  if (self->dirty && self->rebuild_source == 0)
    self->rebuild_source = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, rebuild_idle, self, NULL);
}

/* A popover left open as the page goes away would outlive it: GTK 4.8 keeps a shown popover
 * alive past its window, and a tooltip timer pointing at its lost surface then fails. */
static void
gp_compare_page_unmap (GtkWidget *widget)
{
  GpComparePage *self = GP_COMPARE_PAGE (widget);

  if (self->add_popover != NULL)
    gtk_popover_popdown (self->add_popover);

  GTK_WIDGET_CLASS (gp_compare_page_parent_class)->unmap (widget);
}

/* Keeping the comparison */

static void
save_state (GpComparePage *self)
{
  g_autoptr(GError) error = NULL;

  if (self->state_file == NULL)
    return;

  if (!gp_comparison_save_to_file (self->comparison, self->state_file, NULL, &error))
    {
      g_autofree char *message = g_strdup_printf (_("Could not keep the comparison: %s"),
                                                  error->message);
      gp_ui_show_toast (GTK_WIDGET (self), message);
    }
}

static gboolean
save_idle (gpointer user_data)
{
  GpComparePage *self = user_data;

  self->save_source = 0;
  save_state (self);
  return G_SOURCE_REMOVE;
}

static void
comparison_changed_cb (GpComparePage *self)
{
  queue_rebuild (self);
  /* Several changes in a row (a selection of offers added) are one write. */
  if (self->state_file != NULL && self->save_source == 0)
    self->save_source = g_idle_add (save_idle, self);
}

static void
comparison_mode_cb (GpComparePage *self)
{
  _gp_compare_page_show_add_choices (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODE]);
}

/* Exports */

static void
save_csv_cb (GObject *target,
             GFile   *file)
{
  GpComparePage *self = GP_COMPARE_PAGE (target);
  g_autoptr(GpComparisonTable) table = gp_compare_page_build_table (self);
  char *csv = gp_comparison_table_to_csv (table, self->only_differences);
  g_autoptr(GBytes) bytes = g_bytes_new_take (csv, strlen (csv));

  gp_ui_save_bytes (gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_TOAST_OVERLAY), file,
                    bytes, NULL);
}

static void
export_csv_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  GtkRoot *root = gtk_widget_get_root (widget);

  gp_compat_save_file (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                       _("Export the Comparison"), _("comparison.csv"), save_csv_cb,
                       G_OBJECT (widget));
}

static void
copy_markdown_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  GpComparePage *self = GP_COMPARE_PAGE (widget);
  g_autoptr(GpComparisonTable) table = gp_compare_page_build_table (self);
  g_autofree char *markdown = gp_comparison_table_to_markdown (table, self->only_differences);

  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), markdown);
  gp_ui_show_toast (widget, _("Copied the comparison as a Markdown table"));
}

static void
remove_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  gp_comparison_remove (GP_COMPARE_PAGE (widget)->comparison,
                        g_variant_get_string (parameter, NULL));
}

/* Delete removes the column the focus is in: its header, or a button in it. */
static void
remove_focused_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  GpComparePage *self = GP_COMPARE_PAGE (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  for (; focus != NULL && focus != widget; focus = gtk_widget_get_parent (focus))
    {
      const char *id = g_object_get_data (G_OBJECT (focus), "gp-compare-id");

      if (id != NULL)
        {
          g_autofree char *removed = g_strdup (id);

          gp_comparison_remove (self->comparison, removed);
          return;
        }
    }
}

/* Lifecycle */

static void
gp_compare_page_dispose (GObject *object)
{
  GpComparePage *self = GP_COMPARE_PAGE (object);

  g_clear_handle_id (&self->rebuild_source, g_source_remove);
  /* A change not yet written is written now, not lost. */
  if (self->save_source != 0)
    {
      g_clear_handle_id (&self->save_source, g_source_remove);
      save_state (self);
    }
  gtk_widget_dispose_template (GTK_WIDGET (self), GP_TYPE_COMPARE_PAGE);
  /* The Add popover went with its menu button. */
  self->add_popover = NULL;
  self->add_list = NULL;
  self->add_search = NULL;
  if (self->comparison != NULL)
    g_signal_handlers_disconnect_by_data (self->comparison, self);
  g_clear_object (&self->comparison);
  g_clear_object (&self->catalog);
  g_clear_object (&self->settings);
  g_clear_object (&self->state_file);
  g_clear_object (&self->provider_choices);
  g_clear_object (&self->offer_choices);
  g_clear_object (&self->offer_search);
  g_clear_pointer (&self->state_problem, g_free);

  G_OBJECT_CLASS (gp_compare_page_parent_class)->dispose (object);
}

static void
gp_compare_page_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  GpComparePage *self = GP_COMPARE_PAGE (object);

  switch (prop_id)
    {
    case PROP_CATALOG:
      g_value_set_object (value, gp_compare_page_get_catalog (self));
      break;

    case PROP_MODE:
      g_value_set_enum (value, gp_comparison_get_mode (self->comparison));
      break;

    case PROP_ONLY_DIFFERENCES:
      g_value_set_boolean (value, gp_compare_page_get_only_differences (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gp_compare_page_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  GpComparePage *self = GP_COMPARE_PAGE (object);

  switch (prop_id)
    {
    case PROP_CATALOG:
      gp_compare_page_set_catalog (self, g_value_get_object (value));
      break;

    case PROP_MODE:
      gp_comparison_set_mode (self->comparison, g_value_get_enum (value));
      break;

    case PROP_ONLY_DIFFERENCES:
      gp_compare_page_set_only_differences (self, g_value_get_boolean (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gp_compare_page_class_init (GpComparePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = gp_compare_page_dispose;
  object_class->get_property = gp_compare_page_get_property;
  object_class->set_property = gp_compare_page_set_property;

  widget_class->map = gp_compare_page_map;
  widget_class->unmap = gp_compare_page_unmap;

  properties[PROP_CATALOG] =
    g_param_spec_object ("catalog", NULL, NULL, GP_TYPE_CATALOG,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MODE] =
    g_param_spec_enum ("mode", NULL, NULL, GP_TYPE_COMPARISON_MODE, GP_COMPARISON_PROVIDERS,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ONLY_DIFFERENCES] =
    g_param_spec_boolean ("only-differences", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE_PATH "/gp-compare-page.ui");
  gtk_widget_class_bind_template_child (widget_class, GpComparePage, toolbar);
  gtk_widget_class_bind_template_child (widget_class, GpComparePage, add_button);
  gtk_widget_class_bind_template_child (widget_class, GpComparePage, content_stack);
  gtk_widget_class_bind_template_child (widget_class, GpComparePage, hint_label);
  gtk_widget_class_bind_template_child (widget_class, GpComparePage, table_grid);

  gtk_widget_class_install_property_action (widget_class, "compare.mode", "mode");
  gtk_widget_class_install_property_action (widget_class, "compare.only-differences",
                                            "only-differences");
  gtk_widget_class_install_action (widget_class, "compare.remove", "s", remove_action);
  gtk_widget_class_install_action (widget_class, "compare.remove-focused", NULL,
                                   remove_focused_action);
  gtk_widget_class_install_action (widget_class, "compare.export-csv", NULL, export_csv_action);
  gtk_widget_class_install_action (widget_class, "compare.copy-markdown", NULL,
                                   copy_markdown_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Delete, 0, "compare.remove-focused",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Delete, 0,
                                       "compare.remove-focused", NULL);
}

static void
gp_compare_page_init (GpComparePage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gp_ui_quiet_tooltip_while_open (GTK_WIDGET (self->add_button));
  gtk_menu_button_set_create_popup_func (self->add_button, _gp_compare_page_create_add_popover,
                                         self, NULL);
  gp_ui_flow_box_pass_focus (self->toolbar);

  self->comparison = gp_comparison_new (NULL);
  self->offer_search = gp_offer_filter_new ();
  g_signal_connect_object (self->comparison, "changed", G_CALLBACK (comparison_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->comparison, "notify::mode", G_CALLBACK (comparison_mode_cb), self,
                           G_CONNECT_SWAPPED);

  self->provider_choices = gtk_filter_list_model_new (
      NULL, GTK_FILTER (gtk_custom_filter_new (_gp_compare_page_match_provider, self, NULL)));
  self->offer_choices = gtk_filter_list_model_new (
      NULL, GTK_FILTER (gtk_custom_filter_new (_gp_compare_page_match_offer, self, NULL)));
  self->dirty = TRUE;
}

/* API */

GpCatalog *
gp_compare_page_get_catalog (GpComparePage *self)
{
  g_return_val_if_fail (GP_IS_COMPARE_PAGE (self), NULL);
  return self->catalog;
}

static void
read_currency (GpComparePage *self)
{
  const char *from = self->catalog != NULL ? gp_catalog_get_currency (self->catalog) : "USD";
  GpDisplayCurrency *display;
  g_autofree char *basis = NULL;
  const char *currency;
  double rate;

  if (self->settings == NULL)
    return;

  display = gp_settings_get_display_currency (self->settings);
  currency = gp_display_currency_resolve (display, from, &rate);
  basis = gp_display_currency_dup_rate_basis (display, self->catalog);
  gp_comparison_set_rate_basis (self->comparison, basis);
  gp_comparison_set_currency (self->comparison, currency, rate);
}

void
gp_compare_page_set_catalog (GpComparePage *self,
                             GpCatalog     *catalog)
{
  g_return_if_fail (GP_IS_COMPARE_PAGE (self));
  g_return_if_fail (catalog == NULL || GP_IS_CATALOG (catalog));

  if (self->catalog == catalog)
    return;
  if (self->catalog != NULL)
    g_signal_handlers_disconnect_by_func (self->catalog, read_currency, self);
  g_set_object (&self->catalog, catalog);
  /* The staleness limit is the catalog's: the rate's mark follows it. */
  if (catalog != NULL)
    g_signal_connect_object (catalog, "changed", G_CALLBACK (read_currency), self,
                             G_CONNECT_SWAPPED);

  gtk_filter_list_model_set_model (self->provider_choices,
                                   catalog != NULL ? gp_catalog_get_providers (catalog) : NULL);
  gtk_filter_list_model_set_model (self->offer_choices,
                                   catalog != NULL ? gp_catalog_get_offers (catalog) : NULL);
  read_currency (self);
  gp_comparison_set_catalog (self->comparison, catalog);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CATALOG]);
}

/* A lab in mainland China starts with the platforms it reaches. */
static void
read_lab_location (GpComparePage *self)
{
  gp_comparison_set_lab_location (self->comparison, gp_settings_get_lab_location (self->settings));
  /* The row of how a lab in mainland China reaches each platform is shown to a lab there or in
   * Hong Kong only. */
  queue_rebuild (self);
}

void
gp_compare_page_set_settings (GpComparePage *self,
                              GpSettings    *settings)
{
  g_return_if_fail (GP_IS_COMPARE_PAGE (self));
  g_return_if_fail (GP_IS_SETTINGS (settings));

  if (!g_set_object (&self->settings, settings))
    return;

  g_signal_connect_object (gp_settings_get_display_currency (settings), "changed",
                           G_CALLBACK (read_currency), self, G_CONNECT_SWAPPED);
  read_currency (self);
  g_signal_connect_object (settings, "notify::lab-location", G_CALLBACK (read_lab_location), self,
                           G_CONNECT_SWAPPED);
  read_lab_location (self);
}

/* Reads the comparison kept in @file, when there is one. A file that cannot be read is named
 * in a message and set aside as FILE.unreadable, so that nothing of it is lost and the next
 * start does not meet it again; the page starts from the platforms labs ask about first. */
void
gp_compare_page_set_state_file (GpComparePage *self,
                                GFile         *file)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (GP_IS_COMPARE_PAGE (self));
  g_return_if_fail (file == NULL || G_IS_FILE (file));

  g_clear_handle_id (&self->save_source, g_source_remove);
  g_set_object (&self->state_file, file);
  g_clear_pointer (&self->state_problem, g_free);
  if (file == NULL)
    return;

  if (!gp_comparison_load_from_file (self->comparison, file, &error) &&
      !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    {
      g_autoptr(GFile) aside = gp_file_set_aside (file, NULL);
      g_autofree char *aside_name = aside != NULL ? g_file_get_parse_name (aside) : NULL;

      self->state_problem = aside_name != NULL
        ? g_strdup_printf (_("The saved comparison was not read: %s. It is kept as %s."),
                           error->message, aside_name)
        : g_strdup_printf (_("The saved comparison was not read: %s"), error->message);
      gp_ui_show_toast (GTK_WIDGET (self), self->state_problem);
      g_message ("%s", self->state_problem);
    }

  /* Reading is not a change to write back. */
  g_clear_handle_id (&self->save_source, g_source_remove);
}

GpComparison *
gp_compare_page_get_comparison (GpComparePage *self)
{
  g_return_val_if_fail (GP_IS_COMPARE_PAGE (self), NULL);
  return self->comparison;
}

gboolean
gp_compare_page_get_only_differences (GpComparePage *self)
{
  g_return_val_if_fail (GP_IS_COMPARE_PAGE (self), FALSE);
  return self->only_differences;
}

void
gp_compare_page_set_only_differences (GpComparePage *self,
                                      gboolean       only_differences)
{
  g_return_if_fail (GP_IS_COMPARE_PAGE (self));

  only_differences = !!only_differences;
  if (self->only_differences == only_differences)
    return;

  self->only_differences = only_differences;
  queue_rebuild (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ONLY_DIFFERENCES]);
}

guint
gp_compare_page_add_ids (GpComparePage      *self,
                         const char * const *ids,
                         GError            **error)
{
  guint added = 0;

  g_return_val_if_fail (GP_IS_COMPARE_PAGE (self), 0);
  g_return_val_if_fail (ids != NULL, 0);

  for (guint i = 0; ids[i] != NULL; i++)
    {
      g_autoptr(GError) local_error = NULL;

      if (gp_comparison_add (self->comparison, ids[i], &local_error))
        added++;
      else if (error != NULL && *error == NULL)
        g_propagate_error (error, g_steal_pointer (&local_error));
    }

  return added;
}

/* Opens the Add popover with its search focused. */
void
gp_compare_page_start_search (GpComparePage *self)
{
  g_return_if_fail (GP_IS_COMPARE_PAGE (self));

  gtk_menu_button_popup (self->add_button);
  gtk_widget_grab_focus (GTK_WIDGET (self->add_search));
}

/* Writes the comparison as shown (only the differences, when they are) as CSV, atomically. */
gboolean
gp_compare_page_write_csv (GpComparePage  *self,
                           GFile          *file,
                           GError        **error)
{
  g_autoptr(GpComparisonTable) table = NULL;
  g_autofree char *csv = NULL;

  g_return_val_if_fail (GP_IS_COMPARE_PAGE (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  table = gp_compare_page_build_table (self);
  csv = gp_comparison_table_to_csv (table, self->only_differences);
  return gp_file_replace (file, csv, strlen (csv), error);
}

const char *
gp_compare_page_get_state_problem (GpComparePage *self)
{
  g_return_val_if_fail (GP_IS_COMPARE_PAGE (self), NULL);
  return self->state_problem;
}
