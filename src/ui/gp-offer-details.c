/* gp-offer-details.c — everything the catalog says of one offer, with its sources
 *
 * Copyright 2026 The GPU Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The details are the comparison of one item: the same rows, units and figures as the Compare
 * page, so that what a row says here it says there too.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "gp-breakeven-chart.h"
#include "gp-chart-view.h"
#include "gp-comparison.h"
#include "gp-cost-model.h"
#include "gp-export-dialog.h"
#include "gp-format.h"
#include "gp-history-chart.h"
#include "gp-launch-view.h"
#include "gp-offer-details.h"
#include "gp-quote-layer.h"
#include "gp-price-history.h"
#include "gp-ui-widgets.h"

struct _GpOfferDetails
{
  AdwBin      parent_instance;

  GpCatalog  *catalog;
  GpOffer    *offer;
  char       *currency;
  double      exchange_rate;
  GpChartData *breakeven;     /* a lab machine's: buying it against renting */
  GpLabLocation lab_location; /* whose rentals a lab machine is set against */
  GpPriceHistory *history;    /* read when first needed: bundled and the user's own */

  /* Template widgets */
  GtkBox     *groups_box;
  GtkLabel   *subtitle_label;
  GtkLabel   *title_label;
  GtkWidget *remove_lab_button;
  GtkWidget *edit_lab_button;
};

G_DEFINE_FINAL_TYPE (GpOfferDetails, gp_offer_details, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_OFFER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* A value that fits beside its name goes there; a long one goes under it. */
#define SHORT_VALUE_CHARS 22

static void
clear_groups (GpOfferDetails *self)
{
  GtkWidget *child;

  g_clear_pointer (&self->breakeven, gp_chart_data_unref);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->groups_box))) != NULL)
    gtk_box_remove (self->groups_box, child);
}

static GtkWidget *
new_value_label (GpComparisonCell *cell)
{
  GtkWidget *label = gtk_label_new (cell->text);

  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "numeric");
  if (!cell->known)
    {
      gtk_widget_add_css_class (label, "dim-label");
      gp_ui_set_tooltip (label, _("Not in the catalog: the figure is unknown"));
    }

  return label;
}

static void
open_source_cb (AdwActionRow *row,
                gpointer      user_data)
{
  const char *url = g_object_get_data (G_OBJECT (row), "url");
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (row));

  gtk_show_uri (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, url, GDK_CURRENT_TIME);
}

/* One row per source, with its date; a source with an address opens it in the browser. */
static void
add_source_rows (AdwPreferencesGroup *group,
                 GpComparisonCell    *cell)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();

  for (guint i = 0; cell->sources != NULL && i < cell->sources->len; i++)
    {
      GpSource *source = g_ptr_array_index (cell->sources, i);
      const char *url = gp_source_get_url (source);
      GtkWidget *row = adw_action_row_new ();
      g_autofree char *date = NULL;

      if (gp_source_get_age_days (source, now) > GP_STALE_AFTER_DAYS)
        date = g_strdup_printf (_("As of %s: more than %d days old"), gp_source_get_as_of (source),
                                GP_STALE_AFTER_DAYS);
      else
        date = g_strdup_printf (_("As of %s"), gp_source_get_as_of (source));

      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), gp_source_get_title (source));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), date);
      adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 0);
      gtk_widget_set_name (row, "source-row");

      if (url != NULL && (g_str_has_prefix (url, "https://") || g_str_has_prefix (url, "http://")))
        {
          GtkWidget *icon = gtk_image_new_from_icon_name ("adw-external-link-symbolic");

          g_object_set_data_full (G_OBJECT (row), "url", g_strdup (url), g_free);
          gp_ui_set_tooltip (row, url);
          gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), icon);
          g_signal_connect (row, "activated", G_CALLBACK (open_source_cb), NULL);
        }

      adw_preferences_group_add (group, row);
    }
}

static void
add_row (AdwPreferencesGroup *group,
         GpComparisonRow     *row)
{
  GpComparisonCell *cell = gp_comparison_row_get_cell (row, 0);
  GtkWidget *widget = adw_action_row_new ();

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (widget), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (widget), row->label);
  adw_action_row_set_title_lines (ADW_ACTION_ROW (widget), 0);
  gtk_widget_set_name (widget, row->key);

  if (g_utf8_strlen (cell->text, -1) > SHORT_VALUE_CHARS || strchr (cell->text, '\n') != NULL)
    {
      adw_action_row_set_subtitle (ADW_ACTION_ROW (widget), cell->text);
      adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (widget), 0);
    }
  else
    adw_action_row_add_suffix (ADW_ACTION_ROW (widget), new_value_label (cell));

  adw_preferences_group_add (group, widget);
}

static GtkWidget *
add_text_row (AdwPreferencesGroup *group,
              const char          *title,
              const char          *subtitle,
              const char          *value)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 0);
  if (subtitle != NULL)
    {
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 0);
    }
  if (value != NULL)
    {
      GtkWidget *label = gtk_label_new (value);

      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_xalign (GTK_LABEL (label), 1);
      gtk_label_set_selectable (GTK_LABEL (label), TRUE);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
    }
  adw_preferences_group_add (group, row);
  return row;
}

/* Buying against renting over the machine's lifetime, at the work it does at its utilisation,
 * with the band of 20 points either side; exported like the estimate's charts. */
static void
add_breakeven_chart (GpOfferDetails      *self,
                     AdwPreferencesGroup *group,
                     GpInstance          *machine,
                     GArray              *rentals)
{
  const GpLabCost *cost = gp_instance_get_lab_cost (machine);
  double work =
      gp_breakeven_capacity (cost, gp_instance_get_gpu_count (machine), cost->utilisation_pct);
  GtkWidget *chart = gp_chart_view_new ();
  GtkWidget *export = gtk_button_new_from_icon_name ("document-save-symbolic");

  g_clear_pointer (&self->breakeven, gp_chart_data_unref);
  self->breakeven = gp_breakeven_chart_data_new (machine, work, rentals);
  gp_chart_view_set_kind (GP_CHART_VIEW (chart), GP_CHART_KIND_BREAKEVEN);
  gp_chart_view_set_data (GP_CHART_VIEW (chart), self->breakeven);
  gtk_widget_set_size_request (chart, -1, 520);
  gtk_widget_set_margin_top (chart, 12);
  gtk_widget_add_css_class (chart, "card");
  adw_preferences_group_add (group, chart);

  gtk_widget_set_tooltip_text (export, _("Export Chart…"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (export), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Export the break-even chart"), -1);
  gtk_widget_add_css_class (export, "flat");
  gtk_widget_set_valign (export, GTK_ALIGN_CENTER);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (export), "details.export-breakeven");
  adw_preferences_group_set_header_suffix (group, export);
}

/* The lab's own machine: what an hour of its GPU costs, term by term, and when buying it pays
 * off against the cheapest rental, at its utilisation and 20 points either side of it, since
 * utilisation is the figure people most often get wrong. */
static void
add_buy_or_rent (GpOfferDetails *self,
                 GpInstance     *machine)
{
  const GpLabCost *cost = gp_instance_get_lab_cost (machine);
  const char *currency = gp_instance_get_currency (machine);
  guint gpus = gp_instance_get_gpu_count (machine);
  AdwPreferencesGroup *group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  g_autoptr(GArray) rentals = NULL;
  GpLabTerms terms;
  double per_gpu_hour = gp_lab_cost_per_gpu_hour (cost, gpus, &terms);
  g_autofree char *total = gp_format_money (per_gpu_hour, currency);
  g_autofree char *capital = gp_format_money (terms.capital, currency);
  g_autofree char *maintenance = gp_format_money (terms.maintenance, currency);
  g_autofree char *staff = gp_format_money (terms.staff, currency);
  g_autofree char *energy = gp_format_money (terms.energy, currency);
  g_autofree char *made_of = NULL;
  const GpRental *cheapest;

  adw_preferences_group_set_title (group, _("Buy or Rent"));
  gtk_box_prepend (self->groups_box, GTK_WIDGET (group));
  if (gp_lab_cost_has_electricity (cost))
    /* Translators: what an hour of a lab machine's GPU is made of */
    made_of = g_strdup_printf (_("The purchase %s, maintenance %s, staff %s, electricity with "
                                  "cooling %s"),
                               capital, maintenance, staff, energy);
  else
    /* Translators: what an hour of a lab machine's GPU is made of, its electricity price not
     * given */
    made_of = g_strdup_printf (_("The purchase %s, maintenance %s, staff %s; electricity left "
                                  "out: no electricity price was given"),
                               capital, maintenance, staff);
  add_text_row (group, _("An Hour of One GPU’s Use"), made_of, total);

  if (self->catalog == NULL)
    return;
  rentals = gp_breakeven_find_rentals (
      self->catalog, machine, 1 / gp_instance_get_to_catalog (machine), self->lab_location);
  if (rentals->len == 0)
    {
      add_text_row (group, _("No quoted price to rent this GPU: nothing to compare with."), NULL,
                    NULL);
      return;
    }

  cheapest = &g_array_index (rentals, GpRental, 0);
  {
    g_autofree char *price = gp_format_money (cheapest->per_gpu_hour, currency);
    g_autofree char *region = gp_offer_dup_region_label (cheapest->offer);
    g_autofree char *where = g_strdup_printf (
        /* Translators: the cheapest rental of the same GPU: instance, region, way of paying */
        _("%s in %s, %s"), gp_instance_get_name (gp_offer_get_instance (cheapest->offer)), region,
        gp_estimate_pricing_get_label (cheapest->pricing));
    const char *reach = gp_reachability_get_mark (cheapest->reach);

    /* A lab in mainland China is told when the rental is across the border. */
    if (reach != NULL)
      {
        char *marked = gp_chart_mark_reach (where, reach);

        g_free (where);
        where = marked;
      }
    add_text_row (group, _("Renting the Same GPU, Cheapest"), where, price);
  }

  for (int delta = -20; delta <= 20; delta += 20)
    {
      double utilisation = cost->utilisation_pct + delta;
      double work = gp_breakeven_capacity (cost, gpus, utilisation);
      int month = gp_breakeven_month (cost, gpus, work, cheapest->per_gpu_hour);
      g_autofree char *title = NULL, *subtitle = NULL, *value = NULL;

      if (utilisation <= 0 || utilisation > 100)
        continue;
      /* Translators: a row of the break-even: "At 50% Utilisation" */
      title = g_strdup_printf (_("At %.0f%% Utilisation"), utilisation);
      /* Translators: the work a month at a utilisation */
      subtitle = g_strdup_printf (_("%.0f GPU-hours a month"), work);
      value =
          month > 0
              /* Translators: when buying the lab's machine pays off */
              ? g_strdup_printf (_("Buying pays off in month %d"), month)
              : g_strdup_printf (_("Buying does not pay off in %g years"), cost->lifetime_years);
      add_text_row (group, title, subtitle, value);
    }

  add_breakeven_chart (self, group, machine, rentals);
}

/* How to start a job here: the platform's code, folded until asked for. */
static void
add_launch (GpOfferDetails *self)
{
  AdwPreferencesGroup *group;
  GtkWidget *view, *expander;
  g_auto(GStrv) formats = NULL;
  g_autofree char *joined = NULL;

  /* The lab's own machine is started as the lab starts it. */
  if (gp_instance_get_lab_cost (gp_offer_get_instance (self->offer)) != NULL)
    return;
  group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  expander = adw_expander_row_new ();
  view = gp_launch_view_new ();
  formats = gp_launch_data_dup_formats (gp_launch_data_get_default (),
                                        gp_offer_get_provider (self->offer));
  for (guint i = 0; formats[i] != NULL; i++)
    {
      char *label = g_strdup (gp_launch_format_get_label (formats[i]));

      g_free (formats[i]);
      formats[i] = label;
    }
  joined = g_strjoinv (", ", formats);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (expander), _("Launch Code"));
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (expander),
                                 formats[0] != NULL ? joined : _("No template for this platform"));
  gtk_widget_set_name (expander, "launch_row");
  gp_launch_view_set_offer (GP_LAUNCH_VIEW (view), self->offer, FALSE, NULL,
                            self->currency != NULL ? self->currency
                                                   : gp_catalog_get_currency (self->catalog),
                            self->exchange_rate);
  gtk_widget_set_margin_top (view, 12);
  gtk_widget_set_margin_bottom (view, 12);
  gtk_widget_set_margin_start (view, 12);
  gtk_widget_set_margin_end (view, 12);
  adw_expander_row_add_row (ADW_EXPANDER_ROW (expander), view);
  adw_preferences_group_add (group, expander);
  /* Near the top: once the figures have said this is the place, the next question is how. */
  gtk_box_prepend (self->groups_box, GTK_WIDGET (group));
}

static void
draw_history (GtkDrawingArea *area,
              cairo_t        *cr,
              int             width,
              int             height,
              gpointer        user_data)
{
  GArray *points = g_object_get_data (G_OBJECT (area), "points");
  const char *currency = g_object_get_data (G_OBJECT (area), "currency");
  GpHistoryChartColors colors = {
    .on_demand = { 0.21, 0.52, 0.89, 1 },
    .spot = { 0.90, 0.38, 0.0, 1 },
    .capacity_block = { 0.57, 0.25, 0.67, 1 },
  };
  GdkRGBA text;

  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (area)), &text);
  colors.text[0] = text.red;
  colors.text[1] = text.green;
  colors.text[2] = text.blue;
  colors.text[3] = text.alpha;
  gp_history_chart_draw (cr, width, height, points, currency, &colors);
}

/* The offer's prices over time, where a series has them: a small chart, its dates and source.
 * Returns TRUE: it has had its place, whether or not there was a series to show. */
static gboolean
add_history (GpOfferDetails *self)
{
  g_autofree char *id = gp_offer_dup_id (self->offer);
  g_autoptr(GArray) points = NULL;
  g_autoptr(GError) error = NULL;
  AdwPreferencesGroup *group;
  GtkWidget *area, *caption;
  g_autofree char *legend = NULL;
  const GpPricePoint *first, *last;
  gboolean blocks = FALSE;

  if (self->history == NULL)
    {
      self->history = gp_price_history_new_bundled ();
      if (!gp_price_history_load_user (self->history, &error))
        g_warning ("%s", error->message);
    }
  points = gp_price_history_lookup (self->history, id);
  if (points->len == 0)
    return TRUE;
  /* In the currency the rest of the details are in: a series is in the offer's. */
  {
    double rate = gp_instance_get_to_catalog (gp_offer_get_instance (self->offer)) *
                  (self->currency != NULL ? self->exchange_rate : 1);

    for (guint i = 0; i < points->len; i++)
      {
        GpPricePoint *point = &g_array_index (points, GpPricePoint, i);

        point->on_demand *= rate;
        point->spot *= rate;
        point->capacity_block *= rate;
      }
  }
  first = &g_array_index (points, GpPricePoint, 0);
  last = &g_array_index (points, GpPricePoint, points->len - 1);
  for (guint i = 0; i < points->len; i++)
    blocks |= !isnan (g_array_index (points, GpPricePoint, i).capacity_block);

  group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  adw_preferences_group_set_title (group, _("Price History"));
  gtk_widget_set_name (GTK_WIDGET (group), "price-history");
  area = gtk_drawing_area_new ();
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), 150);
  g_object_set_data_full (G_OBJECT (area), "points", g_array_ref (points),
                          (GDestroyNotify) g_array_unref);
  g_object_set_data_full (
      G_OBJECT (area), "currency",
      g_strdup (self->currency != NULL ? self->currency : gp_catalog_get_currency (self->catalog)),
      g_free);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_history, NULL, NULL);
  if (blocks)
    /* Translators: the legend of an offer's price history with a Capacity Block's line: its
     * lines, the dates it spans, the number of dated points and where the last one comes
     * from */
    legend = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "Solid: on demand; dashed: spot; dotted: a Capacity "
                                           "Block. %s to %s, %u dated point; the last from %s.",
                                           "Solid: on demand; dashed: spot; dotted: a Capacity "
                                           "Block. %s to %s, %u dated points; the last from %s.",
                                           points->len),
                              first->date, last->date, points->len, last->source);
  else
    /* Translators: the legend of an offer's price history: its lines, the dates it spans, the
     * number of dated points and where the last one comes from */
    legend = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "Solid: on demand; dashed: spot. %s to %s, %u dated "
                                           "point; the last from %s.",
                                           "Solid: on demand; dashed: spot. %s to %s, %u dated "
                                           "points; the last from %s.",
                                           points->len),
                              first->date, last->date, points->len, last->source);
  caption = gtk_label_new (legend);
  gtk_label_set_wrap (GTK_LABEL (caption), TRUE);
  gtk_label_set_xalign (GTK_LABEL (caption), 0);
  gtk_widget_add_css_class (caption, "caption");
  gtk_widget_add_css_class (caption, "dim-label");
  {
    GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);

    gtk_box_append (GTK_BOX (box), area);
    gtk_box_append (GTK_BOX (box), caption);
    adw_preferences_group_add (group, box);
  }
  gtk_box_append (self->groups_box, GTK_WIDGET (group));
  return TRUE;
}

static void
rebuild (GpOfferDetails *self)
{
  g_autoptr(GpComparison) comparison = NULL;
  g_autoptr(GpComparisonTable) table = NULL;
  g_autofree char *id = NULL;
  GpComparisonColumn *column;
  AdwPreferencesGroup *group = NULL;
  int group_id = -1;
  gboolean history_shown = FALSE;

  clear_groups (self);
  if (self->offer == NULL || self->catalog == NULL || gp_offer_get_instance (self->offer) == NULL)
    return;

  comparison = gp_comparison_new (self->catalog);
  gp_comparison_set_mode (comparison, GP_COMPARISON_INSTANCES);
  gp_comparison_clear (comparison);
  id = gp_offer_dup_id (self->offer);
  if (!gp_comparison_add (comparison, id, NULL))
    return;
  if (self->currency != NULL)
    gp_comparison_set_currency (comparison, self->currency, self->exchange_rate);

  table = gp_comparison_build (comparison);
  column = g_ptr_array_index (table->columns, 0);
  gtk_label_set_text (self->title_label, column->title);
  if (gp_instance_get_lab_cost (gp_offer_get_instance (self->offer)) != NULL)
    {
      /* Translators: the subtitle of the lab's own machine's details: "Lab machines · Campus" */
      g_autofree char *owned = g_strdup_printf (_("%s · owned by the lab"), column->subtitle);

      gtk_label_set_text (self->subtitle_label, owned);
    }
  else
    gtk_label_set_text (self->subtitle_label, column->subtitle);
  if (gp_instance_get_lab_cost (gp_offer_get_instance (self->offer)) != NULL)
    add_buy_or_rent (self, gp_offer_get_instance (self->offer));

  for (guint r = 0; r < table->rows->len; r++)
    {
      GpComparisonRow *row = g_ptr_array_index (table->rows, r);

      if ((int) row->group != group_id)
        {
          /* The prices over time, under the prices of today. */
          if (group_id == GP_COMPARISON_GROUP_PRICES && !history_shown)
            history_shown = add_history (self);
          group_id = row->group;
          group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
          adw_preferences_group_set_title (group, gp_comparison_group_get_title (row->group));
          gtk_box_append (self->groups_box, GTK_WIDGET (group));
        }

      if (g_str_equal (row->key, "sources"))
        add_source_rows (group, gp_comparison_row_get_cell (row, 0));
      else
        add_row (group, row);
    }

  if (!history_shown)
    add_history (self);
  add_launch (self);
}

static void
export_breakeven_action (GtkWidget  *widget,
                         const char *action,
                         GVariant   *parameter)
{
  GpOfferDetails *self = GP_OFFER_DETAILS (widget);

  if (self->breakeven != NULL)
    gp_export_dialog_run (widget, GP_CHART_KIND_BREAKEVEN, self->breakeven, "breakeven");
}

static void
gp_offer_details_dispose (GObject *object)
{
  GpOfferDetails *self = GP_OFFER_DETAILS (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), GP_TYPE_OFFER_DETAILS);
  g_clear_object (&self->catalog);
  g_clear_object (&self->offer);
  g_clear_pointer (&self->breakeven, gp_chart_data_unref);
  g_clear_object (&self->history);

  G_OBJECT_CLASS (gp_offer_details_parent_class)->dispose (object);
}

static void
gp_offer_details_finalize (GObject *object)
{
  GpOfferDetails *self = GP_OFFER_DETAILS (object);

  g_free (self->currency);

  G_OBJECT_CLASS (gp_offer_details_parent_class)->finalize (object);
}

static void
gp_offer_details_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  GpOfferDetails *self = GP_OFFER_DETAILS (object);

  switch (prop_id)
    {
    case PROP_OFFER:
      g_value_set_object (value, gp_offer_details_get_offer (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gp_offer_details_class_init (GpOfferDetailsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = gp_offer_details_dispose;
  object_class->finalize = gp_offer_details_finalize;
  object_class->get_property = gp_offer_details_get_property;

  properties[PROP_OFFER] =
    g_param_spec_object ("offer", NULL, NULL, GP_TYPE_OFFER,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE_PATH "/gp-offer-details.ui");
  gtk_widget_class_bind_template_child (widget_class, GpOfferDetails, groups_box);
  gtk_widget_class_bind_template_child (widget_class, GpOfferDetails, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, GpOfferDetails, title_label);
  gtk_widget_class_bind_template_child (widget_class, GpOfferDetails, remove_lab_button);
  gtk_widget_class_bind_template_child (widget_class, GpOfferDetails, edit_lab_button);

  gtk_widget_class_install_action (widget_class, "details.export-breakeven", NULL,
                                   export_breakeven_action);

  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
gp_offer_details_init (GpOfferDetails *self)
{
  self->exchange_rate = 1;
  gtk_widget_init_template (GTK_WIDGET (self));
}

GpOffer *
gp_offer_details_get_offer (GpOfferDetails *self)
{
  g_return_val_if_fail (GP_IS_OFFER_DETAILS (self), NULL);
  return self->offer;
}

/* A button acting on a lab machine: shown with its action and the machine's id, or hidden
 * with no action: a window action without its machine's id is one GTK cannot activate. */
static void
set_machine_action (GtkWidget  *button,
                    GpInstance *machine,
                    const char *action)
{
  gtk_widget_set_visible (button, machine != NULL);
  if (machine != NULL)
    gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", gp_instance_get_id (machine));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), machine != NULL ? action : NULL);
}

/* Where the lab is: a lab machine is set against the rentals that lab can reach, and those it
 * reaches across the border are marked. */
void
gp_offer_details_set_lab_location (GpOfferDetails *self,
                                   GpLabLocation   lab)
{
  g_return_if_fail (GP_IS_OFFER_DETAILS (self));

  if (self->lab_location == lab)
    return;
  self->lab_location = lab;
  if (self->offer != NULL)
    rebuild (self);
}

void
gp_offer_details_show (GpOfferDetails *self,
                       GpCatalog      *catalog,
                       GpOffer        *offer,
                       const char     *currency,
                       double          rate)
{
  g_return_if_fail (GP_IS_OFFER_DETAILS (self));
  g_return_if_fail (catalog == NULL || GP_IS_CATALOG (catalog));
  g_return_if_fail (offer == NULL || GP_IS_OFFER (offer));

  g_set_object (&self->catalog, catalog);
  g_free (self->currency);
  self->currency = g_strdup (currency);
  self->exchange_rate = rate > 0 ? rate : 1;
  if (g_set_object (&self->offer, offer))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OFFER]);

  /* The lab's own machine can be edited and removed here, with Undo in the toast that says
   * so. */
  {
    GpInstance *instance = offer != NULL ? gp_offer_get_instance (offer) : NULL;
    gboolean owned = instance != NULL && gp_instance_get_lab_cost (instance) != NULL;

    gboolean quoted = instance != NULL && gp_instance_is_quote (instance);

    set_machine_action (self->edit_lab_button, owned || quoted ? instance : NULL,
                        quoted ? "win.edit-quote" : "win.edit-lab-machine");
    set_machine_action (self->remove_lab_button, owned || quoted ? instance : NULL,
                        quoted ? "win.remove-quote" : "win.remove-lab-machine");
    gtk_widget_set_tooltip_text (self->edit_lab_button,
                                 quoted ? _("Change this quote, with Undo")
                                        : _("Change this lab machine’s figures, with Undo"));
    gtk_widget_set_tooltip_text (self->remove_lab_button,
                                 quoted ? _("Remove this quote, with Undo")
                                        : _("Remove this lab machine, with Undo"));
  }

  rebuild (self);
}
